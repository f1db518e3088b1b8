// Games met in the lobby, played on the friend page on clocks the server
// keeps (docs/live.md): two people meet (one posts a challenge, the other
// takes it from the list) and play on both clocks, counting down on both
// pages, to the end (a resignation); a game lost on time, shown on both
// pages at once; a game aborted because the first turn did not come within
// the server's limit; a win claimed after the other player closed the tab
// (the server's limit, and the page's own wait before it offers the claim);
// a friend's invitation on a clock (kept by the server, never listed) and
// its rematch on the same clock.
// Each person makes their player (a name, a key) on the lobby page when
// first asked. The abort and the claim run on servers of their own with
// short limits (--first-move-seconds, --away-seconds) instead of the real
// 30 s and 60 s; the page's own countdowns run on Playwright's page clock.
// How long Take takes to reach both boards is bench/live.bench.mjs's.
import { test, expect } from '@playwright/test';
import { createServer } from 'node:http';
import { ARTIFACTS, rng, snap } from './helpers.mjs';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  FRIEND,
  SERVER,
  accept,
  clean,
  clockMs,
  expectFullSince,
  freePort,
  LOBBY,
  nameIfAsked,
  ready,
  serveSite,
  stopServer,
  liveTurn,
  person,
  postChallenge,
  shootBoth,
  takeChallenge,
  hookRow,
  gameOf,
  PHONE,
  DESKTOP,
} from './live-helpers.mjs';

/** Besides a relay that could not be reached, a lobby socket cut by a closing page is no error of the page. */
const quiet = (errors) => clean(errors).filter((e) => !/WebSocket connection to '.*\/lobby' failed/.test(e));

/** The server the tests run on (playwright.config.mjs names it). */
const SERVER_BIN = process.env.DIABLO_SERVER_BIN || SERVER;

/**
 * A server of its own with short `limits` for the tests of a describe
 * block, on a database of its own: started before them, killed after.
 * `site()` is its address.
 * @param {string[]} limits
 */
