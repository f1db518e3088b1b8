//! Tournaments' arithmetic (docs/tournaments.md): who plays whom
//! in a round robin, and the standings with their tie-break, as pure
//! functions of the players and the results, so the rules are tested
//! without a server.
//!
//! - **Round robin**: everyone plays everyone once (twice in a double
//!   round robin, colours swapped), by the circle method: with an odd
//!   number of players one sits out each round (a bye, no game). More than
//!   [`GROUP`] players are split into groups of at most [`GROUP`] by
//!   rating (best first), as Abstract Play does, each its own round robin.
//! - **Standings**: 1 point a win; ties broken by Sonneborn–Berger (the
//!   points of each opponent beaten, summed), then by wins, then by key
//!   (so the order is the same everywhere). A forfeit (a withdrawn
//!   player's unplayed game) is a win for the other, scored as one, but
//!   no rating change.

use std::collections::HashMap;

/// The most players in one round-robin group.
pub const GROUP: usize = 10;

/// One game of a round robin: its round (from 1) and who plays which
/// colour, as indices into the players given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pairing {
    /// The round, from 1.
    pub round: u32,
    /// Black's index.
    pub black: usize,
    /// Green's index.
    pub green: usize,
}

/// The pairings of a round robin of `n` players (`double`: twice, the
/// second half with colours swapped), round by round. The circle method:
/// player 0 stays, the others turn, colours as Berger's tables give them
/// (each player's at most one apart).
#[must_use]
pub fn round_robin(n: usize, double: bool) -> Vec<Pairing> {
    if n < 2 {
        return Vec::new();
    }
    // An odd count gets a ghost: whoever meets it sits the round out.
    let m = n + n % 2;
    let mut ring: Vec<usize> = (0..m).collect();
    let rounds = m - 1;
    let mut out = Vec::with_capacity(n * (n - 1) / if double { 1 } else { 2 });
    for r in 0..rounds {
        for i in 0..m / 2 {
            let (a, b) = (ring[i], ring[m - 1 - i]);
            if a >= n || b >= n {
                continue;
            }
            // Berger's tables: the fixed player alternates colours round
            // by round, and of the others the one on the ring's first half
            // has Black.
            let (black, green) = if i > 0 || r % 2 == 0 { (a, b) } else { (b, a) };
            out.push(Pairing {
                round: u32::try_from(r + 1).unwrap_or(u32::MAX),
                black,
                green,
            });
        }
        // Turn every place but the first one step.
        let last = ring.pop().unwrap_or_default();
        ring.insert(1, last);
    }
    if double {
        let first: Vec<Pairing> = out.clone();
        let offset = u32::try_from(rounds).unwrap_or(u32::MAX);
        out.extend(first.into_iter().map(|p| Pairing {
            round: p.round + offset,
            black: p.green,
            green: p.black,
        }));
    }
    out
}

/// Splits players (indices with their ratings) into round-robin groups of
/// at most [`GROUP`], best rating first, as even in size as they can be
/// (so no group is left with one player). Ties keep the order given.
#[must_use]
pub fn groups(ratings: &[f64]) -> Vec<Vec<usize>> {
    let mut order: Vec<usize> = (0..ratings.len()).collect();
    order.sort_by(|&a, &b| ratings[b].total_cmp(&ratings[a]));
    if order.is_empty() {
        return Vec::new();
    }
    let count = order.len().div_ceil(GROUP);
    let (base, extra) = (order.len() / count, order.len() % count);
    let mut out = Vec::with_capacity(count);
    let mut at = 0;
    for g in 0..count {
        let len = base + usize::from(g < extra);
        out.push(order[at..at + len].to_vec());
        at += len;
    }
    out
}

/// A finished game of a tournament, for the standings: the two players
/// (keys) and the winner's key; `forfeit` when it was never played (the
/// other player withdrawn).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Result {
    /// Black's key.
    pub black: String,
    /// Green's key.
    pub green: String,
    /// The winner's key.
    pub winner: String,
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    /// The player's key.
    pub key: String,
    /// Points: 1 a win.
    pub points: f64,
    /// Games finished (forfeits included).
    pub games: u32,
    /// Games won.
    pub wins: u32,
    /// Sonneborn–Berger: the final points of each opponent beaten, summed.
    pub tiebreak: f64,
}

