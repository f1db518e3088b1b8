//! The server binary run as a process, for the tests that stop or kill
//! it (examples cannot name the binary, so this is not in common).
#![allow(dead_code)]

use std::time::Duration;

/// The server binary's process, killed if the test ends before it exits.
pub struct Process(pub std::process::Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Every line `from` writes, read on a thread that drains it to the end
/// (so the server never blocks on a full pipe).
pub fn lines(from: impl std::io::Read + Send + 'static) -> std::sync::mpsc::Receiver<String> {
    use std::io::BufRead as _;
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(from).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    rx
}

/// The server binary on a free port, serving `site` with `database`:
/// its process, the address it prints, and its output's lines.
pub fn spawn_server(
    site: &std::path::Path,
    database: &str,
) -> (
    Process,
    String,
    std::sync::mpsc::Receiver<String>,
    std::sync::mpsc::Receiver<String>,
) {
    use std::process::{Command, Stdio};
    let mut server = Process(
        Command::new(env!("CARGO_BIN_EXE_diablo-server"))
            .args(["--port", "0", "--root"])
            .arg(site)
            .arg("--database")
            .arg(database)
            .env_remove("RUST_LOG")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the server starts"),
    );
    let stdout = lines(server.0.stdout.take().expect("its stdout"));
    let stderr = lines(server.0.stderr.take().expect("its stderr"));
    // Port 0: the address is the one the server prints.
    let served = stdout
        .recv_timeout(Duration::from_secs(20))
        .expect("the server prints its address");
    let addr = served
        .strip_prefix("Diablo is being served at http://")
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("not the address line: {served}"))
        .to_string();
    (server, addr, stdout, stderr)
}
