//! # diablo-wasm-ai
//!
//! The computer player for the page: `diablo-ai` behind text in, text out,
//! in a wasm module of its own that only the search worker loads (so the
//! page starts with the small game module, `diablo-wasm`).
//! Positions cross as position codes, editions and levels by name, dice as
//! two small numbers; a choice crosses as JSON with its actions in the order
//! core says they play one by one. Refusals are typed [`Failure`]s.
//!
//! The page's levels spend at most [`page_budget`] nodes: the search is
//! deterministic in its budget, so the page trades strength for time here
//! and nowhere else.

#![deny(missing_docs)]

mod review;
pub use review::{
    RANK_EXACT, RankedView, RankingView, TurnReviewView, rank_view, review_turn_view,
};

use diablo_ai::{Choice, Level, Player};
use diablo_core::{Edition, Position, Roll};
use diablo_wasm::ActionView;
use diablo_wasm::Failure;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The most nodes a level spends for one turn on the page (wasm in a
/// worker) on a board of side `size`: the level's own budget for the size
/// ([`Level::budget_for`]), capped at [`PAGE_MAX_BUDGET`].
#[must_use]
pub fn page_budget(level: Level, size: u8) -> u64 {
    level.budget_for(size).min(PAGE_MAX_BUDGET)
}

/// The most nodes any search spends on the page (Analysis has more).
/// Larger boards cost more per node, and the levels' own budgets shrink
/// there ([`Level::budget_for`]).
pub const PAGE_MAX_BUDGET: u64 = 500_000;

/// A choice as the page reads it (JSON, camelCase).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ChoiceView {
    /// The turn in notation, e.g. `c3-c5 -d4`.
    pub turn: String,
    /// Its actions in an order the engine accepts one at a time.
    pub actions: Vec<ActionView>,
    /// Estimated chance that the player who plays it wins (0..=1).
    pub win_chance: f64,
    /// Positions evaluated to choose it.
    pub nodes: u64,
    /// The node budget the search had.
    pub budget: u64,
    /// The level that chose it.
    pub level: &'static str,
}

/// The position, edition and roll from their text forms.
pub(crate) fn inputs(
    position: &str,
    edition: &str,
    a: u8,
    b: u8,
) -> Result<(Position, Edition, Roll), Failure> {
    let pos: Position = position.trim().parse()?;
    let edition: Edition = edition.trim().parse()?;
    let roll = Roll::new(a, b)
        .ok_or_else(|| Failure::new("die-zero", format!("die value 0 is not allowed ({a},{b})")))?;
    Ok((pos, edition, roll))
}

pub(crate) fn level_of(text: &str) -> Result<Level, Failure> {
    text.trim()
        .parse()
        .map_err(|e| Failure::new("bad-level", format!("{e}")).with("text", text.trim()))
}

fn view(
    pos: &Position,
    edition: Edition,
    roll: Roll,
    choice: Choice,
    player: &Player,
) -> Result<ChoiceView, Failure> {
    let n = pos.size();
    let order = pos.play_order(edition, roll, &choice.turn)?;
    Ok(ChoiceView {
        turn: choice.turn.to_string(),
        actions: order.into_iter().map(|a| ActionView::new(a, n)).collect(),
        win_chance: choice.win_chance,
        nodes: choice.nodes,
        budget: player.budget_on(n),
        level: player.level().name(),
    })
}

/// Chooses a turn with `player`, as a [`ChoiceView`].
///
/// # Errors
/// The kind of a bad position, edition or roll, or `game-over`.
pub fn choose_with(
    player: &Player,
    position: &str,
    edition: &str,
    a: u8,
    b: u8,
) -> Result<ChoiceView, Failure> {
    let (pos, edition, roll) = inputs(position, edition, a, b)?;
    let choice = player.choose(&pos, edition, roll)?;
    view(&pos, edition, roll, choice, player)
}

/// The page's player of a level: its page budget, or `budget` nodes when
/// given (for measuring).
///
/// # Errors
/// The level's name is unknown.
pub fn page_player(level: &str, seed: u32, budget: Option<u32>) -> Result<Player, Failure> {
    let level = level_of(level)?;
    let player = Player::new(level, u64::from(seed));
    Ok(match budget {
        Some(nodes) => player.with_budget(u64::from(nodes)),
        None => player.with_cap(PAGE_MAX_BUDGET),
    })
}

fn json(choice: &ChoiceView) -> Result<String, JsValue> {
    serde_json::to_string(choice).map_err(|e| Failure::new("internal", e.to_string()).into())
}

