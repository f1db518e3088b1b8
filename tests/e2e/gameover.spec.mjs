// The game-over card (it must never hide the final board or its buttons), reached quickly: a
// finished 4x4 record is imported and played on from its last turn, so the
// live game is over at once. The card fits the board on a phone and on a
// desktop with every button reachable; against the computer it says who
// won from the person's side; it closes to show the final board and
// reopens from the turn card.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { open, playOnFinished, shot, watchErrors } from './helpers.mjs';

const RECORD = readFileSync(new URL('../data/review-4x4-blunder.txt', import.meta.url), 'utf8');

/**
 * Imports the finished record and plays on from its end, with these players.
 * @param {import('@playwright/test').Page} page
 * @param {{ human?: 'Black (moves first)' | 'Green' }} [opts] against the computer when `human` is given
 */
async function finishedGame(page, { human } = {}) {
  await open(page);
  await playOnFinished(page, RECORD, { human });
  const card = page.locator('#gameover');
  // The Import button scrolled the page down; a game played to its end has the board in view.
  await page.evaluate(() => scrollTo(0, 0));
  return card;
}

/** Each visible button of the card: its box, the viewport, and what is at its centre. */
async function cardButtons(page) {
  return page.locator('#gameover button').evaluateAll((buttons) =>
    buttons
      .filter((b) => b.checkVisibility())
      .map((b) => {
        const r = b.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return {
          name: b.getAttribute('aria-label') || b.textContent,
          inside: r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight,
          height: Math.round(r.height),
          onTop: Boolean(hit && b.contains(hit)),
        };
      }),
  );
}

for (const [width, height] of [
  [320, 640],
  [390, 844],
  [1280, 860],
]) {
  test(`the game-over card fits the board at ${width}x${height}, every button reachable`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.setViewportSize({ width, height });
    await finishedGame(page);
    await expect(page.locator('#gameover-text')).toHaveText(/^(Black|Green) wins!$/);
    const buttons = await cardButtons(page);
    expect(buttons.map((b) => b.name)).toEqual(expect.arrayContaining(['Rematch', 'New game', 'Copy link', 'Review']));
    for (const b of buttons) {
      expect(b, `${b.name} is inside the viewport and on top`).toMatchObject({ inside: true, onTop: true });
      expect(b.height, `${b.name} is a whole button`).toBeGreaterThan(20);
    }
    const [title, board] = await Promise.all(
      ['#gameover-text', '#board-wrap'].map((s) => page.locator(s).boundingBox()),
    );
    expect(title.y, 'the title is not above the board').toBeGreaterThanOrEqual(board.y);
    expect(title.y + title.height, 'the title is inside the board').toBeLessThanOrEqual(board.y + board.height);
    await shot(page, `gameover-${width}x${height}`);
    expect(errors).toEqual([]);
  });
}

test('against the computer the card says you won or you lost, and who', async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  let card = await finishedGame(page, { human: 'Black (moves first)' });
  const winner = await card.getAttribute('data-winner');
  const title = page.locator('#gameover-text');
  const Winner = winner === 'black' ? 'Black' : 'Green';
  await expect(title).toHaveText(
    winner === 'black' ? 'You won with Black!' : `You lost: ${Winner} (the computer) won.`,
  );
  await shot(page, `gameover-computer-${winner === 'black' ? 'won' : 'lost'}-390`);
  await page.setViewportSize({ width: 1280, height: 860 });
  card = await finishedGame(page, { human: 'Green' });
  await expect(title).toHaveText(
    winner === 'green' ? 'You won with Green!' : `You lost: ${Winner} (the computer) won.`,
  );
  await shot(page, `gameover-computer-${winner === 'green' ? 'won' : 'lost'}-1280`);
  expect(errors).toEqual([]);
});

for (const [width, height] of [
  [390, 844],
  [1280, 860],
]) {
  test(`the card closes to show the final board and reopens, at ${width}x${height}`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.setViewportSize({ width, height });
    const card = await finishedGame(page);
    const show = page.getByRole('button', { name: 'Show result' });
    await expect(show).toBeHidden();
    await card.getByRole('button', { name: 'Close' }).click();
    await expect(card).toBeHidden();
    // The final board is in view, nothing over it.
    const cellBox = await page.locator('[role=gridcell][data-square=a1]').boundingBox();
    const under = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x, y)?.id,
      [cellBox.x + cellBox.width / 2, cellBox.y + cellBox.height / 2],
    );
    expect(under).toBe('board');
    await expect(show).toBeVisible();
    await expect(show).toBeInViewport();
    await shot(page, `gameover-closed-${width}`);
    await show.click();
    await expect(card).toBeVisible();
    await expect(show).toBeHidden();
    await expect(card.getByRole('button', { name: 'Rematch' })).toBeFocused();
    // A rematch starts a game: no result to show.
    await card.getByRole('button', { name: 'Rematch' }).click();
    await expect(card).toBeHidden();
    await expect(show).toBeHidden();
    expect(errors).toEqual([]);
  });
}

test('against the computer the status line, like the card, says you won or you lost', async ({ page }) => {
  const errors = watchErrors(page);
  for (const human of /** @type {const} */ (['Black (moves first)', 'Green'])) {
    const card = await finishedGame(page, { human });
    const winner = await card.getAttribute('data-winner');
    const you = human === 'Green' ? 'green' : 'black';
    const Winner = winner === 'black' ? 'Black' : 'Green';
    const said = winner === you ? `You won with ${Winner}!` : `You lost: ${Winner} (the computer) won.`;
    await expect(page.locator('#gameover-text')).toHaveText(said);
    await expect(page.getByRole('status')).toHaveText(`${said} The game is over: play a rematch or start a new game.`);
  }
  // Two people at one screen: who won, by colour.
  await finishedGame(page);
  await expect(page.getByRole('status')).toHaveText(/^(Black|Green) wins! The game is over/);
  expect(errors).toEqual([]);
});

test('New game, from the card or the header, after leaving a review: the dialog alone, not over the card', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const card = await finishedGame(page);
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Review' }).click();
  await page.getByRole('button', { name: 'Leave replay' }).click();
  await expect(card).toBeVisible();
  for (const newGame of [card.getByRole('button', { name: 'New game' }), page.locator('#btn-new')]) {
    await newGame.click();
    await expect(page.getByRole('dialog', { name: 'New game' })).toBeVisible();
    await expect(card).toBeHidden();
    await page.getByRole('dialog', { name: 'New game' }).getByRole('button', { name: 'Cancel' }).click();
    // The final board stays, and the result comes back on request.
    await page.getByRole('button', { name: 'Show result' }).click();
    await expect(card).toBeVisible();
  }
  expect(errors).toEqual([]);
});
