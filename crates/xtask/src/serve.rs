//! A small static file server for local play and the browser tests:
//! 127.0.0.1 only, GET and HEAD, correct MIME types (`.wasm` as
//! `application/wasm`), `Access-Control-Allow-Origin: *` (as static hosts
//! commonly send, so other sites can embed the boards), under an optional
//! path prefix. It serves one folder, the built site: no path may escape it.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};

pub fn serve(root: &Path, port: u16, prefix: &str) -> Result<(), String> {
    let listener = TcpListener::bind(("127.0.0.1", port))
        .map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e}"))?;
    let root = root
        .canonicalize()
        .map_err(|e| format!("bad root {}: {e}", root.display()))?;
    println!("Diablo is being served at http://127.0.0.1:{port}{prefix}  (Ctrl+C to stop)");
    for stream in listener.incoming().flatten() {
        let root = root.clone();
        let prefix = prefix.to_string();
        std::thread::spawn(move || {
            // A broken connection only affects that request.
            let _ = handle(stream, &root, &prefix);
        });
    }
    Ok(())
}

fn mime(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "wasm" => "application/wasm",
        "json" => "application/json",
        "webmanifest" => "application/manifest+json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "txt" | "md" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// Decodes `%XX` escapes; `None` on a malformed escape or non-UTF-8 result.
fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = s.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// Maps a request path under `prefix` to a file under `root`, refusing any
/// escape.
fn resolve(root: &Path, prefix: &str, target: &str) -> Option<PathBuf> {
    let path = target.split(['?', '#']).next().unwrap_or("/");
    let path = path.strip_prefix(prefix.trim_end_matches('/'))?;
    if !(path.is_empty() || path.starts_with('/')) {
        return None;
    }
    let decoded = percent_decode(path)?;
    let mut out = root.to_path_buf();
    for comp in Path::new(decoded.trim_start_matches('/')).components() {
        match comp {
            Component::Normal(c) => out.push(c),
            Component::CurDir => {}
            _ => return None,
        }
    }
    if out.is_dir() {
        out.push("index.html");
    }
    let real = out.canonicalize().ok()?;
    real.starts_with(root).then_some(real)
}

fn handle(stream: TcpStream, root: &Path, prefix: &str) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request = String::new();
    reader.read_line(&mut request)?;
    // Drain the headers.
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 || line == "\r\n" || line == "\n" {
            break;
        }
    }
    let mut parts = request.split_whitespace();
    let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or("/"));
    let mut stream = stream;
    if method != "GET" && method != "HEAD" {
        return respond(
            &mut stream,
            "405 Method Not Allowed",
            "text/plain",
            b"method not allowed",
            true,
        );
    }
    match resolve(root, prefix, target).and_then(|p| std::fs::read(&p).ok().map(|b| (p, b))) {
        Some((path, body)) => respond(&mut stream, "200 OK", mime(&path), &body, method == "GET"),
        None => respond(
            &mut stream,
            "404 Not Found",
            "text/plain",
            b"not found",
            true,
        ),
    }
}

fn respond(
    stream: &mut TcpStream,
    status: &str,
    content_type: &str,
    body: &[u8],
    with_body: bool,
) -> std::io::Result<()> {
    write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nAccess-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n",
        body.len()
    )?;
    if with_body {
        stream.write_all(body)?;
    }
    stream.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A little site in a temporary folder, beside a secret it must not serve.
    fn site() -> PathBuf {
        let base = std::env::temp_dir().join(format!("diablo-serve-test-{}", std::process::id()));
        let root = base.join("site");
        std::fs::create_dir_all(root.join("web")).expect("temp site");
        std::fs::write(root.join("index.html"), b"<!doctype html>").expect("write");
        std::fs::write(root.join("web").join("main.js"), b"").expect("write");
        std::fs::write(base.join("secret.txt"), b"no").expect("write");
        root.canonicalize().expect("exists")
    }

    #[test]
    fn refuses_paths_that_escape_the_root() {
        let root = site();
        assert!(resolve(&root, "/", "/../secret.txt").is_none());
        assert!(resolve(&root, "/", "/%2e%2e/secret.txt").is_none());
        assert!(resolve(&root, "/", "/web/../../secret.txt").is_none());
        assert!(resolve(&root, "/", "/%zz").is_none());
    }

    #[test]
    fn serves_files_directory_index_and_prefix() {
        let root = site();
        assert!(
            resolve(&root, "/", "/web/main.js?x=1#frag")
                .expect("resolves")
                .ends_with("main.js")
        );
        assert!(
            resolve(&root, "/", "/")
                .expect("index")
                .ends_with("index.html")
        );
        assert!(resolve(&root, "/games/diablo/", "/games/diablo/web/main.js").is_some());
        assert!(resolve(&root, "/games/diablo/", "/games/diablo/").is_some());
        assert!(resolve(&root, "/games/diablo/", "/games/diablo").is_some());
        assert!(resolve(&root, "/games/diablo/", "/web/main.js").is_none());
        assert!(resolve(&root, "/games/diablo/", "/games/diablox/web/main.js").is_none());
        assert_eq!(mime(Path::new("a/b.wasm")), "application/wasm");
        assert_eq!(mime(Path::new("x.mjs")), "text/javascript; charset=utf-8");
    }
}
