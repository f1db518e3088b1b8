//! Web Push (docs/push.md): the server's VAPID key, the browsers'
//! subscriptions sent under a player's key (`api/push`), and the pushes
//! the relay's games call for, encrypted for each device (RFC 8291,
//! `aes128gcm`) and signed (RFC 8292, VAPID) by `web-push-native`, posted
//! by one task behind a bounded queue: a slow or dead push service never
//! holds a move. A subscription its push service answers 404 or 410 for
//! is dropped.

use crate::keys::{Key, KeyError};
use crate::relay::{Push, Pushes};
use crate::store::{PushRow, Store};
use anyhow::Context as _;
use axum::Router;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use web_push_native::jwt_simple::algorithms::{ECDSAP256PublicKeyLike as _, ES256KeyPair};
use web_push_native::{Auth, WebPushBuilder, p256};

/// How the server pushes.
#[derive(Debug, Clone)]
pub struct PushConfig {
    /// Who runs this server, for the push services (RFC 8292's `sub`):
    /// `mailto:` or an `https:` address.
    pub contact: String,
    /// Whether a subscription may name a plain `http:` endpoint on a
    /// loopback address (a test's own push service); otherwise only
    /// `https:` endpoints with a host name are taken.
    pub loopback_http: bool,
    /// Subscriptions kept in all, at most: beyond, a new one is refused
    /// 503 `{"error": "full"}` (keys cost a stranger nothing).
    pub max_subscriptions: i64,
}

impl Default for PushConfig {
    fn default() -> PushConfig {
        PushConfig {
            contact: "mailto:diablo@localhost".into(),
            loopback_http: false,
            max_subscriptions: 100_000,
        }
    }
}

/// Pushes waiting to be sent, at most: beyond, a push is dropped (and
/// logged) rather than held in memory.
const QUEUE: usize = 1024;

/// How long a push service has to answer one push.
const PUSH_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a push service keeps a push for a device that is offline.
const TTL: Duration = Duration::from_secs(24 * 3600);

/// A link longer than this is not put in a push's address (a push's
/// payload holds about 4 KB): the push opens the player's games instead.
const LINK_IN_URL: usize = 3000;

/// The secret's name in the database.
const VAPID_SECRET: &str = "vapid";

/// What one push is: for whom, and what.
struct Job {
    to: Key,
    push: Push,
}

/// Sends the pushes: holds the VAPID key and the queue of pushes.
pub struct Pusher {
    store: Arc<Store>,
    vapid: ES256KeyPair,
    /// The VAPID public key as served: 65 bytes, base64url.
    public: String,
    config: PushConfig,
    queue: mpsc::Sender<Job>,
}