function serverWithLimits(limits) {
  /** @type {{ child: import('node:child_process').ChildProcess, url: string } | null} */
  let server = null;
  let dir = '';
  test.beforeAll(async () => {
    expect(existsSync(SERVER_BIN), `${SERVER_BIN} is built`).toBe(true);
    dir = mkdtempSync(join(tmpdir(), 'diablo-limits-'));
    server = await serveSite(['--database', `sqlite://${join(dir, 'games.db')}`, ...limits]);
  });
  test.afterAll(async () => {
    if (server) await stopServer(server.child);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return { site: () => server?.url ?? '' };
}

/**
 * Ann posts (Black), Bo takes: both pages on the game. `site`: another
 * server's address; `clock`: Ann's page on Playwright's clock (installed
 * before her first page, time flowing until the test stops it); `started`:
 * wait until Ann is to act and Bo waits (a game that may end at once does not).
 */
async function meet(browser, { seconds, increment = 0, rated = true, site, clock = false, started = true }) {
  const options = site ? { baseURL: site } : {};
  const A = await person(browser, options);
  const B = await person(browser, options);
  const [a, b] = [A.page, B.page];
  if (clock) await a.clock.install();
  const game = await postChallenge(a, { name: 'Ann', size: 4, color: 'black', seconds, increment, rated });
  await expect(a.locator('#lobby-wait')).toContainText('Your challenge is in the lobby');
  await expect(a.locator('#send')).toBeHidden();
  // A stranger's game: no friend waited for, no invitation form under it.
  await expect(a.locator('#status')).toHaveText('Waiting for someone to take your challenge.');
  await expect(a.locator('#live')).toBeHidden();
  await expect(a.locator('#new')).toBeHidden();
  await takeChallenge(b, { poster: 'Ann', name: 'Bo', game });
  if (started) {
    await expect(a.locator('body')).toHaveAttribute('data-phase', 'act');
    await expect(b.locator('body')).toHaveAttribute('data-phase', 'wait');
    await expect(a.locator('#live-text')).toHaveText('Live · Bo is here');
    await expect(b.locator('#live-text')).toHaveText('Live · Ann is here');
  }
  await expect(a.locator('#lobby-wait')).toBeHidden();
  for (const p of [a, b]) {
    await expect(p.locator('#new')).toBeHidden();
    await expect(p.locator('#send')).toBeHidden();
    await expect(p.locator('#friend-title')).toHaveText('Play online');
    await expect(p.locator('#friend-how')).toContainText('one your opponent reveals');
  }
  return { A, B, a, b };
}

test('two people meet in the lobby and play on both clocks, counting down on both pages, to the end', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { A, B, a, b } = await meet(browser, { seconds: 120, clock: true });
  // Both clocks on both pages: this player's below, the other's above; Ann (Black) moves first.
  for (const p of [a, b]) {
    await expect(p.locator('#clock-top')).toBeVisible();
    await expect(p.locator('#clock-bottom')).toBeVisible();
  }
  await expect(a.locator('#clock-bottom')).toHaveAttribute('data-side', 'black');
  await expect(b.locator('#clock-bottom')).toHaveAttribute('data-side', 'green');
  await expect(a.locator('#clock-top .clock-name')).toHaveText('Bo');
  // Ann's first move runs: her clock stands, and both pages show the
  // first move's 30 s on it; hers says what happens at 0.
  for (const [p, id, note] of [
    [a, 'clock-bottom', 'Ann: first move, or the game is aborted at 0'],
    [b, 'clock-top', 'Ann: first move'],
  ]) {
    await expect(p.locator(`#${id}`)).toHaveAttribute('data-first', 'true');
    await expect(p.locator(`#${id} .clock-name`)).toHaveText(note);
    expect(await clockMs(p, id)).toBeLessThanOrEqual(30_000);
  }
  await expect.poll(() => clockMs(a, 'clock-bottom')).toBeLessThan(29_000);
  // On a phone the note wraps inside the clock: nothing wider than the page.
  const size = a.viewportSize();
  await a.setViewportSize(PHONE);
  await expect
    .poll(() => a.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBe(0);
  if (size) await a.setViewportSize(size);
  await shootBoth(a, 'lobby-clocks-first-move');

  const pick = rng(46);
  await liveTurn(a, b, pick);
  // Bo's clock runs on both pages, counting down between the server's frames.
  await expect(b.locator('#clock-bottom')).toHaveAttribute('data-running', 'true');
  await expect(a.locator('#clock-top')).toHaveAttribute('data-running', 'true');
  await expect(a.locator('#clock-bottom')).toHaveAttribute('data-running', 'false');
  // On Ann's page's clock, stopped and then run on by exactly 2 s: Bo's
  // time shown goes down by exactly 2 s (m:ss), Ann's, stopped, stays.
  await a.clock.pauseAt((await a.evaluate(() => Date.now())) + 100);
  await a.clock.runFor(100);
  const before = { bo: await clockMs(a, 'clock-top'), ann: await clockMs(a, 'clock-bottom') };
  await a.clock.runFor(2000);
  expect(before.bo - (await clockMs(a, 'clock-top'))).toBe(2000);
  expect(await clockMs(a, 'clock-bottom')).toBe(before.ann);
  await a.clock.resume();
  // On Bo's page too, his clock goes down, from what the server started it with.
  const bo = await clockMs(b, 'clock-bottom');
  expect(bo).toBeLessThanOrEqual(120_000);
  await expect.poll(() => clockMs(b, 'clock-bottom')).toBeLessThan(bo);
  await shootBoth(b, 'lobby-clocks-mid-game');

  // Bo plays; Ann resigns on her turn: the end on both pages (a whole game
  // to its end by the rules is live.spec.mjs's; on a clock over the wire, deploy.spec.mjs's).
  await liveTurn(b, a, pick);
  a.once('dialog', (d) => d.accept());
  await a.getByRole('button', { name: 'Resign' }).click();
  await expect(b.locator('#status')).toHaveText('You won: Ann resigned.');
  await expect(a.locator('#status')).toHaveText(/^You lost/);
  for (const p of [a, b]) await expect(p.locator('body')).toHaveAttribute('data-phase', 'over');
  // The clocks stop at the end.
  for (const p of [a, b]) await expect(p.locator('.clock[data-running="true"]')).toHaveCount(0);
  expect(quiet(A.errors)).toEqual([]);
  expect(quiet(B.errors)).toEqual([]);
  await Promise.all([A.ctx.close(), B.ctx.close()]);
});

test('a game lost on time: the end on both pages at once, the board locked, kept as over', async ({ browser }) => {
  test.setTimeout(180_000);
  // A second on each clock, no increment: the opening (each side's first
  // turn) is free, then the side to move has one second.
  const { A, B, a, b } = await meet(browser, { seconds: 1, increment: 0, rated: false });
  const pick = rng(7);
  // The first turns, then the side to move waits: their clock runs out.
  await liveTurn(a, b, pick);
  await liveTurn(b, a, pick);
  // Ann (Black) moved first: hers is the clock that runs out.
  const [loser, other, name] = [a, b, 'Ann'];
  await expect(loser.locator('#status')).toHaveText('You lost: you ran out of time.');
  // The loser's clock shows the time up, as low time (its last tenth of a
  // second, under the threshold, may have come and gone between two ticks).
  await expect(loser.locator('#clock-bottom')).toHaveAttribute('data-low', 'true');
  await expect(loser.locator('#clock-bottom .clock-time')).toHaveText('0:00.0');
  await expect(other.locator('#status')).toHaveText(`You won: ${name} ran out of time.`);
  for (const p of [a, b]) await expect(p.locator('body')).toHaveAttribute('data-phase', 'over');
  // The board is locked, as after an end by the rules: no stack offered
  // to move, and the log holds the finished turns only (no "playing…").
  for (const id of ['#btn-confirm', '#btn-undo']) await expect(loser.locator(id)).toBeDisabled();
  for (const p of [a, b]) {
    await expect(p.locator('#grid [data-marks~="source"]')).toHaveCount(0);
    await expect(p.locator('#log li')).toHaveCount(2);
    await expect(p.locator('#log')).not.toContainText('playing');
  }
  await shootBoth(loser, 'lobby-lost-on-time');
  // Kept as over, though the link does not show it: "Your games" and a reload say so.
  await expect(loser.locator('#games-list li').first()).toContainText('Green won');
  await loser.reload();
  await expect(loser.locator('#status')).toHaveText('You lost: you ran out of time.');
  await expect(loser.locator('body')).toHaveAttribute('data-phase', 'over');
  expect(quiet(A.errors)).toEqual([]);
  expect(quiet(B.errors)).toEqual([]);
  await Promise.all([A.ctx.close(), B.ctx.close()]);
});

test('a rated game lost on time: Rematch on both pages, offered on its terms, begun with both names, rated', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { A, B, a, b } = await meet(browser, { seconds: 1, increment: 0, rated: true });
  const pick = rng(8);
  await liveTurn(a, b, pick);
  await liveTurn(b, a, pick);
  // Ann (Black) runs out of time: an end the links do not show.
  await expect(a.locator('#status')).toHaveText('You lost: you ran out of time.');
  await expect(b.locator('#status')).toHaveText('You won: Ann ran out of time.');
  // A rematch belongs after every ending: both pages offer it.
  for (const p of [a, b]) await expect(p.getByRole('button', { name: 'Rematch', exact: true })).toBeVisible();
  // Bo offers: his page says to whom and on what terms; Ann's shows the offer with them.
  await b.getByRole('button', { name: 'Rematch', exact: true }).click();
  await expect(b.locator('#status')).toHaveText('Rematch offered to Ann (0:01+0 · rated): waiting for them to accept.');
  await expect(b.locator('#send')).toBeHidden();
  await expect(a.locator('#offer-text')).toHaveText('Bo offers a rematch (0:01+0 · rated).');
  await shootBoth(a, 'lobby-rematch-offer');
  await a.getByRole('button', { name: 'Play the rematch' }).click();
  // Begun on both pages: colours swapped (Bo Black now), both names, no friend talk.
  const title = /Black: Bo · Green: Ann|Bo.*Ann/;
  for (const p of [a, b]) {
    await expect(p.locator('#game-title')).toContainText(title);
    await expect(p.locator('#friend-title')).toHaveText('Play online');
    await expect(p.locator('#send')).toBeHidden();
  }
  await expect(b.locator('body')).toHaveAttribute('data-phase', 'act');
  await expect(a.locator('#live-text')).toHaveText('Live · Bo is here');
  await expect(b.locator('#live-text')).toHaveText('Live · Ann is here');
  await shootBoth(b, 'lobby-rematch-begun');
  // The server keeps it rated, on the same clock, Ann's game in progress.
  const ann = await a.evaluate(() => JSON.parse(localStorage.getItem('diablo.player.v1') ?? '{}').key);
  await expect
    .poll(async () => {
      const r = await a.request.get(`api/players/${ann}/playing`);
      return r.ok() ? (await r.json()).games.map((g) => [g.rated, g.clock]) : r.status();
    })
    .toEqual([[true, { initial: 1, increment: 0 }]]);
  expect(quiet(A.errors)).toEqual([]);
  expect(quiet(B.errors)).toEqual([]);
  await Promise.all([A.ctx.close(), B.ctx.close()]);
});

test('resign at any time: the waiting player resigns while the other thinks; both pages say so at once', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { A, B, a, b } = await meet(browser, { seconds: 600, increment: 0, rated: false });
  const pick = rng(9);
  await liveTurn(a, b, pick);
  await liveTurn(b, a, pick);
  // Ann is to move; Bo waits, and may resign all the same (before: no Resign on his page).
  await expect(b.locator('body')).toHaveAttribute('data-phase', 'wait');
  const resign = b.getByRole('button', { name: 'Resign' });
  await expect(resign).toBeVisible();
  b.once('dialog', (d) => d.accept());
  await resign.click();
  await expect(b.locator('#status')).toHaveText('You lost: you resigned.');
  await expect(a.locator('#status')).toHaveText('You won: Bo resigned.');
  for (const p of [a, b]) {
    await expect(p.locator('body')).toHaveAttribute('data-phase', 'over');
    await expect(p.getByRole('button', { name: 'Resign' })).toBeHidden();
    await expect(p.getByRole('button', { name: 'Rematch', exact: true })).toBeVisible();
  }
  // Kept as over across a reload, though the links do not show it.
  await b.reload();
  await expect(b.locator('#status')).toHaveText('You lost: you resigned.');
  expect(quiet(A.errors)).toEqual([]);
  expect(quiet(B.errors)).toEqual([]);
  await Promise.all([A.ctx.close(), B.ctx.close()]);
});

