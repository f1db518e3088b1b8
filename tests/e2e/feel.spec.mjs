// How the game feels in the hand: the board turns round (your side at the
// bottom against the computer, and on request), and a game under way is not
// thrown away without asking.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import {
  atRest,
  boardStacks,
  cell,
  clickSquare,
  marked,
  open,
  phase,
  playOn,
  rng,
  shot,
  targets,
  watchErrors,
} from './helpers.mjs';

// Moves as most people see them: shown moving (the other files run with
// reduced motion, as the config says).
test.use({ reducedMotion: 'no-preference' });

/** Where a square's cell is drawn, as fractions of the board's width and height. */
async function placeOf(page, square) {
  const board = await page.locator('#board').boundingBox();
  const box = await cell(page, square).boundingBox();
  return [(box.x - board.x) / board.width, (box.y - board.y) / board.height].map((v) => Math.round(v * 8) / 8);
}

test('the board flips: a1 goes to the top right, and clicks, keys and coordinates follow', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  expect(await placeOf(page, 'a1')).toEqual([0, 7 / 8]);
  await page.getByRole('button', { name: 'Flip board' }).click();
  await expect(page.getByRole('button', { name: 'Flip board' })).toHaveAttribute('aria-pressed', 'true');
  expect(await placeOf(page, 'a1')).toEqual([7 / 8, 0]);
  expect(await placeOf(page, 'h8')).toEqual([0, 7 / 8]);
  // The grid reads in the order it is drawn: h1 (top left) first.
  const first = await page.locator('[role=gridcell]').first().getAttribute('data-square');
  expect(first).toBe('h1');
  // A click on the drawn square selects that square's stack.
  await page.getByRole('button', { name: 'Roll' }).click();
  const source = (await marked(page, 'source'))[0];
  await clickSquare(page, source);
  await expect(cell(page, source)).toHaveAttribute('data-marks', /selected/);
  await page.keyboard.press('Escape');
  // Arrow keys move the cursor as seen: right on a flipped board goes towards file a.
  await cell(page, 'd4').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('[role=gridcell]:focus')).toHaveAttribute('data-square', 'c4');
  await page.keyboard.press('ArrowUp');
  await expect(page.locator('[role=gridcell]:focus')).toHaveAttribute('data-square', 'c3');
  await shot(page, 'feel-flipped');
  // F flips back.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('f');
  expect(await placeOf(page, 'a1')).toEqual([0, 7 / 8]);
  expect(errors).toEqual([]);
});

test('playing Green against the computer puts Green at the bottom', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  await page.getByRole('button', { name: 'New game' }).first().click();
  await page.locator('#ng-size').selectOption('6');
  await page.locator('#ng-players').selectOption('computer');
  await page.locator('#ng-level').selectOption('beginner');
  await page.locator('#ng-human').selectOption('green');
  await page.locator('#ng-start').click();
  // a1 (Black's corner) is at the top right; f6 at the bottom left.
  await expect.poll(() => placeOf(page, 'a1')).toEqual([5 / 6, 0].map((v) => Math.round(v * 8) / 8));
  expect(await placeOf(page, 'f6')).toEqual([0, Math.round((5 / 6) * 8) / 8]);
  expect(errors).toEqual([]);
});

test('New game asks before ending a game under way', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  await page.getByRole('button', { name: 'Roll' }).click();
  const before = await boardStacks(page);
  const code = await page.getByLabel('Position code').inputValue();
  await page.getByRole('button', { name: 'New game' }).first().click();
  await page.getByRole('dialog', { name: 'New game' }).getByLabel('Board size').selectOption('6');
  await page.getByRole('dialog', { name: 'New game' }).getByRole('button', { name: 'Start' }).click();
  const confirm = page.getByRole('dialog', { name: 'Leave this game?' });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('A game is in progress (turn 1)');
  await shot(page, 'feel-confirm-new');
  await confirm.getByRole('button', { name: 'Keep playing' }).click();
  await expect(confirm).toBeHidden();
  expect(await boardStacks(page)).toEqual(before);
  await expect(page.getByLabel('Position code')).toHaveValue(code);
  await expect(page.locator('#dice .die').first()).not.toHaveAttribute('data-value', '');

  await page.getByRole('button', { name: 'New game' }).first().click();
  await page.getByRole('dialog', { name: 'New game' }).getByLabel('Board size').selectOption('6');
  await page.getByRole('dialog', { name: 'New game' }).getByRole('button', { name: 'Start' }).click();
  await confirm.getByRole('button', { name: 'Start the new game' }).click();
  await expect(page.locator('[role=gridcell]')).toHaveCount(36);
  // A fresh game starts without asking.
  await page.getByRole('button', { name: 'New game' }).first().click();
  await page.getByRole('dialog', { name: 'New game' }).getByRole('button', { name: 'Start' }).click();
  await expect(confirm).toBeHidden();
  expect(errors).toEqual([]);
});