impl Pusher {
    /// Reads the VAPID key from the database (made and kept there if
    /// there is none yet) and starts the task that sends pushes.
    ///
    /// # Errors
    /// The database's, or a kept key that is not one.
    pub async fn start(store: Arc<Store>, config: PushConfig) -> anyhow::Result<Arc<Pusher>> {
        let secret = store
            .secret(VAPID_SECRET, || {
                URL_SAFE_NO_PAD.encode(ES256KeyPair::generate().to_bytes())
            })
            .await?;
        let bytes = URL_SAFE_NO_PAD
            .decode(secret.as_bytes())
            .context("the kept VAPID key is not base64url")?;
        let vapid = ES256KeyPair::from_bytes(&bytes)
            .map_err(|e| anyhow::anyhow!("the kept VAPID key is not one: {e}"))?;
        let public =
            URL_SAFE_NO_PAD.encode(vapid.public_key().public_key().to_bytes_uncompressed());
        // TLS by rustls with ring (one provider for the process; a second
        // start finds it installed). Ring has no post-quantum key exchange,
        // which a push's content (encrypted end to end anyway) does not
        // need; aws-lc-rs, which has it, takes minutes more to build.
        #[allow(deprecated)]
        let provider = rustls::crypto::ring::default_provider();
        let _ = provider.install_default();
        let client = reqwest::Client::builder()
            .timeout(PUSH_TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .context("the HTTP client for pushes")?;
        let (queue, jobs) = mpsc::channel(QUEUE);
        let pusher = Arc::new(Pusher {
            store,
            vapid,
            public,
            config,
            queue,
        });
        tokio::spawn(send_forever(Arc::downgrade(&pusher), jobs, client));
        Ok(pusher)
    }

    /// The VAPID public key (uncompressed P-256 point, base64url).
    #[must_use]
    pub fn public_key(&self) -> &str {
        &self.public
    }

    /// The request that carries `push` to `sub`'s device.
    fn request(&self, sub: &PushRow, push: &Push) -> anyhow::Result<reqwest::Request> {
        let endpoint: axum::http::Uri = sub.endpoint.parse().context("the endpoint")?;
        let ua_public = p256::PublicKey::from_sec1_bytes(&URL_SAFE_NO_PAD.decode(&sub.p256dh)?)
            .map_err(|_| anyhow::anyhow!("the subscription's key is not a P-256 point"))?;
        let auth = URL_SAFE_NO_PAD.decode(&sub.auth)?;
        anyhow::ensure!(auth.len() == 16, "the subscription's auth is not 16 bytes");
        let body = payload(sub, push);
        let request = WebPushBuilder::new(endpoint, ua_public, Auth::clone_from_slice(&auth))
            .with_valid_duration(TTL)
            .with_vapid(&self.vapid, &self.config.contact)
            .build(body.to_string())
            .map_err(|e| anyhow::anyhow!("encrypting the push: {e}"))?;
        reqwest::Request::try_from(request).context("the push's request")
    }
}

/// The push's payload (docs/push.md): what happened, the game, the page
/// that opens it (in the language the subscription was made in), and the
/// other player's name.
fn payload(sub: &PushRow, push: &Push) -> Value {
    let lang = &sub.lang;
    let url = if push.link.len() <= LINK_IN_URL {
        format!("{}web/friend.html?lang={lang}#{}", sub.site, push.link)
    } else {
        format!("{}web/games.html?lang={lang}", sub.site)
    };
    json!({
        "kind": push.kind.name(),
        "game": push.game,
        "url": url,
        "opponent": push.opponent,
    })
}

impl Pushes for Pusher {
    fn push(&self, to: &Key, push: Push) {
        if self
            .queue
            .try_send(Job {
                to: to.clone(),
                push,
            })
            .is_err()
        {
            tracing::warn!("too many pushes waiting: one dropped");
        }
    }
}

/// Sends each push to every device of its player, one push service
/// request at a time, until the pusher is gone.
async fn send_forever(
    pusher: std::sync::Weak<Pusher>,
    mut jobs: mpsc::Receiver<Job>,
    client: reqwest::Client,
) {
    while let Some(job) = jobs.recv().await {
        let Some(p) = pusher.upgrade() else { return };
        let subs = match p.store.pushes_of(job.to.as_str()).await {
            Ok(subs) => subs,
            Err(e) => {
                tracing::warn!("reading push subscriptions: {e:#}");
                continue;
            }
        };
        for sub in subs {
            let request = match p.request(&sub, &job.push) {
                Ok(r) => r,
                Err(e) => {
                    tracing::warn!(endpoint = sub.endpoint, "a push not made: {e:#}");
                    continue;
                }
            };
            match client.execute(request).await {
                Ok(r) if r.status().is_success() => {}
                Ok(r) if matches!(r.status().as_u16(), 404 | 410) => {
                    // The browser unsubscribed, or the service forgot it.
                    if let Err(e) = p.store.remove_push(&sub.endpoint, None).await {
                        tracing::warn!("dropping a push subscription: {e:#}");
                    }
                }
                Ok(r) => tracing::warn!(
                    status = r.status().as_u16(),
                    "a push service refused a push"
                ),
                Err(e) => tracing::warn!("a push not sent: {e}"),
            }
        }
    }
}

/// How long before a turn-based deadline (its turn and its bank) the
/// player to move is told: an hour.
pub const TIME_WARNING_MS: i64 = 3_600_000;

/// How often the deadlines near are looked for.
const TIME_LOOK: Duration = Duration::from_secs(300);

/// Tells the player to move of every turn-based game whose deadline is
/// within [`TIME_WARNING_MS`] of `now_ms` (once a move, whichever
/// instance looks first); returns how many were told.
///
/// # Errors
/// The database's.
pub async fn warn_deadlines(store: &Store, pusher: &Pusher, now_ms: i64) -> anyhow::Result<usize> {
    let near = store
        .deadlines_near(now_ms, now_ms + TIME_WARNING_MS)
        .await?;
    let mut told = 0;
    for saved in near {
        let mover = saved.clock.and_then(|c| c.running);
        let seats = [saved.black.as_ref(), saved.green.as_ref()];
        let (Some(side), [Some(black), Some(green)]) = (mover, seats) else {
            continue;
        };
        let (to, other) = match side {
            crate::relay::Side::Black => (black, green),
            crate::relay::Side::Green => (green, black),
        };
        pusher.push(
            &to.key,
            Push {
                kind: crate::relay::PushKind::Time,
                game: saved.game.clone(),
                link: Arc::from(saved.link.as_str()),
                opponent: other.name.clone(),
            },
        );
        told += 1;
    }
    Ok(told)
}

/// [`warn_deadlines`] every five minutes, on `time`, for ever.
pub async fn warn_deadlines_forever(
    store: Arc<Store>,
    pusher: Arc<Pusher>,
    time: crate::time::Time,
) {
    loop {
        if let Err(e) = warn_deadlines(&store, &pusher, time.now_ms()).await {
            tracing::warn!("looking for deadlines near: {e:#}");
        }
        let next = time.now() + TIME_LOOK;
        time.sleep_until(next).await;
    }
}

/// `api/push`, relative to the site's prefix.
pub(crate) fn router<S>(pusher: Arc<Pusher>, prefix: String) -> Router<S> {
    Router::new()
        .route("/api/push", get(public).post(subscribe).delete(unsubscribe))
        // A subscription is a few hundred bytes.
        .layer(DefaultBodyLimit::max(8 * 1024))
        .with_state(Api {
            pusher,
            prefix: Arc::from(prefix),
        })
}

#[derive(Clone)]
struct Api {
    pusher: Arc<Pusher>,
    prefix: Arc<str>,
}

fn answer(status: StatusCode, body: &Value) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response()
}

