// Fixes on the analysis board (web/analysis/):
// - a die that does not fit the board (5 on 6x6), a die of 0 or a die that
//   is no whole number is refused under the dice, where it was typed (not
//   at the top of the page), naming the die;
// - the ranking lists each resulting position once: turns that only differ
//   in the order of the same independent moves are one line, the other
//   spellings under it;
// - opened from the game page (its Analysis link), the board shows the
//   game's position, not the start.
import { test, expect } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { newGame, open, playTurnByClicks, rng, snap, watchErrors } from './helpers.mjs';

const SHOTS = '/work/shots';
mkdirSync(SHOTS, { recursive: true });
/** What the screen shows, under /work/shots/. */
const shot = (page, name) => snap(page, `${SHOTS}/${name}.png`);

// An 8x8 middle game (as in review.spec.mjs), roll 3,2.
const CODE = '..gbgbgb/bgbgbgbg/bb.bgb../bg.g.gbb/g2....bg./.gb..gbg/..bg..../..bg.... b 15';
const LINK = `web/analysis.html#${new URLSearchParams({ code: CODE, edition: 'standard', roll: '3,2' })}`;

/** The distance in px between the bottom of a die field and the top of the message. */
async function gapBelow(page, id) {
  const die = await page.locator(`#${id}`).boundingBox();
  const msg = await page.locator('#an-roll-error').boundingBox();
  if (!die || !msg) throw new Error('not laid out');
  return msg.y - (die.y + die.height);
}

for (const [width, height] of [
  [390, 844],
  [1280, 800],
]) {
  test.describe(`at ${width}x${height}`, () => {
    test.use({ viewport: { width, height } });

    test('every bad die is refused under the dice, naming the die', async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto('web/analysis.html');
      await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
      await page.getByLabel('Board size').selectOption('6');
      const rank = page.getByRole('button', { name: 'Rank the turns' });
      const said = page.locator('#an-roll-error');
      const cases = [
        // Too big for a 6x6 board.
        ['an-die1', '5', /Die 1 cannot be used: .*5/],
        // Zero.
        ['an-die2', '0', /Die 2 cannot be used: a die cannot show 0/],
        // Nothing at all.
        ['an-die1', '', /Die 1: type a whole number/],
        // Negative.
        ['an-die2', '-2', /Die 2: type a whole number/],
      ];
      for (const [id, value, text] of cases) {
        await page.locator('#an-die1').fill('1');
        await page.locator('#an-die2').fill('1');
        await page.locator(`#${id}`).fill(value);
        await rank.click();
        await expect(said).toBeVisible();
        await expect(said).toHaveText(text);
        // Where it was typed: just under the dice, and on the screen.
        const gap = await gapBelow(page, id);
        expect(gap).toBeGreaterThanOrEqual(0);
        expect(gap).toBeLessThan(40);
        await expect(said).toBeInViewport();
        await expect(page.locator(`#${id}`)).toHaveAttribute('aria-invalid', 'true');
        await expect(page.locator(`#${id}`)).toBeFocused();
        // Not at the top of the page, and nothing ranked.
        await expect(page.locator('#an-error')).toBeHidden();
        await expect(page.locator('#an-ranking li')).toHaveCount(0);
        if (value === '5') await shot(page, `analysis-die-error-${width}`);
      }
      // Dice that fit: the message goes and the turns are ranked.
      await page.locator('#an-die1').fill('3');
      await page.locator('#an-die2').fill('1');
      await rank.click();
      await expect(page.locator('body')).toHaveAttribute('data-ranked', 'true', { timeout: 30_000 });
      await expect(said).toBeHidden();
      await expect(page.locator('#an-die1')).not.toHaveAttribute('aria-invalid', 'true');
      expect(errors).toEqual([]);
    });

    test('the ranking lists each resulting position once, other spellings under it', async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto(LINK);
      await expect(page.locator('body')).toHaveAttribute('data-ranked', 'true', { timeout: 30_000 });
      await expect(page.locator('#an-ranking-title')).toHaveText('Best turns for this roll');
      await expect(page.locator('.hint').first()).not.toContainText('code reader');
      const all = page.locator('#an-all');
      if (await all.isVisible()) await all.click();
      const lines = await page.locator('#an-ranking li').evaluateAll((lis) =>
        lis.map((li) => ({
          turn: li.getAttribute('data-turn') ?? '',
          also: li.querySelector('.an-also')?.textContent ?? '',
        })),
      );
      // Two turns of the same moves in another order, on squares all different
      // (so neither move touches the other's stacks), end in the same position.
      const key = (turn) => {
        const actions = turn.split(' ');
        const squares = actions.flatMap((a) => a.replace(/^-/, '').split('-'));
        if (actions.length !== 2 || new Set(squares).size !== squares.length) return '';
        return [...actions].sort().join(' ');
      };
      const seen = new Map();
      for (const { turn } of lines) {
        const k = key(turn);
        if (!k) continue;
        expect(seen.get(k), `${turn} and ${seen.get(k)} reach the same position`).toBeUndefined();
        seen.set(k, turn);
      }
      // Some line carries another spelling, which is its own moves in the other order.
      const grouped = lines.filter((l) => l.also);
      expect(grouped.length).toBeGreaterThan(0);
      const first = grouped.find((l) => key(l.turn));
      if (first) {
        const [a, b] = first.turn.split(' ');
        expect(first.also).toContain(`${b} ${a}`);
        expect(first.also).toMatch(/^Same position: /);
      }
      // Back to the top ten for the picture.
      if (await all.isVisible()) await all.click();
      await page.locator('#an-ranking').scrollIntoViewIfNeeded();
      await shot(page, `analysis-ranking-dedup-${width}`);
      expect(errors).toEqual([]);
    });
  });
}

test('opened from a game in progress, the analysis shows the game’s position', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  await newGame(page, { size: 6, edition: 'sequenced' });
  const pick = rng(7);
  for (let i = 0; i < 3; i++) await playTurnByClicks(page, pick);
  const code = await page.getByLabel('Position code').inputValue();
  await page.locator('#link-analysis').click();
  await expect(page).toHaveURL(/analysis\.html/);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByLabel('Position code')).toHaveValue(code);
  await expect(page.getByLabel('Board size')).toHaveValue('6');
  await expect(page.getByLabel('Edition')).toHaveValue('sequenced');
  await expect(page.locator('#an-error')).toBeHidden();
  // The link describes it, to be shared.
  await expect(page.locator('#an-link')).toHaveValue(/code=/);
  // Opened by hand (no link from the game page), the board starts fresh.
  await page.goto('web/analysis.html');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByLabel('Board size')).toHaveValue('8');
  expect(errors).toEqual([]);
});
