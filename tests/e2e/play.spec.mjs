// A person plays a 6x6 game with the mouse: roll, select a marked stack,
// pick a marked destination on the canvas, undo, confirm, and reads the log,
// counts and position code.
import { test, expect } from '@playwright/test';
import {
  atRest,
  boardStacks,
  cell,
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

function total(stacks, color) {
  return Object.values(stacks)
    .filter((s) => s.startsWith(color))
    .reduce((sum, s) => sum + Number(s.slice(1)), 0);
}

test('a 6x6 game played by clicking the canvas', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  await newGame(page, { size: 6 });
  const start = await boardStacks(page);
  expect(start.a1).toBe('b1');
  expect(start.b1).toBe('g1');
  expect(start.f6).toBe('b1');
  await expect(page.getByRole('status')).toContainText('Black to move');
  await expect(page.getByLabel('Position code')).toHaveValue('gbgbgb/bgbgbg/gbgbgb/bgbgbg/gbgbgb/bgbgbg b 1');

  // Nothing happens on the board before the roll; the status says why.
  await clickSquare(page, 'a1');
  await expect(page.getByRole('status')).toContainText('Roll the dice first');
  expect(await marked(page, 'selected')).toEqual([]);

  await page.getByRole('button', { name: 'Roll' }).click();
  const dice = await page.locator('.die').evaluateAll((d) => d.map((x) => Number(x.dataset.value)));
  expect(dice).toHaveLength(2);
  for (const d of dice) expect(d >= 1 && d <= 3).toBe(true);
  await expect(page.getByRole('status')).toContainText(`Black rolled ${dice[0]} and ${dice[1]}`);
  await expect(page.getByRole('button', { name: 'Roll' })).toBeDisabled();

  // Only Black stacks are marked as able to move.
  const sources = await marked(page, 'source');
  expect(sources.length).toBeGreaterThan(0);
  for (const sq of sources) expect(start[sq]).toMatch(/^b/);

  const from = sources[0];
  await clickSquare(page, from);
  await expect(cell(page, from)).toHaveAttribute('data-marks', /selected/);
  await expect(page.getByRole('status')).toContainText(`${from} selected`);
  const dests = await targets(page);
  expect(dests.length).toBeGreaterThan(0);
  for (const [sq, kind] of dests) {
    // Kinds follow from the board: Black onto Green on the full board is a capture.
    expect(kind).toBe(start[sq].startsWith('b') ? 'merge' : 'capture');
    await expect(cell(page, sq)).toHaveAttribute('aria-label', new RegExp(`^${sq}, .*${kind} destination`));
  }
  await shot(page, 'play-selected');

  // A click on an unmarked square is refused with the engine's reason, harmlessly.
  const destSet = new Set(dests.map(([sq]) => sq));
  const elsewhere = Object.keys(start).find((sq) => !destSet.has(sq) && sq !== from && start[sq].startsWith('g'));
  await clickSquare(page, elsewhere);
  await expect(page.getByRole('status')).toContainText(`Not allowed: ${from}-${elsewhere}: `);
  expect(await boardStacks(page)).toEqual(start);

  // Escape cancels the selection.
  await page.keyboard.press('Escape');
  expect(await marked(page, 'selected')).toEqual([]);

  // Black's first turn is one move; it waits for Confirm and can be undone.
  await clickSquare(page, from);
  const [to] = dests[0];
  await clickSquare(page, to);
  expect(await phase(page)).toBe('confirm');
  // A capture leaves the mover's single checker; a merge makes a stack of two.
  expect((await boardStacks(page))[to]).toBe(start[to] === 'b1' ? 'b2' : 'b1');
  expect((await boardStacks(page))[from]).toBe('');
  await expect(page.locator('.die[data-used=true]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Undo' }).click();
  expect(await boardStacks(page)).toEqual(start);
  expect(await phase(page)).toBe('act');
  await clickSquare(page, from);
  await clickSquare(page, to);
  await page.getByRole('button', { name: 'Confirm' }).click();

  const log = page.locator('#log li');
  await expect(log).toHaveCount(1);
  await expect(log.first()).toHaveText(`1. ${dice[0]},${dice[1]}: ${from}-${to}`);
  await expect(page.getByRole('status')).toContainText('Green to move');
  await expect(page.getByLabel('Position code')).toHaveValue(/ g 2$/);
  await expect(cell(page, to)).toHaveAttribute('data-marks', /last/);

  // Three more turns by clicking, then the counts match the board.
  const pick = rng(11);
  for (let i = 0; i < 3; i++) await playTurnByClicks(page, pick);
  await expect(log).toHaveCount(4);
  await expect(log.nth(1)).toHaveText(/^2\. [1-3],[1-3]: \S+( \S+)?$/);
  const now = await boardStacks(page);
  await expect(page.locator('.count[data-color=black]')).toHaveAttribute('data-checkers', String(total(now, 'b')));
  await expect(page.locator('.count[data-color=green]')).toHaveAttribute('data-checkers', String(total(now, 'g')));
  await shot(page, 'play-after-four-turns');

  // Take back the last whole turn: the log shrinks and its dice come back.
  const lastLine = await log.nth(3).textContent();
  await page.getByRole('button', { name: 'Take back turn' }).click();
  await expect(log.first()).toBeVisible();
  await expect(page.locator('#log li:not(.current)')).toHaveCount(3);
  const restored = await page.locator('.die').evaluateAll((d) => d.map((x) => x.dataset.value).join(','));
  expect(lastLine).toContain(`4. ${restored}:`);
  expect(await phase(page)).toBe('act');
  expect(errors).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true });

  test('the board fits the screen, is drawn at device resolution and plays by touch', async ({ page }) => {
    const errors = watchErrors(page);
    await open(page);
    await newGame(page, { size: 8 });
    const canvas = page.locator('#board');
    const box = await canvas.boundingBox();
    expect(box.width).toBeLessThanOrEqual(390);
    expect(box.width).toBeGreaterThan(300);
    const backing = await canvas.evaluate((c) => [c.width, c.height]);
    expect(backing).toEqual([Math.round(box.width) * 3, Math.round(box.height) * 3]);

    await page.getByRole('button', { name: 'Roll' }).tap();
    const [from] = await marked(page, 'source');
    const tapSquare = async (sq) => {
      await atRest(page, sq);
      const b = await cell(page, sq).boundingBox();
      await page.touchscreen.tap(b.x + b.width / 2, b.y + b.height / 2);
    };
    await tapSquare(from);
    await expect(cell(page, from)).toHaveAttribute('data-marks', /selected/);
    const [[to]] = await targets(page);
    await tapSquare(to);
    expect(await phase(page)).toBe('confirm');
    await page.getByRole('button', { name: 'Confirm' }).tap();
    await expect(page.locator('#log li')).toHaveCount(1);
    await shot(page, 'phone-after-first-turn');
    expect(errors).toEqual([]);
  });
});

test('auto-roll and auto-confirm settings play the obvious steps', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  await newGame(page, { size: 6 });
  await page.getByText('Settings').click();
  await page.getByLabel('Roll automatically').check();
  // Turning auto-roll on while the dice wait rolls them.
  await expect(page.locator('body')).toHaveAttribute('data-phase', 'act');
  await page.getByLabel('Confirm turns automatically').check();
  await expect(page.getByRole('button', { name: 'Confirm' })).toBeHidden();
  // Black's first turn is one move: play it, and it confirms itself.
  const [from] = await marked(page, 'source');
  await clickSquare(page, from);
  const [[to]] = await targets(page);
  await clickSquare(page, to);
  // Green's dice are already rolled.
  await expect(page.locator('#log li:not(.current)')).toHaveCount(1);
  await expect(page.locator('body')).toHaveAttribute('data-phase', 'act');
  await expect(page.getByRole('status')).toContainText('Green rolled');
  // Settings survive a reload.
  await page.reload();
  await expect(page.getByLabel('Roll automatically')).toBeChecked();
  await expect(page.getByLabel('Confirm turns automatically')).toBeChecked();
  expect(errors).toEqual([]);
});
