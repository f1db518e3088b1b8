// Think time of a level in Chromium, in the page's own search worker
// (dist/web/ai-worker.js, the page's budgets): the positions come from
// `cargo run --release -p diablo-lab -- think --codes` (random games, every
// 4th position), so the native figures of `diablo-lab think` compare one to
// one. A measurement, not a test: it prints, per
// size, the median, p90 and max milliseconds and nodes per second.
// (share.mjs runs both sides, interleaved, and prints the share of native.)
//
// usage (from tests/e2e, with the site served, e.g. `cargo xtask serve --port 8300`):
//   node measure/think-time.mjs http://127.0.0.1:8300/ positions.tsv [level] [edition]

import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { thinkInChromium } from './chromium-think.mjs';

const [base, file, level = 'hard', edition = 'standard'] = process.argv.slice(2);
const rows = readFileSync(file, 'utf8')
  .trim()
  .split('\n')
  .map((l) => l.split('\t'));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
const { simd, sizes } = await thinkInChromium(browser, base, rows, level, edition);
await browser.close();
console.log(`search module: ${simd ? 'SIMD' : 'plain'} build`);
for (const s of sizes) {
  console.log(
    `${s.size}x${s.size} ${edition} ${level} (Chromium): ${s.decisions} decisions, budget ${s.budget}, `
      + `ms median ${s.median.toFixed(0)} p90 ${s.p90.toFixed(0)} max ${s.max.toFixed(0)}, `
      + `${s.mnps.toFixed(2)} M nodes/s`,
  );
}
