//! The server's time: the one clock every timer of the relay and the lobby
//! reads (a live clock's flag and first move, the away limit, the rate
//! of frames, idle rooms' eviction, the lobby's looks, heartbeats,
//! expiry and the grace of a poster who left).
//!
//! [`Time::system`] (the default) is the machine's: Unix milliseconds
//! from the wall clock, instants and sleeps from tokio's. A
//! [`Time::manual`] stands still until [`Time::advance`] moves it, and its
//! sleeps wake when it does: a test passes time in and checks what
//! happens in what order, however fast or busy the machine is.
//!
//! A send's timeout (a reader that stops reading) is this time too; the
//! transport's other bounds (pings, the closing handshake, the
//! shutdown's grace) are tokio's time.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;
use tokio::time::Instant;

/// A clock: the system's, or a manual one for tests.
#[derive(Clone, Default)]
pub struct Time(Option<Arc<Manual>>);

/// A clock that moves only when told.
struct Manual {
    /// The wall's Unix milliseconds when it was made…
    start_ms: i64,
    /// …and tokio's instant then.
    start: Instant,
    /// How far it has been moved since.
    passed: watch::Sender<Duration>,
}

impl std::fmt::Debug for Time {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            None => f.write_str("Time::system"),
            Some(m) => write!(f, "Time::manual(+{:?})", *m.passed.borrow()),
        }
    }
}

/// The wall clock, Unix milliseconds.
#[must_use]
pub fn wall_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, millis)
}

fn millis(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

impl Time {
    /// The machine's clock.
    #[must_use]
    pub fn system() -> Time {
        Time(None)
    }

    /// A clock that reads the wall's time now and then stands still until
    /// [`Time::advance`] moves it.
    #[must_use]
    pub fn manual() -> Time {
        Time(Some(Arc::new(Manual {
            start_ms: wall_ms(),
            start: Instant::now(),
            passed: watch::channel(Duration::ZERO).0,
        })))
    }

    /// Whether this is a manual clock.
    #[must_use]
    pub fn is_manual(&self) -> bool {
        self.0.is_some()
    }

    /// Moves a manual clock on by `by`, waking the sleeps it ends.
    ///
    /// # Panics
    /// On the system's clock, which nobody moves.
    pub fn advance(&self, by: Duration) {
        let manual = self.0.as_ref().expect("only a manual time is advanced");
        manual.passed.send_modify(|p| *p += by);
    }

    /// Now, as an instant.
    #[must_use]
    pub fn now(&self) -> Instant {
        match &self.0 {
            None => Instant::now(),
            Some(m) => m.start + *m.passed.borrow(),
        }
    }

    /// Now, in Unix milliseconds.
    #[must_use]
    pub fn now_ms(&self) -> i64 {
        match &self.0 {
            None => wall_ms(),
            Some(m) => m.start_ms.saturating_add(millis(*m.passed.borrow())),
        }
    }

    /// Completes `wait` from now.
    pub async fn sleep(&self, wait: Duration) {
        match &self.0 {
            None => tokio::time::sleep(wait).await,
            Some(m) => match self.now().checked_add(wait) {
                Some(at) => m.until(|p| m.start + p >= at).await,
                None => std::future::pending().await,
            },
        }
    }

    /// Completes at `at`.
    pub async fn sleep_until(&self, at: Instant) {
        match &self.0 {
            None => tokio::time::sleep_until(at).await,
            Some(m) => m.until(|p| m.start + p >= at).await,
        }
    }

    /// `work`'s output, or `None` if `wait` passes first.
    pub async fn timeout<F: Future>(&self, wait: Duration, work: F) -> Option<F::Output> {
        match &self.0 {
            None => tokio::time::timeout(wait, work).await.ok(),
            Some(_) => {
                // As tokio's: the work first.
                tokio::select! {
                    biased;
                    out = work => Some(out),
                    () = self.sleep(wait) => None,
                }
            }
        }
    }

    /// Completes at `at_ms`, Unix milliseconds.
    pub async fn sleep_until_ms(&self, at_ms: i64) {
        match &self.0 {
            None => {
                let wait = u64::try_from(at_ms.saturating_sub(wall_ms())).unwrap_or(0);
                tokio::time::sleep(Duration::from_millis(wait)).await;
            }
            Some(m) => {
                m.until(|p| m.start_ms.saturating_add(millis(p)) >= at_ms)
                    .await;
            }
        }
    }
}

impl Manual {
    /// Completes once the time passed satisfies `reached`.
    async fn until(&self, reached: impl Fn(Duration) -> bool) {
        let mut passed = self.passed.subscribe();
        // The sender lives as long as `self`.
        let _ = passed.wait_for(|p| reached(*p)).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_manual_time_stands_still_until_advanced_and_wakes_its_sleeps() {
        let time = Time::manual();
        let (t0, ms0) = (time.now(), time.now_ms());
        let woke = Arc::new(std::sync::atomic::AtomicU8::new(0));
        let sleeper = {
            let (time, woke) = (time.clone(), woke.clone());
            tokio::spawn(async move {
                time.sleep(Duration::from_millis(100)).await;
                woke.store(1, std::sync::atomic::Ordering::SeqCst);
                time.sleep_until_ms(ms0 + 250).await;
                woke.store(2, std::sync::atomic::Ordering::SeqCst);
            })
        };
        tokio::task::yield_now().await;
        assert_eq!(time.now(), t0);
        time.advance(Duration::from_millis(99));
        tokio::task::yield_now().await;
        assert_eq!(woke.load(std::sync::atomic::Ordering::SeqCst), 0);
        time.advance(Duration::from_millis(1));
        // Wakes at 100 ms, then sleeps to 250 ms.
        while woke.load(std::sync::atomic::Ordering::SeqCst) == 0 {
            tokio::task::yield_now().await;
        }
        assert_eq!(time.now_ms(), ms0 + 100);
        assert_eq!(time.now(), t0 + Duration::from_millis(100));
        time.advance(Duration::from_millis(149));
        tokio::task::yield_now().await;
        assert_eq!(woke.load(std::sync::atomic::Ordering::SeqCst), 1);
        time.advance(Duration::from_millis(1));
        sleeper.await.expect("woke");
        assert_eq!(woke.load(std::sync::atomic::Ordering::SeqCst), 2);
        assert!(format!("{time:?}").contains("250ms"));
    }
}
