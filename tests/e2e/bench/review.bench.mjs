// The game review's and the analysis board's speed: how long a click waits
// for the page's thread, and how long the page takes to answer it, while
// a long 8x8 game is reviewed in the worker (eight steps back through the
// replay); and an 8x8 middle game's turns ranked. Were review.spec.mjs's
// bounds and its printed time; review.spec proves the order (each click
// answered while the review still runs), this measures.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { open } from '../helpers.mjs';
import { record, recordSpread, round1 } from './record.mjs';

const LONG = readFileSync(new URL('../../data/review-8x8.txt', import.meta.url), 'utf8');

test('clicks during a review of a long 8x8 game: the wait for the thread, the answer drawn', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open a game record' });
  await dialog.getByLabel('Game record or link').fill(LONG);
  await dialog.getByRole('button', { name: 'Open' }).click();
  await expect(dialog).toBeHidden();
  await page.evaluate(() => {
    globalThis.clickDelays = [];
    globalThis.clickWaits = [];
    // Before the page's handler (capture on the window): how long the click
    // waited for the page's thread; after it (bubbling to the window): from
    // the click event's time to the page's answer drawn into the DOM.
    addEventListener(
      'click',
      (e) => {
        if (document.getElementById('review')?.dataset.running === 'true')
          globalThis.clickWaits.push(performance.now() - e.timeStamp);
      },
      true,
    );
    addEventListener('click', (e) => {
      if (document.getElementById('review')?.dataset.running === 'true')
        globalThis.clickDelays.push(performance.now() - e.timeStamp);
    });
  });
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.locator('#review')).toHaveAttribute('data-running', 'true');
  const where = page.locator('#replay-where');
  for (let i = 0; i < 8; i++) {
    await page.getByRole('button', { name: 'Back one turn (←)' }).click();
    await expect(where).toHaveText(new RegExp(`^Turn ${36 - 1 - i} of 36$`));
  }
  const delays = await page.evaluate(() => globalThis.clickDelays);
  const waits = await page.evaluate(() => globalThis.clickWaits);
  if (delays.length) {
    recordSpread('review.clickAnswered', delays);
    record('review.clickWaitForThread.max', round1(Math.max(...waits)), 'ms');
  } else console.log('bench: review.click: the review was over before the first click');
  const cancel = page.locator('#review').getByRole('button', { name: 'Cancel' });
  if (await cancel.isVisible()) await cancel.click();
});

test('an 8x8 middle game ranked on the analysis board', async ({ page }) => {
  await page.goto('web/analysis.html');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await page
    .getByLabel('Position code')
    .fill('..gbgbgb/bgbgbgbg/bb.bgb../bg.g.gbb/g2....bg./.gb..gbg/..bg..../..bg.... b 15');
  await page.getByRole('button', { name: 'Use this code' }).click();
  await expect(page.locator('#an-error')).toBeHidden();
  await page.getByLabel('Die 1').fill('3');
  await page.getByLabel('Die 2').fill('2');
  const start = Date.now();
  await page.getByRole('button', { name: 'Rank the turns' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-ranked', 'true', { timeout: 120_000 });
  record('analysis.rank8x8', Date.now() - start, 'ms');
});
