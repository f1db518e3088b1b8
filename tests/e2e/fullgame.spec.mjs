// Whole hot-seat games to the game-over banner, choosing among the marked
// moves with the mouse, in both editions; then a rematch.
import { test, expect } from '@playwright/test';
import { boardStacks, newGame, open, phase, playTurnByClicks, rng, shot, watchErrors } from './helpers.mjs';

for (const [edition, seed] of [['standard', 2024], ['sequenced', 77]]) {
  test(`a complete ${edition} 6x6 game ends with a winner and a rematch`, async ({ page }) => {
    const errors = watchErrors(page);
    await open(page);
    await newGame(page, { size: 6, edition });
    await expect(page.locator('#game-info')).toContainText(edition === 'standard' ? 'Standard' : 'Sequenced');
    const pick = rng(seed);
    let turns = 0;
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
    // A game of this length uses more than one kind of action.
    expect(kinds.size).toBeGreaterThan(1);
    await shot(page, `fullgame-${edition}-over`);

    await page.getByRole('button', { name: 'Rematch' }).click();
    await expect(banner).toBeHidden();
    await expect(page.locator('#log li')).toHaveCount(0);
    await expect(page.getByLabel('Position code')).toHaveValue('gbgbgb/bgbgbg/gbgbgb/bgbgbg/gbgbgb/bgbgbg b 1');
    await expect(page.locator('#game-info')).toContainText(edition === 'standard' ? 'Standard' : 'Sequenced');
    expect(errors).toEqual([]);
  });
}
