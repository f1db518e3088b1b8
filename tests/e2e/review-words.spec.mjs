// The game review in plain words (web/analysis/review.js): the summary
// names each player's luckiest and unluckiest roll ("rolled 2,2 on turn 7:
// chances up 5%"), worked out here from the stored judgements, not a signed
// "dice swing"; the luck graph has a bar per roll, up for Black's good
// luck, and the luck in words ("Luck: Black +0.35, Green −0.35. Black won
// by 0.15 more than their dice gave."), in English and German; the key to
// the board's arrows (solid: played, dashed: a better turn) sits under the
// note of a marked turn, where those arrows are drawn, and nowhere when no
// better turn is drawn. At desktop size and on a phone (touch), with
// screenshots.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, open, snap, watchErrors } from './helpers.mjs';

const BLUNDER = readFileSync(new URL('../data/review-4x4-blunder.txt', import.meta.url), 'utf8');
const TURNS = BLUNDER.trim().split('\n').length - 2;

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
];

/** Opens the record through the Import dialog and reviews it to the end. */
async function reviewRecord(page) {
  await page.getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open a game record' });
  await dialog.getByLabel('Game record or link').fill(BLUNDER);
  await dialog.getByRole('button', { name: 'Open' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.locator('#review')).toHaveAttribute('data-reviewed', String(TURNS), { timeout: 90_000 });
  await expect(page.locator('#review')).toHaveAttribute('data-running', 'false');
}

/** The stored judgements of the reviewed game (lib/storage.js, `diablo.review.v2.…`). */
function judged(page) {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('diablo.review.'));
    return JSON.parse(localStorage.getItem(key ?? '') ?? '{}').turns ?? [];
  });
}

