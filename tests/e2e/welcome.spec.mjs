// The first visit (a newcomer should not meet a bare board): a browser that holds nothing of this
// site's is asked how to start — the computer at a level, someone online
// (on a site with a server), a friend at this
// screen or on another device (the friend page), the lessons or
// the rules page — with
// every choice in view on a desktop and on a phone; a returning browser
// goes straight to its game. Every other spec's browser has a stored key
// (playwright.config.mjs); these start empty, as a new visitor's does.
import { test, expect } from '@playwright/test';
import { join } from 'node:path';
import { ARTIFACTS, snap, watchErrors } from './helpers.mjs';

test.use({ storageState: { cookies: [], origins: [] } });

const WELCOME = 'Welcome to Diablo';

/** Every visible control of a box: inside the viewport and on top (what a tap at its centre hits). */
function controlsOf(box) {
  return box.locator('button, a, select').evaluateAll((els) =>
    els
      .filter((e) => e.checkVisibility())
      .map((e) => {
        const r = e.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return {
          name: e.getAttribute('aria-label') || e.textContent.trim().slice(0, 24),
          inside: r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight,
          onTop: Boolean(hit && e.contains(hit)),
        };
      }),
  );
}

/**
 * Waits until the page is playable (`data-ready`, set at the end of its
 * boot): a returning visitor's page has decided by then not to welcome,
 * and never loads the welcome afterwards, so its absence is final.
 */
async function settled(page) {
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
}

for (const [name, viewport, touch] of [
  ['desktop', { width: 1280, height: 800 }, false],
  ['phone', { width: 390, height: 844 }, true],
]) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport, hasTouch: touch, isMobile: touch });

    test('a first visit offers the computer, a friend and the rules, every choice in view', async ({ page }) => {
      const errors = watchErrors(page);
      // The page's clock: the header looks for the site's server 2 s after the page is playable.
      await page.clock.install();
      await page.goto('/');
      const welcome = page.getByRole('dialog', { name: WELCOME });
      await expect(welcome).toBeVisible();
      // This site has a server: once the header has found it, the welcome offers the lobby too.
      const online = welcome.getByRole('link', { name: /Play someone online/ });
      await expect(online).toBeHidden();
      await page.clock.fastForward(3000);
      await expect(page.locator('#link-online')).toBeVisible();
      await expect(online).toBeVisible();
      await expect(online).toHaveAttribute('href', /\/web\/lobby\.html$/);
      await expect(welcome.getByRole('button', { name: 'Play the computer' })).toBeVisible();
      await expect(welcome.getByLabel('Level')).toHaveValue('medium');
      await expect(welcome.getByRole('button', { name: 'At this screen' })).toBeVisible();
      await expect(welcome.getByRole('link', { name: /Live or by link/ })).toHaveAttribute('href', 'web/friend.html');
      await expect(welcome.getByRole('link', { name: /Learn the rules/ })).toHaveAttribute(
        'href',
        'web/learn.html?lang=en',
      );
      await expect(welcome.getByRole('link', { name: /Read the rules/ })).toHaveAttribute(
        'href',
        'web/rules.html?lang=en',
      );
      const controls = await controlsOf(welcome);
      expect(controls.length).toBeGreaterThanOrEqual(7);
      for (const c of controls)
        expect(c, `${c.name} is in view and on top`).toMatchObject({ inside: true, onTop: true });
      // What the viewport shows (a full-page shot would redo the phone's emulation).
      await snap(page, join(ARTIFACTS, `welcome-${name}.png`));

      // The computer, at the level chosen.
      await welcome.getByLabel('Level').selectOption('easy');
      await welcome.getByRole('button', { name: 'Play the computer' }).click();
      await expect(welcome).toBeHidden();
      await expect(page.locator('#game-info')).toContainText('against the computer (Easy)');
      await expect(page.getByRole('status')).toContainText('Black to move');

      // Coming back: straight to that game, not asked again.
      await page.reload();
      await settled(page);
      await expect(page.locator('#game-info')).toContainText('against the computer (Easy)');
      await expect(page.getByRole('dialog', { name: WELCOME })).toHaveCount(0);
      expect(errors).toEqual([]);
    });
  });
}

test('a friend at this screen keeps the two-player game; by link opens the friend page', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  const welcome = page.getByRole('dialog', { name: WELCOME });
  await welcome.getByRole('button', { name: 'At this screen' }).click();
  await expect(welcome).toBeHidden();
  await expect(page.locator('#game-info')).toHaveText('Standard edition, 8\u00a0×\u00a08');
  await expect(page.getByRole('button', { name: 'Roll' })).toBeEnabled();
  await page.reload();
  await settled(page);
  await expect(page.getByRole('dialog', { name: WELCOME })).toHaveCount(0);

  // A fresh browser: the friend page from the welcome.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/');
  await page
    .getByRole('dialog', { name: WELCOME })
    .getByRole('link', { name: /Live or by link/ })
    .click();
  await expect(page).toHaveURL(/\/web\/friend\.html$/);
  await expect(page.getByRole('heading', { name: 'Play a friend' })).toBeVisible();
  expect(errors).toEqual([]);
});

test("learn the rules opens the lessons in the page's language; the rules page stays a click away", async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto('/?lang=de');
  const welcome = page.getByRole('dialog', { name: 'Willkommen bei Diablo' });
  await expect(welcome).toBeVisible();
  await expect(welcome.getByRole('button', { name: 'Gegen den Computer spielen' })).toBeVisible();
  await expect(welcome.getByRole('link', { name: /Regeln lesen/ })).toHaveAttribute('href', 'web/rules.html?lang=de');
  await welcome.getByRole('link', { name: /Regeln lernen/ }).click();
  await expect(page).toHaveURL(/\/web\/learn\.html\?lang=de(#\w+)?$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { name: 'Lektionen' }).first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('the welcome speaks Polish', async ({ page }) => {
  await page.goto('/?lang=pl');
  const welcome = page.getByRole('dialog', { name: 'Witaj w Diablo' });
  await expect(welcome.getByRole('button', { name: 'Zagraj z komputerem' })).toBeVisible();
  await expect(welcome.getByLabel('Poziom')).toHaveValue('medium');
  await expect(welcome.getByRole('button', { name: 'Przy tym ekranie' })).toBeVisible();
});

test('a returning browser (something of this site stored) goes straight to its game', async ({ page }) => {
  const errors = watchErrors(page);
  // Settings from an earlier visit: a 6x6 board was last chosen.
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('diablo.settings.v1', JSON.stringify({ size: 6 }));
      sessionStorage.setItem('seeded', '1');
    }
  });
  await page.goto('/');
  await settled(page);
  await expect(page.locator('[role=gridcell]')).toHaveCount(36);
  await expect(page.getByRole('dialog', { name: WELCOME })).toHaveCount(0);
  // Neither the welcome's code nor its words were fetched.
  const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  expect(fetched.filter((u) => /\/help-/.test(u))).toEqual([]);
  expect(errors).toEqual([]);
});

test('a first visit by a link to a game shows the game, and no welcome', async ({ page }) => {
  await page.goto('/#1AwDxxQV2');
  await settled(page);
  await expect(page.getByRole('dialog', { name: WELCOME })).toHaveCount(0);
});
