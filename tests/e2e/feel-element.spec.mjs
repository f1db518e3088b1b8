// Game feel in <diablo-board> and on the rules page: reduced motion
// respected by the board itself (so by every element), a capture that lifts
// the taken stack as the mover lands, and the element and the illustrated
// rules in Polish.
import { test, expect } from '@playwright/test';
import { join } from 'node:path';
import { ARTIFACTS, clickSquare, shot, snap, watchErrors } from './helpers.mjs';

// Moves as most people see them: shown moving (the other files run with
// reduced motion, as the config says).
test.use({ reducedMotion: 'no-preference' });

// 4 x 4, Black to move (turn 3, so no balancing rule): a Black stack of 2 on
// a1 and single Green checkers on a2, a3, b1 and c1. Whatever the roll, a1
// can capture (1: a2 or b1, 2: a3 or c1).
const CAPTURE_4 = '..../g.../g.../b2gg. b 3';

/** The element of the iframe route's page (one board, its attributes from the query). */
const element = (page) => page.locator('diablo-board');
/** A square's grid cell inside the element. */
const cellOf = (page, sq) => element(page).locator(`[role=gridcell][data-square="${sq}"]`);

/** Opens the iframe route's page and waits until the element has drawn. */
async function openElement(page, query) {
  await page.goto(`/web/embed/frame.html?${query}`);
  await page.waitForFunction(
    () => document.querySelector('diablo-board')?.shadowRoot?.querySelector('.root')?.dataset.state === 'ready',
  );
}

/** Clicks the middle of a square's cell (the canvas takes the click), on the board at rest (helpers.mjs). */
const clickCell = (page, sq) => clickSquare(page, sq);

/** Starts recording every value the canvas's data-moving takes. */
function recordMotion(page) {
  return element(page).evaluate((el) => {
    const canvas = el.shadowRoot.querySelector('canvas');
    window.motionSeen = [];
    new MutationObserver(() => {
      if (canvas.dataset.moving) window.motionSeen.push(canvas.dataset.moving);
    }).observe(canvas, { attributes: true, attributeFilter: ['data-moving'] });
  });
}

/** The canvas as a data URL: equal pictures, equal drawings. */
const picture = (page) => element(page).evaluate((el) => el.shadowRoot.querySelector('canvas').toDataURL());

/**
 * Green-looking pixels in the top fifth of a square (where only a lifted
 * stack reaches: resting piles and a mover stay lower), as a fraction.
 */
function greenInTopOf(page, sq) {
  return cellOf(page, sq).evaluate((cell) => {
    const canvas = cell.getRootNode().querySelector('canvas');
    const n = Math.round(Math.sqrt(cell.getRootNode().querySelectorAll('[role=gridcell]').length));
    const index = Number(cell.dataset.index);
    const file = index % n;
    const rank = Math.floor(index / n);
    const size = canvas.width / n;
    const x = Math.round(file * size + size * 0.2);
    const y = Math.round((n - 1 - rank) * size + size * 0.02);
    const data = canvas.getContext('2d').getImageData(x, y, Math.round(size * 0.6), Math.round(size * 0.16)).data;
    let green = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 1] > data[i] + 25 && data[i + 1] > data[i + 2] + 10) green++;
    }
    return green / (data.length / 4);
  });
}

/** Rolls in the element and plays a1's capture; returns the captured square. */
async function rollAndSelect(page) {
  await element(page).getByRole('button', { name: 'Roll' }).click();
  await clickCell(page, 'a1');
  await expect(cellOf(page, 'a1')).toHaveAttribute('data-marks', /selected/);
  const targets = await element(page)
    .locator('[role=gridcell][data-marks~="target-capture"]')
    .evaluateAll((cells) => cells.map((c) => c.dataset.square));
  // A capture along the first rank when there is one: the mover then never covers the lifted stack.
  return targets.find((sq) => sq.endsWith('1')) ?? targets[0];
}

