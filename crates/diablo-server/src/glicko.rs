//! Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2013),
//! with lichess's settings: a new player at 1500 with RD 500 and
//! volatility 0.09, τ 0.75, RD kept within 45..500 and growing with time
//! away, provisional while RD ≥ 110. As on lichess each game is its own
//! rating period, spanning the days since the player's last game.

use serde::{Deserialize, Serialize};

/// Glicko-2's scale factor between the Glicko and Glicko-2 scales.
const SCALE: f64 = 173.7178;
/// A new player's rating.
pub const START_RATING: f64 = 1500.0;
/// A new player's rating deviation.
pub const START_RD: f64 = 500.0;
/// A new player's volatility.
pub const START_VOLATILITY: f64 = 0.09;
/// The system constant τ: how fast volatility may change.
pub const TAU: f64 = 0.75;
/// The smallest rating deviation kept.
pub const MIN_RD: f64 = 45.0;
/// The largest rating deviation kept.
pub const MAX_RD: f64 = 500.0;
/// A rating with a deviation at least this is provisional (shown with "?").
pub const PROVISIONAL_RD: f64 = 110.0;
/// Rating periods per day of absence (lichess's value): how fast RD grows
/// while a player does not play.
pub const PERIODS_PER_DAY: f64 = 0.21436;
/// Convergence tolerance of the volatility iteration.
const EPSILON: f64 = 0.000_001;

/// A player's rating, deviation and volatility.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The rating, 1500 for a new player.
    pub rating: f64,
    /// The rating deviation (RD).
    pub rd: f64,
    /// The volatility σ.
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating {
            rating: START_RATING,
            rd: START_RD,
            volatility: START_VOLATILITY,
        }
    }
}

/// One game's result against an opponent, from the rated player's side.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Outcome {
    /// The opponent's rating before the game.
    pub opponent: Rating,
    /// 1 for a win, 0 for a loss, 0.5 for a draw.
    pub score: f64,
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

impl Rating {
    /// Whether the rating is provisional (RD ≥ 110).
    #[must_use]
    pub fn provisional(&self) -> bool {
        self.rd >= PROVISIONAL_RD
    }

    /// The rating after `days` without a game: RD grows as over that many
    /// days' rating periods, up to [`MAX_RD`].
    #[must_use]
    pub fn after_absence(self, days: f64) -> Rating {
        let periods = (days.max(0.0)) * PERIODS_PER_DAY;
        let phi = self.rd / SCALE;
        let phi = (phi * phi + periods * self.volatility * self.volatility).sqrt();
        Rating {
            rd: (phi * SCALE).clamp(MIN_RD, MAX_RD),
            ..self
        }
    }

    /// The rating after a rating period with `games`, with system
    /// constant `tau` ([`TAU`] in play; the paper's example uses 0.5), over
    /// `elapsed` periods (1 in the paper; lichess counts the days since the
    /// player's last game, [`PERIODS_PER_DAY`] periods a day). With no
    /// games only RD grows. The result's RD is not clamped:
    /// [`Rating::update`] clamps.
    #[must_use]
    pub fn period(self, games: &[Outcome], tau: f64, elapsed: f64) -> Rating {
        let mu = (self.rating - START_RATING) / SCALE;
        let phi = self.rd / SCALE;
        let sigma = self.volatility;
        if games.is_empty() {
            let phi = (phi * phi + elapsed * sigma * sigma).sqrt();
            return Rating {
                rd: phi * SCALE,
                ..self
            };
        }
        let mut v_inv = 0.0;
        let mut sum = 0.0;
        for game in games {
            let mu_j = (game.opponent.rating - START_RATING) / SCALE;
            let phi_j = game.opponent.rd / SCALE;
            let e = expected(mu, mu_j, phi_j);
            let gj = g(phi_j);
            v_inv += gj * gj * e * (1.0 - e);
            sum += gj * (game.score - e);
        }
        let v = 1.0 / v_inv;
        let delta = v * sum;
        let sigma = new_volatility(phi, sigma, v, delta, tau);
        let phi_star = (phi * phi + elapsed * sigma * sigma).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * sum;
        Rating {
            rating: mu_new * SCALE + START_RATING,
            rd: phi_new * SCALE,
            volatility: sigma,
        }
    }

