// The sound switch (found without searching a menu): an icon button by the board, in view
// without opening anything, whose name says whether sound is on; it turns
// the sounds on and off (a performance mark per sound played, sound.js)
// and the choice is remembered. Automated browsers start muted
// (storage.js); a person's browser starts with sound on.
import { test, expect } from '@playwright/test';
import { join } from 'node:path';
import { ARTIFACTS, clickSquare, marked, open, snap, targets, watchErrors } from './helpers.mjs';

const sounds = (page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('mark')
      .filter((m) => m.name.startsWith('diablo:sound:'))
      .map((m) => m.name.slice(13)),
  );

for (const [name, viewport, touch] of [
  ['desktop', { width: 1280, height: 800 }, false],
  ['phone', { width: 390, height: 844 }, true],
]) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport, hasTouch: touch, isMobile: touch });

    test('the sound switch is by the board, says its state, and turns sounds on and off', async ({ page }) => {
      const errors = watchErrors(page);
      await open(page);
      const off = page.getByRole('button', { name: 'Sound off' });
      await expect(off).toBeVisible();
      // In view as the page opens, next to the board, on top of what is there.
      await expect(off).toBeInViewport({ ratio: 1 });
      const [button, board] = await Promise.all([off.boundingBox(), page.locator('#board-wrap').boundingBox()]);
      const gap = name === 'phone' ? button.y - (board.y + board.height) : button.x - (board.x + board.width);
      expect(gap, 'the switch is beside the board').toBeLessThan(name === 'phone' ? 60 : 360);
      expect(gap).toBeGreaterThanOrEqual(0);
      const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.id, {
        x: button.x + button.width / 2,
        y: button.y + button.height / 2,
      });
      expect(hit).toBe('btn-sound');
      await expect(off).toHaveAttribute('title', 'Sound off');

      // Off: a roll is silent.
      await page.getByRole('button', { name: 'Roll' }).click();
      expect(await sounds(page)).toEqual([]);
      // On: it says so, with a sound.
      await off.click();
      const on = page.getByRole('button', { name: 'Sound on' });
      await expect(on).toBeVisible();
      await expect.poll(() => sounds(page)).toEqual(['move']);
      await snap(page, join(ARTIFACTS, `sound-on-${name}.png`));

      // Remembered.
      await page.reload();
      await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
      await expect(page.getByRole('button', { name: 'Sound on' })).toBeVisible();
      // The dice stayed rolled: a move sounds.
      const [from] = await marked(page, 'source');
      await clickSquare(page, from);
      const [[to]] = await targets(page);
      await clickSquare(page, to);
      await expect.poll(async () => (await sounds(page)).length).toBe(1);
      expect(['move', 'capture']).toContain((await sounds(page))[0]);
      // And off again.
      await page.getByRole('button', { name: 'Sound on' }).click();
      await expect(page.getByRole('button', { name: 'Sound off' })).toBeVisible();
      await snap(page, join(ARTIFACTS, `sound-off-${name}.png`));
      await page.reload();
      await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
      await expect(page.getByRole('button', { name: 'Sound off' })).toBeVisible();
      expect(errors).toEqual([]);
    });
  });
}

test("a person's browser starts with sound on", async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }));
  // A returning browser (no welcome in the way).
  await page.addInitScript(() => localStorage.setItem('diablo.ai.v1', '{}'));
  await page.goto('/');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByRole('button', { name: 'Sound on' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test("the switch speaks the page's language", async ({ page }) => {
  await page.goto('/?lang=de');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByRole('button', { name: 'Ton aus' })).toBeVisible();
  await page.locator('#lang-select').selectOption('pl');
  await expect(page.getByRole('button', { name: 'Dźwięk wyłączony' })).toBeVisible();
});
