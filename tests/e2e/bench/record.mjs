// What the benchmarks share: `record(name, value)` prints one line a number
// and merges it into tests/e2e/artifacts/bench.json ({name: value}); no
// benchmark asserts a time.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');
export const RESULTS = join(ARTIFACTS, 'bench.json');

/** Rounds to one decimal (ms and the like). @param {number} x */
export const round1 = (x) => Math.round(x * 10) / 10;

/** The `q` quantile (0…1) of a list of numbers. @param {number[]} list @param {number} q */
export function quantile(list, q) {
  const s = [...list].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}

/** Median, 90th percentile and maximum of a list, rounded. @param {number[]} list */
export const spread = (list) => ({
  median: round1(quantile(list, 0.5)),
  p90: round1(quantile(list, 0.9)),
  max: round1(Math.max(...list)),
  samples: list.length,
});

/**
 * Prints `name value [unit]` and merges it into bench.json (read again each
 * time: the benchmark files run one after the other in one worker).
 * @param {string} name @param {number} value @param {string} [unit]
 */
export function record(name, value, unit = '') {
  console.log(`bench: ${name} = ${value}${unit ? ` ${unit}` : ''}`);
  mkdirSync(ARTIFACTS, { recursive: true });
  let all = {};
  try {
    all = JSON.parse(readFileSync(RESULTS, 'utf8'));
  } catch {
    // none yet, or not ours: started afresh
  }
  all[name] = value;
  writeFileSync(RESULTS, `${JSON.stringify(all, null, 2)}\n`);
}

/** Records each field of a spread (`name.median`, `name.p90`, …) in `unit`. */
export function recordSpread(name, list, unit = 'ms') {
  const s = spread(list);
  for (const [k, v] of Object.entries(s)) record(`${name}.${k}`, v, k === 'samples' ? '' : unit);
  return s;
}
