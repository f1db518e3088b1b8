// The game page's Rules dialog (index.html's
// #rules-panel, its text from lib/i18n/<lang>/rules.js) closes from its
// top, not only at its very end: a × at the top, Escape, and a tap outside.
import { test, expect } from '@playwright/test';
import { open, watchErrors } from './helpers.mjs';

for (const [width, height] of [
  [390, 844],
  [1280, 800],
]) {
  test.describe(`at ${width}x${height}`, () => {
    test.use({ viewport: { width, height } });

    test('the Rules dialog closes by a × at its top, by Escape and by a tap outside', async ({ page }) => {
      const errors = watchErrors(page);
      await open(page);
      const dialog = page.getByRole('dialog', { name: 'How to play Diablo' });
      const openRules = async () => {
        await page.locator('#btn-rules').click();
        await expect(dialog).toBeVisible();
        await expect(dialog.locator('#rules-body h3').first()).toBeVisible();
      };

      await openRules();
      // The dialog is long (its own Close is far below), the × at its top is on the screen.
      const x = dialog.getByRole('button', { name: 'Close' }).first();
      await expect(x).toHaveText('×');
      await expect(x).toBeInViewport();
      const box = await x.boundingBox();
      const title = await dialog.locator('#rules-title').boundingBox();
      expect(box && title && box.y < title.y + title.height).toBe(true);
      // A finger-sized target.
      expect(box && box.width >= 40 && box.height >= 40).toBe(true);
      await x.click();
      await expect(dialog).toBeHidden();

      await openRules();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await openRules();
      // Outside the dialog: above it, on the dimmed page.
      const d = await dialog.boundingBox();
      expect(d && d.y > 10).toBe(true);
      await page.mouse.click(width / 2, 5);
      await expect(dialog).toBeHidden();
      // A tap inside (on its text) leaves it open.
      await openRules();
      await dialog
        .locator('#rules-body p')
        .first()
        .click({ position: { x: 5, y: 5 } });
      await expect(dialog).toBeVisible();
      expect(errors).toEqual([]);
    });
  });
}

test('the × is named in the page’s language', async ({ page }) => {
  await open(page);
  await page.locator('#lang-select').selectOption('de');
  await page.locator('#btn-rules').click();
  const dialog = page.locator('#rules-panel');
  await expect(dialog.getByRole('button', { name: 'Schließen' }).first()).toHaveText('×');
  await page.keyboard.press('Escape');
  await page.locator('#lang-select').selectOption('pl');
  await page.locator('#btn-rules').click();
  await expect(dialog.getByRole('button', { name: 'Zamknij' }).first()).toHaveText('×');
});