test('the element respects reduced motion: a move is drawn final at once, nothing moves', async ({ page }) => {
  const errors = watchErrors(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install();
  await openElement(page, `mode=play&position=${encodeURIComponent(CAPTURE_4)}`);
  await recordMotion(page);
  const target = await rollAndSelect(page);
  // Time stands still from here: a motion, if one started, would wait for the test's clock.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  await clickCell(page, target);
  // Already final: the same drawing at once and after longer than any motion lasts.
  const now = await picture(page);
  expect(await greenInTopOf(page, target)).toBe(0);
  await page.clock.runFor(400);
  expect(await picture(page)).toBe(now);
  expect(await page.evaluate(() => window.motionSeen)).toEqual([]);
  await expect(element(page).locator('canvas')).not.toHaveAttribute('data-moving', /.*/);
  expect(errors).toEqual([]);
});

test('a capture lifts the taken stack as the mover lands; the board is final after it', async ({ page }) => {
  const errors = watchErrors(page);
  await page.clock.install();
  await openElement(page, `mode=play&position=${encodeURIComponent(CAPTURE_4)}`);
  await recordMotion(page);
  const target = await rollAndSelect(page);
  expect(await greenInTopOf(page, target)).toBe(0);
  // Time stands still from here: the animation advances only when the test says.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  await clickCell(page, target);
  // The engine has the turn before anything moves: Black is on the square.
  await expect(cellOf(page, target)).toHaveAttribute('aria-label', /Black/);
  await expect(element(page).locator('canvas')).toHaveAttribute('data-moving', 'capture');
  await page.clock.runFor(130);
  const lifted = await greenInTopOf(page, target);
  expect(lifted).toBeGreaterThan(0.05);
  await snap(element(page), join(ARTIFACTS, 'feel-capture-mid.png'));
  await page.clock.runFor(400);
  await expect(element(page).locator('canvas')).not.toHaveAttribute('data-moving', /.*/);
  expect(await greenInTopOf(page, target)).toBe(0);
  await snap(element(page), join(ARTIFACTS, 'feel-capture-after.png'));
  expect(await page.evaluate(() => window.motionSeen)).toEqual(['capture']);
  expect(errors).toEqual([]);
});

test('<diablo-board lang="pl"> speaks Polish: who plays whom, buttons, grid, status, diagram description', async ({
  page,
}) => {
  const errors = watchErrors(page);
  // The iframe route passes lang like every other attribute.
  await openElement(page, 'mode=play&size=6&players=computer&level=medium&lang=pl');
  const el = element(page);
  await expect(el.locator('.who')).toHaveText('Grasz czarnymi przeciw komputerowi (średni).');
  await expect(el.getByRole('button', { name: 'Rzuć' })).toBeVisible();
  await expect(el.getByRole('button', { name: 'Zatwierdź' })).toBeVisible();
  await expect(el.getByRole('button', { name: 'Cofnij' })).toBeVisible();
  await expect(el.getByRole('button', { name: 'Od nowa' })).toBeVisible();
  await expect(el.getByRole('grid', { name: 'Plansza' })).toBeVisible();
  await expect(el.locator('.root')).toHaveAttribute('lang', 'pl');
  await expect(el.locator('.credit')).toHaveText('Diablo, gra Marka Steere’a');
  await expect(cellOf(page, 'a1')).toHaveAttribute('aria-label', 'a1, czarny stos, wysokość 1');
  await el.getByRole('button', { name: 'Rzuć' }).click();
  await expect(el.locator('.status')).toContainText('Czarne');
  await expect(el.locator('.status')).not.toContainText('Black');
  await expect(el.locator('.dice .die').first()).toHaveAttribute('aria-label', /kość/i);
  await snap(element(page), join(ARTIFACTS, 'feel-element-pl.png'));

  // A diagram: its description in Polish; without lang, English.
  await openElement(page, 'mode=diagram&size=6&roll=2,1&select=b2&lang=pl');
  const label = await element(page).locator('canvas').getAttribute('aria-label');
  expect(label).toContain('Plansza Diablo 6×6, wersja standardowa, ruch mają Czarne, tura 1');
  expect(label).toContain('Czarne: 18 pionków w 18 stosach');
  expect(label).toContain('wybrane pole b2; cele:');
  expect(label).toContain('Kod pozycji:');
  expect(label).not.toMatch(/Black|checker|Position code/);
  await expect(element(page).locator('.diagram-dice')).toHaveAttribute('aria-label', 'Kości');
  await openElement(page, 'mode=diagram&size=6');
  expect(await element(page).locator('canvas').getAttribute('aria-label')).toContain(
    'Diablo board 6×6, standard edition, Black to move, turn 1',
  );
  await expect(element(page).locator('.credit')).toHaveText('Diablo, a game by Mark Steere');
  expect(errors).toEqual([]);
});

test('a replay element in Polish: its buttons, turn line and description', async ({ page }) => {
  const errors = watchErrors(page);
  const record = 'edition standard\nsize 4\n1,1: c1-d1\n2,1: a2-b2 b3-d3';
  await openElement(page, `mode=replay&lang=pl&record=${encodeURIComponent(record)}`);
  const el = element(page);
  await expect(el.getByRole('button', { name: 'Pierwsza pozycja' })).toBeVisible();
  await expect(el.getByRole('button', { name: 'Tura dalej' })).toBeVisible();
  await expect(el.getByRole('button', { name: 'Odtwarzaj' })).toBeVisible();
  await expect(el.locator('.turn')).toHaveText('Pozycja początkowa');
  await el.getByRole('button', { name: 'Ostatnia pozycja' }).click();
  await expect(el.locator('.turn')).toHaveText('2. Zielone 2,1: a2-b2 b3-d3');
  expect(await el.locator('canvas').getAttribute('aria-label')).toMatch(
    /^Powtórka, pozycja 2 z 2\. Plansza Diablo 4×4/,
  );
  expect(errors).toEqual([]);
});

test('a removal lifts the checker off and the board is final after it', async ({ page }) => {
  const errors = watchErrors(page);
  // Black's one checker on a1 cannot move (every landing square holds a taller Green stack): it must go.
  await page.clock.install();
  await openElement(page, `mode=play&position=${encodeURIComponent('..../g2.../g2.../bg2g2. b 3')}`);
  await recordMotion(page);
  await element(page).getByRole('button', { name: 'Roll' }).click();
  await expect(cellOf(page, 'a1')).toHaveAttribute('data-marks', /removable/);
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  await clickCell(page, 'a1');
  // Committed at once: a1 is empty for the engine; the drawing follows.
  await expect(cellOf(page, 'a1')).toHaveAttribute('aria-label', /^a1, empty/);
  await expect(element(page).locator('canvas')).toHaveAttribute('data-moving', 'removal');
  await page.clock.runFor(100);
  await snap(element(page), join(ARTIFACTS, 'feel-removal-mid.png'));
  await page.clock.runFor(400);
  await expect(element(page).locator('canvas')).not.toHaveAttribute('data-moving', /.*/);
  expect(await page.evaluate(() => window.motionSeen)).toEqual(['removal']);
  expect(errors).toEqual([]);
});

/** English words a Polish reader must not meet (outside notation: code, pre). */
const ENGLISH =
  /\b(the|and|Black|Green|Board|board|move|moves|Roll|Confirm|Undo|Restart|Play|Pause|checkers?|stacks?|Dice|edition|Position|turn|Turn|Replay|game by|selected|destinations)\b/;

/** Every text a reader meets on the rules page: the page's and each board's, names included. */
function readerText(page) {
  return page.evaluate(() => {
    const out = [document.title];
    const visit = (root) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.closest('pre, code, style, script') || el.tagName === 'DIABLO-BOARD') continue;
        for (const node of el.childNodes)
          if (node.nodeType === Node.TEXT_NODE && node.textContent.trim()) out.push(node.textContent.trim());
        for (const name of ['aria-label', 'title', 'caption', 'alt'])
          if (el.hasAttribute(name)) out.push(el.getAttribute(name));
      }
    };
    visit(document.body);
    for (const board of document.querySelectorAll('diablo-board')) {
      out.push(board.getAttribute('caption') ?? '');
      visit(board.shadowRoot);
    }
    return out.filter(Boolean);
  });
}