    /// The rating after one game, as lichess rates it: the game is its own
    /// period, over the `days` since the player's last rated game, with
    /// [`TAU`], and RD kept within [`MIN_RD`]..[`MAX_RD`].
    #[must_use]
    pub fn update(self, opponent: Rating, score: f64, days: f64) -> Rating {
        let elapsed = days.max(0.0) * PERIODS_PER_DAY;
        let next = self.period(&[Outcome { opponent, score }], TAU, elapsed);
        Rating {
            rd: next.rd.clamp(MIN_RD, MAX_RD),
            ..next
        }
    }
}

/// Step 5 of Glickman's paper: the new volatility, by the Illinois
/// algorithm.
fn new_volatility(phi: f64, sigma: f64, v: f64, delta: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 && k < 1000.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    let mut steps = 0;
    while (big_b - big_a).abs() > EPSILON && steps < 200 {
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
        steps += 1;
    }
    (big_a / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(rating: f64, rd: f64) -> Rating {
        Rating {
            rating,
            rd,
            volatility: 0.06,
        }
    }

    #[test]
    fn glickmans_worked_example() {
        // 1500/200/0.06 against 1400/30 (won), 1550/100 (lost), 1700/300
        // (lost), τ = 0.5: 1464.06 / 151.52 / 0.05999.
        let games = [
            Outcome {
                opponent: r(1400.0, 30.0),
                score: 1.0,
            },
            Outcome {
                opponent: r(1550.0, 100.0),
                score: 0.0,
            },
            Outcome {
                opponent: r(1700.0, 300.0),
                score: 0.0,
            },
        ];
        let next = r(1500.0, 200.0).period(&games, 0.5, 1.0);
        assert!((next.rating - 1464.06).abs() < 0.01, "{next:?}");
        assert!((next.rd - 151.52).abs() < 0.01, "{next:?}");
        assert!((next.volatility - 0.05999).abs() < 0.00001, "{next:?}");
    }

    #[test]
    fn lichess_settings_for_a_new_player() {
        let new = Rating::default();
        assert_eq!((new.rating, new.rd, new.volatility), (1500.0, 500.0, 0.09));
        assert!(new.provisional());
        let (winner, loser) = (new.update(new, 1.0, 0.0), new.update(new, 0.0, 0.0));
        // Two new players: the winner gains what the loser loses, a lot,
        // and both become surer (RD falls) yet stay provisional.
        assert!(
            winner.rating > 1700.0 && winner.rating < 1800.0,
            "{winner:?}"
        );
        assert!((winner.rating - 1500.0 - (1500.0 - loser.rating)).abs() < 1e-6);
        assert!(winner.rd < 500.0 && winner.provisional());
    }

    #[test]
    fn rd_stays_within_its_bounds() {
        let mut a = Rating::default();
        let b = Rating {
            rating: 1500.0,
            rd: 45.0,
            volatility: 0.06,
        };
        for i in 0..400 {
            a = a.update(b, if i % 2 == 0 { 1.0 } else { 0.0 }, 0.05);
            assert!((MIN_RD..=MAX_RD).contains(&a.rd), "{a:?}");
        }
        assert!(
            (a.rd - MIN_RD).abs() < 1e-9,
            "many games bring RD to its floor: {a:?}"
        );
        assert!(!a.provisional());
        // A year away: RD grows back, never past 500.
        let away = a.after_absence(365.0);
        assert!(away.rd > a.rd && away.rd <= MAX_RD, "{away:?}");
        assert_eq!(a.after_absence(0.0).rd, a.rd);
        assert_eq!(Rating::default().after_absence(10_000.0).rd, MAX_RD);
    }

    #[test]
    fn an_upset_moves_more_than_an_expected_result() {
        let strong = Rating {
            rating: 1900.0,
            rd: 60.0,
            volatility: 0.06,
        };
        let weak = Rating {
            rating: 1400.0,
            rd: 60.0,
            volatility: 0.06,
        };
        let expected_win = strong.update(weak, 1.0, 1.0).rating - strong.rating;
        let upset_loss = strong.rating - strong.update(weak, 0.0, 1.0).rating;
        assert!(expected_win > 0.0 && upset_loss > 4.0 * expected_win);
    }
}