fn malformed(message: &str) -> Response {
    answer(
        StatusCode::BAD_REQUEST,
        &json!({ "error": "malformed", "message": message }),
    )
}

/// `GET api/push`: the VAPID public key.
async fn public(State(api): State<Api>) -> Response {
    answer(StatusCode::OK, &json!({ "key": api.pusher.public_key() }))
}

#[derive(Deserialize)]
struct Keys {
    p256dh: String,
    auth: String,
}

#[derive(Deserialize)]
struct Subscription {
    endpoint: String,
    keys: Keys,
}

#[derive(Deserialize)]
struct Body {
    key: String,
    subscription: Subscription,
    sig: String,
    /// The page's language (`en`, `pl`, `de`), for the notifications'
    /// words; English if left out.
    #[serde(default)]
    lang: Option<String>,
}

/// A subscription's endpoint, if the server will post to it: `https:`
/// with a host name (no address literal, no user part), or `http:` on a
/// loopback address when allowed; at most 1024 bytes.
fn endpoint_ok(endpoint: &str, loopback_http: bool) -> bool {
    let Ok(uri) = endpoint.parse::<axum::http::Uri>() else {
        return false;
    };
    let Some(host) = uri.host() else {
        return false;
    };
    let literal = host.parse::<std::net::IpAddr>().ok().or_else(|| {
        host.trim_start_matches('[')
            .trim_end_matches(']')
            .parse::<std::net::IpAddr>()
            .ok()
    });
    let user = uri.authority().is_some_and(|a| a.as_str().contains('@'));
    if endpoint.len() > 1024 || user {
        return false;
    }
    match uri.scheme_str() {
        Some("https") => literal.is_none() && host.contains('.'),
        Some("http") => loopback_http && literal.is_some_and(|a| a.is_loopback()),
        _ => false,
    }
}

/// The site a request came from, as the pushes' pages name it: the page's
/// `Origin` (or the `Host` it asked) and the prefix.
fn site_of(headers: &HeaderMap, prefix: &str) -> Option<String> {
    let origin = headers
        .get(header::ORIGIN)
        .and_then(|v| v.to_str().ok())
        .filter(|o| o.starts_with("http://") || o.starts_with("https://"))
        .map(str::to_string)
        .or_else(|| {
            headers
                .get(header::HOST)
                .and_then(|v| v.to_str().ok())
                .map(|h| format!("http://{h}"))
        })?;
    Some(format!("{}{prefix}", origin.trim_end_matches('/')))
}