/** Waits until every board of the page has drawn. */
async function boardsReady(page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('diablo-board')].every(
      (b) => b.shadowRoot?.querySelector('.root')?.dataset.state === 'ready',
    ),
  );
}

test('the rules page follows the language chosen on the game page: Polish, with no English left', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await page.locator('#lang-select').selectOption('pl');
  // Polish loads on demand: the page speaks it once it has arrived.
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  await page.goto('/web/rules.html');
  await boardsReady(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  await expect(page.locator('h1')).toHaveText('Diablo: zasady z ilustracjami i samouczek');
  await expect(page.locator('header .credit')).toContainText('Diablo, gra Marka Steere’a');
  await expect(page).toHaveTitle('Diablo — zasady z ilustracjami i samouczek');
  // The same boards as in English: 16 of them, every one in Polish.
  await expect(page.locator('diablo-board')).toHaveCount(16);
  await expect(page.locator('diablo-board:not([lang=pl])')).toHaveCount(0);
  const texts = await readerText(page);
  const english = texts.filter((s) => ENGLISH.test(s));
  expect(english).toEqual([]);
  // The board to try plays in Polish.
  const tryBoard = page.locator('#try-board');
  await tryBoard.getByRole('button', { name: 'Rzuć' }).click();
  await expect(tryBoard.locator('.status')).toContainText('Czarne wyrzuciły');
  await shot(page, 'feel-rules-pl');
  await snap(page, join(ARTIFACTS, 'feel-rules-pl-top.png'));
  await snap(page.locator('#moves'), join(ARTIFACTS, 'feel-rules-pl-moves.png'));
  await snap(page.locator('#notation'), join(ARTIFACTS, 'feel-rules-pl-notation.png'));
  // ?lang=en in the address wins over the saved choice; ?lang=pl without any choice works too.
  await page.goto('/web/rules.html?lang=en');
  await boardsReady(page);
  await expect(page.locator('h1')).toHaveText('Diablo: illustrated rules and tutorial');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // The same scan finds plenty in English: it does look.
  expect((await readerText(page)).filter((s) => ENGLISH.test(s)).length).toBeGreaterThan(50);
  await page.evaluate(() => localStorage.clear());
  await page.goto('/web/rules.html?lang=pl');
  await boardsReady(page);
  await expect(page.locator('h1')).toHaveText('Diablo: zasady z ilustracjami i samouczek');
  expect(errors).toEqual([]);
});