test('sounds play unless muted, and the choice is remembered', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  const sounds = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('mark')
        .filter((m) => m.name.startsWith('diablo:sound:'))
        .map((m) => m.name.slice(13)),
    );
  // Automated browsers (these tests) start muted; the switch by the board turns sound on (with a sound).
  const mute = page.getByRole('button', { name: 'Sound off' });
  await expect(mute).toBeVisible();
  await page.getByRole('button', { name: 'Roll' }).click();
  expect(await sounds()).toEqual([]);
  await mute.click();
  // The sound module loads with the first sound (the switch's).
  await expect.poll(async () => (await sounds()).length).toBe(1);
  const source = (await marked(page, 'source'))[0];
  await clickSquare(page, source);
  const dest = await page.locator('[role=gridcell][data-marks*="target-"]').first().getAttribute('data-square');
  await clickSquare(page, dest);
  await expect.poll(async () => (await sounds()).length).toBe(2);
  expect(['move', 'capture']).toContain((await sounds())[1]);
  await page.reload();
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByRole('button', { name: 'Sound on' })).toBeVisible();
  expect(errors).toEqual([]);
});

/** The contrast ratio of two CSS colours (WCAG). */
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c
      .match(/\d+/g)
      .slice(0, 3)
      .map((v) => {
        const x = Number(v) / 255;
        return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

test('a dark theme follows the device, or the choice in Settings, and stays legible', async ({ page }) => {
  const errors = watchErrors(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await open(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const colours = () =>
    page.evaluate(() => {
      const card = getComputedStyle(document.querySelector('.turn-card'));
      const status = getComputedStyle(document.getElementById('status'));
      const muted = getComputedStyle(document.getElementById('game-info'));
      const roll = getComputedStyle(document.getElementById('btn-roll'));
      return {
        card: card.backgroundColor,
        ink: status.color,
        muted: muted.color,
        rollBg: roll.backgroundColor,
        rollInk: roll.color,
      };
    });
  const dark = await colours();
  expect(contrast(dark.ink, dark.card)).toBeGreaterThan(7);
  expect(contrast(dark.muted, dark.card)).toBeGreaterThan(4.5);
  expect(contrast(dark.rollInk, dark.rollBg)).toBeGreaterThan(4.5);
  await shot(page, 'feel-dark');
  // The choice in Settings wins over the device's.
  await page.locator('.settings summary').click();
  await page.getByLabel('Colours').selectOption('light');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  const light = await colours();
  expect(contrast(light.ink, light.card)).toBeGreaterThan(7);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('.settings summary').click();
  await page.getByLabel('Colours').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await shot(page, 'feel-dark-phone');
  expect(errors).toEqual([]);
});

test('your own move is shown moving, the board is final after it, and a click during it counts', async ({ page }) => {
  const errors = watchErrors(page);
  // A fake clock, paused around each move: the 180 ms animation advances
  // only when the test says, so a busy machine cannot let it slip by
  // between two looks.
  await page.clock.install();
  await open(page);
  // Two players at one screen; Black's first move, then Green's with a click during the animation.
  await page.getByRole('button', { name: 'Roll' }).click();
  let source = (await marked(page, 'source'))[0];
  await clickSquare(page, source);
  let dest = await page.locator('[role=gridcell][data-marks*="target-"]').first().getAttribute('data-square');
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  await clickSquare(page, dest);
  const canvas = page.locator('#board');
  await expect(canvas).toHaveAttribute('data-moving', /^(move|capture)$/);
  await page.clock.runFor(400);
  await expect(canvas).not.toHaveAttribute('data-moving', /.*/);
  // The engine had the move at once; the drawing follows.
  expect((await boardStacks(page))[dest]).toMatch(/^b/);
  await page.clock.resume();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('button', { name: 'Roll' }).click();
  source = (await marked(page, 'source'))[0];
  await clickSquare(page, source);
  dest = await page.locator('[role=gridcell][data-marks*="target-"]').first().getAttribute('data-square');
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  await clickSquare(page, dest);
  await expect(canvas).toHaveAttribute('data-moving', /^(move|capture)$/);
  // While it moves: the next stack is selected, and the board is at rest at once (time stands still).
  await expect(canvas).toHaveAttribute('data-settled', 'false');
  const next = (await marked(page, 'source')).find((sq) => sq !== dest);
  await clickSquare(page, next, { moving: true });
  await expect(cell(page, next)).toHaveAttribute('data-marks', /selected/);
  await expect(canvas).not.toHaveAttribute('data-moving', /.*/);
  await expect(canvas).toHaveAttribute('data-settled', 'true');
  await page.clock.runFor(400);
  await expect(cell(page, next)).toHaveAttribute('data-marks', /selected/);
  expect(errors).toEqual([]);
});

/** A 4x4 game (tests/data/review-4x4-blunder.txt) less its last ten turns. */
const LATE_4X4 = readFileSync(new URL('../data/review-4x4-blunder.txt', import.meta.url), 'utf8')
  .trimEnd()
  .split('\n')
  .slice(0, -10)
  .join('\n');

/** The centre of a square's cell on the screen. */
async function centre(page, square) {
  const box = await cell(page, square).boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test('stacks are dragged onto their destinations, with the mouse and by touch', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  // Mouse: press on a stack, move, release on one of its marked destinations.
  await page.getByRole('button', { name: 'Roll' }).click();
  const from = (await marked(page, 'source'))[0];
  const a = await centre(page, from);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  // While held, the stack's destinations are marked, as after a click.
  await expect(cell(page, from)).toHaveAttribute('data-marks', /selected/);
  const to = await page.locator('[role=gridcell][data-marks*="target-"]').first().getAttribute('data-square');
  const b = await centre(page, to);
  await page.mouse.move(b.x, b.y, { steps: 6 });
  await page.mouse.up();
  const after = await boardStacks(page);
  expect(after[from]).toBe('');
  expect(after[to]).toMatch(/^b/);
  await page.getByRole('button', { name: 'Confirm' }).click();

  // Touch (Green's turn): a real touch drag through the browser's input pipeline.
  await page.getByRole('button', { name: 'Roll' }).click();
  const tFrom = (await marked(page, 'source'))[0];
  const p = await centre(page, tFrom);
  const client = await page.context().newCDPSession(page);
  const touch = (type, pt) =>
    client.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x: pt.x, y: pt.y }],
    });
  await touch('touchStart', p);
  await expect(cell(page, tFrom)).toHaveAttribute('data-marks', /selected/);
  const tTo = await page.locator('[role=gridcell][data-marks*="target-"]').first().getAttribute('data-square');
  const q = await centre(page, tTo);
  for (let k = 1; k <= 5; k++)
    await touch('touchMove', { x: p.x + ((q.x - p.x) * k) / 5, y: p.y + ((q.y - p.y) * k) / 5 });
  await touch('touchEnd', q);
  await expect.poll(async () => (await boardStacks(page))[tFrom]).not.toMatch(/^g1$/);
  expect((await boardStacks(page))[tTo]).toMatch(/^g/);
  // A click on the selected stack still un-selects it; a click-click move still works.
  expect(errors).toEqual([]);
});

