//! Rolling the dice. The engine takes rolls as input; this is where they
//! come from in the browser (`crypto.getRandomValues` through getrandom).

use crate::error::Failure;
use rand::rngs::{SmallRng, SysRng};
use rand::{RngExt, SeedableRng};

/// Two dice with `faces` faces each, each showing 1..=faces.
///
/// # Errors
/// `internal` when `faces` is 0, `no-random` when the system generator
/// fails.
pub fn roll_two(faces: u8) -> Result<(u8, u8), Failure> {
    if faces == 0 {
        return Err(Failure::new("internal", "a die needs at least one face"));
    }
    // A fresh seed per roll: a few bytes from the system generator, and no
    // way for a failure to become a panic.
    let mut rng = SmallRng::try_from_rng(&mut SysRng).map_err(|e| {
        Failure::new(
            "no-random",
            format!("no random numbers available for the dice: {e}"),
        )
    })?;
    Ok((rng.random_range(1..=faces), rng.random_range(1..=faces)))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn every_face_comes_up_and_nothing_else() {
        for faces in [1u8, 2, 3, 4, 8, 13] {
            let mut seen = vec![false; usize::from(faces) + 1];
            for _ in 0..400 {
                let (a, b) = roll_two(faces).unwrap();
                assert!((1..=faces).contains(&a) && (1..=faces).contains(&b));
                seen[usize::from(a)] = true;
                seen[usize::from(b)] = true;
            }
            assert!(seen[1..].iter().all(|&s| s), "faces {faces}: {seen:?}");
        }
        assert!(roll_two(0).is_err());
    }
}
