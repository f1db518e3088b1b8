//! # diablo-lab
//!
//! Development tools over the engine of **Diablo, a game by Mark Steere**;
//! nothing here is shipped to the browser. Today it makes the puzzle set of
//! the puzzles page ([`puzzles`], `diablo-lab puzzles`, docs/puzzles.md).

#![deny(missing_docs)]

pub mod net;
pub mod puzzles;
pub mod rollouts;
