// Key hints only where a keyboard is in use (a phone has none to press): a touch
// screen's status line names no keys and its header has no Keys button;
// a desktop's (a mouse: hover and a fine pointer) does, and so does a touch
// screen once a key has been pressed (a tablet with a keyboard).
import { test, expect } from '@playwright/test';
import { join } from 'node:path';
import { ARTIFACTS, cell, marked, open, snap, targets, watchErrors } from './helpers.mjs';

/** Rolls, then plays one action by touch or click, leaving the turn complete (a first turn is one move). */
async function firstMove(page, tap) {
  await page.getByRole('button', { name: 'Roll' }).click();
  const press = async (square) => {
    const b = await cell(page, square).boundingBox();
    if (tap) await page.touchscreen.tap(b.x + b.width / 2, b.y + b.height / 2);
    else await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
  };
  const [from] = await marked(page, 'source');
  await press(from);
  const [[to]] = await targets(page);
  await press(to);
  await expect(page.locator('body')).toHaveAttribute('data-phase', 'confirm');
}

test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('no key is named, and no Keys button shows, until a key is pressed', async ({ page }) => {
    const errors = watchErrors(page);
    await open(page);
    const status = page.getByRole('status');
    await expect(status).toHaveText('Black to move: roll the dice.');
    await expect(page.getByRole('button', { name: 'Keys' })).toBeHidden();
    // A square touched before the roll.
    const a1 = await cell(page, 'a1').boundingBox();
    await page.touchscreen.tap(a1.x + a1.width / 2, a1.y + a1.height / 2);
    await expect(status).toContainText('Roll the dice first.');
    await firstMove(page, true);
    await expect(status).toContainText('Turn complete: Confirm or Undo.');
    await expect(status).not.toContainText('(Enter)');
    await snap(page, join(ARTIFACTS, 'keyhints-touch-390.png'));
    // Nowhere on the page a word of the keyboard.
    const text = await page.locator('body').innerText();
    expect(text).not.toMatch(/\((D|U|Enter|T takes back.*)\)/);

    // A keyboard attached: a key pressed shows the hints.
    await page.keyboard.press('u');
    await expect(page.getByRole('button', { name: 'Keys' })).toBeVisible();
    await expect(status).toContainText('Undid');
    await page.keyboard.press('u');
    await expect(status).toContainText('Nothing to undo in this turn (T takes back a whole turn).');
    expect(errors).toEqual([]);
  });

  test('typing in a text field is not a keyboard', async ({ page }) => {
    await open(page);
    await page.getByRole('button', { name: 'Import…' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Open a game record' });
    await dialog.getByLabel('Game record or link').fill('');
    await dialog.getByLabel('Game record or link').pressSequentially('abc');
    await dialog.getByRole('button', { name: 'Cancel' }).tap();
    await expect(page.getByRole('button', { name: 'Keys' })).toBeHidden();
    await expect(page.getByRole('status')).toHaveText('Black to move: roll the dice.');
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the keys are named, and the Keys button shows', async ({ page }) => {
    const errors = watchErrors(page);
    await open(page);
    const status = page.getByRole('status');
    await expect(status).toHaveText('Black to move: roll the dice (D).');
    await expect(page.getByRole('button', { name: 'Keys' })).toBeVisible();
    await cell(page, 'a1')
      .boundingBox()
      .then((b) => page.mouse.click(b.x + b.width / 2, b.y + b.height / 2));
    await expect(status).toContainText('Roll the dice first (D).');
    await firstMove(page, false);
    await expect(status).toContainText('Turn complete: Confirm (Enter) or Undo (U).');
    await snap(page, join(ARTIFACTS, 'keyhints-desktop-1280.png'));
    expect(errors).toEqual([]);
  });
});
