//! The review and the analysis board for the page: `diablo_ai::review`
//! behind text in, JSON out. It converts; the judging is the review
//! module's (the same as `diablo analyse`).

use crate::{PAGE_MAX_BUDGET, inputs, level_of};
use diablo_ai::review::{self, TurnReview};
use diablo_core::{Edition, Position, Roll, Turn};
use diablo_wasm::{ActionView, Failure};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// A judged turn as the page reads it (JSON, camelCase); chances are the
/// mover's, in 0..=1.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TurnReviewView {
    /// The turn's number.
    pub number: u32,
    /// `black` or `green`.
    pub side: &'static str,
    /// The roll, e.g. `2,1`.
    pub roll: String,
    /// The turn played, in notation.
    pub played: String,
    /// Its actions in play order.
    pub played_actions: Vec<ActionView>,
    /// The mover's chance before the roll (the average over every roll).
    pub before: f64,
    /// The mover's chance after the turn played.
    pub played_value: f64,
    /// The mover's chance after the best turn.
    pub best_value: f64,
    /// The best turn, in notation.
    pub best: String,
    /// Its actions in play order.
    pub best_actions: Vec<ActionView>,
    /// Best value minus played value.
    pub loss: f64,
    /// `inaccuracy`, `mistake`, `blunder`, or null.
    pub mark: Option<&'static str>,
    /// The roll's luck for the mover: their chance once it was dealt minus
    /// `before` (−1..=1).
    pub luck: f64,
}

fn actions(
    pos: &Position,
    edition: Edition,
    roll: Roll,
    turn: &Turn,
) -> Result<Vec<ActionView>, Failure> {
    let n = pos.size();
    Ok(pos
        .play_order(edition, roll, turn)?
        .into_iter()
        .map(|a| ActionView::new(a, n))
        .collect())
}

/// A [`TurnReview`] as the page reads it.
///
/// # Errors
/// The engine refuses one of the turns (cannot happen for a review's own).
pub fn review_view(
    pos: &Position,
    edition: Edition,
    r: &TurnReview,
) -> Result<TurnReviewView, Failure> {
    Ok(TurnReviewView {
        number: r.number,
        side: r.side.id(),
        roll: r.roll.to_string(),
        played: r.played.to_string(),
        played_actions: actions(pos, edition, r.roll, &r.played)?,
        before: r.before,
        played_value: r.played_value,
        best_value: r.best_value,
        best: r.best.to_string(),
        best_actions: actions(pos, edition, r.roll, &r.best)?,
        loss: r.loss(),
        mark: r.mark().map(review::Mark::name),
        luck: r.luck,
    })
}

/// Judges one turn as the page's review does: the level's choice within
/// the page's budget, seeded by the turn's number.
///
/// # Errors
/// The kind of a bad position, edition, roll, turn or level.
pub fn review_turn_view(
    position: &str,
    edition: &str,
    a: u8,
    b: u8,
    turn: &str,
    level: &str,
) -> Result<TurnReviewView, Failure> {
    let (pos, edition, roll) = inputs(position, edition, a, b)?;
    let level = level_of(level)?;
    let played: Turn = turn.trim().parse()?;
    let player = review::reviewer(level, pos.turn_number()).with_cap(PAGE_MAX_BUDGET);
    let r = review::judge_turn(&pos, edition, roll, &played, &player)
        .map_err(|e| Failure::from(e.error))?;
    review_view(&pos, edition, &r)
}

/// One turn of a review (see `docs/review.md`) for a position (code),
/// edition, roll (`a`, `b`), the turn played (notation) and the reviewing
/// level, as JSON `{number, side, roll, played, playedActions, before,
/// playedValue, bestValue, best, bestActions, loss, mark, luck}`.
///
/// # Errors
/// The kind of a bad position, edition, roll, turn or level.
#[wasm_bindgen(js_name = reviewTurn)]
pub fn review_turn(
    position: &str,
    edition: &str,
    a: u8,
    b: u8,
    turn: &str,
    level: &str,
) -> Result<String, JsValue> {
    let view = review_turn_view(position, edition, a, b, turn, level)?;
    serde_json::to_string(&view).map_err(|e| Failure::new("internal", e.to_string()).into())
}

