//! The clock a room keeps, as pure arithmetic on [`ClockState`]: every
//! function takes the time (server time, Unix milliseconds) as an
//! argument, so the rules are tested without waiting.
//!
//! - Live (`{initial, increment}`): milliseconds left to each side; the
//!   side whose message is due runs. Until each side has made its first
//!   turn (the *opening*) the clocks do not tick, and the side to move has
//!   [`Limits::first_move`](super::Limits::first_move) to send its message,
//!   else the game is aborted. After that, a side's time runs while its
//!   message is due, each of its turns adds the increment, and at 0 the
//!   other side wins on time.
//! - Turn-based (`{days, bank}`): the side to move has `days` days from
//!   the previous message. A side's value is its turn and what is left of
//!   its bank (`bank` days at the start): once a turn's days have passed,
//!   the bank is spent a day at a time, each day moving the deadline a day
//!   on, and what is left of it goes on to the side's next turns ([`split`]
//!   tells the two apart). Nothing ends the game by itself: past the
//!   deadline and the bank the other player may claim.
//! - A room rebuilt from the archive (a restart, another instance) charges
//!   a live clock's running side the time from its last save to the stop
//!   of the instance that held it, and nothing for the time down; a
//!   turn-based deadline moves on by the time down, at most [`DAY_MS`]
//!   ([`rebuilt`]).

use super::archive::{ClockState, Over, Reason, Side};
use crate::clock::Clock;

/// A day in milliseconds: the most a restart moves a turn-based deadline.
pub const DAY_MS: i64 = 86_400_000;

/// The milliseconds each side starts with: the live initial time, or a
/// turn-based clock's days and bank.
fn allowance(clock: Clock) -> i64 {
    match clock {
        Clock::Live { initial, .. } => i64::from(initial) * 1000,
        Clock::Days { days, bank } => (i64::from(days) + i64::from(bank)) * DAY_MS,
    }
}

/// A turn-based side's reading: the time to its deadline and the bank it
/// has left (both ms, never below 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Banked {
    /// Until the deadline (of this turn, moved on by the bank days spent).
    pub turn_ms: i64,
    /// The bank left, whole days.
    pub bank_ms: i64,
}

/// A turn-based `side`'s turn and bank at `now_ms` (module doc): of a
/// side not to move, its full turn and bank; of the side to move, the
/// time to its deadline once the days of the bank spent so far (a day at
/// a time, from the turn's end) move it on, and the days left. Both 0
/// once the turn and the whole bank have passed.
#[must_use]
pub fn split(days: u32, state: &ClockState, side: Side, now_ms: i64) -> Banked {
    let turn = i64::from(days) * DAY_MS;
    let total = left(state, side).max(0);
    let bank = (total - turn).max(0);
    if state.running != Some(side) {
        return Banked {
            turn_ms: total.min(turn),
            bank_ms: bank,
        };
    }
    let spent = (now_ms - state.since_ms).max(0);
    if spent <= turn {
        return Banked {
            turn_ms: turn.min(total) - spent.min(turn.min(total)),
            bank_ms: bank,
        };
    }
    let used = ((spent - turn) / DAY_MS + 1) * DAY_MS;
    if used > bank {
        return Banked {
            turn_ms: 0,
            bank_ms: 0,
        };
    }
    Banked {
        turn_ms: turn + used - spent,
        bank_ms: bank - used,
    }
}

fn left(state: &ClockState, side: Side) -> i64 {
    match side {
        Side::Black => state.black_ms,
        Side::Green => state.green_ms,
    }
}

fn left_mut(state: &mut ClockState, side: Side) -> &mut i64 {
    match side {
        Side::Black => &mut state.black_ms,
        Side::Green => &mut state.green_ms,
    }
}

/// Whether the running side's time runs now: always for a turn-based
/// clock, after the opening for a live one.
fn ticking(clock: Clock, opening: bool) -> bool {
    !(clock.is_live() && opening)
}