test('a friend’s invitation on a clock: never in the lobby, started at acceptance, kept by the server on both pages', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const A = await person(browser);
  const B = await person(browser);
  const [a, b] = [A.page, B.page];
  await a.goto(FRIEND);
  await ready(a);
  await a.locator('#new-size').selectOption('4');
  await a.locator('#new-color').selectOption('black');
  // A clock is for live games only.
  await a.getByLabel('Play by links').check();
  await expect(a.locator('#new-clock')).toBeDisabled();
  await a.getByLabel('Play live').check();
  await a.locator('#new-clock').selectOption({ label: '3+2' });
  // Ann has no player yet: a clock needs her name.
  await a.getByRole('button', { name: 'Create the invitation' }).click();
  await expect(a.locator('#message')).toHaveText('A game on a clock needs your player name: type it above.');
  await expect(a.locator('#send')).toBeHidden();
  await a.locator('#new-name').fill('Ann');
  await a.getByRole('button', { name: 'Create the invitation' }).click();
  await expect(a.locator('#send-text')).toContainText('Clock 3+2: it starts when your friend accepts.');
  await expect(a.locator('#message')).toBeHidden();
  const link = await a.locator('#send-link').inputValue();
  // The lobby does not show it: the open challenges the server sends a
  // lobby client that arrives hold none of Ann's.
  const annKey = await a.evaluate(() => JSON.parse(localStorage.getItem('diablo.player.v1') ?? '{}').key);
  expect(annKey).toBeTruthy();
  const listed = new Promise((resolve) => {
    b.on('websocket', (ws) => {
      if (!ws.url().endsWith('/lobby')) return;
      ws.on('framereceived', (f) => {
        if (String(f.payload).startsWith('{"hooks"')) resolve(JSON.parse(String(f.payload)).hooks);
      });
    });
  });
  await b.goto(LOBBY);
  await ready(b);
  await expect(b.locator('#lobby-state')).toHaveAttribute('data-state', 'open');
  const hooks = await listed;
  expect(hooks.filter((h) => h.player?.key === annKey)).toEqual([]);
  // (By its game: another spec file's Ann may post to this lobby meanwhile.)
  await expect(hookRow(b, await gameOf(link))).toHaveCount(0);
  await shootBoth(a, 'friend-clock-invitation');
  // The link names the clock, so Bo sees it before accepting.
  expect(new URL(link).search).toBe('?clock=180+2');
  await b.goto(link);
  await ready(b);
  await expect(b.locator('#incoming-text')).toContainText(
    'On a clock: 3+2, kept by the server; it starts when you accept.',
  );
  await shootBoth(b, 'friend-clock-incoming');
  // Bo, with no player of his own, accepts: the clocks start, Ann (Black) to move.
  const accepted = Date.now();
  await accept(b, link, 'Bo');
  for (const p of [a, b]) {
    await expect(p.locator('#clock-top')).toBeVisible();
    await expect(p.locator('#clock-bottom')).toBeVisible();
  }
  await expect(a.locator('#clock-bottom')).toHaveAttribute('data-running', 'true');
  // Her first move's 30 s run, her 3 minutes stand until both have moved.
  await expect(a.locator('#clock-bottom')).toHaveAttribute('data-first', 'true');
  expect(await clockMs(a, 'clock-bottom')).toBeLessThanOrEqual(30_000);
  await liveTurn(a, b, rng(11));
  // Ann got her 2 s back; Bo's clock runs on both pages.
  await expect(b.locator('#clock-bottom')).toHaveAttribute('data-running', 'true');
  await expect(a.locator('#clock-top')).toHaveAttribute('data-running', 'true');
  await expectFullSince(a, 'clock-bottom', 180_000, accepted, 182_000);
  await shootBoth(b, 'friend-clock-running');
  // Bo resigns; Ann's rematch is on the same clock: kept by the server before it is offered.
  b.once('dialog', (d) => d.accept());
  await b.getByRole('button', { name: 'Resign' }).click();
  await expect(a.locator('#status')).toHaveText(/^You won/);
  await a.getByRole('button', { name: 'Rematch', exact: true }).click();
  await expect(b.locator('#offer')).toContainText('Ann offers a rematch (3+2 · casual).');
  await expect(a.locator('#send-text')).toContainText('You play Green');
  await expect(a.locator('#new-clock')).toHaveValue('180+2');
  const rematch = Date.now();
  await b.getByRole('button', { name: 'Play the rematch' }).click();
  // Bo (Black now) moves first, on a fresh 3+2 clock on both pages.
  await expect(b.locator('#clock-bottom')).toHaveAttribute('data-running', 'true');
  await expect(a.locator('#clock-top')).toHaveAttribute('data-running', 'true');
  await expect(b.locator('#clock-bottom')).toHaveAttribute('data-first', 'true');
  expect(await clockMs(b, 'clock-bottom')).toBeLessThanOrEqual(30_000);
  await expectFullSince(a, 'clock-bottom', 180_000, rematch);
  expect(quiet(A.errors)).toEqual([]);
  expect(quiet(B.errors)).toEqual([]);
  await Promise.all([A.ctx.close(), B.ctx.close()]);
});

