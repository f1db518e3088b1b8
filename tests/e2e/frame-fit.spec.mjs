// The iframe route fits its box (an embedder's box, never scrolled): at 360x480 the whole
// element — board, status, dice, Roll / Confirm, Undo / Restart, credit —
// lies inside the frame, in every mode and language, however long the
// status grows (a roll, a selection), with nothing to scroll to. The board
// gives way to the controls (frame.js measures their room).
import { test, expect } from '@playwright/test';
import { join } from 'node:path';
import { ARTIFACTS, snap, watchErrors } from './helpers.mjs';

test.use({ viewport: { width: 360, height: 480 } });

/** The element's box and each visible button's: inside the viewport, and what a tap at its centre hits. */
function fit(page) {
  return page.locator('diablo-board').evaluate((el) => {
    const root = /** @type {ShadowRoot} */ (el.shadowRoot);
    const r = el.getBoundingClientRect();
    const buttons = [...root.querySelectorAll('button')]
      .filter((b) => b.checkVisibility())
      .map((b) => {
        const x = b.getBoundingClientRect();
        const hit = root.elementFromPoint(x.x + x.width / 2, x.y + x.height / 2);
        return {
          name: b.getAttribute('aria-label') || b.textContent,
          inside: x.left >= 0 && x.top >= 0 && x.right <= innerWidth && x.bottom <= innerHeight,
          onTop: Boolean(hit && b.contains(hit)),
        };
      });
    const credit = root.querySelector('.credit')?.getBoundingClientRect();
    return {
      bottom: Math.ceil(r.bottom),
      height: innerHeight,
      scrolls: document.documentElement.scrollHeight > innerHeight,
      creditInside: !credit || credit.bottom <= innerHeight,
      width: Math.round(r.width),
      buttons,
    };
  });
}

/** @param {Awaited<ReturnType<typeof fit>>} f @param {string} when */
function expectFits(f, when) {
  expect(f.bottom, `${when}: the element ends inside the frame`).toBeLessThanOrEqual(f.height);
  expect(f.scrolls, `${when}: nothing to scroll to`).toBe(false);
  expect(f.creditInside, `${when}: the credit is in view`).toBe(true);
  expect(f.buttons.length).toBeGreaterThan(0);
  for (const b of f.buttons) expect(b, `${when}: ${b.name}`).toMatchObject({ inside: true, onTop: true });
  // The board keeps most of the frame's width.
  expect(f.width, `${when}: the board is not squeezed away`).toBeGreaterThan(200);
}

const ROLL = { en: 'Roll', de: 'Würfeln', pl: 'Rzuć' };

for (const lang of ['en', 'de', 'pl']) {
  for (const players of ['two', 'computer']) {
    test(`play mode (${players}, ${lang}) fits 360x480 as its status grows`, async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto(`/web/embed/frame.html?mode=play&players=${players}&lang=${lang}`);
      const board = page.locator('diablo-board');
      await expect(board.locator('.root')).toHaveAttribute('data-state', 'ready');
      await expect.poll(async () => (await fit(page)).bottom).toBeLessThanOrEqual(480);
      expectFits(await fit(page), 'at the start');
      await board.getByRole('button', { name: ROLL[lang], exact: true }).click();
      const source = board.locator('[role=gridcell][data-marks~="source"]').first();
      await expect(source).toBeAttached();
      await expect.poll(async () => (await fit(page)).bottom).toBeLessThanOrEqual(480);
      expectFits(await fit(page), 'after the roll');
      const box = await source.boundingBox();
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await expect(board.locator('[role=gridcell][data-marks~="selected"]')).toHaveCount(1);
      await expect.poll(async () => (await fit(page)).bottom).toBeLessThanOrEqual(480);
      expectFits(await fit(page), 'with a stack selected');
      await snap(page, join(ARTIFACTS, `frame-play-${players}-${lang}-360x480.png`));
      expect(errors).toEqual([]);
    });
  }
}

test('replay and diagram modes fit 360x480 too', async ({ page }) => {
  const errors = watchErrors(page);
  for (const query of [
    'mode=replay&lang=de#1AwDxxQV2',
    'mode=diagram&size=6&caption=A%20diagram%20with%20a%20caption%20long%20enough%20to%20take%20two%20lines&lang=pl',
  ]) {
    await page.goto(`/web/embed/frame.html?${query}`);
    await expect(page.locator('diablo-board .root')).toHaveAttribute('data-state', 'ready');
    await expect.poll(async () => (await fit(page)).bottom).toBeLessThanOrEqual(480);
    const f = await fit(page);
    expect(f.scrolls).toBe(false);
    expect(f.creditInside).toBe(true);
    for (const b of f.buttons) expect(b, b.name).toMatchObject({ inside: true, onTop: true });
  }
  expect(errors).toEqual([]);
});