/// The computer's turn for a position (code), edition (`standard` or
/// `sequenced`), roll (`a`, `b`), level (`beginner`, `easy`, `medium`,
/// `hard`, `analysis`) and seed, as JSON `{turn, actions: [{text, from,
/// to}], winChance, nodes, budget, level}` (squares by index, actions in
/// play order). The same inputs give the same turn. `budget` overrides the
/// page's node budget for the level.
///
/// # Errors
/// The kind of a bad position, edition, roll or level, or `game-over`.
#[wasm_bindgen(js_name = computerChoice)]
pub fn computer_choice(
    position: &str,
    edition: &str,
    a: u8,
    b: u8,
    level: &str,
    seed: u32,
    budget: Option<u32>,
) -> Result<String, JsValue> {
    let player = page_player(level, seed, budget)?;
    json(&choose_with(&player, position, edition, a, b)?)
}

/// The suggested turn for the player to move with this roll (the hint
/// level, within the page's budget), as JSON like [`computer_choice`]:
/// `winChance` is the chance of winning after playing it.
///
/// # Errors
/// As [`computer_choice`].
#[wasm_bindgen]
pub fn hint(position: &str, edition: &str, a: u8, b: u8) -> Result<String, JsValue> {
    let level = diablo_ai::HINT_LEVEL;
    let player = Player::new(level, 0).with_cap(PAGE_MAX_BUDGET);
    let (pos, edition, roll) = inputs(position, edition, a, b)?;
    let choice = diablo_ai::hint_with(&player, &pos, edition, roll).map_err(Failure::from)?;
    json(&view(&pos, edition, roll, choice, &player)?)
}

/// The estimated chance (0..=1) that the player to move wins, before the
/// roll.
///
/// # Errors
/// The kind of a bad position or edition.
#[wasm_bindgen(js_name = winChance)]
pub fn win_chance(position: &str, edition: &str) -> Result<f64, JsValue> {
    let pos: Position = position.trim().parse().map_err(Failure::from)?;
    let edition: Edition = edition.trim().parse().map_err(Failure::from)?;
    Ok(diablo_ai::win_chance(&pos, edition))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use diablo_core::{Turn, TurnBuilder};

    const START6: &str = "gbgbgb/bgbgbg/gbgbgb/bgbgbg/gbgbgb/bgbgbg b 1";

    #[test]
    fn a_choice_is_a_legal_turn_with_playable_actions() {
        for level in ["beginner", "easy", "medium"] {
            let player = page_player(level, 7, Some(2_000)).unwrap();
            let c = choose_with(&player, START6, "standard", 3, 1).unwrap();
            let pos: Position = START6.parse().unwrap();
            let roll = Roll::new(3, 1).unwrap();
            let turn: Turn = c.turn.parse().unwrap();
            assert!(
                pos.play(Edition::Standard, roll, &turn).is_ok(),
                "{level}: {}",
                c.turn
            );
            let mut b = TurnBuilder::new(&pos, Edition::Standard, roll).unwrap();
            for a in &c.actions {
                b.play(a.text.parse().unwrap()).unwrap();
            }
            assert!(b.is_complete());
            assert_eq!(c.level, level);
            assert!(c.nodes <= c.budget.max(1));
        }
    }

    #[test]
    fn bad_inputs_give_the_engine_message() {
        let easy = page_player("easy", 1, None).unwrap();
        let e = choose_with(&easy, "gbgb/bgxg/gbgb/bgbg b 1", "standard", 1, 1).unwrap_err();
        assert!(e.message.contains("unknown token 'x'"), "{e:?}");
        assert_eq!(e.kind, "position-token");
        let e = choose_with(&easy, START6, "fancy", 1, 1).unwrap_err();
        assert_eq!(e.kind, "bad-edition");
        let e = choose_with(&easy, START6, "standard", 4, 1).unwrap_err();
        assert_eq!(e.kind, "die-too-big");
        let e = page_player("expert", 1, None).unwrap_err();
        assert!(e.message.contains("unknown level 'expert'"), "{e:?}");
        assert_eq!(e.kind, "bad-level");
        let e = choose_with(&easy, "b./.. g 4", "standard", 1, 1).unwrap_err();
        assert_eq!(e.kind, "game-over");
        assert_eq!(e["winner"], "black");
    }

    #[test]
    fn page_budgets_are_the_levels_capped() {
        for l in Level::ALL {
            for size in (2u8..=26).step_by(2) {
                assert_eq!(
                    page_budget(l, size),
                    l.budget_for(size).min(PAGE_MAX_BUDGET),
                    "{l}"
                );
                let player = page_player(l.name(), 0, None).unwrap();
                assert_eq!(player.budget_on(size), page_budget(l, size), "{l} {size}");
            }
        }
        let player = page_player("analysis", 0, None).unwrap();
        assert!(player.budget() <= PAGE_MAX_BUDGET);
        assert!(page_budget(Level::Hard, 26) < page_budget(Level::Hard, 8));
        // The page's Hard is the Hard of `diablo match` and docs/ai.md at
        // every size: the cap never cuts it.
        for size in (2u8..=26).step_by(2) {
            assert_eq!(
                page_budget(Level::Hard, size),
                Level::Hard.budget_for(size),
                "{size}"
            );
        }
        assert_eq!(page_player("easy", 0, Some(123)).unwrap().budget(), 123);
    }
}
