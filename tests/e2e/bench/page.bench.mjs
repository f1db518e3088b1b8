// The game page's own speed (Performance API marks in the page): from
// navigation to a drawn, playable board (`diablo:boot`, five loads), and
// from a click to the destinations shown on a 16x16 board
// (`diablo:select`, twelve stacks). Was perf.spec.mjs's two timed tests;
// perf.spec keeps the byte budgets and that the marks exist.
import { test, expect } from '@playwright/test';
import { clickSquare, marked, newGame, open } from '../helpers.mjs';
import { record, recordSpread, round1 } from './record.mjs';

test('navigation to a playable board', async ({ page }) => {
  const times = [];
  for (let i = 0; i < 5; i++) {
    await open(page);
    times.push(await page.evaluate(() => performance.getEntriesByName('diablo:boot')[0].duration));
  }
  recordSpread('page.boot', times);
  record('page.boot.min', round1(Math.min(...times)), 'ms');
});

test('click to destinations on a 16x16 board', async ({ page }) => {
  await open(page);
  await newGame(page, { size: 16 });
  await page.getByRole('button', { name: 'Roll' }).click();
  const sources = await marked(page, 'source');
  for (const sq of sources.slice(0, 12)) {
    await clickSquare(page, sq);
    await expect(page.locator(`[data-square="${sq}"]`)).toHaveAttribute('data-marks', /selected/);
    await page.keyboard.press('Escape');
  }
  const times = await page.evaluate(() => performance.getEntriesByName('diablo:select').map((e) => e.duration));
  recordSpread('page.select16', times);
});
