//! The built site as the server gives it: under a prefix, with the right
//! types, open to other origins, and nothing outside its folder.

mod common;

use diablo_server::Limits;
use std::net::SocketAddr;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The status line and headers (lower-cased) and body of a GET.
async fn get(addr: SocketAddr, path: &str) -> (u16, String, Vec<u8>) {
    let mut s = tokio::net::TcpStream::connect(addr).await.expect("connect");
    let req = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.expect("write");
    let mut all = Vec::new();
    s.read_to_end(&mut all).await.expect("read");
    let split = all
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("headers");
    let head = String::from_utf8_lossy(&all[..split]).to_lowercase();
    let status = head[9..12].parse().expect("a status");
    (status, head, all[split + 4..].to_vec())
}

#[tokio::test]
async fn the_site_is_served_under_its_prefix_and_nothing_else() {
    let addr = common::start(Limits::default(), "games/diablo").await;
    let (status, head, body) = get(addr, "/games/diablo/").await;
    assert_eq!(status, 200);
    assert!(head.contains("content-type: text/html"), "{head}");
    assert!(head.contains("access-control-allow-origin: *"), "{head}");
    assert!(head.contains("cache-control: no-store"), "{head}");
    assert!(head.contains("x-content-type-options: nosniff"), "{head}");
    assert!(
        head.contains("referrer-policy: strict-origin-when-cross-origin"),
        "{head}"
    );
    // Scripts from the site only, and the page's own inline one by its
    // hash (SHA-256 of "var offline = 1;"); no framing.
    let csp = head
        .lines()
        .find_map(|l| l.strip_prefix("content-security-policy: "))
        .expect("a policy");
    assert!(csp.contains("default-src 'self'"), "{csp}");
    assert!(
        csp.contains("script-src 'self' 'wasm-unsafe-eval' 'sha256-"),
        "{csp}"
    );
    use base64::Engine as _;
    use sha2::Digest as _;
    let hash = base64::engine::general_purpose::STANDARD
        .encode(sha2::Sha256::digest(b"var offline = 1;"))
        .to_lowercase();
    assert!(csp.contains(&format!("'sha256-{hash}'")), "{csp}");
    assert!(csp.contains("object-src 'none'"), "{csp}");
    assert!(csp.ends_with("frame-ancestors 'none'"), "{csp}");
    // The element's frame route is there to be framed by any site.
    let (_, head, _) = get(addr, "/games/diablo/web/embed/frame.html").await;
    assert!(
        head.contains("content-security-policy: default-src 'self'"),
        "{head}"
    );
    assert!(!head.contains("frame-ancestors"), "{head}");
    // No Vary on origin: the service worker matches cached scripts that
    // were fetched with an Origin header.
    assert!(!head.contains("vary: origin"), "{head}");
    assert!(String::from_utf8_lossy(&body).contains("Diablo"));
    let (status, head, _) = get(addr, "/games/diablo/web/a.wasm").await;
    assert_eq!(status, 200);
    assert!(head.contains("content-type: application/wasm"), "{head}");
    let (_, head, _) = get(addr, "/games/diablo/web/b.js").await;
    assert!(head.contains("content-type: text/javascript"), "{head}");
    let (status, head, body) = get(addr, "/games/diablo/live.json").await;
    assert_eq!(status, 200);
    assert!(head.contains("application/json"), "{head}");
    assert_eq!(body, br#"{"url":"live/"}"#);
    for outside in [
        "/",
        "/index.html",
        "/games/diablo/../../etc/passwd",
        "/games/diablo/web/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
        "/games/diablo/web/..%2f..%2fCargo.toml",
        "/games/diablo/nothing.html",
    ] {
        let (status, _, body) = get(addr, outside).await;
        assert!(
            matches!(status, 400 | 404),
            "{outside}: {status} {}",
            String::from_utf8_lossy(&body)
        );
    }
}