/// The standings of `players` (keys) after `results`, best first: by
/// points, then Sonneborn–Berger, then wins, then key. A result naming a
/// key not among the players is left out.
#[must_use]
pub fn standings(players: &[String], results: &[Result]) -> Vec<Standing> {
    let mut lines: HashMap<&str, Standing> = players
        .iter()
        .map(|k| {
            (
                k.as_str(),
                Standing {
                    key: k.clone(),
                    points: 0.0,
                    games: 0,
                    wins: 0,
                    tiebreak: 0.0,
                },
            )
        })
        .collect();
    let known = |r: &&Result| {
        lines.contains_key(r.black.as_str())
            && lines.contains_key(r.green.as_str())
            && (r.winner == r.black || r.winner == r.green)
    };
    let counted: Vec<&Result> = results.iter().filter(known).collect();
    for r in &counted {
        for key in [&r.black, &r.green] {
            if let Some(line) = lines.get_mut(key.as_str()) {
                line.games += 1;
                if *key == r.winner {
                    line.wins += 1;
                    line.points += 1.0;
                }
            }
        }
    }
    let points: HashMap<&str, f64> = lines.iter().map(|(k, l)| (*k, l.points)).collect();
    for r in &counted {
        let loser = if r.winner == r.black {
            &r.green
        } else {
            &r.black
        };
        let beaten = points.get(loser.as_str()).copied().unwrap_or(0.0);
        if let Some(line) = lines.get_mut(r.winner.as_str()) {
            line.tiebreak += beaten;
        }
    }
    let mut out: Vec<Standing> = lines.into_values().collect();
    out.sort_by(|a, b| {
        b.points
            .total_cmp(&a.points)
            .then(b.tiebreak.total_cmp(&a.tiebreak))
            .then(b.wins.cmp(&a.wins))
            .then(a.key.cmp(&b.key))
    });
    out
}

/// A pairing as the standings read it: the two keys and, once its game
/// ended, the winner's key (`None`: aborted, no result) and whether it was
/// lost on time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    /// Black's key.
    pub black: String,
    /// Green's key.
    pub green: String,
    /// `None` while it is not over; `Some(None)` when it ended without a
    /// winner (aborted).
    pub winner: Option<Option<String>>,
    /// Whether it was lost on time.
    pub on_time: bool,
}

/// Losses on time that withdraw a player.
pub const WITHDRAWN_AFTER: usize = 2;

/// What the pairings come to: the results (forfeits included), the
/// players withdrawn, and whether every pairing is decided.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Decided {
    /// Every result: the games won, and each unplayed game of a withdrawn
    /// player, won by the other (a forfeit: no rating change).
    pub results: Vec<Result>,
    /// How many of them are forfeits.
    pub forfeits: usize,
    /// Players who lost [`WITHDRAWN_AFTER`] games on time.
    pub withdrawn: Vec<String>,
    /// Whether nothing is left to play.
    pub over: bool,
}

