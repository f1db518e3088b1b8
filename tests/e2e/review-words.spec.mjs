// The game review in plain words (web/analysis/review.js): the summary
// names each player's luckiest and unluckiest roll ("rolled 2,2 on turn 7:
// chances up 5%"), worked out here from the stored judgements, not a signed
// "dice swing"; the key to the board's arrows (solid: played, dashed: a
// better turn) sits under the note of a marked turn, where those arrows are
// drawn, and nowhere when no better turn is drawn. At desktop size and on a
// phone (touch), with screenshots.
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

/** The stored judgements of the reviewed game (lib/storage.js, `diablo.review.v1.…`). */
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
        const best = mine.reduce((a, b) => (b.diceSwing > a.diceSwing ? b : a));
        const worst = mine.reduce((a, b) => (b.diceSwing < a.diceSwing ? b : a));
        const lucky = summary.locator('tr', { hasText: 'Luckiest roll' }).locator('td').nth(column);
        const unlucky = summary.locator('tr', { hasText: 'Unluckiest roll' }).locator('td').nth(column);
        const size = (x) => `${Math.round(Math.abs(x) * 100)}%`;
        await expect(lucky).toHaveText(
          best.diceSwing >= 0.005
            ? `rolled ${best.roll} on turn ${best.number}: chances up ${size(best.diceSwing)}`
            : '—',
        );
        await expect(unlucky).toHaveText(
          worst.diceSwing <= -0.005
            ? `rolled ${worst.roll} on turn ${worst.number}: chances down ${size(worst.diceSwing)}`
            : '—',
        );
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
