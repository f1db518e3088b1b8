// The computer player's speed, searched in the page's worker
// (web/lib/engine/ai-worker.js through web/computer.js): time per move and
// nodes a second by level at 6x6 and 8x8, on positions from Easy-vs-Easy
// games with random dice; and how long a click waits while Hard thinks on
// 8x8 (from the input event to the page's handler). Were ai.spec.mjs's
// timed tests; ai.spec proves the order (the click is handled while the
// search still runs), this measures.
import { test, expect } from '@playwright/test';
import { easyGamePositions, open, playTurnByClicks, rng } from '../helpers.mjs';
import { record, round1 } from './record.mjs';

test('time per move and nodes a second by level at 6x6 and 8x8, searched in the worker', async ({ page }) => {
  await open(page);
  const samples = {
    6: await easyGamePositions(page, 6, { games: 2 }),
    8: await easyGamePositions(page, 8, { games: 2 }),
  };
  const results = await page.evaluate(async (samples) => {
    const { AiClient } = await import('/web/computer.js');
    const client = new AiClient();
    const out = {};
    for (const size of [6, 8]) {
      for (const level of ['beginner', 'easy', 'medium', 'hard']) {
        const search = [];
        const wait = [];
        let nodes = 0;
        for (const [code, a, b] of samples[size]) {
          const t0 = performance.now();
          const { result, ms } = await client.request('choose', {
            code,
            edition: 'standard',
            roll: [a, b],
            level,
            seed: 1,
          });
          wait.push(performance.now() - t0);
          search.push(ms);
          nodes += result.nodes;
        }
        const sorted = [...search].sort((x, y) => x - y);
        const sum = search.reduce((x, y) => x + y, 0);
        out[`${size}x${size}.${level}`] = {
          positions: search.length,
          meanMs: sum / search.length,
          medianMs: sorted[sorted.length >> 1],
          maxMs: sorted[sorted.length - 1],
          meanRoundTripMs: wait.reduce((x, y) => x + y, 0) / wait.length,
          nodesPerSecond: sum > 0 ? Math.round((nodes / sum) * 1000) : 0,
        };
      }
    }
    client.worker?.terminate();
    return out;
  }, samples);
  for (const [key, r] of Object.entries(results)) {
    record(`computer.${key}.medianMs`, round1(r.medianMs), 'ms');
    record(`computer.${key}.meanMs`, round1(r.meanMs), 'ms');
    record(`computer.${key}.maxMs`, round1(r.maxMs), 'ms');
    record(`computer.${key}.meanRoundTripMs`, round1(r.meanRoundTripMs), 'ms');
    record(`computer.${key}.nodesPerSecond`, r.nodesPerSecond, 'nodes/s');
  }
});

test('a click while Hard thinks on 8x8: from the input event to the handled click', async ({ page }) => {
  await open(page);
  await page.evaluate(() => {
    window.clicks = [];
    document.addEventListener('click', (e) => {
      if (e.target.id !== 'btn-help') return;
      window.clicks.push({
        delay: performance.now() - e.timeStamp,
        thinking: !document.getElementById('thinking').hidden,
      });
    });
  });
  // The person plays Green: the computer (Black) thinks at once, and after each turn.
  await page.getByRole('button', { name: 'New game' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New game' });
  await dialog.getByLabel('Board size').selectOption('8');
  await dialog.getByLabel('Players').selectOption('computer');
  await dialog.getByLabel('Level').selectOption({ label: 'Hard' });
  await dialog.getByLabel('You play').selectOption({ label: 'Green' });
  await dialog.getByRole('button', { name: 'Start' }).click();
  const help = page.getByRole('button', { name: 'Keys' });
  const pick = rng(8);
  const delays = [];
  for (let turn = 0; turn < 6; turn++) {
    const state = await page
      .waitForFunction(
        () => {
          if (!document.getElementById('thinking').hidden) return 'thinking';
          const b = document.body.dataset;
          return b.turn === 'human' || b.phase === 'over' ? 'person' : null;
        },
        null,
        { timeout: 60_000 },
      )
      .then((h) => h.jsonValue());
    if (state === 'thinking') {
      const box = await help.boundingBox();
      if (box) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
      await page.keyboard.press('Escape');
      const c = (await page.evaluate(() => window.clicks)).at(-1);
      if (c?.thinking) delays.push(c.delay);
    }
    await expect(page.locator('body[data-turn=human], body[data-phase=over]')).toHaveCount(1, { timeout: 60_000 });
    if (await page.locator('body[data-phase=over]').count()) break;
    await playTurnByClicks(page, pick);
  }
  const thinks = await page.evaluate(() => performance.getEntriesByName('diablo:think').map((e) => e.detail.searchMs));
  if (delays.length) {
    record('computer.clickWhileHardThinks.maxMs', round1(Math.max(...delays)), 'ms');
    record('computer.clickWhileHardThinks.samples', delays.length);
  } else console.log('bench: computer.clickWhileHardThinks: no click landed during a search');
  if (thinks.length) record('computer.hard8x8.longestSearchMs', round1(Math.max(...thinks)), 'ms');
});