/// The clock as the game begins at `at_ms`, `running` being the side due.
#[must_use]
pub fn begin(clock: Clock, running: Option<Side>, at_ms: i64) -> ClockState {
    let each = allowance(clock);
    ClockState {
        black_ms: each,
        green_ms: each,
        running,
        since_ms: at_ms,
    }
}

/// The clock as it reads at `now_ms`: the running side charged the time
/// since `since_ms` (never below 0), `since_ms` moved to `now_ms`.
#[must_use]
pub fn shown(clock: Clock, state: &ClockState, opening: bool, now_ms: i64) -> ClockState {
    let mut s = *state;
    if let Some(r) = s.running
        && ticking(clock, opening)
    {
        let spent = (now_ms - s.since_ms).max(0);
        let l = left_mut(&mut s, r);
        *l = (*l - spent).max(0);
    }
    s.since_ms = now_ms;
    s
}

/// When the game ends by itself if no message comes first, and how: the
/// first move's limit in a live opening (aborted), the running side's
/// flag after it (the other side wins on time). `None` for a turn-based
/// clock or a stopped one.
#[must_use]
pub fn deadline(
    clock: Clock,
    state: &ClockState,
    opening: bool,
    first_move_ms: i64,
) -> Option<(i64, Over)> {
    let r = state.running?;
    if !clock.is_live() {
        return None;
    }
    Some(if opening {
        (
            state.since_ms + first_move_ms,
            Over {
                winner: None,
                reason: Reason::Aborted,
            },
        )
    } else {
        (
            state.since_ms + left(state, r),
            Over {
                winner: Some(r.other()),
                reason: Reason::Time,
            },
        )
    })
}

/// When the running side of a live clock is down to a fifth of its
/// initial time (Unix ms), for the "time" push (docs/push.md): `None`
/// for a turn-based clock, a stopped one, the opening, or a side that
/// began its turn with a fifth or less (its turn was pushed already).
#[must_use]
pub fn warning(clock: Clock, state: &ClockState, opening: bool) -> Option<i64> {
    let r = state.running?;
    let Clock::Live { initial, .. } = clock else {
        return None;
    };
    let fifth = i64::from(initial) * 1000 / 5;
    let l = left(state, r);
    (!opening && l > fifth).then(|| state.since_ms + l - fifth)
}

/// When the side to move must have sent its message (Unix ms): a live
/// clock's [`deadline`], a turn-based one's `days` after the previous
/// message and the days left in the mover's bank after that. `None` when
/// no clock runs.
#[must_use]
pub fn due_by(clock: Clock, state: &ClockState, opening: bool, first_move_ms: i64) -> Option<i64> {
    match clock {
        // The turn and what is left of the bank: when the other may claim.
        Clock::Days { .. } => state
            .running
            .map(|r| state.since_ms + left(state, r).max(0)),
        Clock::Live { .. } => deadline(clock, state, opening, first_move_ms).map(|(at, _)| at),
    }
}

/// The clock after a link accepted at `at_ms` that added `turns` turns
/// made after the opening (Black's, Green's; a side's first turn, or one
/// made before the other's first, counts in none): the side that was
/// running is charged the time it took (unless `opening`, the clock
/// standing when the link came), each of `turns` adds the increment to
/// its side, and `running` (the side now due, `None` once over) runs from
/// `at_ms`. A turn-based clock gives the side due a fresh `days`; the
/// side that moved keeps what is left of its bank ([`split`] at `at_ms`).
///
/// A link that brings the opening's end and later turns at once (sent
/// again to a room rebuilt from an older state) keeps those turns'
/// increments; the time they took is nobody's, as in a restart.
#[must_use]
pub fn after_link(
    clock: Clock,
    state: &ClockState,
    opening: bool,
    turns: [u32; 2],
    running: Option<Side>,
    at_ms: i64,
) -> ClockState {
    match clock {
        Clock::Live { increment, .. } => {
            let mut s = shown(clock, state, opening, at_ms);
            for (side, n) in [(Side::Black, turns[0]), (Side::Green, turns[1])] {
                *left_mut(&mut s, side) += i64::from(increment) * 1000 * i64::from(n);
            }
            s.running = running;
            s
        }
        Clock::Days { days, .. } => {
            let mut s = *state;
            if let Some(mover) = state.running {
                let b = split(days, state, mover, at_ms);
                *left_mut(&mut s, mover) = i64::from(days) * DAY_MS + b.bank_ms;
            }
            s.running = running;
            s.since_ms = at_ms;
            s
        }
    }
}

