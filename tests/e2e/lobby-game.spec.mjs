// Games met in the lobby, played on the friend page on clocks the server
// keeps (docs/live.md): two people meet (one posts a challenge, the other
// takes it from the list), play a whole game to its end with both clocks
// counting; a game lost on time, shown on both pages at once; a game
// aborted because the first turn did not come within the server's 30 s;
// a win claimed after the other player closed the tab (the server's 60 s).
// Each person makes their player (a name, a key) on the lobby page when
// first asked. The time from Take to both boards showing the game is
// printed.
import { test, expect } from '@playwright/test';
import { ARTIFACTS, rng } from './helpers.mjs';
import {
  clean,
  clockMs,
  liveTurn,
  mover,
  person,
  phaseOf,
  playOut,
  postChallenge,
  shootBoth,
  takeChallenge,
} from './live-helpers.mjs';

/** Besides a relay that could not be reached, a lobby socket cut by a closing page is no error of the page. */
const quiet = (errors) => clean(errors).filter((e) => !/WebSocket connection to '.*\/lobby' failed/.test(e));

/** Ann posts (Black), Bo takes: both pages on the game, the time from Take to both boards showing it. */
async function meet(browser, { seconds, increment = 0, rated = true }) {
  const A = await person(browser);
  const B = await person(browser);
  const [a, b] = [A.page, B.page];
  await postChallenge(a, { name: 'Ann', size: 4, color: 'black', seconds, increment, rated });
  await expect(a.locator('#lobby-wait')).toContainText('Your challenge is in the lobby');
  await expect(a.locator('#send')).toBeHidden();
  const took = Date.now();
  await takeChallenge(b, { poster: 'Ann', name: 'Bo' });
  await expect(a.locator('body')).toHaveAttribute('data-phase', 'act');
  await expect(b.locator('body')).toHaveAttribute('data-phase', 'wait');
  const shown = Date.now() - took;
  await expect(a.locator('#lobby-wait')).toBeHidden();
  return { A, B, a, b, shown };
}

test('two people meet in the lobby and play a whole game on clocks to its end', async ({ browser }) => {
  test.setTimeout(300_000);
  const { A, B, a, b, shown } = await meet(browser, { seconds: 120 });
  console.log(`lobby: Take → both boards show the game (incl. the lobby's name dialog and page load): ${shown} ms`);
  // Both clocks on both pages: this player's below, the other's above; Ann (Black) moves first.
  for (const p of [a, b]) {
    await expect(p.locator('#clock-top')).toBeVisible();
    await expect(p.locator('#clock-bottom')).toBeVisible();
  }
  await expect(a.locator('#clock-bottom')).toHaveAttribute('data-side', 'black');
  await expect(b.locator('#clock-bottom')).toHaveAttribute('data-side', 'green');
  await expect(a.locator('#clock-top .clock-name')).toHaveText('Bo');
  await expect(b.locator('#clock-top .clock-name')).toHaveText('Ann');

  const pick = rng(46);
  await liveTurn(a, b, pick);
  // Bo's clock runs on both pages, counting down between the server's frames.
  await expect(b.locator('#clock-bottom')).toHaveAttribute('data-running', 'true');
  await expect(a.locator('#clock-top')).toHaveAttribute('data-running', 'true');
  await expect(a.locator('#clock-bottom')).toHaveAttribute('data-running', 'false');
  const before = await clockMs(a, 'clock-top');
  await a.waitForTimeout(1500);
  const after = await clockMs(a, 'clock-top');
  expect(before - after).toBeGreaterThanOrEqual(1000);
  expect(before - after).toBeLessThan(2500);
  expect(Math.abs((await clockMs(b, 'clock-bottom')) - after)).toBeLessThan(1500);
  await shootBoth(b, 'lobby-clocks-mid-game');

  await playOut(a, b, pick);
  await expect(a.locator('#status')).toHaveText(/^You (won|lost)/);
  const won = (await a.locator('#status').textContent())?.startsWith('You won');
  await expect(b.locator('#status')).toHaveText(won ? /^You lost/ : /^You won/);
  // The clocks stop at the end.
  for (const p of [a, b]) await expect(p.locator('.clock[data-running="true"]')).toHaveCount(0);
  expect(quiet(A.errors)).toEqual([]);
  expect(quiet(B.errors)).toEqual([]);
  await Promise.all([A.ctx.close(), B.ctx.close()]);
});