for (const size of SIZES) {
  test.describe(`at ${size.viewport.width}x${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch });

    test("the summary says each player's luckiest and unluckiest roll in words; the arrows' key is by the turn note", async ({
      page,
    }) => {
      const errors = watchErrors(page);
      await open(page);
      await reviewRecord(page);
      const summary = page.locator('#review .rv-summary');
      await expect(summary).not.toContainText('dice decided');
      // No signed percentages: a change of chances is said in words.
      expect(await summary.textContent()).not.toMatch(/[+−-]\d+%/);
      // Each player's luckiest and unluckiest roll, from the stored judgements.
      const turns = await judged(page);
      expect(turns).toHaveLength(TURNS);
      for (const [column, side] of [
        [0, 'black'],
        [1, 'green'],
      ]) {
        const mine = turns.filter((r) => r.side === side);
        const best = mine.reduce((a, b) => (b.luck > a.luck ? b : a));
        const worst = mine.reduce((a, b) => (b.luck < a.luck ? b : a));
        const lucky = summary.locator('tr', { hasText: 'Luckiest roll' }).locator('td').nth(column);
        const unlucky = summary.locator('tr', { hasText: 'Unluckiest roll' }).locator('td').nth(column);
        const size = (x) => `${Math.round(Math.abs(x) * 100)}%`;
        await expect(lucky).toHaveText(
          best.luck >= 0.005 ? `rolled ${best.roll} on turn ${best.number}: chances up ${size(best.luck)}` : '—',
        );
        await expect(unlucky).toHaveText(
          worst.luck <= -0.005 ? `rolled ${worst.roll} on turn ${worst.number}: chances down ${size(worst.luck)}` : '—',
        );
      }
      // The luck, from the same judgements: Black's is Black's rolls' luck
      // minus Green's; the game ended on the board with its last turn (that
      // turn's value is 1 or 0: the mover won or lost).
      const blackLuck = turns.reduce((a, r) => a + (r.side === 'black' ? r.luck : -r.luck), 0);
      const signed = (x, mark = '.') =>
        Math.abs(x) < 0.005 ? '0.00' : `${x > 0 ? '+' : '−'}${Math.abs(x).toFixed(2).replace('.', mark)}`;
      const last = turns[turns.length - 1];
      expect([0, 1]).toContain(last.playedValue);
      const winner = last.playedValue === 1 ? last.side : { black: 'green', green: 'black' }[last.side];
      const start = turns[0].side === winner ? turns[0].before : 1 - turns[0].before;
      const more = 1 - start - (winner === 'black' ? blackLuck : -blackLuck);
      const name = { black: 'Black', green: 'Green' }[winner];
      const verdict =
        Math.abs(more) < 0.005
          ? `${name} won by what their dice gave.`
          : more > 0
            ? `${name} won by ${Math.abs(more).toFixed(2)} more than their dice gave.`
            : `${name} won on the dice: they gave ${Math.abs(more).toFixed(2)} more than the win needed.`;
      const luckWords = page.locator('#review .rv-luck-sum');
      await expect(luckWords).toHaveText(`Luck: Black ${signed(blackLuck)}, Green ${signed(-blackLuck)}. ${verdict}`);
      await expect(page.locator('#review .rv-luck-title')).toHaveText('Luck of each roll');
      await expect(summary.locator('tr', { hasText: 'Luck in all' }).locator('td')).toHaveText([
        signed(blackLuck),
        signed(-blackLuck),
      ]);
      // A bar per roll, in the roller's colour, up when good for Black.
      const bars = page.locator('#review .rv-luck-graph rect.rv-luck');
      await expect(bars).toHaveCount(TURNS);
      const drawn = await bars.evaluateAll((rs) =>
        rs.map((r) => ({
          side: r.classList.contains('rv-luck-black') ? 'black' : 'green',
          top: Number(r.getAttribute('y')),
          height: Number(r.getAttribute('height')),
        })),
      );
      const mid = await page
        .locator('#review .rv-luck-graph line.rv-mid')
        .evaluate((l) => Number(l.getAttribute('y1')));
      for (const [i, r] of turns.entries()) {
        expect(drawn[i].side).toBe(r.side);
        const forBlack = r.side === 'black' ? r.luck : -r.luck;
        if (Math.abs(forBlack) > 0.02) expect(drawn[i].top < mid, `turn ${i + 1}`).toBe(forBlack > 0);
      }
      // A bar leads to its turn, as the graph's points do.
      await bars.nth(4).click();
      await expect(page.locator('#replay-where')).toHaveText(`Turn 5 of ${TURNS}`);
      await snap(page.locator('#review'), join(ARTIFACTS, `review-luck-${size.name}.png`));
      if (size.touch) {
        // In German: the same numbers with the decimal comma.
        await page.locator('#lang-select').selectOption('de');
        await expect(page.locator('#review .rv-luck-title')).toHaveText('Glück jedes Wurfs');
        await expect(luckWords).toContainText(
          `Glück: Schwarz ${signed(blackLuck, ',')}, Grün ${signed(-blackLuck, ',')}.`,
        );
        await expect(luckWords).toContainText(Math.abs(more).toFixed(2).replace('.', ','));
        await snap(page.locator('#review'), join(ARTIFACTS, `review-luck-de-${size.name}.png`));
        await page.locator('#lang-select').selectOption('en');
        await expect(page.locator('#review .rv-luck-title')).toHaveText('Luck of each roll');
      }
      // The graph's hint is about the graph only.
      await expect(page.locator('#review .rv-hint')).not.toContainText(/solid|dashed/);
      // Turn 17, a blunder: both turns on the board, the key right under the turn's note.
      await page.locator('#review-graph circle[data-step="17"]').click();
      await expect(page.locator('#replay-where')).toHaveText(`Turn 17 of ${TURNS}`);
      const note = page.locator('#review .rv-at');
      const legend = page.locator('#review .rv-legend');
      await expect(note).toContainText('blunder ??');
      await expect(legend).toBeVisible();
      await expect(legend).toHaveText(
        'On the board: solid arrows, the turn played; dashed arrows and rings, a better turn',
      );
      const noteBox = await note.boundingBox();
      const legendBox = await legend.boundingBox();
      expect(legendBox.y - (noteBox.y + noteBox.height)).toBeGreaterThanOrEqual(0);
      expect(legendBox.y - (noteBox.y + noteBox.height)).toBeLessThan(16);
      await legend.scrollIntoViewIfNeeded();
      const { width } = page.viewportSize();
      expect(legendBox.x + legendBox.width).toBeLessThanOrEqual(width);
      await snap(page, join(ARTIFACTS, `review-words-${size.name}.png`));
      await snap(page.locator('#review'), join(ARTIFACTS, `review-words-panel-${size.name}.png`));
      // At the start no turn is drawn: no key.
      await page.locator('#review-graph circle[data-step="0"]').click();
      await expect(note).toHaveText('');
      await expect(legend).toBeHidden();
      expect(errors).toEqual([]);
    });
  });
}