/// Reads and checks a subscribing (`verb` "push") or unsubscribing
/// ("unpush") body: its key signs `"diablo <verb> " + endpoint`.
fn checked(text: &str, verb: &str, loopback_http: bool) -> Result<(Key, Body), Box<Response>> {
    let body: Body = serde_json::from_str(text)
        .map_err(|_| Box::new(malformed("a body {key, subscription, sig}")))?;
    let key = Key::parse(&body.key).map_err(|_| Box::new(malformed("the key")))?;
    let endpoint = &body.subscription.endpoint;
    if !endpoint_ok(endpoint, loopback_http) {
        return Err(Box::new(malformed("the endpoint")));
    }
    let point = URL_SAFE_NO_PAD
        .decode(body.subscription.keys.p256dh.trim_end_matches('='))
        .ok()
        .filter(|b| b.len() == 65 && p256::PublicKey::from_sec1_bytes(b).is_ok());
    let auth = URL_SAFE_NO_PAD
        .decode(body.subscription.keys.auth.trim_end_matches('='))
        .ok()
        .filter(|b| b.len() == 16);
    if point.is_none() || auth.is_none() {
        return Err(Box::new(malformed("the subscription's keys")));
    }
    match key.verify(&format!("diablo {verb} {endpoint}"), &body.sig) {
        Ok(()) => Ok((key, body)),
        Err(KeyError::Forged) => Err(Box::new(answer(
            StatusCode::FORBIDDEN,
            &json!({ "error": "forged" }),
        ))),
        Err(_) => Err(Box::new(malformed("the sig"))),
    }
}

fn unavailable(e: &anyhow::Error) -> Response {
    tracing::warn!("push subscriptions' database: {e:#}");
    answer(
        StatusCode::SERVICE_UNAVAILABLE,
        &json!({ "error": "unavailable" }),
    )
}

/// `POST api/push`: keeps the subscription for the key that signed it.
async fn subscribe(State(api): State<Api>, headers: HeaderMap, text: String) -> Response {
    let (key, body) = match checked(&text, "push", api.pusher.config.loopback_http) {
        Ok(b) => b,
        Err(r) => return *r,
    };
    let Some(site) = site_of(&headers, &api.prefix) else {
        return malformed("no Origin or Host");
    };
    let lang = body
        .lang
        .as_deref()
        .filter(|l| matches!(*l, "en" | "pl" | "de"))
        .unwrap_or("en");
    match api
        .pusher
        .store
        .push_count(&body.subscription.endpoint)
        .await
    {
        Ok((n, kept)) if n >= api.pusher.config.max_subscriptions && !kept => {
            tracing::warn!(n, "push subscriptions full: one refused");
            return answer(StatusCode::SERVICE_UNAVAILABLE, &json!({ "error": "full" }));
        }
        Ok(_) => {}
        Err(e) => return unavailable(&e),
    }
    let row = PushRow {
        endpoint: body.subscription.endpoint,
        key: key.as_str().to_string(),
        p256dh: body
            .subscription
            .keys
            .p256dh
            .trim_end_matches('=')
            .to_string(),
        auth: body
            .subscription
            .keys
            .auth
            .trim_end_matches('=')
            .to_string(),
        site,
        lang: lang.to_string(),
    };
    match api
        .pusher
        .store
        .add_push(&row, crate::time::wall_ms())
        .await
    {
        Ok(()) => StatusCode::NO_CONTENT.into_response(),
        Err(e) => unavailable(&e),
    }
}

/// `DELETE api/push`: forgets the subscription, if the key that signed
/// it holds it.
async fn unsubscribe(State(api): State<Api>, text: String) -> Response {
    let (key, body) = match checked(&text, "unpush", api.pusher.config.loopback_http) {
        Ok(b) => b,
        Err(r) => return *r,
    };
    match api
        .pusher
        .store
        .remove_push(&body.subscription.endpoint, Some(key.as_str()))
        .await
    {
        Ok(_) => StatusCode::NO_CONTENT.into_response(),
        Err(e) => unavailable(&e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_endpoints_a_push_service_has_are_taken() {
        for good in [
            "https://fcm.googleapis.com/fcm/send/abc:def",
            "https://updates.push.services.mozilla.com/wpush/v2/gAAA",
        ] {
            assert!(endpoint_ok(good, false), "{good}");
        }
        for bad in [
            "http://fcm.googleapis.com/x",
            "https://127.0.0.1/x",
            "https://[::1]/x",
            "https://10.0.0.1/x",
            "https://localhost/x",
            "https://user@push.example.com/x",
            "ftp://push.example.com/x",
            "not a url",
            "http://127.0.0.1:9/x",
        ] {
            assert!(!endpoint_ok(bad, false), "{bad}");
        }
        assert!(endpoint_ok("http://127.0.0.1:9/x", true));
        assert!(!endpoint_ok("http://10.0.0.1:9/x", true));
        let long = format!("https://push.example.com/{}", "a".repeat(1024));
        assert!(!endpoint_ok(&long, false));
    }
}
