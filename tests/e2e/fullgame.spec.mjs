// Hot-seat games to the game-over banner, choosing among the marked moves
// with the mouse, in both editions; then a rematch. The standard game is
// the suite's one whole game played by clicks from the first roll to the
// end; the sequenced one starts from a record of such a game
// (tests/data/sequenced-6x6.txt, made on this page by clicks) four turns
// before its end and is played out by clicks from there: the same end,
// card and rematch, in far fewer turns.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { boardStacks, newGame, open, phase, playOn, playTurnByClicks, rng, shot, watchErrors } from './helpers.mjs';

// Moves as most people see them: shown moving (the other files run with
// reduced motion, as the config says).
test.use({ reducedMotion: 'no-preference' });

/** The sequenced game's record, less its last four turns. */
const SEQUENCED = (() => {
  const lines = readFileSync(new URL('../data/sequenced-6x6.txt', import.meta.url), 'utf8')
    .trimEnd()
    .split('\n');
  return `${lines.slice(0, -4).join('\n')}\n`;
})();
/** The turns that record holds. */
const SEQUENCED_TURNS = SEQUENCED.trimEnd()
  .split('\n')
  .filter((l) => /^\d,\d:/.test(l)).length;

for (const [edition, seed] of [
  ['standard', 2024],
  ['sequenced', 77],
]) {
  test(`a complete ${edition} 6x6 game ends with a winner and a rematch`, async ({ page }) => {
    const errors = watchErrors(page);
    await open(page);
    let turns = 0;
    if (edition === 'standard') {
      await newGame(page, { size: 6, edition });
    } else {
      await playOn(page, SEQUENCED);
      turns = SEQUENCED_TURNS;
    }
    await expect(page.locator('#game-info')).toContainText(edition === 'standard' ? 'Standard' : 'Sequenced');
    const pick = rng(seed);
    const kinds = new Set();
    while ((await phase(page)) !== 'over') {
      for (const k of await playTurnByClicks(page, pick)) kinds.add(k);
      turns += 1;
      expect(turns, 'every game ends (each turn lowers checkers + stacks)').toBeLessThan(150);
    }
    const banner = page.locator('#gameover');
    await expect(banner).toBeVisible();
    const winner = await banner.getAttribute('data-winner');
    const loser = winner === 'black' ? 'green' : 'black';
    const title = winner === 'black' ? 'Black wins!' : 'Green wins!';
    await expect(banner).toContainText(title);
    await expect(page.getByRole('status')).toContainText(title);
    await expect(page.locator(`.count[data-color=${loser}]`)).toHaveAttribute('data-checkers', '0');
    const stacks = await boardStacks(page);
    expect(Object.values(stacks).some((s) => s.startsWith(loser[0]))).toBe(false);
    await expect(page.locator('#log li')).toHaveCount(turns);
    await expect(page.getByRole('button', { name: 'Roll' })).toBeDisabled();
    // The game-over screen: what each side did, counted by the engine, and the deciding roll.
    const table = banner.locator('#gameover-stats');
    await expect(table.locator('tr')).toHaveCount(6);
    const row = async (label) =>
      (await table.locator('tr', { hasText: label }).locator('td').allTextContents()).map(Number);
    const played = await row('Turns played');
    expect(played[0] + played[1]).toBe(turns);
    expect(played[0] - played[1]).toBeGreaterThanOrEqual(0);
    expect(played[0] - played[1]).toBeLessThanOrEqual(1);
    const captured = await row('Checkers captured');
    const removed = await row('Checkers removed');
    // Every checker the loser had (18 at the start) was captured by the winner or removed by the loser.
    const [w, l] = winner === 'black' ? [0, 1] : [1, 0];
    expect(captured[w] + removed[l]).toBe(18);
    const lastRoll = (await page.locator('#log li').last().textContent()).match(/^\d+\. (\d+),(\d+):/).slice(1);
    expect(await page.locator('#dice .die').evaluateAll((d) => d.map((x) => x.dataset.value))).toEqual(lastRoll);
    await expect(page.locator('body')).toHaveAttribute('data-side', winner);
    await expect(banner.getByRole('button', { name: 'Copy link' })).toBeVisible();
    // A whole game uses more than one kind of action (the end of the sequenced one: removals at least).
    if (edition === 'standard') expect(kinds.size).toBeGreaterThan(1);
    else expect(kinds.size).toBeGreaterThan(0);
    await shot(page, `fullgame-${edition}-over`);

    await page.getByRole('button', { name: 'Rematch' }).click();
    await expect(banner).toBeHidden();
    await expect(page.locator('#log li')).toHaveCount(0);
    await expect(page.getByLabel('Position code')).toHaveValue('gbgbgb/bgbgbg/gbgbgb/bgbgbg/gbgbgb/bgbgbg b 1');
    await expect(page.locator('#game-info')).toContainText(edition === 'standard' ? 'Standard' : 'Sequenced');
    expect(errors).toEqual([]);
  });
}