/// Decides `pairings`: a player who lost [`WITHDRAWN_AFTER`] games on time
/// is withdrawn, and each of their pairings not over is a forfeit won by
/// the other (both withdrawn: nobody's). An aborted game counts for
/// nobody. Over when every pairing has ended or is forfeited.
#[must_use]
pub fn decide(pairings: &[Played]) -> Decided {
    let mut time_losses: HashMap<&str, usize> = HashMap::new();
    for p in pairings {
        if let Some(Some(w)) = &p.winner
            && p.on_time
        {
            let loser = if *w == p.black { &p.green } else { &p.black };
            *time_losses.entry(loser.as_str()).or_default() += 1;
        }
    }
    let mut withdrawn: Vec<String> = time_losses
        .into_iter()
        .filter(|&(_, n)| n >= WITHDRAWN_AFTER)
        .map(|(k, _)| k.to_string())
        .collect();
    withdrawn.sort();
    let out = |k: &String| withdrawn.contains(k);
    let mut d = Decided {
        over: true,
        ..Decided::default()
    };
    for p in pairings {
        match &p.winner {
            Some(Some(w)) => d.results.push(Result {
                black: p.black.clone(),
                green: p.green.clone(),
                winner: w.clone(),
            }),
            Some(None) => {}
            None => match (out(&p.black), out(&p.green)) {
                (false, false) => d.over = false,
                (true, true) => {}
                (black_out, _) => {
                    d.forfeits += 1;
                    d.results.push(Result {
                        black: p.black.clone(),
                        green: p.green.clone(),
                        winner: if black_out {
                            p.green.clone()
                        } else {
                            p.black.clone()
                        },
                    });
                }
            },
        }
    }
    d.withdrawn = withdrawn;
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn everyone_meets_everyone_once_a_round_at_most_once_a_round() {
        for n in 2..=11 {
            let pairings = round_robin(n, false);
            assert_eq!(pairings.len(), n * (n - 1) / 2, "{n} players");
            let mut met = HashSet::new();
            for p in &pairings {
                assert!(p.black < n && p.green < n && p.black != p.green);
                assert!(met.insert((p.black.min(p.green), p.black.max(p.green))));
            }
            let rounds = n + n % 2 - 1;
            for r in 1..=u32::try_from(rounds).expect("a few rounds") {
                let seen: Vec<usize> = pairings
                    .iter()
                    .filter(|p| p.round == r)
                    .flat_map(|p| [p.black, p.green])
                    .collect();
                let unique: HashSet<_> = seen.iter().collect();
                assert_eq!(unique.len(), seen.len(), "a player twice in round {r}");
                assert_eq!(seen.len(), n - n % 2, "a bye only with an odd count");
            }
            // Colours as even as can be: nobody more than one game off.
            for i in 0..n {
                let black = pairings.iter().filter(|p| p.black == i).count();
                let green = pairings.iter().filter(|p| p.green == i).count();
                assert!(black.abs_diff(green) <= 1, "{n}: {i} {black}/{green}");
            }
        }
        assert!(round_robin(1, true).is_empty());
    }

    #[test]
    fn a_double_round_robin_plays_each_pair_once_each_way() {
        let p = round_robin(4, true);
        assert_eq!(p.len(), 12);
        assert_eq!(p.iter().map(|x| x.round).max(), Some(6));
        for a in 0..4 {
            for b in 0..4 {
                if a != b {
                    let n = p.iter().filter(|x| x.black == a && x.green == b).count();
                    assert_eq!(n, 1, "{a} as Black against {b}");
                }
            }
        }
    }

    #[test]
    fn groups_of_at_most_ten_by_rating_as_even_as_can_be() {
        assert!(groups(&[]).is_empty());
        assert_eq!(groups(&[1500.0, 1700.0, 1600.0]), vec![vec![1, 2, 0]]);
        let ratings: Vec<f64> = (0..21).map(f64::from).collect();
        let g = groups(&ratings);
        assert_eq!(
            g.iter().map(Vec::len).collect::<Vec<_>>(),
            vec![7, 7, 7],
            "21 players: three groups of 7, not 10, 10 and 1"
        );
        assert_eq!(g[0][0], 20, "the best first");
        assert_eq!(groups(&[1500.0; 11]).len(), 2);
        assert_eq!(groups(&[1500.0; 10]).len(), 1);
    }

    fn won(black: &str, green: &str, winner: &str) -> Result {
        Result {
            black: black.into(),
            green: green.into(),
            winner: winner.into(),
        }
    }

    fn played(black: &str, green: &str, winner: Option<Option<&str>>, on_time: bool) -> Played {
        Played {
            black: black.into(),
            green: green.into(),
            winner: winner.map(|w| w.map(String::from)),
            on_time,
        }
    }

    #[test]
    fn two_losses_on_time_withdraw_a_player_and_their_unplayed_games_are_forfeits() {
        let pairings = [
            played("a", "b", Some(Some("a")), true),
            played("c", "b", Some(Some("c")), true),
            played("b", "d", None, false),
            played("a", "c", None, false),
            played("d", "a", Some(None), false),
        ];
        let d = decide(&pairings);
        assert_eq!(d.withdrawn, ["b"]);
        assert_eq!(d.forfeits, 1);
        assert_eq!(d.results.len(), 3);
        assert_eq!(d.results[2], won("b", "d", "d"), "b's unplayed game: d's");
        assert!(!d.over, "a and c have yet to play");
        // One loss on time withdraws nobody; all played: over.
        let d = decide(&[played("a", "b", Some(Some("a")), true)]);
        assert!(d.withdrawn.is_empty() && d.over);
    }

    #[test]
    fn standings_by_points_then_sonneborn_berger() {
        let players: Vec<String> = ["a", "b", "c", "d"].map(String::from).to_vec();
        // a beats b; b beats c and d; c beats a and d; d beats a.
        // Points: a 1, b 2, c 2, d 1.
        // SB: a 2 (b), b 2+1 = 3 (c, d), c 1+1 = 2 (a, d), d 1 (a).
        let results = [
            won("a", "b", "a"),
            won("b", "c", "b"),
            won("d", "b", "b"),
            won("c", "a", "c"),
            won("c", "d", "c"),
            won("a", "d", "d"),
        ];
        let s = standings(&players, &results);
        let order: Vec<&str> = s.iter().map(|l| l.key.as_str()).collect();
        assert_eq!(order, ["b", "c", "a", "d"]);
        assert_eq!(
            (s[0].points, s[0].tiebreak, s[0].wins, s[0].games),
            (2.0, 3.0, 2, 3)
        );
        assert_eq!((s[1].points, s[1].tiebreak), (2.0, 2.0));
        assert_eq!((s[2].points, s[2].tiebreak), (1.0, 2.0));
        assert_eq!((s[3].points, s[3].tiebreak), (1.0, 1.0));
        // A result of a stranger, or naming a winner who did not play, is
        // left out; nobody has played: all 0, by key.
        let odd = [won("a", "x", "a"), won("a", "b", "c")];
        let s = standings(&players, &odd);
        assert!(s.iter().all(|l| l.games == 0));
        assert_eq!(s[0].key, "a");
    }
}