test.describe('a server that aborts a game whose first turn has not come within half a second', () => {
  const server = serverWithLimits(['--first-move-seconds', '0.5']);

  test('a first turn not made in time aborts the game on both pages', async ({ browser }) => {
    test.setTimeout(120_000);
    // The game may be aborted before Bo's page has it: no wait for the first turn.
    const { A, B, a, b } = await meet(browser, { seconds: 60, rated: false, site: server.site(), started: false });
    for (const p of [a, b])
      await expect(p.locator('#status')).toHaveText('Game aborted: the first turn was not made in time.');
    for (const p of [a, b]) await expect(p.locator('body')).toHaveAttribute('data-phase', 'over');
    await expect(a.locator('#games-list li').first()).toContainText('aborted');
    expect(quiet(A.errors)).toEqual([]);
    expect(quiet(B.errors)).toEqual([]);
    await Promise.all([A.ctx.close(), B.ctx.close()]);
  });
});

test.describe('a server that lets a player claim the win once the other has been away half a second', () => {
  const server = serverWithLimits(['--away-seconds', '0.5']);

  test('the other player closes the tab on their move: once both limits have passed, the win can be claimed', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    // Ann's page on its own clock: the page offers the claim after its own minute.
    const { A, B, a, b } = await meet(browser, { seconds: 600, rated: false, site: server.site(), clock: true });
    const pick = rng(3);
    await liveTurn(a, b, pick);
    await liveTurn(b, a, pick);
    await liveTurn(a, b, pick);
    // Bo to move; he closes his tab.
    await B.ctx.close();
    await expect(a.locator('#live')).toContainText(/Bo left/);
    const claim = a.getByRole('button', { name: 'Claim the win' });
    await expect(claim).toBeHidden();
    // A minute on Ann's page: it offers the claim.
    await a.clock.fastForward(60_000);
    await expect(claim).toBeVisible();
    // The server takes it once Bo has been away its half second (a claim before is
    // refused: "Not yet", and the button stays); then Ann has won.
    let refused = 0;
    await expect(async () => {
      if (await claim.isVisible()) await claim.click();
      if (await a.locator('#message').filter({ hasText: 'Not yet' }).isVisible()) refused += 1;
      await expect(a.locator('#status')).toHaveText('You won: Bo left the game.', { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    console.log(`claim: ${refused} refused as too early before the server's half second was up`);
    await expect(a.locator('body')).toHaveAttribute('data-phase', 'over');
    await expect(claim).toBeHidden();
    expect(quiet(A.errors)).toEqual([]);
    await A.ctx.close();
    void b;
  });
});

test('at 1280x800 a clocked 8x8 game fits the view on your turn: board, both clocks, dice and Confirm; a watcher’s clocks and replay too', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const A = await person(browser);
  const B = await person(browser);
  const [a, b] = [A.page, B.page];
  const posted = Date.now();
  const game = await postChallenge(a, { name: 'Ann', size: 8, color: 'black', seconds: 600, increment: 5 });
  await takeChallenge(b, { poster: 'Ann', name: 'Bo', game });
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
  await snap(b, `${ARTIFACTS}/fit-live-1280x800.png`);
  // A watcher at the same size: the replay with its controls fits too.
  const W = await person(browser);
  const w = W.page;
  await w.setViewportSize(view);
  await w.goto(b.url());
  await expect(w.locator('#viewer')).toBeVisible();
  // The watcher sees both clocks as the server keeps them: Bo's running.
  await expect(w.locator('#watch-clocks')).toBeVisible();
  await expect(w.locator('#clock-black .clock-name')).toHaveText('Ann');
  await expect(w.locator('#clock-green .clock-name')).toHaveText(/^Bo\b/);
  await expect(w.locator('#clock-green')).toHaveAttribute('data-running', 'true');
  await expect(w.locator('#clock-black')).toHaveAttribute('data-running', 'false');
  await expectFullSince(w, 'clock-black', 600_000, posted, 605_000);
  const green = await clockMs(w, 'clock-green');
  await expect.poll(() => clockMs(w, 'clock-green')).toBeLessThan(green);
  await w.locator('#game').evaluate((g) => g.scrollIntoView({ block: 'start' }));
  await inside(w, '#watch-clocks');
  await inside(w, '#viewer');
  await snap(w, `${ARTIFACTS}/fit-watcher-1280x800.png`);
  expect(quiet([...A.errors, ...B.errors, ...W.errors])).toEqual([]);
});

/** A turn-based clock's time as the page words it ("23 h 59 min left", "1 day 2 h left"), in minutes. */
async function minutesLeft(page, id) {
  const text = (await page.locator(`#${id} .clock-time`).textContent()) ?? '';
  const n = (re) => Number(text.match(re)?.[1] ?? 0);
  expect(text).toMatch(/left$/);
  return n(/(\d+) days?/) * 1440 + n(/(\d+) h/) * 60 + n(/(\d+) min/);
}

/** Posts a turn-based challenge (`days` a turn) from the lobby as `name`; resolves once the friend page shows it waiting. */
async function postDays(page, { name, days, size = 4 }) {
  await page.goto(LOBBY);
  await ready(page);
  await page.locator('#c-size').selectOption(String(size));
  await page.locator('#c-color').selectOption('black');
  await page.locator('#c-rated').setChecked(false);
  await page.locator('#c-days-kind').check();
  await page.locator('#c-days-select').selectOption(String(days));
  await page.locator('#btn-create').click();
  await nameIfAsked(page, name);
  await page.waitForURL(/friend\.html/);
  await ready(page);
  await expect(page.locator('#lobby-wait')).toBeVisible();
}

test('a turn-based game across a server restart: the game, its clocks and the lobby’s challenges are kept', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  expect(existsSync(SERVER_BIN), `${SERVER_BIN} is built`).toBe(true);
  const port = await freePort();
  const site = `http://127.0.0.1:${port}/`;
  const database = `sqlite://${join(mkdtempSync(join(tmpdir(), 'diablo-days-')), 'games.db')}`;
  const args = ['--port', String(port), '--database', database, '--push-loopback-http'];
  let server = (await serveSite(args)).child;
  // A push service of the test's own: what the server posts to Ann's
  // browser (tests/push.rs decrypts such pushes; here, that they come).
  const pushes = [];
  const service = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      pushes.push({ url: req.url, headers: req.headers, bytes: Buffer.concat(chunks).length });
      res.writeHead(201).end();
    });
  });
  await new Promise((resolve) => service.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${service.address().port}/push/ann`;
  try {
    const A = await person(browser, { baseURL: site });
    // Headless Chromium has no push service: the browser's subscription is
    // made here, with real P-256 keys, pointing at the test's service.
    await A.ctx.grantPermissions(['notifications'], { origin: new URL(site).origin });
    await A.ctx.addInitScript((endpoint) => {
      const b64 = (buf) =>
        btoa(String.fromCharCode(...new Uint8Array(buf)))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      const kept = () => JSON.parse(localStorage.getItem('test.push') ?? 'null');
      const subscription = (keys) => ({
        endpoint,
        toJSON: () => ({ endpoint, keys }),
        unsubscribe: async () => {
          localStorage.removeItem('test.push');
          return true;
        },
      });
      PushManager.prototype.getSubscription = async () => {
        const k = kept();
        return k ? subscription(k) : null;
      };
      PushManager.prototype.subscribe = async (options) => {
        const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
        const keys = {
          p256dh: b64(await crypto.subtle.exportKey('raw', pair.publicKey)),
          auth: b64(crypto.getRandomValues(new Uint8Array(16))),
        };
        localStorage.setItem('test.push', JSON.stringify(keys));
        localStorage.setItem('test.vapid', b64(options.applicationServerKey));
        return subscription(keys);
      };
    }, endpoint);
    const B = await person(browser, { baseURL: site });
    const C = await person(browser, { baseURL: site });
    const [a, b, c] = [A.page, B.page, C.page];
    // Ann posts one day a turn; Bo takes it. Cy posts three days a turn, nobody takes it.
    await postDays(a, { name: 'Ann', days: 1 });
    await takeChallenge(b, { poster: 'Ann', name: 'Bo' });
    await postDays(c, { name: 'Cy', days: 3 });
    await expect(a.locator('body')).toHaveAttribute('data-phase', 'act');
    // Turn-based, though through the server: not called live.
    await expect(a.locator('#live-text')).toHaveText('Bo is here');
    await expect(b.locator('#live-text')).toHaveText('Ann is here');
    // Ann asks to be told of her turns: subscribed with the server's key.
    await a.getByRole('button', { name: 'Tell me when it is my turn' }).click();
    await expect(a.locator('#push-on')).toBeVisible();
    await expect(a.getByRole('button', { name: 'Tell me when it is my turn' })).toBeHidden();
    const vapid = await a.evaluate(() => localStorage.getItem('test.vapid'));
    const served = await (await fetch(`${site}api/push`)).json();
    expect(vapid).toBe(served.key);
    await shootBoth(a, 'push-on');
    const pick = rng(46);
    await liveTurn(a, b, pick);
    await liveTurn(b, a, pick);
    // Bo's turn pushed to Ann's browser, encrypted and signed with the key.
    await expect.poll(() => pushes.length).toBe(1);
    expect(pushes[0].url).toBe('/push/ann');
    expect(pushes[0].headers['content-encoding']).toBe('aes128gcm');
    expect(pushes[0].headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${served.key}$`),
    );
    expect(pushes[0].bytes).toBeGreaterThan(86);
    // Ann's turn: her clock counts down from a day, with the lobby's five
    // days of bank after it, on both boards.
    await expect(a.locator('#clock-bottom')).toBeVisible();
    expect(await minutesLeft(a, 'clock-bottom')).toBeGreaterThanOrEqual(23 * 60);
    await expect(a.locator('#clock-bottom .clock-bank')).toHaveText('+ 5 in the bank');
    await expect(a.locator('#clock-top .clock-bank')).toHaveText('+ 5 in the bank');
    await expect(b.locator('#clock-top .clock-bank')).toHaveText('+ 5 in the bank');
    await expect(a.locator('#clock-bottom')).toHaveAttribute('aria-label', /left \+ 5 in the bank$/);
    await shootBoth(a, 'clock-time-bank');
    // "Your games" on both sides lists it in progress, from the server:
    // Ann's move (the title counts it), Bo waiting, each a tap from the game.
    // The server keeps a move just after relaying it: a page read before
    // is read again until it shows the move.
    for (const [who, turn, title] of [
      [A, 'yours', /^\(1\) /],
      [B, 'theirs', /^(?!\()/],
    ]) {
      const list = await who.ctx.newPage();
      await list.goto('web/games.html');
      const row = list.locator('#playing-list li');
      await expect(async () => {
        await list.reload();
        await ready(list);
        await expect(row).toHaveAttribute('data-turn', turn, { timeout: 1000 });
      }).toPass();
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(who === A ? 'Bo' : 'Ann');
      await expect(row.locator('time')).toBeVisible();
      await expect(list).toHaveTitle(title);
      const open = await row.locator('a.g-open').getAttribute('href');
      expect(open).toMatch(/^friend\.html#c/);
      if (who === A) await shootBoth(list, 'games-in-progress');
      await list.close();
    }
    // Ann's key carried to a new browser: the open game is in "Your
    // games" there, from the server, and opens; this browser lacks its
    // dice's keys, and the page says so, and how to bring them.
    const gameUrl = a.url();
    await a.goto(LOBBY);
    await ready(a);
    const download = a.waitForEvent('download');
    await a.locator('#btn-player-export').click();
    const keyFile = readFileSync(await (await download).path());
    const E = await person(browser, { baseURL: site, viewport: PHONE });
    await E.page.goto(LOBBY);
    await ready(E.page);
    await E.page
      .locator('#player-file')
      .setInputFiles({ name: 'key.json', mimeType: 'application/json', buffer: keyFile });
    await expect(E.page.locator('#player')).toContainText('you now play as Ann');
    await E.page.goto('web/games.html');
    await ready(E.page);
    const carried = E.page.locator('#playing-list li');
    await expect(carried).toHaveCount(1);
    await expect(carried).toHaveAttribute('data-turn', 'yours');
    await carried.locator('a.g-open').click();
    await E.page.waitForURL(/friend\.html#c/);
    await ready(E.page);
    await expect(E.page.locator('#watch-yours')).toBeVisible();
    // Both clocks with their banks fit the phone.
    await expect(E.page.locator('#clock-black .clock-bank')).toHaveText('+ 5 in the bank');
    expect(await E.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shootBoth(E.page, 'carried-key-open-game');
    await E.ctx.close();
    await a.goto(gameUrl);
    await ready(a);
    await expect(a.locator('#live')).toHaveAttribute('data-state', 'open');
    // Bo's player page, for anyone: playing now, waiting for Ann.
    const boKey = await b.evaluate(() => JSON.parse(localStorage.getItem('diablo.player.v1') ?? '{}').key);
    const page = await C.ctx.newPage();
    await page.goto(`web/players.html?key=${boKey}`);
    await ready(page);
    const playing = page.locator('#player-playing li');
    await expect(playing).toHaveCount(1);
    await expect(playing).toHaveAttribute('data-turn', 'other');
    await expect(playing).toContainText('Ann');
    await expect(playing.locator('a.g-open')).toHaveAttribute('href', /^friend\.html#c/);
    await shootBoth(page, 'player-playing-now');
    await page.close();

    // The server stops; a new one on the same database.
    await stopServer(server);
    await expect(a.locator('#live')).toHaveAttribute('data-state', 'lost');
    // Meanwhile Ann's clock stands, and says so: the server charges nobody
    // for the time it is away (docs/live.md).
    await expect(a.locator('#clock-bottom')).toHaveAttribute('data-paused', 'true');
    await expect(a.locator('#clock-bottom')).toContainText('paused');
    await expect(a.locator('#clock-top')).toHaveAttribute('data-paused', 'false');
    await shootBoth(a, 'clock-paused');
    server = (await serveSite(args)).child;
    await expect(a.locator('#live')).toHaveAttribute('data-state', 'open', { timeout: 20_000 });
    await expect(b.locator('#live')).toHaveAttribute('data-state', 'open', { timeout: 20_000 });
    await expect(a.locator('#clock-bottom')).toHaveAttribute('data-paused', 'false');
    await expect(a.locator('#clock-bottom')).not.toContainText('paused');
    // The clock as it was (a day a turn, not reset to nothing, not lost).
    await expect.poll(() => minutesLeft(a, 'clock-bottom')).toBeGreaterThanOrEqual(23 * 60);
    // The game goes on: Ann's turn reaches Bo through the new server.
    await liveTurn(a, b, pick);
    await expect(b.locator('body')).toHaveAttribute('data-phase', /act|over/);
    // Bo lets his day pass: 25 hours on his page's clock (only Date moves;
    // the page's timers and the server keep real time), and a day of his
    // bank is spent as the server would spend it, 23 hours to go.
    await expect(b.locator('#clock-bottom')).toHaveAttribute('data-running', 'true');
    await b.clock.setFixedTime(Date.now() + 25 * 3_600_000);
    await expect(b.locator('#clock-bottom .clock-bank')).toHaveText('+ 4 in the bank');
    await expect(b.locator('#clock-bottom .clock-time')).toHaveText(/^2[23] h( \d+ min)? left$/);
    await expect(b.locator('#clock-top .clock-bank')).toHaveText('+ 5 in the bank');
    await shootBoth(b, 'clock-bank-spent');
    // Cy's turn-based challenge is still in the lobby, for someone new to take.
    const D = await person(browser, { baseURL: site });
    await D.page.goto(LOBBY);
    await ready(D.page);
    await expect(D.page.locator('#hooks li').filter({ hasText: 'Cy' })).toContainText('3 days + 5 in the bank');
    expect(quiet([...A.errors, ...B.errors, ...C.errors, ...D.errors])).toEqual([]);
  } finally {
    await stopServer(server);
    service.close();
  }
});

test.describe('quick pairing, on a lobby of its own (no other file posts there)', () => {
  const server = serverWithLimits([]);

  test('two people tap the same clock: the first posts, the second plays that challenge, not one of their own', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const A = await person(browser, { baseURL: server.site() });
    const B = await person(browser, { baseURL: server.site(), viewport: PHONE });
    const [a, b] = [A.page, B.page];
    // Ann taps 5+3 with nothing open: her challenge is posted (8x8, standard, rated) and she waits.
    await a.goto(LOBBY);
    await ready(a);
    const tile = (p) => p.locator('#quick-grid button').filter({ hasText: '5+3' });
    await expect(tile(a)).toBeEnabled();
    await expect(tile(a)).toContainText('Live');
    await tile(a).click();
    await nameIfAsked(a, 'Ann');
    await a.waitForURL(/friend\.html/);
    await ready(a);
    await expect(a.locator('#lobby-wait')).toBeVisible();
    const game = await gameOf(a.url());
    // Bo's grid counts it on the same clock only; his tap takes it.
    await b.goto(LOBBY);
    await ready(b);
    await expect(hookRow(b, game)).toContainText('8\u00a0×\u00a08 · Standard · Rated');
    await expect(tile(b)).toContainText('1 waiting');
    await expect(tile(b)).toHaveAttribute('aria-label', 'Quick pairing 5+3: 1 open challenge');
    await expect(b.locator('#quick-grid button').filter({ hasText: '3+2' })).toContainText('Live');
    await snap(b, `${ARTIFACTS}/lobby-quick-390.png`);
    await tile(b).click();
    await nameIfAsked(b, 'Bo');
    await b.waitForURL(/friend\.html/);
    await ready(b);
    // One game, Ann's, on both pages: one of them to act, the other waiting.
    expect(await gameOf(b.url())).toBe(game);
    for (const p of [a, b]) await expect(p.locator('#game')).toBeVisible();
    await expect(a.locator('#lobby-wait')).toBeHidden();
    await expect(a.locator('#game-title')).toContainText('Ann');
    await expect(a.locator('#game-title')).toContainText('Bo');
    await expect
      .poll(async () => (await Promise.all([a, b].map((p) => p.locator('body').getAttribute('data-phase')))).sort())
      .toEqual(['act', 'wait']);
    // Back in the lobby, nothing is left open on that clock.
    const C = await person(browser, { baseURL: server.site(), viewport: DESKTOP });
    await C.page.goto(LOBBY);
    await ready(C.page);
    await expect(tile(C.page)).toContainText('Live');
    await snap(C.page, `${ARTIFACTS}/lobby-quick-1280.png`);
    for (const p of [A, B, C]) expect(quiet(p.errors)).toEqual([]);
    await Promise.all([A.ctx.close(), B.ctx.close(), C.ctx.close()]);
  });
});
