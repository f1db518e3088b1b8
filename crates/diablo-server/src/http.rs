//! The listener's side: every TCP connection counted per address and in
//! all before hyper reads a byte of it, and served by hyper with a timer,
//! so a request's head must come within [`HttpLimits::header_timeout`] and
//! an idle keep-alive connection closes after as long (`axum::serve` sets
//! no timer, so a half-sent request was held for ever).
//!
//! A connection upgraded to a WebSocket stays counted until it closes: the
//! count travels with the socket ([`Counted`]).

use crate::address::Proxies;
use axum::Router;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tower_service::Service as _;

/// Bounds on the connections themselves, before any handler runs.
#[derive(Debug, Clone)]
pub struct HttpLimits {
    /// A request's head (line and headers) must arrive within this long
    /// of the connection opening or of the last response: after it the
    /// connection closes. Also the idle keep-alive timeout.
    pub header_timeout: Duration,
    /// Open TCP connections from one address (loopback too if
    /// `cap_loopback`), WebSockets included; one more is closed at once.
    pub per_address: usize,
    /// Whether `per_address` applies to loopback (a proxy on the same
    /// machine is loopback).
    pub cap_loopback: bool,
    /// Open TCP connections in all. At start it is lowered to what the
    /// open-file limit allows ([`raise_open_files`]).
    pub connections: usize,
    /// Bytes the kernel may hold for a connection's unread data.
    pub send_buffer: usize,
}

impl Default for HttpLimits {
    fn default() -> HttpLimits {
        HttpLimits {
            header_timeout: Duration::from_secs(10),
            per_address: 128,
            cap_loopback: false,
            connections: 32_000,
            send_buffer: 128 * 1024,
        }
    }
}

/// Files kept for what is not a client's connection (the database, the
/// site's files being read, the log).
const SPARE_FILES: u64 = 256;

/// Raises the process's open-file limit to its hard limit and returns the
/// connections it allows (the limit less [`SPARE_FILES`]).
#[must_use]
pub fn raise_open_files() -> usize {
    let limit = match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(n) => n,
        Err(e) => {
            tracing::warn!("cannot raise the open-file limit: {e}");
            rlimit::getrlimit(rlimit::Resource::NOFILE).map_or(1024, |(soft, _)| soft)
        }
    };
    usize::try_from(limit.saturating_sub(SPARE_FILES)).unwrap_or(usize::MAX)
}

/// The connections open, per address and in all.
#[derive(Default)]
struct Counts {
    total: AtomicUsize,
    by_address: Mutex<HashMap<IpAddr, usize>>,
}

/// A connection's place in [`Counts`]; given back when dropped.
struct Slot {
    counts: Arc<Counts>,
    addr: Option<IpAddr>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.counts.total.fetch_sub(1, Ordering::Relaxed);
        if let Some(a) = self.addr {
            let mut m = self
                .counts
                .by_address
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if let Some(n) = m.get_mut(&a) {
                *n -= 1;
                if *n == 0 {
                    m.remove(&a);
                }
            }
        }
    }
}

impl Counts {
    /// A place for a connection from `ip`, if the bounds allow one: a
    /// listed proxy (many clients' connections) is counted in all only;
    /// IPv6 by its prefix.
    fn admit(
        self: &Arc<Counts>,
        ip: IpAddr,
        limits: &HttpLimits,
        proxies: &Proxies,
    ) -> Option<Slot> {
        let addr = if proxies.trusts(ip) {
            None
        } else {
            let client = proxies.client(ip, &axum::http::HeaderMap::new());
            (limits.cap_loopback || !client.exempt).then_some(client.ip)
        };
        if let Some(a) = addr {
            let mut m = self
                .by_address
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            let n = m.entry(a).or_insert(0);
            if *n >= limits.per_address {
                return None;
            }
            *n += 1;
        }
        // Counted in all from here: the slot gives both back.
        self.total.fetch_add(1, Ordering::Relaxed);
        let slot = Slot {
            counts: self.clone(),
            addr,
        };
        (self.total.load(Ordering::Relaxed) <= limits.connections).then_some(slot)
    }
}

/// A TCP stream that holds its [`Slot`] for as long as it lives, through
/// an upgrade to a WebSocket too.
struct Counted {
    tcp: TcpStream,
    _slot: Slot,
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.tcp).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.tcp).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.tcp.is_write_vectored()
    }
}

/// Whether an accept error is about one connection (the next may work)
/// rather than the listener.
fn one_connection(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}

/// Serves `app` on `listener` within `limits` until `shutdown` completes;
/// then takes no more connections, lets the requests under way finish and
/// returns (WebSockets, upgraded already, are the caller's to close).
pub(crate) async fn serve(
    listener: TcpListener,
    app: Router,
    limits: HttpLimits,
    proxies: Proxies,
    shutdown: impl Future<Output = ()> + Send,
) {
    let counts = Arc::new(Counts::default());
    let mut make = app.into_make_service_with_connect_info::<SocketAddr>();
    let graceful = GracefulShutdown::new();
    let mut refused_since_log = 0_u64;
    let mut builder = auto::Builder::new(TokioExecutor::new()).http1_only();
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout);
    tokio::pin!(shutdown);
    loop {
        let (tcp, peer): (TcpStream, SocketAddr) = tokio::select! {
            biased;
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) if one_connection(&e) => continue,
                Err(e) => {
                    // Out of files, say: wait for some to close.
                    tracing::warn!("accept error: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        let Some(slot) = counts.admit(peer.ip(), &limits, &proxies) else {
            refused_since_log += 1;
            if refused_since_log.is_power_of_two() {
                tracing::warn!(
                    client = %peer.ip(),
                    refused = refused_since_log,
                    "connection refused: too many open from its address or in all"
                );
            }
            continue;
        };
        // Frames go out as soon as they are written.
        let _ = tcp.set_nodelay(true);
        // The kernel's buffer for a client that does not read is bounded
        // too (by default it grows to megabytes per connection).
        let _ = socket2::SockRef::from(&tcp).set_send_buffer_size(limits.send_buffer);
        let io = TokioIo::new(Counted { tcp, _slot: slot });
        let service = match make.call(peer).await {
            Ok(s) => TowerToHyperService::new(s),
            Err(never) => match never {},
        };
        let conn = builder
            .serve_connection_with_upgrades(io, service)
            .into_owned();
        let conn = graceful.watch(conn);
        tokio::spawn(async move {
            // A client that hangs up or times out is not the server's
            // error.
            let _ = conn.await;
        });
    }
    drop(listener);
    graceful.shutdown().await;
}
