//! Hand-made positions with one clearly right turn.

use diablo_ai::{Level, Player, win_chance};
use diablo_core::{Color, Edition, Outcome, Position, Roll};

fn pos(code: &str) -> Position {
    code.parse().expect("test position code")
}

/// Every level above Beginner plays the capture `want` (possibly after a
/// step) and wins at once.
fn finds_win(code: &str, edition: Edition, roll: (u8, u8), want: &str) {
    let p = pos(code);
    let roll = Roll::new(roll.0, roll.1).expect("test roll");
    for level in [Level::Easy, Level::Medium, Level::Hard, Level::Analysis] {
        let c = Player::new(level, 4)
            .choose(&p, edition, roll)
            .expect("in play");
        let played = c.turn.to_string();
        assert!(
            played.ends_with(want),
            "{level} played {played} in {code} ({edition})"
        );
        let after = p.play(edition, roll, &c.turn).expect("legal");
        assert_eq!(after.outcome(), Outcome::Won(p.side_to_move()));
        assert_eq!(c.win_chance, 1.0);
    }
}

#[test]
fn captures_the_last_enemy_stack() {
    // 6x6, Black to move: its b3 on a1 can take the last Green stack (g2 on
    // a3) with the 2. Every other turn lets Green's g2 live on.
    let code = "....../....../....../g2...../....../b3....b b 9";
    finds_win(code, Edition::Standard, (2, 3), "a1-a3");
    finds_win(code, Edition::Sequenced, (3, 2), "a1-a3");
}

#[test]
fn captures_after_a_step_when_no_direct_capture_exists() {
    // Green to move with 1,2 on 6x6: g3 on c2 can step c2-c3 (1) and take
    // the b2 on e3 (2), or step c2-e2 (2) and take it (1). No direct
    // capture is possible; the b2 on f6 is out of reach.
    let code = ".....b2/....../....../....b2./..g3.../g..... g 10";
    let p = pos(code);
    let roll = Roll::new(1, 2).expect("test roll");
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        let c = Player::new(level, 4)
            .choose(&p, Edition::Standard, roll)
            .expect("in play");
        let after = p.play(Edition::Standard, roll, &c.turn).expect("legal");
        assert_eq!(after.checkers(Color::Black), 2, "{level} played {}", c.turn);
    }
}

#[test]
fn win_chance_sees_who_stands_better() {
    // Black's b8 faces two single Green checkers far apart: Black is far
    // ahead whoever moves.
    let ahead = pos("....../....../..b8.../....../g...../.....g b 11");
    let behind = pos("....../....../..b8.../....../g...../.....g g 12");
    let a = win_chance(&ahead, Edition::Standard);
    let b = win_chance(&behind, Edition::Standard);
    assert!(a > 0.8, "mover far ahead: {a}");
    assert!(b < 0.2, "mover far behind: {b}");
    let over = pos("....../....../..b8.../....../....../...... g 12");
    assert_eq!(win_chance(&over, Edition::Standard), 0.0);
}
