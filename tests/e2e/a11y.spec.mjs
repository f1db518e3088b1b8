// What the page offers besides the canvas: the accessible grid, the status
// region, credit and rules, the computer option, English and
// Polish, copying the position code, and a visible error instead of a
// frozen board.
import { test, expect } from '@playwright/test';
import { cell, marked, newGame, open, shot, watchErrors } from './helpers.mjs';

test('the board is a grid of named cells that act like the squares', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  await newGame(page, { size: 4 });
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('row')).toHaveCount(4);
  await expect(grid.getByRole('gridcell')).toHaveCount(16);
  await expect(page.getByRole('gridcell', { name: /^a1, Black stack of 1$/ })).toHaveCount(1);
  await expect(page.getByRole('gridcell', { name: /^b1, Green stack of 1$/ })).toHaveCount(1);
  // Rows run from the top rank down, as on the canvas.
  await expect(grid.getByRole('row').first().getByRole('gridcell').first()).toHaveAttribute('data-square', 'a4');
  // Only one cell is in the tab order.
  await expect(grid.locator('[tabindex="0"]')).toHaveCount(1);

  const status = page.getByRole('status');
  await expect(status).toContainText('Black to move');
  await page.getByRole('button', { name: 'Roll' }).click();
  await expect(status).toContainText(/Black rolled [12] and [12]/);
  await expect(page.getByRole('img', { name: /^Die 1: [12]/ })).toBeVisible();

  const [from] = await marked(page, 'source');
  const source = page.getByRole('gridcell', { name: new RegExp(`^${from}, Black stack of 1, can move$`) });
  await expect(source).toHaveCount(1);
  // Activating the cell (as assistive technology does) selects the stack.
  await source.dispatchEvent('click');
  await expect(cell(page, from)).toHaveAttribute('aria-selected', 'true');
  await expect(cell(page, from)).toHaveAttribute('aria-label', `${from}, Black stack of 1, selected`);
  await expect(page.getByRole('gridcell', { name: /destination/ }).first()).toBeVisible();
  const target = page.getByRole('gridcell', { name: /capture destination|merge destination/ }).first();
  const to = await target.getAttribute('data-square');
  await target.dispatchEvent('click');
  await expect(status).toContainText(`Black: ${from}-${to}`);
  await expect(page.getByRole('gridcell', { name: new RegExp(`^${to}, Black stack of [12]`) })).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('credit, rules, players choice and shortcuts are there', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  await expect(page.getByText('Diablo, a game by Mark Steere').first()).toBeVisible();
  await page.getByRole('button', { name: 'Rules' }).click();
  const rules = page.getByRole('dialog', { name: 'How to play Diablo' });
  await expect(rules).toContainText('Mark Steere');
  await expect(rules).toContainText('Standard edition');
  await expect(rules).toContainText('Sequenced edition');
  await shot(page, 'a11y-rules');
  await rules.getByRole('button', { name: 'Close' }).last().click();

  await page.getByRole('button', { name: 'New game' }).first().click();
  const players = page.getByRole('dialog', { name: 'New game' }).getByLabel('Players');
  await expect(players.locator('option[value=hotseat]')).toBeEnabled();
  await expect(players.locator('option[value=computer]')).toBeEnabled();
  await expect(players.locator('option[value=computer]')).toHaveText(/Against the computer/);
  const sizes = await page.locator('#ng-size option').evaluateAll((o) => o.map((x) => Number(x.value)));
  // Every size the engine allows, from its own list.
  expect(sizes).toEqual([2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26]);
  await expect(page.locator('#ng-size')).toHaveValue('8');
  await expect(page.locator('#ng-edition')).toHaveValue('standard');
  await page.keyboard.press('Escape');
  expect(errors).toEqual([]);
});

test('Polish is chosen from the browser language and can be switched', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'pl-PL' });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await open(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  await expect(page.getByRole('button', { name: 'Nowa gra' }).first()).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Rzuć kośćmi');
  await expect(page.getByText('Diablo, gra Marka Steere’a').first()).toBeVisible();
  await page.getByRole('button', { name: 'Rzuć' }).click();
  await expect(page.getByRole('status')).toContainText('Czarne wyrzuciły');
  await shot(page, 'a11y-polish');
  await page.getByLabel('Język').selectOption('en');
  await expect(page.getByRole('button', { name: 'New game' }).first()).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(errors).toEqual([]);
  await context.close();
});

test('the position code is labelled and copies to the clipboard', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const errors = watchErrors(page);
  await open(page);
  const code = page.getByLabel('Position code');
  await expect(code).toHaveValue('gbgbgbgb/bgbgbgbg/gbgbgbgb/bgbgbgbg/gbgbgbgb/bgbgbgbg/gbgbgbgb/bgbgbgbg b 1');
  await page.getByRole('button', { name: 'Copy position code' }).click();
  await expect(page.getByRole('status')).toContainText('Position code copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await code.inputValue());
  expect(errors).toEqual([]);
});

test('an unexpected error shows a banner instead of a frozen board', async ({ page }) => {
  await open(page);
  await page.evaluate(() =>
    setTimeout(() => {
      throw new Error('boom from a test');
    }, 0),
  );
  const banner = page.locator('#error-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Something went wrong');
  await expect(banner).toContainText('boom from a test');
  await expect(banner.getByRole('button', { name: 'Reload' })).toBeVisible();
});
