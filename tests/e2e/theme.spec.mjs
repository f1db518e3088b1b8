// Dark colours chosen once, in the game page's Settings (as a person
// would), are every page's: each page starts through lib/page.js's
// startPage, which sets data-theme on <html> from the saved settings, and
// each page's style sheet reads it. Screenshots of two pages, dark, at
// phone and desktop size, under /tmp/shots/.
import { test, expect } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { open, snap, watchErrors } from './helpers.mjs';

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

/** Every page but the game page, and what shows it has started. */
const PAGES = [
  ['friend', 'web/friend.html', 'main'],
  ['analysis', 'web/analysis.html', '#an-size'],
  ['rules', 'web/rules.html', 'main section'],
  ['learn', 'web/learn.html', '#lessons li'],
  ['puzzles', 'web/puzzles.html', '#board'],
  ['games', 'web/games.html', '#btn-export'],
  ['players', 'web/players.html', '#players-main'],
];

/** The relative luminance (0 black, 1 white) of a computed CSS colour. @param {string} css */
function luminance(css) {
  const [r, g, b] = (css.match(/[\d.]+/g) ?? []).map(Number).map((v) => {
    const x = v / 255;
    return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Chooses Dark in the game page's Settings. @param {import('@playwright/test').Page} page */
async function chooseDark(page) {
  await page.emulateMedia({ colorScheme: 'light' });
  await open(page);
  await page.locator('.settings summary').click();
  await page.getByLabel('Colours').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
}

test("Dark chosen in the game page's Settings is every page's", async ({ page }) => {
  const errors = watchErrors(page);
  await chooseDark(page);
  for (const [name, url, shown] of PAGES) {
    await page.goto(url);
    await expect(page.locator(shown).first(), name).toBeVisible();
    await expect(page.locator('html'), name).toHaveAttribute('data-theme', 'dark');
    const colours = await page.evaluate(() => {
      const body = getComputedStyle(document.body);
      return { bg: body.backgroundColor, ink: body.color };
    });
    expect(luminance(colours.bg), `${name}: background ${colours.bg}`).toBeLessThan(0.2);
    expect(luminance(colours.ink), `${name}: text ${colours.ink}`).toBeGreaterThan(0.5);
  }
  expect(errors).toEqual([]);
});

for (const [name, url, shown] of PAGES.filter(([n]) => n === 'rules' || n === 'puzzles')) {
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ]) {
    test(`the ${name} page, dark, at ${width}x${height}`, async ({ page }) => {
      await chooseDark(page);
      await page.setViewportSize({ width, height });
      await page.goto(url);
      await expect(page.locator(shown).first()).toBeVisible();
      if (name === 'rules') await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
      else await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
      await snap(page, join(SHOTS, `theme-${name}-${width}x${height}.png`));
    });
  }
}