/// The clock stopped at `at_ms` (the game ended then).
#[must_use]
pub fn stop(clock: Clock, state: &ClockState, opening: bool, at_ms: i64) -> ClockState {
    let mut s = shown(clock, state, opening, at_ms);
    s.running = None;
    s
}

/// A clock read back from the archive at `now_ms`, the instance that
/// held the game last having stopped at `down_ms` if known (its last
/// heartbeat, or its orderly stop; docs/live.md): the running side is
/// charged the time from the last save to the stop, and nothing for the
/// time down: a live clock goes on from `now_ms` where it stood at the
/// stop, a turn-based deadline moves on by the time down (at most a
/// day). With the stop unknown (the holder still running, or this
/// instance), the time until `now_ms` is charged, as if the room had been
/// held all along. `first_on_start` false: the clock was read back on
/// this start already, and stands.
///
/// `Err` holds the result and the stopped clock when the running side's
/// time ran out before the stop (at the moment it did).
///
/// # Errors
/// The game ended on time while the room was not held.
pub fn rebuilt(
    clock: Clock,
    state: &ClockState,
    opening: bool,
    now_ms: i64,
    down_ms: Option<i64>,
    first_on_start: bool,
) -> Result<ClockState, (Over, ClockState)> {
    let Some(r) = state.running else {
        return Ok(*state);
    };
    if !first_on_start {
        return Ok(*state);
    }
    let mut s = *state;
    let until = down_ms.map_or(now_ms, |d| d.clamp(s.since_ms.min(now_ms), now_ms));
    let spent = (until - s.since_ms).max(0);
    match clock {
        Clock::Live { .. } if opening => {
            // The first move's time as it stood at the stop.
            s.since_ms = now_ms - spent;
        }
        Clock::Live { .. } => {
            let rest = left(&s, r) - spent;
            if rest <= 0 {
                let at = s.since_ms + left(&s, r);
                *left_mut(&mut s, r) = 0;
                s.running = None;
                s.since_ms = at;
                let over = Over {
                    winner: Some(r.other()),
                    reason: Reason::Time,
                };
                return Err((over, s));
            }
            *left_mut(&mut s, r) = rest;
            s.since_ms = now_ms;
        }
        Clock::Days { .. } => {
            s.since_ms += down_ms.map_or(0, |d| (now_ms - d).clamp(0, DAY_MS));
        }
    }
    Ok(s)
}

/// Why a claim is refused: too early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooEarly;

