// The bytes budget, printed and saved to artifacts/perf.json: the wasm's
// size and what the page loads until it is playable. Bytes are no time: a
// budget here is a test. The times (navigation to a playable board, a
// click to the destinations on 16x16) are measured by
// bench/page.bench.mjs (`cargo xtask bench`) from the Performance API
// marks that the last test here proves the page makes.
import { test, expect } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ARTIFACTS, clickSquare, marked, newGame, open, watchErrors } from './helpers.mjs';

const results = {};

test.afterAll(() => {
  writeFileSync(join(ARTIFACTS, 'perf.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log('perf:', JSON.stringify(results));
});

// The built site the server serves: `dist/`, or the folder DIABLO_DIST names.
const DIST = process.env.DIABLO_DIST
  ? pathToFileURL(`${process.env.DIABLO_DIST.replace(/\/$/, '')}/`)
  : new URL('../../dist/', import.meta.url);
const gzipped = (path) => gzipSync(readFileSync(new URL(path, DIST)), { level: 9 }).length;

test('the wasm modules are small, and the page loads only the game at start', async ({ page }) => {
  results.wasmBytes = readFileSync(new URL('web/pkg/diablo_wasm_bg.wasm', DIST)).length;
  results.wasmGzipBytes = gzipped('web/pkg/diablo_wasm_bg.wasm');
  results.aiWasmGzipBytes = gzipped('web/pkg/diablo_wasm_ai_bg.wasm');
  expect(results.wasmGzipBytes).toBeLessThan(100 * 1024);
  // What the page fetches until it is playable: the document, its modules,
  // styles and the game's wasm (gzip sizes of the built site's files).
  const errors = watchErrors(page);
  await open(page);
  const base = new URL(page.url());
  // Until it was playable (its 'diablo:ready' mark), not what it asks for
  // after (the service worker's module, a second later, or sooner on a
  // slow machine's clock).
  const fetched = await page.evaluate(() => {
    const ready = performance.getEntriesByName('diablo:ready')[0]?.startTime ?? Number.POSITIVE_INFINITY;
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime <= ready)
      .map((e) => e.name);
  });
  const files = [
    'index.html',
    ...fetched.map((u) => new URL(u).pathname.slice(1)).filter((p) => p && !p.startsWith('sw.js')),
  ];
  expect(files).not.toContain('web/pkg/diablo_wasm_ai_bg.wasm');
  results.startFiles = files.length;
  results.startGzipBytes = files.reduce((sum, f) => sum + gzipped(f), 0);
  expect(base.origin).toBeTruthy();
  // At most 100 KB (KiB, as the wasm bound above) for everything the page
  // loads at start: bundled scripts, Polish, rules text, sounds, copying and
  // the import dialog on demand, the game wasm through wasm-opt -Os.
  expect(results.startGzipBytes).toBeLessThanOrEqual(100 * 1024);
  expect(errors).toEqual([]);
});

test('the page marks its boot and each selection on a 16x16 board, which shows its destinations', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  // The mark the benchmark reads: once a load, when the board is playable.
  const boot = await page.evaluate(() => performance.getEntriesByName('diablo:boot').map((e) => e.duration));
  expect(boot).toHaveLength(1);
  expect(boot[0]).toBeGreaterThan(0);
  await newGame(page, { size: 16 });
  await page.getByRole('button', { name: 'Roll' }).click();
  const sources = await marked(page, 'source');
  expect(sources.length).toBeGreaterThan(2);
  for (const sq of sources.slice(0, 3)) {
    await clickSquare(page, sq);
    await expect(page.locator(`[data-square="${sq}"]`)).toHaveAttribute('data-marks', /selected/);
    await expect(page.locator('[role=gridcell][data-marks*="target-"]').first()).toBeAttached();
    // Deselect, so the next stack is selected rather than merged onto.
    await page.keyboard.press('Escape');
  }
  // One mark a selection, after its destinations were shown.
  const select = await page.evaluate(() => performance.getEntriesByName('diablo:select').length);
  expect(select).toBe(3);
  expect(errors).toEqual([]);
});