test('a game lost on time: the end on both pages at once, the board locked, kept as over', async ({ browser }) => {
  test.setTimeout(180_000);
  const { A, B, a, b } = await meet(browser, { seconds: 3, increment: 3, rated: false });
  const pick = rng(7);
  // The first turns, then the side to move waits: their clock runs out.
  await liveTurn(a, b, pick);
  await liveTurn(b, a, pick);
  const loser = await mover([a, b]);
  expect(await phaseOf(loser)).toBe('act');
  await expect(loser.locator('#clock-bottom')).toHaveAttribute('data-low', 'true', { timeout: 10_000 });
  const name = loser === a ? 'Ann' : 'Bo';
  const winner = loser === a ? 'Bo' : 'Ann';
  const other = loser === a ? b : a;
  await expect(loser.locator('#status')).toHaveText('You lost: you ran out of time.', { timeout: 15_000 });
  await expect(other.locator('#status')).toHaveText(`You won: ${name} ran out of time.`);
  for (const p of [a, b]) await expect(p.locator('body')).toHaveAttribute('data-phase', 'over');
  // The board is locked, as after an end by the rules.
  for (const id of ['#btn-confirm', '#btn-undo']) await expect(loser.locator(id)).toBeDisabled();
  await shootBoth(loser, 'lobby-lost-on-time');
  // Kept as over, though the link does not show it: "Your games" and a reload say so.
  await expect(loser.locator('#games-list li').first()).toContainText(`${loser === a ? 'Green' : 'Black'} won`);
  await loser.reload();
  await expect(loser.locator('#status')).toHaveText('You lost: you ran out of time.');
  void winner;
  await expect(loser.locator('body')).toHaveAttribute('data-phase', 'over');
  expect(quiet(A.errors)).toEqual([]);
  expect(quiet(B.errors)).toEqual([]);
  await Promise.all([A.ctx.close(), B.ctx.close()]);
});

test('a first turn not made within 30 s aborts the game on both pages', async ({ browser }) => {
  test.setTimeout(180_000);
  const { A, B, a, b } = await meet(browser, { seconds: 60, rated: false });
  for (const p of [a, b])
    await expect(p.locator('#status')).toHaveText('Game aborted: the first turn was not made in time.', {
      timeout: 60_000,
    });
  for (const p of [a, b]) await expect(p.locator('body')).toHaveAttribute('data-phase', 'over');
  await expect(a.locator('#games-list li').first()).toContainText('aborted');
  expect(quiet(A.errors)).toEqual([]);
  expect(quiet(B.errors)).toEqual([]);
  await Promise.all([A.ctx.close(), B.ctx.close()]);
});

test('the other player closes the tab on their move: after a minute the win can be claimed', async ({ browser }) => {
  test.setTimeout(240_000);
  const { A, B, a, b } = await meet(browser, { seconds: 600, rated: false });
  const pick = rng(3);
  await liveTurn(a, b, pick);
  await liveTurn(b, a, pick);
  await liveTurn(a, b, pick);
  // Bo to move; he closes his tab.
  await B.ctx.close();
  await expect(a.locator('#live')).toContainText(/Bo left/);
  await expect(a.getByRole('button', { name: 'Claim the win' })).toBeHidden();
  await expect(a.getByRole('button', { name: 'Claim the win' })).toBeVisible({ timeout: 90_000 });
  await a.getByRole('button', { name: 'Claim the win' }).click();
  await expect(a.locator('#status')).toHaveText('You won: Bo left the game.');
  await expect(a.locator('body')).toHaveAttribute('data-phase', 'over');
  await expect(a.getByRole('button', { name: 'Claim the win' })).toBeHidden();
  expect(quiet(A.errors)).toEqual([]);
  await A.ctx.close();
  void b;
});

test('at 1280x800 a clocked 8x8 game fits the view on your turn: board, both clocks, dice and Confirm; a watcher’s replay too', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const A = await person(browser);
  const B = await person(browser);
  const [a, b] = [A.page, B.page];
  await postChallenge(a, { name: 'Ann', size: 8, color: 'black', seconds: 600, increment: 5 });
  await takeChallenge(b, { poster: 'Ann', name: 'Bo' });
  await expect(a.locator('body')).toHaveAttribute('data-phase', 'act');
  const pick = rng(50);
  await liveTurn(a, b, pick);
  const view = { width: 1280, height: 800 };
  /** Whether a box lies inside the view, given its name for the message. */
  const inside = async (page, sel) => {
    const box = await page.locator(sel).boundingBox();
    expect(box, `${sel} is shown`).not.toBeNull();
    expect(box.y, `${sel}: top in view`).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `${sel}: bottom in view`).toBeLessThanOrEqual(view.height);
  };
  // Bo's turn: the page shows the game (scrolled to it), and all of it fits.
  await b.setViewportSize(view);
  await expect(b.locator('body')).toHaveAttribute('data-phase', 'act');
  await b.locator('#game').evaluate((g) => g.scrollIntoView({ block: 'start' }));
  for (const sel of ['#clock-top', '#board-wrap', '#clock-bottom', '#dice', '#btn-confirm']) await inside(b, sel);
  await b.screenshot({ path: `${ARTIFACTS}/fit-live-1280x800.png` });
  // A watcher at the same size: the replay with its controls fits too.
  const W = await person(browser);
  const w = W.page;
  await w.setViewportSize(view);
  await w.goto(b.url());
  await expect(w.locator('#viewer')).toBeVisible();
  await w.locator('#game').evaluate((g) => g.scrollIntoView({ block: 'start' }));
  await inside(w, '#viewer');
  await w.screenshot({ path: `${ARTIFACTS}/fit-watcher-1280x800.png` });
  expect(quiet([...A.errors, ...B.errors, ...W.errors])).toEqual([]);
});
