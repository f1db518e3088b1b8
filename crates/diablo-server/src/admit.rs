//! The step before a WebSocket's upgrade, for a game room and the lobby
//! alike: whose page may open one (`Origin`), and why one is turned away,
//! answered through one [`IntoResponse`].

use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// Why a connection was not let in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turnaway {
    /// Too many connections from this address.
    Address,
    /// Too many connections, rooms or bytes in all.
    Busy,
    /// The server is shutting down.
    Closing,
    /// A page of another site than this one or those allowed
    /// (`--allow-origin`).
    Origin,
    /// A room's address that names no game.
    NotAGame,
}

impl IntoResponse for Turnaway {
    fn into_response(self) -> Response {
        let (status, why) = match self {
            Turnaway::Address => (
                StatusCode::TOO_MANY_REQUESTS,
                "too many connections from your address",
            ),
            Turnaway::Busy => (
                StatusCode::SERVICE_UNAVAILABLE,
                "the server holds as many connections and games as it can: try again soon, \
                 or play by links",
            ),
            Turnaway::Closing => (
                StatusCode::SERVICE_UNAVAILABLE,
                "the server is shutting down: try again in a moment",
            ),
            Turnaway::Origin => (
                StatusCode::FORBIDDEN,
                "pages of another site may not open this server's lobby or rooms",
            ),
            Turnaway::NotAGame => (
                StatusCode::NOT_FOUND,
                "a live game's address ends in its id: 32 lowercase hex digits",
            ),
        };
        (status, why).into_response()
    }
}

/// The sites whose pages may open a socket here: this one, and those
/// allowed by name.
#[derive(Debug, Clone, Default)]
pub struct Origins {
    /// `scheme://host[:port]`, lowercase, as browsers send them.
    allowed: Vec<String>,
}

/// `origin` as compared: lowercase, no trailing `/`.
fn normal(origin: &str) -> String {
    origin.trim().trim_end_matches('/').to_ascii_lowercase()
}

impl Origins {
    /// This site and `allowed` (each `scheme://host[:port]`).
    #[must_use]
    pub fn new(allowed: &[String]) -> Origins {
        Origins {
            allowed: allowed.iter().map(|o| normal(o)).collect(),
        }
    }

    /// Whether a request with `headers` may open a socket: one with no
    /// `Origin` (not from a page: a native client), or from a page of this
    /// site (its host the request's `Host`, or with `trust_proxy` the
    /// proxy's `X-Forwarded-Host`), or of a site allowed.
    ///
    /// # Errors
    /// [`Turnaway::Origin`] otherwise.
    pub fn check(&self, headers: &HeaderMap, trust_proxy: bool) -> Result<(), Turnaway> {
        let Some(origin) = headers.get(header::ORIGIN) else {
            return Ok(());
        };
        let origin = normal(origin.to_str().map_err(|_| Turnaway::Origin)?);
        if self.allowed.contains(&origin) {
            return Ok(());
        }
        let host = origin
            .split_once("://")
            .map_or(origin.as_str(), |(_, rest)| rest);
        let named = |name: &str| {
            headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.split(',').next())
                .is_some_and(|v| normal(v) == host)
        };
        if named(header::HOST.as_str()) || (trust_proxy && named("x-forwarded-host")) {
            Ok(())
        } else {
            Err(Turnaway::Origin)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn own_site_allowed_and_native_clients_foreign_pages_refused() {
        let o = Origins::new(&["https://rules.example.org/".into()]);
        let ok = |h: &[(&'static str, &'static str)], proxy| o.check(&headers(h), proxy).is_ok();
        assert!(ok(&[("host", "127.0.0.1:8000")], false), "no Origin");
        assert!(ok(
            &[
                ("host", "127.0.0.1:8000"),
                ("origin", "http://127.0.0.1:8000")
            ],
            false
        ));
        assert!(ok(
            &[
                ("host", "Diablo.Example"),
                ("origin", "https://diablo.example")
            ],
            false
        ));
        assert!(ok(
            &[("host", "x"), ("origin", "https://rules.example.org")],
            false
        ));
        assert!(!ok(
            &[
                ("host", "127.0.0.1:8000"),
                ("origin", "http://evil.example")
            ],
            false
        ));
        assert!(!ok(
            &[
                ("host", "127.0.0.1:8000"),
                ("origin", "http://127.0.0.1:8001")
            ],
            false
        ));
        assert!(!ok(&[("origin", "null")], false), "no Host");
        let proxied = [
            ("host", "diablo_live"),
            ("x-forwarded-host", "diablo.example"),
            ("origin", "https://diablo.example"),
        ];
        assert!(ok(&proxied, true));
        assert!(!ok(&proxied, false), "X-Forwarded-Host only behind a proxy");
    }
}
