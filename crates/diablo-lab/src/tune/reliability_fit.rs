//! `diablo-lab reliability-fit`: fits the win-chance calibration and
//! prints reliability tables, from the rows [`super::reliability`]
//! collects (read from files or stdin).
//!
//! For each size and edition: the fit (a shift and a temperature on each
//! side of even, by log-loss with Newton's method) on all rows, the same
//! fitted on the even games and scored on the odd ones (a held-out check),
//! and the reliability table of the chances as the library now calibrates
//! them (predicted bucket by tenths, count, mean prediction, actual win
//! rate) with the mean absolute calibration error (bucket errors weighted
//! by count).

use diablo_ai::calibrated;
use diablo_core::Edition;
use std::collections::BTreeMap;
use std::io::Read as _;

/// The options of `diablo-lab reliability-fit`.
#[derive(clap::Args)]
pub struct Args {
    /// Files of rows from `reliability` (read in order); without any, the
    /// rows are read from stdin.
    #[arg(value_name = "FILE")]
    files: Vec<String>,
}

/// One position: raw chance and whether the mover won.
type Row = (f64, bool);

fn logit(p: f64) -> f64 {
    let p = p.clamp(1e-4, 1.0 - 1e-4);
    (p / (1.0 - p)).ln()
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The fit's inputs for a raw chance: 1, the logit where negative, the
/// logit where positive (a shift and a slope on each side of even).
fn inputs(raw: f64) -> [f64; 3] {
    let x = logit(raw);
    [1.0, x.min(0.0), x.max(0.0)]
}

fn predict(w: [f64; 3], raw: f64) -> f64 {
    let f = inputs(raw);
    sigmoid(w[0] * f[0] + w[1] * f[1] + w[2] * f[2])
}

fn fit_loss(rows: &[Row], w: [f64; 3]) -> f64 {
    rows.iter()
        .map(|&(raw, won)| {
            let p = predict(w, raw).clamp(1e-9, 1.0 - 1e-9);
            -if won { p.ln() } else { (1.0 - p).ln() }
        })
        .sum()
}

/// Solves the 3x3 system `h d = g` (Cramer's rule).
fn solve3(h: [[f64; 3]; 3], g: [f64; 3]) -> Option<[f64; 3]> {
    let det = |m: [[f64; 3]; 3]| {
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    };
    let d = det(h);
    if d.abs() < 1e-12 {
        return None;
    }
    let mut out = [0.0; 3];
    for (k, o) in out.iter_mut().enumerate() {
        let mut m = h;
        for r in 0..3 {
            m[r][k] = g[r];
        }
        *o = det(m) / d;
    }
    Some(out)
}

/// Logistic regression of the result on [`inputs`] (log-loss, Newton steps
/// halved until the loss drops): weights (shift, slope below even, slope
/// above even).
fn fit(rows: &[Row]) -> [f64; 3] {
    let mut w = [0.0, 1.0, 1.0];
    let mut loss = fit_loss(rows, w);
    for _ in 0..100 {
        let mut g = [0.0; 3];
        let mut h = [[0.0; 3]; 3];
        for &(raw, won) in rows {
            let f = inputs(raw);
            let p = predict(w, raw);
            let e = p - f64::from(u8::from(won));
            let v = (p * (1.0 - p)).max(1e-9);
            for i in 0..3 {
                g[i] += e * f[i];
                for j in 0..3 {
                    h[i][j] += v * f[i] * f[j];
                }
            }
        }
        let Some(d) = solve3(h, g) else { break };
        let mut step = 1.0;
        let mut moved = false;
        while step > 1e-6 {
            let next = [w[0] - step * d[0], w[1] - step * d[1], w[2] - step * d[2]];
            let l = fit_loss(rows, next);
            if l <= loss {
                moved = (loss - l) > 1e-12;
                w = next;
                loss = l;
                break;
            }
            step /= 2.0;
        }
        if !moved {
            break;
        }
    }
    w
}

/// Mean absolute calibration error of predictions by tenths, and the table.
fn reliability(pred: &[(f64, bool)]) -> (f64, Vec<(usize, usize, f64, f64)>) {
    let mut buckets = vec![(0usize, 0.0f64, 0usize); 10];
    for &(p, won) in pred {
        let k = ((p * 10.0) as usize).min(9);
        buckets[k].0 += 1;
        buckets[k].1 += p;
        buckets[k].2 += usize::from(won);
    }
    let n = pred.len() as f64;
    let mut mace = 0.0;
    let mut table = Vec::new();
    for (k, &(count, sum, wins)) in buckets.iter().enumerate() {
        if count == 0 {
            continue;
        }
        let mean = sum / count as f64;
        let actual = wins as f64 / count as f64;
        mace += count as f64 / n * (mean - actual).abs();
        table.push((k, count, mean, actual));
    }
    (mace, table)
}

fn log_loss(pred: &[(f64, bool)]) -> f64 {
    pred.iter()
        .map(|&(p, won)| {
            let p = p.clamp(1e-6, 1.0 - 1e-6);
            -if won { p.ln() } else { (1.0 - p).ln() }
        })
        .sum::<f64>()
        / pred.len() as f64
}

/// Reads the rows, fits and prints the tables.
///
/// # Errors
/// A file or stdin that cannot be read, or a row of an unknown edition.
pub fn run(args: &Args) -> Result<(), String> {
    let mut text = String::new();
    if args.files.is_empty() {
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("cannot read stdin: {e}"))?;
    }
    for path in &args.files {
        if !text.is_empty() && !text.ends_with('\n') {
            text.push('\n');
        }
        text.push_str(
            &std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?,
        );
    }
    // (size, edition) -> rows with their game number.
    let mut groups: BTreeMap<(u8, String), Vec<(u64, Row)>> = BTreeMap::new();
    // Games are numbered anew by each run of the collector: a game is a run
    // of consecutive rows with one number.
    let (mut game, mut last) = (0u64, None);
    for line in text.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() != 6 {
            continue;
        }
        let (Ok(size), Ok(raw)) = (f[0].parse(), f[4].parse()) else {
            continue;
        };
        if last != Some(f[2]) {
            game += 1;
            last = Some(f[2]);
        }
        groups
            .entry((size, f[1].to_string()))
            .or_default()
            .push((game, (raw, f[5] == "1")));
    }
    for ((size, edition_name), rows) in &groups {
        let edition: Edition = edition_name
            .parse()
            .map_err(|e| format!("a row of {size}x{size}: {e}"))?;
        // Certain positions (a win on the spot for every roll) are not
        // calibrated and are left out of the fit.
        let all: Vec<Row> = rows.iter().map(|r| r.1).collect();
        let open: Vec<Row> = all
            .iter()
            .copied()
            .filter(|r| r.0 > 0.0 && r.0 < 1.0)
            .collect();
        let w = fit(&open);
        let even: Vec<Row> = rows
            .iter()
            .filter(|r| r.0 % 2 == 0 && r.1.0 > 0.0 && r.1.0 < 1.0)
            .map(|r| r.1)
            .collect();
        let odd: Vec<Row> = rows.iter().filter(|r| r.0 % 2 == 1).map(|r| r.1).collect();
        let hw = fit(&even);
        let held: Vec<(f64, bool)> = odd
            .iter()
            .map(|&(raw, won)| {
                let p = if raw <= 0.0 || raw >= 1.0 {
                    raw
                } else {
                    predict(hw, raw)
                };
                (p, won)
            })
            .collect();
        let (held_mace, _) = reliability(&held);
        let shipped: Vec<(f64, bool)> = all
            .iter()
            .map(|&(raw, won)| (calibrated(raw, *size, edition), won))
            .collect();
        let (mace, table) = reliability(&shipped);
        let (raw_mace, _) = reliability(&all);
        println!(
            "{size}x{size} {edition}: {} positions from {} games; fit shift {:.3} temperature below even {:.3}, above {:.3}; \
             held-out (fit on even games, scored on odd) MACE {held_mace:.4}",
            all.len(),
            rows.iter()
                .map(|r| r.0)
                .collect::<std::collections::BTreeSet<_>>()
                .len(),
            w[0],
            1.0 / w[1],
            1.0 / w[2]
        );
        println!(
            "  as shipped: MACE {mace:.4} (uncalibrated {raw_mace:.4}), log-loss {:.4} (uncalibrated {:.4})",
            log_loss(&shipped),
            log_loss(&all)
        );
        println!("  | predicted | positions | mean predicted | actual win rate |");
        println!("  |---|---|---|---|");
        for (k, count, mean, actual) in table {
            println!(
                "  | {:.1}–{:.1} | {count} | {mean:.3} | {actual:.3} |",
                k as f64 / 10.0,
                (k + 1) as f64 / 10.0
            );
        }
    }
    Ok(())
}
