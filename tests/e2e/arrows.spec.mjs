// Arrows on the board (lib/board/board.js, the same view in the game, the
// analysis board, the review and <diablo-board>), read from the canvas's
// pixels through the iframe route's diagrams: a stack's height stays
// readable under an arrow that crosses it, and a stack moved twice along one
// line, out and back (c7-a7 a7-e7), is drawn as one path whose two ways lie
// side by side, not on each other. At desktop size and on a phone (touch).
import { test, expect } from '@playwright/test';
import { join } from 'node:path';
import { ARTIFACTS, layoutAtRest, snap, watchErrors } from './helpers.mjs';

// 6 x 6: a Black stack of 4 on b2, which an arrow b1-b4 crosses.
const TALL = 'g...../....../....../....../.b4..../.b.... b 3';
// 8 x 8: the stack that went c7-a7, then a7-e7 (b7 and d7 stay empty).
const BACK = '......../....b.../......../......../......../......../......../g....... b 3';

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
];

/** Opens a diagram on the iframe route and waits until it is drawn. */
async function diagram(page, query) {
  await page.goto(`/web/embed/frame.html?mode=diagram&coords=false&credit=off&${new URLSearchParams(query)}`);
  await page.waitForFunction(
    () => document.querySelector('diablo-board')?.shadowRoot?.querySelector('.root')?.dataset.state === 'ready',
  );
  // Let the canvas take its final size (a ResizeObserver redraws it).
  await layoutAtRest(page);
}

/**
 * The canvas's pixels in a box given in squares ([x0, y0, x1, y1], the top
 * left square's corner at 0, 0, on an n x n board): rows of [r, g, b].
 */
function pixels(page, n, [x0, y0, x1, y1]) {
  return page.evaluate(
    ([size, box]) => {
      const c = document.querySelector('diablo-board').shadowRoot.querySelector('canvas');
      const cell = c.width / size;
      const [l, t] = [Math.round(box[0] * cell), Math.round(box[1] * cell)];
      const [w, h] = [
        Math.max(1, Math.round((box[2] - box[0]) * cell)),
        Math.max(1, Math.round((box[3] - box[1]) * cell)),
      ];
      const d = c.getContext('2d').getImageData(l, t, w, h).data;
      const rows = [];
      for (let y = 0; y < h; y++) {
        const row = [];
        for (let x = 0; x < w; x++) row.push([d[(y * w + x) * 4], d[(y * w + x) * 4 + 1], d[(y * w + x) * 4 + 2]]);
        rows.push(row);
      }
      return rows;
    },
    [n, [x0, y0, x1, y1]],
  );
}

/** Whether two pixels differ visibly. */
const differ = (a, b) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]) > 60;

/** The runs of drawn pixels down one column (the pixels that differ from the board without arrows). */
function runs(column, plain) {
  const out = [];
  let start = -1;
  column.forEach((p, y) => {
    const ink = differ(p, plain[y]);
    if (ink && start < 0) start = y;
    if (!ink && start >= 0) {
      out.push([start, y]);
      start = -1;
    }
  });
  if (start >= 0) out.push([start, column.length]);
  return out;
}

for (const size of SIZES) {
  test.describe(`arrows at ${size.viewport.width}x${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch });

    test('a height under an arrow stays readable (b1-b4 over the 4 on b2)', async ({ page }) => {
      const errors = watchErrors(page);
      // The label of b2's stack of 4: its top disc sits a little above the square's middle.
      const label = [1.28, 4.22, 1.72, 4.7];
      await diagram(page, { size: '6', position: TALL });
      const plain = (await pixels(page, 6, label)).flat();
      await diagram(page, { size: '6', position: TALL, arrows: 'b1-b4' });
      const drawn = (await pixels(page, 6, label)).flat();
      await snap(page.locator('diablo-board'), join(ARTIFACTS, `arrows-height-${size.name}.png`));
      // The digit's white pixels, without the arrow, and how many of them the arrow left white.
      const white = (p) => p[0] > 215 && p[1] > 215 && p[2] > 215;
      const digit = plain.map((p, i) => (white(p) ? i : -1)).filter((i) => i >= 0);
      expect(digit.length).toBeGreaterThan(20);
      // The arrow does cross the label's box ...
      expect(drawn.filter((p, i) => differ(p, plain[i])).length).toBeGreaterThan(20);
      // ... and the digit is whole over it.
      const kept = digit.filter((i) => white(drawn[i])).length;
      expect(kept / digit.length).toBeGreaterThanOrEqual(0.97);
      expect(errors).toEqual([]);
    });

    test('a stack moved out and back along one line (c7-a7 a7-e7) is one path in two lanes', async ({ page }) => {
      const errors = watchErrors(page);
      // A column down the middle of b7 (both ways cross it), of d7 (only the way back), and
      // just past a7 (where the first way ends: an arrowhead there would reach over into b7;
      // a7 itself is tinted as a square of the turn).
      const columns = { b7: [1.5, 1, 1.5, 2], d7: [3.5, 1, 3.5, 2], a7: [1.03, 1, 1.03, 2] };
      await diagram(page, { size: '8', position: BACK });
      const plain = {};
      for (const [name, box] of Object.entries(columns))
        plain[name] = (await pixels(page, 8, box)).map((row) => row[0]);
      await diagram(page, { size: '8', position: BACK, arrows: 'c7-a7 a7-e7' });
      await snap(page.locator('diablo-board'), join(ARTIFACTS, `arrows-back-${size.name}.png`));
      const drawn = {};
      for (const [name, box] of Object.entries(columns))
        drawn[name] = (await pixels(page, 8, box)).map((row) => row[0]);
      const cell = drawn.b7.length;
      // On b7 the two ways are two strokes with board between them.
      const b7 = runs(drawn.b7, plain.b7);
      expect(b7, 'strokes down b7').toHaveLength(2);
      expect(b7[1][0] - b7[0][1], 'the gap between the lanes').toBeGreaterThanOrEqual(Math.max(2, cell * 0.05));
      // On d7 the way back alone: one stroke, in the lane it had on b7.
      const d7 = runs(drawn.d7, plain.d7);
      expect(d7, 'strokes down d7').toHaveLength(1);
      expect(b7.some(([a, b]) => Math.abs(a - d7[0][0]) <= 2 && Math.abs(b - d7[0][1]) <= 2)).toBe(true);
      // Where the stack stopped on its way (a7) the path turns: no arrowhead, only the two thin lanes.
      const a7 = runs(drawn.a7, plain.a7);
      expect(a7.length).toBeGreaterThanOrEqual(1);
      for (const [a, b] of a7) expect(b - a, 'a stroke at a7, not a head').toBeLessThanOrEqual(Math.ceil(cell * 0.14));
      expect(errors).toEqual([]);
    });
  });
}