/// A claim at `now_ms` by the side other than `other`, the side to move
/// whose player has had no connection in the room since `away_since_ms`
/// (`None`: one is there now). Live: away for `away_ms`, the game
/// abandoned; turn-based: past the deadline, lost on time.
///
/// # Errors
/// [`TooEarly`] when `other` is not to move or the limit has not passed.
pub fn claim(
    clock: Clock,
    state: &ClockState,
    other: Side,
    away_since_ms: Option<i64>,
    away_ms: i64,
    now_ms: i64,
) -> Result<Over, TooEarly> {
    if state.running != Some(other) {
        return Err(TooEarly);
    }
    let (due, reason) = match clock {
        Clock::Live { .. } => (
            away_since_ms.ok_or(TooEarly)?.saturating_add(away_ms),
            Reason::Abandoned,
        ),
        Clock::Days { .. } => (state.since_ms + left(state, other), Reason::Time),
    };
    if now_ms < due {
        return Err(TooEarly);
    }
    Ok(Over {
        winner: Some(other.other()),
        reason,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIVE: Clock = Clock::Live {
        initial: 60,
        increment: 5,
    };
    const DAYS: Clock = Clock::Days { days: 3, bank: 0 };
    const FIRST: i64 = 30_000;

    fn at(black_ms: i64, green_ms: i64, running: Option<Side>, since_ms: i64) -> ClockState {
        ClockState {
            black_ms,
            green_ms,
            running,
            since_ms,
        }
    }

    #[test]
    fn the_warning_comes_at_a_fifth_of_the_initial_time_left() {
        // 60 s initial: a fifth is 12 s. Green has 40 s from 5 s on.
        let s = at(50_000, 40_000, Some(Side::Green), 5_000);
        assert_eq!(warning(LIVE, &s, false), Some(33_000));
        assert_eq!(warning(LIVE, &s, true), None, "not in the opening");
        // A turn begun with a fifth or less: none.
        assert_eq!(
            warning(LIVE, &at(50_000, 12_000, Some(Side::Green), 0), false),
            None
        );
        assert_eq!(warning(LIVE, &at(50_000, 40_000, None, 0), false), None);
        assert_eq!(warning(DAYS, &s, false), None);
    }

    #[test]
    fn the_clock_does_not_tick_in_the_opening_and_adds_the_increment_after() {
        let s = begin(LIVE, Some(Side::Black), 1_000);
        assert_eq!(s, at(60_000, 60_000, Some(Side::Black), 1_000));
        // Black's first turn 20 s later: no charge, no increment.
        let s = after_link(LIVE, &s, true, [0, 0], Some(Side::Green), 21_000);
        assert_eq!(s, at(60_000, 60_000, Some(Side::Green), 21_000));
        assert_eq!(shown(LIVE, &s, true, 40_000).green_ms, 60_000);
        // Green's first turn ends the opening (and adds nothing).
        let s = after_link(LIVE, &s, true, [0, 0], Some(Side::Black), 30_000);
        // Black thinks 7 s, gets 5 s back.
        assert_eq!(shown(LIVE, &s, false, 37_000).black_ms, 53_000);
        let s = after_link(LIVE, &s, false, [1, 0], Some(Side::Green), 37_000);
        assert_eq!(s, at(58_000, 60_000, Some(Side::Green), 37_000));
        // A resignation: charged, no increment, stopped.
        let s = after_link(LIVE, &s, false, [0, 0], None, 40_000);
        assert_eq!(s, at(58_000, 57_000, None, 40_000));
        assert_eq!(deadline(LIVE, &s, false, FIRST), None);
    }

    #[test]
    fn the_running_side_flags_at_zero_and_the_first_move_aborts() {
        let s = at(2_000, 9_000, Some(Side::Green), 100);
        assert_eq!(
            deadline(LIVE, &s, false, FIRST),
            Some((
                9_100,
                Over {
                    winner: Some(Side::Black),
                    reason: Reason::Time
                }
            ))
        );
        assert_eq!(shown(LIVE, &s, false, 50_000).green_ms, 0);
        assert_eq!(stop(LIVE, &s, false, 9_100), at(2_000, 0, None, 9_100));
        // In the opening the side to move has the first move's limit.
        assert_eq!(
            deadline(LIVE, &s, true, FIRST),
            Some((
                30_100,
                Over {
                    winner: None,
                    reason: Reason::Aborted
                }
            ))
        );
        // Turn-based clocks never end by themselves.
        assert_eq!(
            deadline(DAYS, &begin(DAYS, Some(Side::Black), 0), false, FIRST),
            None
        );
    }

    #[test]
    fn a_restart_charges_the_time_before_the_stop_and_nothing_for_the_time_down() {
        let s = at(30_000, 50_000, Some(Side::Black), 10_000);
        // Saved at 10 s, the instance stopped at 12 s, read back at 40 s:
        // Black is charged 2 s and goes on from 40 s.
        let r = rebuilt(LIVE, &s, false, 40_000, Some(12_000), true).expect("still running");
        assert_eq!(r, at(28_000, 50_000, Some(Side::Black), 40_000));
        // The stop unknown: charged until read back, as if held all along.
        let r = rebuilt(LIVE, &s, false, 22_000, None, true).expect("still running");
        assert_eq!(r, at(18_000, 50_000, Some(Side::Black), 22_000));
        // A stop after the time ran out: lost on time when it ran out.
        let (over, stopped) =
            rebuilt(LIVE, &s, false, 99_000, Some(45_000), true).expect_err("flag");
        assert_eq!(over.winner, Some(Side::Green));
        assert_eq!(over.reason, Reason::Time);
        assert_eq!(stopped, at(0, 50_000, None, 40_000));
        // Unknown and out of time: the same.
        assert!(rebuilt(LIVE, &s, false, 45_000, None, true).is_err());
        // A heartbeat stamped before the last save (clocks apart) charges
        // nothing, and one from the future no more than until now.
        let r = rebuilt(LIVE, &s, false, 40_000, Some(5_000), true).expect("running");
        assert_eq!(r.black_ms, 30_000);
        let r = rebuilt(LIVE, &s, false, 20_000, Some(90_000), true).expect("running");
        assert_eq!(r.black_ms, 20_000);
        // The opening: the first move's time as it stood at the stop.
        let o = at(60_000, 60_000, Some(Side::Black), 0);
        let r = rebuilt(LIVE, &o, true, 25_000, Some(4_000), true).expect("running");
        assert_eq!(
            deadline(LIVE, &r, true, FIRST).map(|d| d.0),
            Some(25_000 + 26_000)
        );
        let r = rebuilt(LIVE, &o, true, 25_000, None, true).expect("running");
        assert_eq!(r, o);
        // A stopped clock is as it was; read back again on this start, too.
        let done = at(1, 2, None, 3);
        assert_eq!(rebuilt(LIVE, &done, false, 99, Some(9), true), Ok(done));
        assert_eq!(rebuilt(LIVE, &s, false, 40_000, Some(12_000), false), Ok(s));
    }

    #[test]
    fn a_restart_moves_a_turn_based_deadline_by_the_time_down_at_most_a_day() {
        let s = begin(DAYS, Some(Side::Green), 1_000);
        // Stopped at 5 s, back at 9 s: 4 s more.
        let r = rebuilt(DAYS, &s, false, 9_000, Some(5_000), true).expect("running");
        assert_eq!(r.since_ms, 5_000);
        // Down two days: one day more.
        let r = rebuilt(DAYS, &s, false, 5_000 + 2 * DAY_MS, Some(5_000), true).expect("running");
        assert_eq!(r.since_ms, 1_000 + DAY_MS);
        // The stop unknown: nothing.
        let r = rebuilt(DAYS, &s, false, 9_000, None, true).expect("running");
        assert_eq!(r, s);
        assert_eq!(shown(DAYS, &s, false, 1_000 + DAY_MS).green_ms, 2 * DAY_MS);
        // Given once per start: built again on the same start, nothing more.
        let once = rebuilt(DAYS, &s, false, 2 * DAY_MS, Some(0), true).expect("running");
        let again = rebuilt(DAYS, &once, false, 2 * DAY_MS, Some(0), false);
        assert_eq!(again, Ok(once));
    }

    #[test]
    fn a_time_bank_is_spent_a_day_at_a_time_after_the_turn_and_carried_on() {
        const BANKED: Clock = Clock::Days { days: 2, bank: 5 };
        let h = 3_600_000;
        let s = begin(BANKED, Some(Side::Black), 0);
        // Within the turn: the turn runs down, the bank is whole.
        let b = split(2, &s, Side::Black, 10 * h);
        assert_eq!((b.turn_ms, b.bank_ms), (2 * DAY_MS - 10 * h, 5 * DAY_MS));
        assert_eq!(
            split(2, &s, Side::Green, 10 * h),
            Banked {
                turn_ms: 2 * DAY_MS,
                bank_ms: 5 * DAY_MS
            }
        );
        // An hour past the turn: a day of the bank spent, 23 h to go.
        let b = split(2, &s, Side::Black, 2 * DAY_MS + h);
        assert_eq!((b.turn_ms, b.bank_ms), (23 * h, 4 * DAY_MS));
        // Nobody may claim before the turn and the whole bank have passed.
        let end = 7 * DAY_MS;
        assert_eq!(due_by(BANKED, &s, false, FIRST), Some(end));
        assert_eq!(
            claim(BANKED, &s, Side::Black, None, 0, end - 1),
            Err(TooEarly)
        );
        assert_eq!(
            claim(BANKED, &s, Side::Black, None, 0, end),
            Ok(Over {
                winner: Some(Side::Green),
                reason: Reason::Time
            })
        );
        let b = split(2, &s, Side::Black, end + 1);
        assert_eq!((b.turn_ms, b.bank_ms), (0, 0));
        // Black moves 3 days and an hour in: two bank days spent, three
        // carried on to Black's next turn; Green's turn and bank are whole.
        let t = 3 * DAY_MS + h;
        let s = after_link(BANKED, &s, false, [1, 0], Some(Side::Green), t);
        assert_eq!(s.black_ms, 2 * DAY_MS + 3 * DAY_MS);
        assert_eq!(s.green_ms, 7 * DAY_MS);
        assert_eq!(due_by(BANKED, &s, false, FIRST), Some(t + 7 * DAY_MS));
        // Green moves in time; Black's next turn has 2 days and 3 banked.
        let s = after_link(BANKED, &s, false, [0, 1], Some(Side::Black), t + h);
        assert_eq!(s.green_ms, 7 * DAY_MS);
        let b = split(2, &s, Side::Black, t + h);
        assert_eq!((b.turn_ms, b.bank_ms), (2 * DAY_MS, 3 * DAY_MS));
        // No bank: as before, the turn's days from the last message.
        let plain = begin(DAYS, Some(Side::Green), 0);
        let s = after_link(DAYS, &plain, false, [0, 1], Some(Side::Black), 4 * DAY_MS);
        assert_eq!(s, at(3 * DAY_MS, 3 * DAY_MS, Some(Side::Black), 4 * DAY_MS));
    }

    #[test]
    fn claims_need_the_other_side_to_move_and_away_past_the_limit() {
        let s = at(9_000, 9_000, Some(Side::Green), 0);
        let won = Ok(Over {
            winner: Some(Side::Black),
            reason: Reason::Abandoned,
        });
        assert_eq!(
            claim(LIVE, &s, Side::Green, Some(1_000), 60_000, 61_000),
            won
        );
        assert_eq!(
            claim(LIVE, &s, Side::Green, Some(1_000), 60_000, 60_999),
            Err(TooEarly)
        );
        assert_eq!(
            claim(LIVE, &s, Side::Green, None, 60_000, 1 << 40),
            Err(TooEarly)
        );
        // Not against the side that is not to move.
        assert_eq!(
            claim(LIVE, &s, Side::Black, Some(0), 60_000, 1 << 40),
            Err(TooEarly)
        );
        // Turn-based: past the deadline, whether the other is there or not.
        let d = begin(DAYS, Some(Side::Green), 0);
        assert_eq!(
            claim(DAYS, &d, Side::Green, None, 60_000, 3 * DAY_MS),
            Ok(Over {
                winner: Some(Side::Black),
                reason: Reason::Time
            })
        );
        assert_eq!(
            claim(DAYS, &d, Side::Green, Some(0), 60_000, 3 * DAY_MS - 1),
            Err(TooEarly)
        );
    }
}
