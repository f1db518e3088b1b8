// The position-code boxes (the game page's and the analysis board's) never
// break a line inside a rank, so never inside a stack's token ("g" / "2"):
// a line of the box starts only at the code's start or after a space (or a
// "/"). Where a textarea breaks its lines is read from a copy of its text
// laid out with its own computed style at its own width (a textarea does not
// tell where its lines break). At desktop size and on a phone (touch).
import { test, expect } from '@playwright/test';
import { join } from 'node:path';
import { ARTIFACTS, open, snap, watchErrors } from './helpers.mjs';

// 8x8 with tall stacks (g2, b3, b12, g10) in the ranks.
const CODE = '..gbgbgb/bgbgbgbg/bb.bgb../bg.g.gbb/g2....b3g./.gb..gbg/..b12g10..../..bg.... b 15';
// 12x12, long ranks with tokens throughout.
const LONG =
  'g3b2g2b..gbgb../b2g.bgbgbgbgb/gbgbg2.gbgbgb/bgbgbgbgbgbg/gbgbgbgbgbgb/bgbgbgbgbgbg/gbgbgbgbgbgb/bgbgbgbgbgbg/gbgbgbgbgbgb/bgbgbgbgbgbg/gbgbgbgbgbgb/bgbgbgbgbgb. g 8';

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
];

/** The indices where the box's lines start, from a copy of its text with its style and width. */
function lineStarts(box) {
  return box.evaluate((ta) => {
    const cs = getComputedStyle(ta);
    const copy = document.createElement('div');
    for (const p of [
      'font-family',
      'font-size',
      'font-weight',
      'font-style',
      'font-stretch',
      'font-variant-ligatures',
      'font-kerning',
      'letter-spacing',
      'word-spacing',
      'line-height',
      'white-space',
      'word-break',
      'overflow-wrap',
      'line-break',
      'hyphens',
      'tab-size',
      'text-transform',
      'text-wrap',
    ])
      copy.style.setProperty(p, cs.getPropertyValue(p));
    const width = ta.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    Object.assign(copy.style, { position: 'absolute', left: '0', top: '0', visibility: 'hidden', width: `${width}px` });
    copy.textContent = ta.value;
    document.body.append(copy);
    const text = /** @type {Text} */ (copy.firstChild);
    const range = document.createRange();
    const starts = [];
    let top = -Infinity;
    for (let i = 0; i < ta.value.length; i++) {
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      const rect = range.getClientRects()[0];
      if (!rect) continue;
      if (rect.top > top + 1) starts.push(i);
      top = Math.max(top, rect.top);
    }
    copy.remove();
    return starts;
  });
}

/** Fails for a line that starts inside a rank. */
async function breaksOnlyBetweenRanks(box, code) {
  await expect(box).toHaveValue(code);
  const starts = await lineStarts(box);
  expect(starts[0]).toBe(0);
  const inside = starts
    .filter((i) => i > 0 && !['/', ' '].includes(code[i - 1]) && code[i] !== ' ')
    .map((i) => `${code.slice(Math.max(0, i - 4), i)}|${code.slice(i, i + 4)}`);
  expect(inside, 'lines that start inside a rank').toEqual([]);
}

for (const size of SIZES) {
  test.describe(`at ${size.viewport.width}x${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch });

    test("the game page's position code breaks only between ranks", async ({ page }) => {
      const errors = watchErrors(page);
      await open(page);
      for (const [code, n] of [
        [CODE, 8],
        [LONG, 12],
      ]) {
        await page.getByRole('button', { name: 'Import…' }).click();
        const dialog = page.getByRole('dialog', { name: 'Open a game record' });
        await dialog.getByLabel('Game record or link').fill(`edition standard\nsize ${n}\nstart ${code}\n`);
        await dialog.getByRole('button', { name: 'Open' }).click();
        await expect(dialog).toBeHidden();
        await breaksOnlyBetweenRanks(page.getByLabel('Position code'), code);
      }
      const box = page.locator('.code-box');
      await box.scrollIntoViewIfNeeded();
      await snap(box, join(ARTIFACTS, `code-box-game-${size.name}.png`));
      expect(errors).toEqual([]);
    });

    test("the analysis board's position code breaks only between ranks", async ({ page }) => {
      const errors = watchErrors(page);
      for (const code of [CODE, LONG]) {
        // A new page each time (a new fragment alone opens nothing).
        await page.goto('about:blank');
        await page.goto(`web/analysis.html#${new URLSearchParams({ code, edition: 'standard' })}`);
        await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
        await breaksOnlyBetweenRanks(page.getByLabel('Position code'), code);
      }
      await page.getByLabel('Position code').scrollIntoViewIfNeeded();
      await snap(page.locator('#an-code'), join(ARTIFACTS, `code-box-analysis-${size.name}.png`));
      expect(errors).toEqual([]);
    });
  });
}
