// The game survives a reload, mid-turn included; a corrupt save is thrown
// away with a notice and never breaks the page.
import { test, expect } from '@playwright/test';
import {
  boardStacks,
  clickSquare,
  marked,
  newGame,
  open,
  phase,
  playTurnByClicks,
  rng,
  shot,
  targets,
  watchErrors,
} from './helpers.mjs';

async function snapshot(page) {
  return {
    stacks: await boardStacks(page),
    dice: await page.locator('.die').evaluateAll((d) => d.map((x) => `${x.dataset.value}:${x.dataset.used}`)),
    log: await page.locator('#log li').allTextContents(),
    code: await page.getByLabel('Position code').inputValue(),
    phase: await phase(page),
    info: await page.locator('#game-info').textContent(),
  };
}

test('reloading mid-turn finds the same position, dice and turn', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  await newGame(page, { size: 6, edition: 'sequenced' });
  const pick = rng(9);
  for (let i = 0; i < 3; i++) await playTurnByClicks(page, pick);

  // Green's turn: roll and play exactly one action (a removal or a move).
  await page.getByRole('button', { name: 'Roll' }).click();
  const removable = await marked(page, 'removable');
  if (removable.length) {
    await clickSquare(page, removable[0]);
  } else {
    const [from] = await marked(page, 'source');
    await clickSquare(page, from);
    const [[to]] = await targets(page);
    await clickSquare(page, to);
  }
  const before = await snapshot(page);
  expect(before.dice.some((d) => d.endsWith(':true')) || removable.length > 0).toBe(true);
  expect(before.log.at(-1)).toMatch(/^4\. /);

  await page.reload();
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  const after = await snapshot(page);
  expect(after).toEqual(before);
  await expect(page.locator('#notice')).toBeHidden();
  // The status still says the roll.
  await expect(page.locator('#status')).toContainText(/^Green rolled \d and \d\. /);

  // The restored turn goes on: finish it, and the record keeps growing.
  await playTurnByClicks(page, pick);
  await expect(page.locator('#log li:not(.current)')).toHaveCount(4);
  await page.reload();
  await expect(page.locator('#log li')).toHaveCount(4);
  await shot(page, 'persist-after-reload');
  expect(errors).toEqual([]);
});

for (const [name, saved] of [
  ['not JSON', '{oops'],
  [
    'an illegal turn',
    JSON.stringify({ v: 1, record: 'edition standard\nsize 6\n2,1: a1-f6\n', roll: null, actions: [] }),
  ],
  ['dice that do not fit', JSON.stringify({ v: 1, record: 'edition standard\nsize 6\n', roll: [5, 1], actions: [] })],
]) {
  test(`a corrupt saved game (${name}) is discarded with a notice`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.addInitScript((value) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('diablo.game.v1', value);
        sessionStorage.setItem('seeded', '1');
      }
    }, saved);
    await open(page);
    const notice = page.locator('#notice');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('could not be restored');
    await expect(page.getByLabel('Position code')).toHaveValue(/^gbgbgbgb\/.* b 1$/);
    // The page is fully playable.
    await playTurnByClicks(page, rng(1));
    await expect(page.locator('#log li')).toHaveCount(1);
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toBeHidden();
    await page.reload();
    await expect(page.locator('#notice')).toBeHidden();
    await expect(page.locator('#log li')).toHaveCount(1);
    expect(errors).toEqual([]);
  });
}
