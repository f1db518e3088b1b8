//! What the load examples (`load.rs`, `lobby_load.rs`) share: a free
//! port, what a process spent (from Linux's /proc), and the generator's
//! own priority lowered.

/// A free TCP port on loopback.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// (user + system CPU seconds, peak resident KiB) of a process.
pub fn usage(pid: u32) -> (f64, u64) {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let cpu = stat_cpu(&stat);
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let hwm = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    (cpu, hwm)
}

/// User + system CPU seconds from a /proc stat line.
pub fn stat_cpu(stat: &str) -> f64 {
    let after = stat.rsplit_once(')').map_or("", |(_, a)| a);
    let f: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    // Fields 14 and 15 of stat (utime, stime), counted after the name.
    (ticks(11) + ticks(12)) / 100.0
}

/// Lowers every thread of this process but the main one to nice 10
/// (`renice`, per thread on Linux): the load generator's clients then
/// yield the shared cores to the server, which the main thread spawns
/// (a child takes the nice value of the thread that spawned it) at 0.
/// Returns how many threads were lowered.
pub fn lower_generator_priority() -> usize {
    let me = std::process::id().to_string();
    let tids: Vec<String> = std::fs::read_dir("/proc/self/task")
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|t| *t != me)
                .collect()
        })
        .unwrap_or_default();
    if tids.is_empty() {
        return 0;
    }
    let ok = std::process::Command::new("renice")
        .args(["-n", "10", "-p"])
        .args(&tids)
        .stdout(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if ok { tids.len() } else { 0 }
}

/// The load average over the last minute (from /proc/loadavg).
pub fn load_average() -> f64 {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next().and_then(|v| v.parse().ok()))
        .unwrap_or(f64::NAN)
}