test('a game played out by dragging stacks with the mouse', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  // The last turns of a 4x4 game (a whole game by clicks is fullgame.spec.mjs's), played here by drags.
  await playOn(page, `${LATE_4X4}\n`);
  const pick = rng(44);
  let turns = 0;
  let drags = 0;
  while ((await phase(page)) !== 'over') {
    await page.getByRole('button', { name: 'Roll' }).click();
    for (let k = 0; k < 4 && (await phase(page)) === 'act'; k++) {
      const removable = await marked(page, 'removable');
      if (removable.length) {
        // A removal is a click on the stack (there is nowhere to drag it).
        await clickSquare(page, removable[pick(removable.length)]);
        continue;
      }
      const sources = await marked(page, 'source');
      const from = sources[pick(sources.length)];
      // A drag starts on a board at rest (the last move shown moving has ended).
      await atRest(page);
      const a = await centre(page, from);
      await page.mouse.move(a.x, a.y);
      await page.mouse.down();
      await expect(cell(page, from)).toHaveAttribute('data-marks', /selected/);
      const dests = await targets(page);
      const [to] = dests[pick(dests.length)];
      const b = await centre(page, to);
      await page.mouse.move(b.x, b.y, { steps: 5 });
      await page.mouse.up();
      // The stack left its square (a second move may bring another one there only later).
      expect((await boardStacks(page))[from]).toBe('');
      drags += 1;
    }
    if ((await phase(page)) === 'confirm') await page.getByRole('button', { name: 'Confirm' }).click();
    turns += 1;
    expect(turns).toBeLessThan(80);
  }
  await expect(page.locator('#gameover')).toBeVisible();
  expect(drags).toBeGreaterThan(turns / 2);
  console.log(`drag game: ${turns} turns, ${drags} drags`);
  expect(errors).toEqual([]);
});

test('coordinates stay legible on the largest board: on plates over the stacks', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  await page.getByRole('button', { name: 'New game' }).first().click();
  await page.locator('#ng-size').selectOption('26');
  await page.locator('#ng-start').click();
  await expect(page.locator('[role=gridcell]')).toHaveCount(676);
  // a1 is a dark square under a Black checker; its rank label's plate is light.
  const light = await page.evaluate(() => {
    const canvas = document.getElementById('board');
    const ctx = canvas.getContext('2d');
    const cell = canvas.width / 26;
    const data = ctx.getImageData(0, canvas.height - cell, cell / 2, cell / 2).data;
    let count = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] > 228 && data[i + 1] > 218 && data[i + 2] > 195) count++;
    return count / (data.length / 4);
  });
  expect(light).toBeGreaterThan(0.15);
  await shot(page, 'feel-coordinates-26');
  expect(errors).toEqual([]);
});
