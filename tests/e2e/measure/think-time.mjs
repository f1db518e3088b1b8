// Think time of a level in Chromium, in the page's own search worker
// (dist/web/ai-worker.js, the page's budgets): the positions come from
// `DIABLO_THINK_CODES=1 cargo run --release -p diablo-ai --example think`
// (random games, every 4th position), so the native figures of the same
// example compare one to one. A measurement, not a test: it prints, per
// size, the median, p90 and max milliseconds and nodes per second.
//
// usage (from tests/e2e, with the site served, e.g. `cargo xtask serve --port 8300`):
//   node measure/think-time.mjs http://127.0.0.1:8300/ positions.tsv [level] [edition]

import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';

const [base, file, level = 'hard', edition = 'standard'] = process.argv.slice(2);
const rows = readFileSync(file, 'utf8').trim().split('\n').map((l) => l.split('\t'));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
const page = await browser.newPage();
await page.goto(base);
const results = await page.evaluate(async ({ rows, level, edition }) => {
  // The page's own client of the search worker (web/ai.js).
  const { AiClient } = await import(new URL('web/ai.js', document.baseURI).href);
  const client = new AiClient();
  const ask = (args) => client.request('choose', args);
  // Warm up (module and wasm instantiation are not think time).
  await ask({ code: rows[0][1], edition, roll: [Number(rows[0][2]), Number(rows[0][3])], level: 'easy', seed: 1 });
  const { simd } = (await client.request('build', {})).result;
  const out = [];
  for (const [size, code, a, b] of rows) {
    const start = performance.now();
    const r = await ask({ code, edition, roll: [Number(a), Number(b)], level, seed: 1 });
    out.push({ size: Number(size), ms: performance.now() - start, nodes: r.result.nodes, budget: r.result.budget });
  }
  client.worker?.terminate();
  return { out, simd };
}, { rows, level, edition });
console.log(`search module: ${results.simd ? 'SIMD' : 'plain'} build`);
await browser.close();
const sizes = [...new Set(results.out.map((r) => r.size))];
for (const size of sizes) {
  const mine = results.out.filter((r) => r.size === size);
  const ms = mine.map((r) => r.ms).sort((x, y) => x - y);
  const at = (q) => ms[Math.round((ms.length - 1) * q)];
  const nodes = mine.reduce((s, r) => s + r.nodes, 0);
  const total = ms.reduce((s, x) => s + x, 0);
  console.log(`${size}x${size} ${edition} ${level} (Chromium): ${ms.length} decisions, budget ${mine[0].budget}, ` +
    `ms median ${at(0.5).toFixed(0)} p90 ${at(0.9).toFixed(0)} max ${at(1).toFixed(0)}, ` +
    `${(nodes / total / 1000).toFixed(2)} M nodes/s`);
}
