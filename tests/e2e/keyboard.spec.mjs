// A game played with the keyboard only: N opens the new-game dialog, D rolls,
// arrow keys move the square cursor, Enter selects and acts, U undoes, Esc
// cancels, Enter confirms. Focus and marks are read from the accessible grid.
import { test, expect } from '@playwright/test';
import { boardStacks, marked, open, phase, rng, shot, targets, watchErrors } from './helpers.mjs';

async function focusedSquare(page) {
  return page.evaluate(() => document.activeElement?.dataset?.square ?? null);
}

/** Moves the keyboard cursor to a square with arrow keys. */
async function cursorTo(page, square) {
  let at = await focusedSquare(page);
  if (at == null) {
    // The first arrow press brings the cursor (and focus) onto the board.
    await page.keyboard.press('ArrowUp');
    at = await focusedSquare(page);
  }
  const df = square.charCodeAt(0) - at.charCodeAt(0);
  const dr = Number(square.slice(1)) - Number(at.slice(1));
  for (let i = 0; i < Math.abs(df); i++) await page.keyboard.press(df > 0 ? 'ArrowRight' : 'ArrowLeft');
  for (let i = 0; i < Math.abs(dr); i++) await page.keyboard.press(dr > 0 ? 'ArrowUp' : 'ArrowDown');
  expect(await focusedSquare(page)).toBe(square);
}

async function playTurnByKeys(page, pick) {
  if ((await phase(page)) === 'roll') await page.keyboard.press('d');
  for (let guard = 0; guard < 4 && (await phase(page)) === 'act'; guard++) {
    const removable = await marked(page, 'removable');
    if (removable.length) {
      await cursorTo(page, removable[pick(removable.length)]);
      await page.keyboard.press('Enter');
      continue;
    }
    const sources = await marked(page, 'source');
    const from = sources[pick(sources.length)];
    await cursorTo(page, from);
    await page.keyboard.press('Enter');
    expect(await marked(page, 'selected')).toEqual([from]);
    const dests = await targets(page);
    const [to] = dests[pick(dests.length)];
    await cursorTo(page, to);
    await page.keyboard.press('Enter');
  }
  if ((await phase(page)) === 'confirm') await page.keyboard.press('Enter');
}

test('a game played by keyboard only', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);

  // N opens the dialog; choose 6x6 and start, all by keys.
  await page.keyboard.press('n');
  const dialog = page.getByRole('dialog', { name: 'New game' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Board size')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(dialog.getByLabel('Board size')).toHaveValue('6');
  for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Start' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.locator('[role=gridcell]')).toHaveCount(36);

  // The help panel lists the shortcuts.
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('Roll the dice');
  await expect(help).toContainText('Undo the last action');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // Space takes the obvious next step: here, rolling.
  await page.keyboard.press(' ');
  expect(await phase(page)).toBe('act');
  await expect(page.getByRole('status')).toContainText('Black rolled');

  // Select with Enter, cancel with Esc, select again, act, undo with U.
  const start = await boardStacks(page);
  const [from] = await marked(page, 'source');
  await cursorTo(page, from);
  await page.keyboard.press('Enter');
  expect(await marked(page, 'selected')).toEqual([from]);
  await page.keyboard.press('Escape');
  expect(await marked(page, 'selected')).toEqual([]);
  await page.keyboard.press('Enter');
  const [[to]] = await targets(page);
  await cursorTo(page, to);
  await page.keyboard.press('Enter');
  expect(await phase(page)).toBe('confirm');
  await page.keyboard.press('u');
  expect(await boardStacks(page)).toEqual(start);
  expect(await phase(page)).toBe('act');

  const pick = rng(5);
  for (let i = 0; i < 4; i++) await playTurnByKeys(page, pick);
  await expect(page.locator('#log li:not(.current)')).toHaveCount(4);
  await shot(page, 'keyboard-after-four-turns');
  expect(errors).toEqual([]);
});

test('screen readers hear each change once: no repeated status, no die caption read twice', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  await page.evaluate(() => {
    window.announced = [];
    new MutationObserver(() => window.announced.push(document.getElementById('status').textContent)).observe(
      document.getElementById('status'),
      { childList: true, characterData: true, subtree: true },
    );
  });
  const pick = rng(11);
  for (let turn = 0; turn < 8 && (await phase(page)) !== 'over'; turn++) await playTurnByKeys(page, pick);
  const announced = await page.evaluate(() => window.announced);
  const repeats = announced.filter((text, i) => i > 0 && text === announced[i - 1]);
  expect(repeats).toEqual([]);
  console.log(`status announcements over 8 keyboard turns: ${announced.length}`);
  // Each die is one image with one name; its caption is not read again.
  const captions = await page
    .locator('#dice .die-caption')
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-hidden')));
  expect(captions).toEqual(['true', 'true']);
  expect(errors).toEqual([]);
});
