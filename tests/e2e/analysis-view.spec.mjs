// The analysis board keeps its board in view (web/analysis/): on a wide
// screen the board stays beside the ranking while the side column scrolls,
// so a ranked turn under the pointer or the focus is previewed where it can
// be seen, and "Play" on a ranked turn never leaves the board half off the
// screen; on a phone (touch), "Play" brings the board back into view. The
// preview is read from the canvas's pixels: the ranked turn's squares look
// different while it is shown, and as before once it is not.
import { test, expect } from '@playwright/test';
import { join } from 'node:path';
import { ARTIFACTS, layoutAtRest, snap, watchErrors } from './helpers.mjs';

/** Saves what the screen shows (not the whole page) under tests/e2e/artifacts/. */
const shot = (page, name) => snap(page, join(ARTIFACTS, `${name}.png`));

// An 8x8 middle game (as in review.spec.mjs), roll 3,2: the link ranks it at once.
const CODE = '..gbgbgb/bgbgbgbg/bb.bgb../bg.g.gbb/g2....bg./.gb..gbg/..bg..../..bg.... b 15';
const LINK = `web/analysis.html#${new URLSearchParams({ code: CODE, edition: 'standard', roll: '3,2' })}`;

/** Opens the analysis link and waits for the ranking. */
async function openRanked(page) {
  await page.goto(LINK);
  await expect(page.locator('body')).toHaveAttribute('data-ranked', 'true', { timeout: 30_000 });
}

/** The board's box against the viewport: how much of its height is on the screen (0..1). */
async function boardShown(page) {
  const box = await page.locator('#board').boundingBox();
  const height = page.viewportSize().height;
  if (!box) return 0;
  return Math.max(0, Math.min(box.y + box.height, height) - Math.max(box.y, 0)) / box.height;
}

/** Squares a ranked turn's moves start from and go to ("f8-c8 h5-h3" -> f8, c8, h5, h3). */
const squaresOf = (turn) => turn.split(' ').flatMap((a) => a.replace(/^-/, '').split('-'));

/** Keeps the canvas's pixels of some squares (8x8, Black at the bottom) as the page's baseline. */
function keep(page, squares) {
  return page.evaluate((sqs) => {
    const c = /** @type {HTMLCanvasElement} */ (document.getElementById('board'));
    const cell = c.width / 8;
    globalThis.kept = sqs.map((sq) => {
      const file = sq.charCodeAt(0) - 97;
      const row = 8 - Number(sq.slice(1));
      return Array.from(c.getContext('2d').getImageData(file * cell, row * cell, cell, cell).data);
    });
  }, squares);
}

/** How many pixels of those squares differ from the baseline now. */
function changed(page, squares) {
  return page.evaluate((sqs) => {
    const c = /** @type {HTMLCanvasElement} */ (document.getElementById('board'));
    const cell = c.width / 8;
    let n = 0;
    sqs.forEach((sq, k) => {
      const file = sq.charCodeAt(0) - 97;
      const row = 8 - Number(sq.slice(1));
      const d = c.getContext('2d').getImageData(file * cell, row * cell, cell, cell).data;
      for (let i = 0; i < d.length; i += 4) {
        const was = globalThis.kept[k];
        if (Math.abs(d[i] - was[i]) + Math.abs(d[i + 1] - was[i + 1]) + Math.abs(d[i + 2] - was[i + 2]) > 40) n += 1;
      }
    });
    return n;
  }, squares);
}

test.describe('at 1280x800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('hovering or focusing a ranked turn previews it on a board in view; Play keeps the board in view', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await openRanked(page);
    const rows = page.locator('#an-ranking li');
    await expect(rows).toHaveCount(10);
    // The pointer away from the list: no preview.
    await page.mouse.move(5, 5);
    const turn = await rows.nth(6).getAttribute('data-turn');
    const squares = squaresOf(turn);
    await rows.nth(6).scrollIntoViewIfNeeded();
    await keep(page, squares);
    await rows.nth(6).locator('.an-turn').hover();
    // The whole board is on the screen beside the row under the pointer, and the turn is drawn on it.
    expect(await boardShown(page)).toBe(1);
    await expect.poll(() => changed(page, squares)).toBeGreaterThan(200);
    await shot(page, 'analysis-preview-hover-desktop');
    // The pointer leaves the list: the board is as it was.
    await page.mouse.move(5, 5);
    await expect.poll(() => changed(page, squares)).toBe(0);
    // The keyboard: focus on a ranked turn's Play button previews that turn.
    const other = await rows.nth(2).getAttribute('data-turn');
    const otherSquares = squaresOf(other);
    await keep(page, otherSquares);
    await rows.nth(2).getByRole('button').focus();
    expect(await boardShown(page)).toBe(1);
    await expect.poll(() => changed(page, otherSquares)).toBeGreaterThan(200);
    // Focus elsewhere ends the preview.
    await page.locator('#an-link').focus();
    await expect.poll(() => changed(page, otherSquares)).toBe(0);
    // Play the seventh turn: the board, with the turn played, is still wholly in view.
    await rows.nth(6).scrollIntoViewIfNeeded();
    await rows.nth(6).getByRole('button').click();
    await expect(page.locator('#an-status')).toHaveText(`Played ${turn}.`);
    // The board brought into view (a smooth scroll, if any) has come to rest.
    await layoutAtRest(page);
    expect(await boardShown(page)).toBe(1);
    await shot(page, 'analysis-played-desktop');
    expect(errors).toEqual([]);
  });
});

test.describe('at 390x844 (touch)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('Play on a ranked turn brings the board into view', async ({ page }) => {
    const errors = watchErrors(page);
    await openRanked(page);
    const rows = page.locator('#an-ranking li');
    await expect(rows).toHaveCount(10);
    const turn = await rows.nth(6).getAttribute('data-turn');
    await rows.nth(6).scrollIntoViewIfNeeded();
    expect(await boardShown(page)).toBe(0);
    await shot(page, 'analysis-ranking-phone');
    await rows.nth(6).getByRole('button').tap();
    await expect(page.locator('#an-status')).toHaveText(`Played ${turn}.`);
    // Wholly in view, but for a fraction of a pixel that subpixel layout may leave.
    await expect.poll(() => boardShown(page)).toBeGreaterThan(0.995);
    await shot(page, 'analysis-played-phone');
    expect(errors).toEqual([]);
  });
});
