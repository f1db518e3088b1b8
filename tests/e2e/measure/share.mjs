// The wasm build's share of native speed (docs/ai.md, Speed): Hard's nodes
// per second on the `diablo-lab think` positions (8x8, 16x16, 26x26, both
// editions; its openings and, with --spread, twelve positions spread over
// whole games), natively (`diablo-lab think`, release build)
// and in Chromium (the page's own search worker, so its SIMD module and its
// budgets), the two interleaved round by round so that a slow spell of the
// machine falls on both. A measurement, not a test: it prints a markdown
// table of the ranges over the rounds and the share of native, from each
// side's best run (a busy machine only slows a run) and from the means.
//
// usage (from tests/e2e, with the site served, e.g. `cargo xtask serve --port 8300`):
//   node measure/share.mjs http://127.0.0.1:8300/ [rounds, default 3] [level, default hard]

import { chromium } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { thinkInChromium } from './chromium-think.mjs';

const [base, rounds = '3', level = 'hard'] = process.argv.slice(2);
if (!base) {
  console.error('usage: node measure/share.mjs <site URL> [rounds] [level]');
  process.exit(2);
}
const root = fileURLToPath(new URL('../../..', import.meta.url));
const SIZES = ['8', '16', '26'];
const EDITIONS = ['standard', 'sequenced'];
const SAMPLES = [
  { name: 'openings', flags: [] },
  { name: 'whole games', flags: ['--spread'] },
];

/** The output of `diablo-lab think` for `edition` with extra `flags`. */
function think(/** @type {string} */ edition, /** @type {string[]} */ flags) {
  return execFileSync(
    'cargo',
    [
      'run',
      '--release',
      '-q',
      '-p',
      'diablo-lab',
      '--',
      'think',
      '--level',
      level,
      '--edition',
      edition,
      '--sizes',
      SIZES.join(','),
      ...flags,
    ],
    { cwd: root, encoding: 'utf8' },
  );
}

/** @type {Map<string, { native: number[], chromium: number[], p90: number[] }>} */
const figures = new Map();
const row = (/** @type {string} */ key) => {
  if (!figures.has(key)) figures.set(key, { native: [], chromium: [], p90: [] });
  return /** @type {{ native: number[], chromium: number[], p90: number[] }} */ (figures.get(key));
};
const key = (/** @type {string | number} */ size, /** @type {string} */ edition, /** @type {string} */ sample) =>
  `${size}x${size} ${edition}, ${sample}`;

const positions = new Map();
for (const edition of EDITIONS) {
  for (const sample of SAMPLES) {
    const text = think(edition, [...sample.flags, '--codes']);
    positions.set(
      `${edition} ${sample.name}`,
      text
        .trim()
        .split('\n')
        .map((l) => l.split('\t')),
    );
  }
}
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
let simd = true;
for (let r = 1; r <= Number(rounds); r++) {
  for (const edition of EDITIONS) {
    for (const sample of SAMPLES) {
      for (const line of think(edition, sample.flags).trim().split('\n')) {
        const m = /^(\d+)x\d+ .* ([\d.]+) M nodes\/s$/.exec(line);
        if (m) row(key(m[1], edition, sample.name)).native.push(Number(m[2]));
      }
      const run = await thinkInChromium(browser, base, positions.get(`${edition} ${sample.name}`), level, edition);
      simd &&= run.simd;
      for (const s of run.sizes) {
        const f = row(key(s.size, edition, sample.name));
        f.chromium.push(s.mnps);
        f.p90.push(s.p90);
      }
    }
  }
  console.error(`round ${r} of ${rounds} done`);
}
await browser.close();

const range = (/** @type {number[]} */ xs) => `${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}`;
const mean = (/** @type {number[]} */ xs) => xs.reduce((s, x) => s + x, 0) / xs.length;
const pct = (/** @type {number} */ x) => `${(100 * x).toFixed(0)}%`;
console.log(`${level}, rounds: ${rounds}, search module in Chromium: ${simd ? 'SIMD' : 'plain'} build\n`);
console.log('| board | native M nodes/s | Chromium M nodes/s | share, best runs | share, means | Chromium p90 |');
console.log('|---|---|---|---|---|---|');
for (const [k, f] of figures) {
  console.log(
    `| ${k} | ${range(f.native)} | ${range(f.chromium)} | `
      + `${pct(Math.max(...f.chromium) / Math.max(...f.native))} | ${pct(mean(f.chromium) / mean(f.native))} | `
      + `${(Math.max(...f.p90) / 1000).toFixed(2)} s |`,
  );
}