/// One ranked turn (JSON, camelCase).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RankedView {
    /// The turn in notation.
    pub turn: String,
    /// Its actions in play order.
    pub actions: Vec<ActionView>,
    /// The mover's chance after it.
    pub value: f64,
    /// Whether the value is the review's estimate (else the quick one).
    pub exact: bool,
}

/// The analysis board's ranking (JSON, camelCase).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RankingView {
    /// The mover's chance before the roll.
    pub before: f64,
    /// Every legal turn, best first.
    pub turns: Vec<RankedView>,
}

/// How many turns the analysis board values exactly (besides Hard's choice).
pub const RANK_EXACT: usize = 10;

/// Every legal turn, ranked, as [`RankingView`].
///
/// # Errors
/// The kind of a bad position, edition or roll, or `game-over`.
pub fn rank_view(
    position: &str,
    edition: &str,
    a: u8,
    b: u8,
    exact: Option<u32>,
) -> Result<RankingView, Failure> {
    let (pos, edition, roll) = inputs(position, edition, a, b)?;
    let exact = exact.map_or(RANK_EXACT, |e| e as usize);
    let ranked = review::rank_turns(&pos, edition, roll, exact, Some(diablo_ai::HINT_LEVEL))?;
    let turns = ranked
        .iter()
        .map(|r| {
            Ok(RankedView {
                turn: r.turn.to_string(),
                actions: actions(&pos, edition, roll, &r.turn)?,
                value: r.value,
                exact: r.exact,
            })
        })
        .collect::<Result<Vec<_>, Failure>>()?;
    Ok(RankingView {
        before: diablo_ai::win_chance(&pos, edition),
        turns,
    })
}

/// Every legal turn for a position (code), edition and roll, best first,
/// as JSON `{before, turns: [{turn, actions, value, exact}]}`: the best
/// `exact` turns by a quick estimate (default [`RANK_EXACT`]) and Hard's
/// choice are valued as the review values turns, the rest quickly.
///
/// # Errors
/// The kind of a bad position, edition or roll, or `game-over`.
#[wasm_bindgen(js_name = rankTurns)]
pub fn rank_turns(
    position: &str,
    edition: &str,
    a: u8,
    b: u8,
    exact: Option<u32>,
) -> Result<String, JsValue> {
    let view = rank_view(position, edition, a, b, exact)?;
    serde_json::to_string(&view).map_err(|e| Failure::new("internal", e.to_string()).into())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use diablo_ai::Level;
    use diablo_core::Record;

    #[test]
    fn the_pages_review_has_the_review_apis_numbers() {
        let text = "edition standard\nsize 4\nstart ..../..../.g2../.b2.. b 9\n1,1: b1-a1 -a1\n";
        let record: Record = text.parse().unwrap();
        let api = review::review_record(&record, Level::Hard).unwrap();
        let page = review_turn_view(
            "..../..../.g2../.b2.. b 9",
            "standard",
            1,
            1,
            "b1-a1 -a1",
            "hard",
        )
        .unwrap();
        assert_eq!(page.before, api[0].before);
        assert_eq!(page.luck, api[0].luck);
        assert_eq!(page.played_value, api[0].played_value);
        assert_eq!(page.best_value, api[0].best_value);
        assert_eq!(page.best, api[0].best.to_string());
        assert_eq!(page.mark, Some("blunder"));
        assert_eq!(page.side, "black");
        assert_eq!(page.best_value, 1.0);
        assert!(!page.best_actions.is_empty());
    }

    #[test]
    fn the_ranking_lists_every_legal_turn() {
        let r = rank_view("gbgb/bgbg/gbgb/bgbg b 3", "standard", 1, 2, Some(4)).unwrap();
        let pos: Position = "gbgb/bgbg/gbgb/bgbg b 3".parse().unwrap();
        let all = pos
            .legal_turns(Edition::Standard, Roll::new(1, 2).unwrap())
            .unwrap();
        assert_eq!(r.turns.len(), all.len());
        assert!(r.turns[0].exact);
        assert!(
            r.turns
                .windows(2)
                .all(|w| !w[1].exact || w[0].value >= w[1].value)
        );
    }
}
