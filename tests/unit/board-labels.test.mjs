// Coordinates on small squares (a phone's 8x8, large boards):
// each rank and file label sits on a plate in its square's
// corner that no disc of any pile overlaps, so a corner stack is never
// half hidden behind its label, and the label stays readable (8 px at
// least). The old plates (a third of the square, inset) covered a
// quarter of a corner stack.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { labelPlate, MAX_LAYERS, pileDiscs, SMALL_CELL } from '../../web/lib/board/paint.js';

/** Whether a circle and a rectangle share any point. */
function overlaps({ x, y, w, h }, cx, cy, r) {
  const nx = Math.max(x, Math.min(cx, x + w));
  const ny = Math.max(y, Math.min(cy, y + h));
  return (nx - cx) ** 2 + (ny - cy) ** 2 < r * r;
}

test('small squares: the labels’ plates clear every disc of every pile', () => {
  // A phone's 8x8 has squares of 43 px (360 px wide) to 46 px (390 px);
  // 8 px text fills the corner of a 42 px square. Two-digit ranks (boards of 10 and more) fit from 52 px.
  for (let cell = 42; cell < SMALL_CELL; cell += 0.5) {
    // Files are one letter; ranks from 10 on are two digits.
    for (const [chars, corner] of /** @type {const} */ ([
      [1, 'rank'],
      [1, 'file'],
      ...(cell >= 52 ? /** @type {const} */ ([[2, 'rank']]) : []),
    ])) {
      const plate = labelPlate(cell, chars, corner);
      assert.ok(plate.px >= 8, `${cell}px squares: the label is readable`);
      assert.ok(plate.x >= 0 && plate.y >= 0 && plate.x + plate.w <= cell && plate.y + plate.h <= cell);
      for (let layers = 1; layers <= MAX_LAYERS; layers++) {
        const d = pileDiscs(cell, layers);
        for (let k = 0; k < layers; k++) {
          const top = d.base - k * d.dy;
          for (const cy of [top, top + 0.7 * d.dy]) {
            assert.ok(
              !overlaps(plate, d.cx, cy, d.r),
              `${cell}px square, ${chars}-character ${corner} label over disc ${k + 1} of ${layers}`,
            );
          }
        }
      }
    }
  }
});

test('the rank goes top left and the file bottom right of the square', () => {
  const rank = labelPlate(46, 1, 'rank');
  const file = labelPlate(46, 1, 'file');
  assert.ok(rank.x < 46 / 4 && rank.y < 46 / 4);
  assert.ok(file.x + file.w > (46 * 3) / 4 && file.y + file.h > (46 * 3) / 4);
});
