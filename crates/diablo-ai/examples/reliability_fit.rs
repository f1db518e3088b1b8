//! Fits the win-chance calibration and prints reliability tables, from the
//! rows `examples/reliability.rs` collects (read from stdin):
//!
//! ```text
//! cat rows/*.tsv | cargo run --release -p diablo-ai --example reliability_fit
//! ```
//!
//! For each size and edition: the Platt fit (shift and temperature, by
//! log-loss with Newton's method) on all rows, the same fitted on the even
//! games and scored on the odd ones (a held-out check), and the reliability
//! table of the chances as the library now calibrates them (predicted
//! bucket by tenths, count, mean prediction, actual win rate) with the mean
//! absolute calibration error (bucket errors weighted by count).

use diablo_ai::calibrated;
use diablo_core::Edition;
use std::collections::BTreeMap;
use std::io::Read as _;

/// One position: raw chance and whether the mover won.
type Row = (f64, bool);

fn logit(p: f64) -> f64 {
    let p = p.clamp(1e-4, 1.0 - 1e-4);
    (p / (1.0 - p)).ln()
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn platt_loss(rows: &[Row], a: f64, b: f64) -> f64 {
    rows.iter()
        .map(|&(raw, won)| {
            let p = sigmoid(a + b * logit(raw)).clamp(1e-9, 1.0 - 1e-9);
            -if won { p.ln() } else { (1.0 - p).ln() }
        })
        .sum()
}

/// Platt scaling: (shift a, slope b) minimising log-loss of σ(a + b·logit(raw)),
/// by Newton steps halved until the loss drops.
fn fit(rows: &[Row]) -> (f64, f64) {
    let (mut a, mut b) = (0.0, 1.0);
    let mut loss = platt_loss(rows, a, b);
    for _ in 0..100 {
        let (mut ga, mut gb, mut haa, mut hab, mut hbb) = (0.0, 0.0, 0.0, 0.0, 0.0);
        for &(raw, won) in rows {
            let x = logit(raw);
            let p = sigmoid(a + b * x);
            let e = p - f64::from(u8::from(won));
            let w = (p * (1.0 - p)).max(1e-9);
            ga += e;
            gb += e * x;
            haa += w;
            hab += w * x;
            hbb += w * x * x;
        }
        let det = haa * hbb - hab * hab;
        if det.abs() < 1e-12 {
            break;
        }
        let (da, db) = ((hbb * ga - hab * gb) / det, (haa * gb - hab * ga) / det);
        let mut step = 1.0;
        while step > 1e-6 {
            let next = platt_loss(rows, a - step * da, b - step * db);
            if next <= loss {
                a -= step * da;
                b -= step * db;
                loss = next;
                break;
            }
            step /= 2.0;
        }
        if step <= 1e-6 || (step * (da.abs() + db.abs())) < 1e-10 {
            break;
        }
    }
    (a, b)
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

fn main() {
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .expect("rows on stdin");
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
        let edition: Edition = edition_name.parse().expect("edition");
        // Certain positions (a win on the spot for every roll) are not
        // calibrated and are left out of the fit.
        let all: Vec<Row> = rows.iter().map(|r| r.1).collect();
        let open: Vec<Row> = all
            .iter()
            .copied()
            .filter(|r| r.0 > 0.0 && r.0 < 1.0)
            .collect();
        let (a, b) = fit(&open);
        let even: Vec<Row> = rows
            .iter()
            .filter(|r| r.0 % 2 == 0 && r.1.0 > 0.0 && r.1.0 < 1.0)
            .map(|r| r.1)
            .collect();
        let odd: Vec<Row> = rows.iter().filter(|r| r.0 % 2 == 1).map(|r| r.1).collect();
        let (ha, hb) = fit(&even);
        let held: Vec<(f64, bool)> = odd
            .iter()
            .map(|&(raw, won)| {
                let p = if raw <= 0.0 || raw >= 1.0 {
                    raw
                } else {
                    sigmoid(ha + hb * logit(raw))
                };
                (p, won)
            })
            .collect();
        let (held_mace, _) = reliability(&held);
        let shipped: Vec<(f64, bool)> = all
            .iter()
            .map(|&(raw, won)| (calibrated(raw, *size, edition), won))
            .collect();
        let raw_pred: Vec<(f64, bool)> = all.clone();
        let (mace, table) = reliability(&shipped);
        let (raw_mace, _) = reliability(&raw_pred);
        println!(
            "{size}x{size} {edition}: {} positions from {} games; fit shift {a:.3} temperature {:.3}; \
             held-out (fit on even games, scored on odd) MACE {held_mace:.4}",
            all.len(),
            rows.iter()
                .map(|r| r.0)
                .collect::<std::collections::BTreeSet<_>>()
                .len(),
            1.0 / b
        );
        println!(
            "  as shipped: MACE {mace:.4} (uncalibrated {raw_mace:.4}), log-loss {:.4} (uncalibrated {:.4})",
            log_loss(&shipped),
            log_loss(&raw_pred)
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
}
