//! A game's clock setting as the wire spells it (docs/live.md):
//! `{"initial": S, "increment": S}` (live; initial 1..10800 s, increment
//! 0..180 s) or `{"days": D}` (turn-based, 1..14 days a turn), which may
//! add a time bank: `{"days": D, "bank": B}`, B 0..30 extra days each side
//! spends, a day at a time, once a turn's days have passed (`bank` 0 is
//! written as no bank at all).
//!
//! The clock's arithmetic (time left, increments, the flag, the restart
//! bonus) lives beside the rooms that run it.

use serde::{Deserialize, Serialize};

/// A clock setting, checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged, try_from = "ClockWire")]
pub enum Clock {
    /// Live: `initial` seconds each, `increment` seconds added per turn.
    Live {
        /// Seconds each side starts with, 1..=10800.
        initial: u32,
        /// Seconds added after each of a side's turns, 0..=180.
        increment: u32,
    },
    /// Turn-based: `days` days for each turn, 1..=14, and a bank of
    /// `bank` days each, 0..=30.
    Days {
        /// Days a turn.
        days: u32,
        /// Days in each side's bank when the game begins.
        #[serde(default, skip_serializing_if = "is_zero")]
        bank: u32,
    },
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's signature
fn is_zero(n: &u32) -> bool {
    *n == 0
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClockWire {
    initial: Option<u32>,
    increment: Option<u32>,
    days: Option<u32>,
    bank: Option<u32>,
}

/// Why a clock setting was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadClock(pub &'static str);

impl std::fmt::Display for BadClock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

impl std::error::Error for BadClock {}

impl TryFrom<ClockWire> for Clock {
    type Error = BadClock;
    fn try_from(w: ClockWire) -> Result<Clock, BadClock> {
        match (w.initial, w.increment, w.days, w.bank) {
            (Some(initial), Some(increment), None, None) => Clock::live(initial, increment),
            (None, None, Some(days), bank) => Clock::banked(days, bank.unwrap_or(0)),
            _ => Err(BadClock(
                "a clock is {\"initial\": S, \"increment\": S} or {\"days\": D} (with \"bank\": B)",
            )),
        }
    }
}

impl Clock {
    /// A live clock, checked.
    ///
    /// # Errors
    /// [`BadClock`] outside 1..=10800 s initial, 0..=180 s increment.
    pub fn live(initial: u32, increment: u32) -> Result<Clock, BadClock> {
        if !(1..=10_800).contains(&initial) {
            return Err(BadClock("a clock's initial time is 1 to 10800 seconds"));
        }
        if increment > 180 {
            return Err(BadClock("a clock's increment is 0 to 180 seconds"));
        }
        Ok(Clock::Live { initial, increment })
    }

    /// A turn-based clock, checked.
    ///
    /// # Errors
    /// [`BadClock`] outside 1..=14 days.
    pub fn days(days: u32) -> Result<Clock, BadClock> {
        Clock::banked(days, 0)
    }

    /// A turn-based clock with a bank of `bank` days each, checked.
    ///
    /// # Errors
    /// [`BadClock`] outside 1..=14 days a turn or 0..=30 days of bank.
    pub fn banked(days: u32, bank: u32) -> Result<Clock, BadClock> {
        if !(1..=14).contains(&days) {
            return Err(BadClock("a turn-based clock gives 1 to 14 days a turn"));
        }
        if bank > 30 {
            return Err(BadClock("a time bank holds 0 to 30 days"));
        }
        Ok(Clock::Days { days, bank })
    }

    /// Whether this is a live clock.
    #[must_use]
    pub fn is_live(&self) -> bool {
        matches!(self, Clock::Live { .. })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Clock, serde_json::Error> {
        serde_json::from_str(text)
    }

    #[test]
    fn clocks_read_and_write_as_the_wire_spells_them() {
        let live = read(r#"{"initial": 300, "increment": 3}"#).expect("5+3");
        assert_eq!(
            live,
            Clock::Live {
                initial: 300,
                increment: 3
            }
        );
        assert_eq!(
            serde_json::to_string(&live).expect("writes"),
            r#"{"initial":300,"increment":3}"#
        );
        assert_eq!(
            read(r#"{"days": 3}"#).expect("3 days"),
            Clock::Days { days: 3, bank: 0 }
        );
        assert_eq!(
            serde_json::to_string(&Clock::Days { days: 3, bank: 0 }).expect("writes"),
            r#"{"days":3}"#
        );
        let banked = read(r#"{"days": 2, "bank": 5}"#).expect("2 days and 5");
        assert_eq!(banked, Clock::Days { days: 2, bank: 5 });
        assert_eq!(
            serde_json::to_string(&banked).expect("writes"),
            r#"{"days":2,"bank":5}"#
        );
        assert_eq!(
            read(r#"{"days": 2, "bank": 0}"#).expect("no bank"),
            Clock::Days { days: 2, bank: 0 }
        );
    }

    #[test]
    fn clocks_out_of_range_or_mixed_are_refused() {
        for bad in [
            r#"{"initial": 0, "increment": 0}"#,
            r#"{"initial": 10801, "increment": 0}"#,
            r#"{"initial": 60, "increment": 181}"#,
            r#"{"initial": 60}"#,
            r#"{"days": 0}"#,
            r#"{"days": 15}"#,
            r#"{"days": 1, "initial": 60, "increment": 0}"#,
            r#"{"days": -1}"#,
            r#"{"days": 3, "bank": 31}"#,
            r#"{"days": 3, "bank": -1}"#,
            r#"{"initial": 60, "increment": 0, "bank": 2}"#,
            r#"{}"#,
        ] {
            assert!(read(bad).is_err(), "{bad}");
        }
    }
}
