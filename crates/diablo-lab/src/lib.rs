//! # diablo-lab
//!
//! Development tools over the engine of **Diablo, a game by Mark Steere**;
//! nothing here is shipped to the browser. It makes the puzzle set of the
//! puzzles page ([`puzzles`], `diablo-lab puzzles`, docs/puzzles.md) and
//! holds the AI's tuning and measuring tools ([`tune`], `diablo-lab duel`,
//! `texel`, `think`, ...), the learned evaluation's training ([`net`];
//! the board net's in [`board`]) and the big-board yardstick
//! ([`rollouts`]) (docs/ai.md).

#![deny(missing_docs)]

pub mod board;
pub mod net;
pub mod puzzles;
pub mod rollouts;
pub mod tune;
