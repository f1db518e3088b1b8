// The review's luck in numbers and words (web/lib/review/tables.js): each
// side's luck is its rolls' luck minus the other's, written signed with the
// language's decimal mark, and a won game says how the win compares with
// what the dice gave the winner.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import de from '../../web/lib/i18n/de/review.js';
import en from '../../web/lib/i18n/en/review.js';
import { luckWords, netLuck, signed } from '../../web/lib/review/tables.js';

const kit = { count: (n, w) => `${n} ${w}${n === 1 ? '' : 's'}` };
const EN = en(kit);
const DE = de(kit);

/** A judged turn: only what the luck reads. */
const turn = (number, luck, before = 0.5) => ({ number, side: number % 2 ? 'black' : 'green', luck, before });

test('a side’s luck is its rolls’ luck minus the other side’s, and the two are opposite', () => {
  const r = [turn(1, 0.3), turn(2, 0.1), turn(3, -0.05), turn(4, -0.2)];
  const { black, green } = netLuck(r);
  // Black: 0.3 − 0.05; Green: 0.1 − 0.2, counted against Black.
  assert.ok(Math.abs(black - (0.25 - -0.1)) < 1e-12, String(black));
  assert.equal(green, -black);
  assert.deepEqual(netLuck([]), { black: 0, green: -0 });
});

test('luck is written signed, two decimals, with the language’s mark', () => {
  assert.equal(signed(0.4213), '+0.42');
  assert.equal(signed(-0.4213), '−0.42');
  assert.equal(signed(-0.4213, ','), '−0,42');
  assert.equal(signed(0.004), '0.00');
  assert.equal(signed(-0.004), '0.00');
});

test('a won game says how far the win went beyond the winner’s dice', () => {
  // Black starts at 0.5 and wins: a gain of 0.5. Dice +0.35 for Black.
  const lucky = [turn(1, 0.2, 0.5), turn(2, -0.15, 0.4)];
  assert.equal(
    luckWords(lucky, 'black', true, EN),
    'Luck: Black +0.35, Green −0.35. Black won by 0.15 more than their dice gave.',
  );
  // Dice +0.7 for Black: more than the win needed.
  const luckier = [turn(1, 0.4, 0.5), turn(2, -0.3, 0.4)];
  assert.equal(
    luckWords(luckier, 'black', true, EN),
    'Luck: Black +0.70, Green −0.70. Black won on the dice: they gave 0.20 more than the win needed.',
  );
  // Green wins from 0.5 (Black's first chance 0.5) with dice worth +0.5 to Green.
  const even = [turn(1, -0.25, 0.5), turn(2, 0.25, 0.5)];
  assert.equal(
    luckWords(even, 'green', true, DE),
    'Glück: Schwarz −0,50, Grün +0,50. Grün gewann um so viel, wie die Würfel gaben.',
  );
  // Not over, or not judged to its end: the luck alone.
  assert.equal(luckWords(lucky, null, true, EN), 'Luck: Black +0.35, Green −0.35.');
  assert.equal(luckWords(lucky, 'black', false, EN), 'Luck: Black +0.35, Green −0.35.');
});
