// Live play with a friend: two browser contexts play through the
// project's server (crates/diablo-server: the site, live.json and the
// relay), each turn appearing on the other page without a reload; a third
// context watches; a server the test starts itself is killed and restarted
// mid-game and the game finishes; a page offline for a while catches up;
// with no relay, or one that cannot be reached, the page says so and plays
// by links; a game started live goes on by links and back, and one started
// by links goes live. How long a turn takes from one page's Confirm to the
// other page showing it is measured by bench/live.bench.mjs (`cargo xtask
// bench`); here each turn only has to arrive.
import { test, expect } from '@playwright/test';
import { existsSync } from 'node:fs';
import { ARTIFACTS, boardStacks, clickSquare, marked, rng, targets, watchErrors } from './helpers.mjs';
import {
  FRIEND,
  SERVER,
  accept,
  clean,
  freePort,
  invite,
  liveState,
  liveTurn,
  mark,
  mover,
  notReloaded,
  person,
  play,
  playOut,
  ready,
  shootBoth,
  stopServer,
  startServer,
} from './live-helpers.mjs';

test('two people play a whole live game through the server, each turn on the other page without a reload; a third watches live', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const A = await person(browser);
  const B = await person(browser);
  const C = await person(browser);
  const [a, b, c] = [A.page, B.page, C.page];

  // The served site names the relay: the form offers live play, chosen.
  await a.goto(FRIEND);
  await ready(a);
  await expect(a.locator('#new-mode')).toBeVisible();
  await expect(a.getByLabel('Play live')).toBeChecked();
  // 4x4: a whole game to its end by the rules, in fewer turns than 6x6.
  const link = await invite(a, { size: 4, color: 'black', name: 'Ann', mode: null });
  await expect(a.locator('#send-text')).toContainText('Send this link once');
  await expect.poll(() => liveState(a)).toBe('open');
  await mark(a);

  // Bo opens it (Ann sees him arrive) and accepts: Ann's board is live at once.
  await accept(b, link);
  await mark(b);
  await expect(a.locator('body')).toHaveAttribute('data-phase', 'act');
  await expect(a.locator('#live')).toContainText('Bo is here');
  await expect(b.locator('#live')).toContainText('Ann is here');
  await expect(b.locator('#status')).toContainText('Waiting for Ann to play');
  // Both connected: no link to send.
  await expect(a.locator('#send')).toBeHidden();
  await expect(b.locator('#send')).toBeHidden();

  // Someone else opens the invitation the chat carried: no keys, so the
  // game (already accepted) is watched live, read-only.
  await c.goto(link);
  await expect(c.locator('body')).toHaveAttribute('data-phase', 'viewer');
  await expect(c.locator('#live')).toContainText('Watching live');
  await mark(c);

  const pick = rng(39);
  const viewerTurns = () => c.locator('#viewer').evaluate((el) => el.turns);
  const times = await playOut(a, b, pick, {
    each: async (turns) => {
      // The watcher's replay follows, turn by turn, without a reload.
      await expect.poll(viewerTurns, { timeout: 10_000 }).toBe(turns);
      if (turns === 4) {
        await shootBoth(a, 'live-game-ann');
        await shootBoth(b, 'live-game-bo');
        await shootBoth(c, 'live-game-watcher');
      }
    },
  });
  for (const p of [a, b, c]) await notReloaded(p);
  // Each player reads their own result, large; the friend is there and has
  // the last link, so no box asks to send it; the watcher reads who won.
  await expect(a.locator('#status')).toHaveText(/^You (won|lost)/);
  const won = (await a.locator('#status').textContent())?.startsWith('You won');
  await expect(b.locator('#status')).toHaveText(won ? /^You lost/ : /^You won/);
  for (const p of [a, b]) {
    await expect(p.locator('#status')).toHaveClass(/result/);
    await expect(p.locator('#send')).toBeHidden();
  }
  await expect(c.locator('#status')).toHaveText(/^The game is over\. Winner: (Ann \(Black\)|Bo \(Green\))\.$/);
  await expect(c.locator('#live')).not.toContainText('Watching live');
  await shootBoth(c, 'live-over-watcher');
  await shootBoth(a, 'live-over-player');
  await expect(c.locator('#viewer').locator('.counter')).toHaveText(`${times.length} / ${times.length}`);
  // Each page holds the whole game: the address bars agree.
  expect(a.url().split('#')[1]).toBe(b.url().split('#')[1]);

  // Every turn reached the other page as a link frame from the relay, after its Confirm.
  for (const t of times) expect(t.relay).toBeGreaterThanOrEqual(0);

  // Rematch, live: Ann's new invitation (colours swapped) is offered in the
  // finished game's room and appears on Bo's page, which checks that a
  // player of the game made it; no link goes by chat, no page reloads.
  // Bo is on a phone, his page scrolled to its top.
  const desk = b.viewportSize();
  await b.setViewportSize({ width: 390, height: 844 });
  await b.evaluate(() => window.scrollTo(0, 0));
  await expect(a.getByRole('button', { name: 'Rematch', exact: true })).toBeVisible();
  await a.getByRole('button', { name: 'Rematch', exact: true }).click();
  await expect(a.locator('#send-text')).toContainText('Rematch offered');
  await expect(a.locator('#send-text')).toContainText('You play Green');
  await expect(b.locator('#offer')).toContainText('Ann offers a rematch.');
  // The offer is by the result, in view; Ann (gone to the rematch's room)
  // is shown waiting for the answer, not gone; no link to send.
  await expect(b.locator('#offer')).toBeInViewport();
  const [offerBox, boardBox] = await Promise.all([
    b.locator('#offer').boundingBox(),
    b.locator('#board').boundingBox(),
  ]);
  expect(offerBox && boardBox && offerBox.y < boardBox.y).toBe(true);
  await expect(b.locator('#live-text')).toHaveText('Live · Ann is waiting for your answer');
  await expect(b.locator('#send')).toBeHidden();
  await shootBoth(b, 'live-rematch-offer');
  // The watcher is offered nothing.
  await expect(c.locator('#offer')).toBeHidden();
  await expect(b.getByRole('button', { name: 'Rematch', exact: true })).toBeHidden();
  // One tap plays it, under the name Bo played with.
  await b.getByRole('button', { name: 'Play the rematch' }).click();
  await expect(b.locator('#incoming')).toBeHidden();
  await expect(b.locator('#game')).toBeVisible();
  await expect(b.locator('#game-title')).toContainText('Black: Bo');
  if (desk) await b.setViewportSize(desk);
  for (const p of [a, b]) await notReloaded(p);
  // Bo plays Black and moves first: Ann's page sent the start link by itself.
  await expect(b.locator('body')).toHaveAttribute('data-phase', 'act');
  await liveTurn(b, a, pick);

  // Resign, live: Ann resigns on her turn; Bo's page shows it at once.
  a.once('dialog', (d) => d.accept());
  await a.getByRole('button', { name: 'Resign' }).click();
  await expect(b.locator('#status')).toHaveText('You won: Ann resigned.');
  await expect(b.locator('body')).toHaveAttribute('data-phase', 'over');

  for (const p of [A, B, C]) expect(clean(p.errors)).toEqual([]);
  await Promise.all([A.ctx.close(), B.ctx.close(), C.ctx.close()]);
});

test('a turn that arrives while the tab is hidden: the title says so, and a system notification once allowed', async ({
  browser,
}) => {
  const A = await person(browser);
  const B = await person(browser);
  await B.ctx.grantPermissions(['notifications']);
  await B.ctx.addInitScript(() => {
    window.notes = [];
    // The system's notifications, recorded (headless shows none).
    window.Notification = class {
      static permission = 'granted';
      static requestPermission() {
        return Promise.resolve('granted');
      }
      constructor(title, options) {
        window.notes.push({ title, body: options?.body });
      }
      close() {}
    };
  });
  const [a, b] = [A.page, B.page];
  const link = await invite(a, { color: 'black' });
  // Not yet allowed: the page offers to allow it.
  await accept(b, link);
  await expect(a.locator('body')).toHaveAttribute('data-phase', 'act');
  await expect(a.getByRole('button', { name: 'Tell me when it is my turn' })).toBeVisible();
  await expect(b.getByRole('button', { name: 'Tell me when it is my turn' })).toBeHidden();
  const title = await b.title();
  // Bo's tab goes to the background; Ann plays.
  await b.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await play(a, rng(1));
  await expect(b.locator('body')).toHaveAttribute('data-phase', 'act');
  await expect(b).toHaveTitle(`Your turn — ${title}`);
  expect(await b.evaluate(() => window.notes)).toEqual([
    { title: 'Your turn', body: 'Ann has played: your roll is waiting.' },
  ]);
  await b.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect(b).toHaveTitle(title);
  expect(clean(A.errors)).toEqual([]);
  expect(clean(B.errors)).toEqual([]);
  await Promise.all([A.ctx.close(), B.ctx.close()]);
});

test('the server is killed and restarted mid-game, and a page offline for a while catches up: the game finishes, nothing lost', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // cargo xtask test builds it before the browser tests.
  expect(existsSync(SERVER), `${SERVER} is built`).toBe(true);
  const port = await freePort();
  const site = `http://127.0.0.1:${port}/`;
  let server = await startServer(port);
  try {
    const A = await person(browser, { baseURL: site });
    const B = await person(browser, { baseURL: site });
    const [a, b] = [A.page, B.page];
    /** Ann's live connections, the newest last. */
    const annSockets = [];
    a.on('websocket', (ws) => {
      if (/\/live\/[0-9a-f]{32}$/.test(ws.url())) annSockets.push(ws);
    });
    const link = await invite(a, { color: 'green', url: `${site}${FRIEND}` });
    await accept(b, link);
    // Ann plays Green: her page answered the acceptance with the start link.
    await expect(b.locator('body')).toHaveAttribute('data-phase', 'act');
    await Promise.all([mark(a), mark(b)]);
    const pick = rng(4);
    await liveTurn(b, a, pick);
    await liveTurn(a, b, pick);

    // The server dies: both pages say so, and the one to move plays on.
    await stopServer(server);
    await expect(a.locator('#live')).toHaveAttribute('data-state', 'lost');
    await expect(b.locator('#live')).toHaveAttribute('data-state', 'lost');
    await expect(a.locator('#live')).toContainText('Live connection lost — reconnecting; you can also send the link.');
    await expect(a.locator('#send')).toBeVisible();
    await play(b, pick);
    await expect(b.locator('#send')).toBeVisible();
    await shootBoth(b, 'live-server-down');
    await expect(a.locator('body')).toHaveAttribute('data-phase', 'wait');

    // A new server, empty: the pages reconnect by themselves and rebuild
    // the room from their links; Bo's turn reaches Ann.
    server = await startServer(port);
    await expect(a.locator('body')).toHaveAttribute('data-phase', 'act', { timeout: 30_000 });
    await expect(a.locator('#live')).toHaveAttribute('data-state', 'open');
    await expect(b.locator('#live')).toHaveAttribute('data-state', 'open', { timeout: 30_000 });

    // Bo goes offline; Ann plays, her turn goes to the server while he is
    // away; Bo is back and his page catches up.
    await B.ctx.setOffline(true);
    await expect(b.locator('#live')).toHaveAttribute('data-state', 'lost');
    await expect(a.locator('#live')).toContainText(/Bo left/);
    const live = annSockets.at(-1);
    expect(live, 'Ann is connected').toBeTruthy();
    const sent = live.waitForEvent('framesent', { predicate: (f) => String(f.payload).startsWith('{"link"') });
    await play(a, pick);
    await sent;
    await expect(b.locator('body')).toHaveAttribute('data-phase', 'wait');
    await B.ctx.setOffline(false);
    await expect(b.locator('body')).toHaveAttribute('data-phase', /act|over/, { timeout: 15_000 });
    await expect(a.locator('#live')).toContainText('Bo is here');

    // A turn each more, live: nothing was lost (the end of a live game is the first test's).
    for (let i = 0; i < 2; i++) {
      const page = await mover([a, b]);
      if ((await page.locator('body').getAttribute('data-phase')) === 'over') break;
      await liveTurn(page, page === a ? b : a, pick);
    }
    for (const p of [a, b]) await notReloaded(p);
    expect(a.url().split('#')[1]).toBe(b.url().split('#')[1]);
    expect(clean(A.errors)).toEqual([]);
    expect(clean(B.errors)).toEqual([]);
    await Promise.all([A.ctx.close(), B.ctx.close()]);
  } finally {
    await stopServer(server);
  }
});

test('with no relay the page plays by links; with a relay it cannot reach it says so, and the links still work', async ({
  browser,
}) => {
  // A static host: live.json says null.
  const S = await person(browser);
  await S.ctx.route('**/live.json', (r) => r.fulfill({ json: { url: null } }));
  const s = S.page;
  await s.goto(FRIEND);
  await ready(s);
  await expect(s.locator('#new-mode')).toBeHidden();
  await invite(s, { mode: null });
  await expect(s.locator('#send-text')).toContainText('your friend accepts it and sends a link back');
  await expect(s.locator('#live')).toBeHidden();
  await shootBoth(s, 'live-fallback-static');
  expect(S.errors).toEqual([]);

  // A relay named but unreachable (nothing listens on its port): Ann and Bo
  // are told plainly, and play on by links.
  const dead = await freePort();
  const unreachable = (r) => r.fulfill({ json: { url: `ws://127.0.0.1:${dead}/live/` } });
  const A = await person(browser);
  const B = await person(browser);
  await A.ctx.route('**/live.json', unreachable);
  await B.ctx.route('**/live.json', unreachable);
  const [a, b] = [A.page, B.page];
  const link = await invite(a, { color: 'black' });
  await expect(a.locator('#live')).toHaveAttribute('data-state', 'lost');
  await expect(a.locator('#live')).toContainText('Live connection lost — reconnecting; you can also send the link.');
  await accept(b, link);
  await expect(b.locator('#live')).toHaveAttribute('data-state', 'lost');
  await expect(b.locator('#send')).toBeVisible();
  await shootBoth(b, 'live-fallback-lost');
  let sent = await b.locator('#send-link').inputValue();
  const pick = rng(5);
  for (let i = 0; i < 2; i++) {
    const [to, from] = i % 2 === 0 ? [a, b] : [b, a];
    await to.goto(sent);
    await expect(to.locator('body')).toHaveAttribute('data-phase', 'act');
    await play(to, pick);
    await expect(to.locator('#send')).toBeVisible();
    sent = await to.locator('#send-link').inputValue();
    void from;
  }
  expect(clean(A.errors)).toEqual([]);
  expect(clean(B.errors)).toEqual([]);
  await Promise.all([S.ctx.close(), A.ctx.close(), B.ctx.close()]);
});

test('a game started live goes on by links while one side cannot connect, then live again; one started by links goes live', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const A = await person(browser);
  const B = await person(browser);
  const [a, b] = [A.page, B.page];
  // Bo's relay can be cut: his sockets are closed as soon as made.
  let cut = false;
  await B.ctx.routeWebSocket(/\/live\/[0-9a-f]{32}$/, (ws) => {
    if (cut) ws.close();
    else ws.connectToServer();
  });
  const link = await invite(a, { color: 'black' });
  await accept(b, link);
  await expect(a.locator('body')).toHaveAttribute('data-phase', 'act');
  const pick = rng(11);
  await liveTurn(a, b, pick);

  // Bo loses the relay (and reloads): his page says so; Ann sees him gone.
  cut = true;
  await b.reload();
  await ready(b);
  await expect(b.locator('#live')).toHaveAttribute('data-state', 'lost');
  await expect(a.locator('#live')).toContainText(/Bo left/);
  // By links: Bo plays and sends his link by hand; Ann opens it, plays, and
  // her link goes back by hand too.
  await play(b, pick);
  await expect(b.locator('#send')).toBeVisible();
  await a.goto(await b.locator('#send-link').inputValue());
  await expect(a.locator('body')).toHaveAttribute('data-phase', 'act');
  await play(a, pick);
  // Ann is live, but Bo is not there: she is offered the link.
  await expect(a.locator('#send')).toBeVisible();
  await expect(a.locator('#send-text')).toContainText('Your friend is not connected');
  await b.goto(await a.locator('#send-link').inputValue());
  await expect(b.locator('body')).toHaveAttribute('data-phase', 'act');

  // Bo's relay is back: live again, both ways.
  cut = false;
  await b.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(b.locator('#live')).toHaveAttribute('data-state', 'open', { timeout: 20_000 });
  await expect(a.locator('#live')).toContainText('Bo is here');
  await mark(a);
  await liveTurn(b, a, pick);
  await notReloaded(a);

  // A game started by links: no live connection until asked for; the
  // friend's page is live already, and then so is the game.
  const C = await person(browser);
  const D = await person(browser);
  const [c, d] = [C.page, D.page];
  const byLinks = await invite(c, { color: 'black', name: 'Cy', mode: 'links' });
  await expect(c.locator('#live')).toHaveAttribute('data-state', 'links');
  await expect(c.locator('#live')).toContainText('Played by links');
  await accept(d, byLinks, 'Di');
  await c.goto(await d.locator('#send-link').inputValue());
  await expect(c.locator('body')).toHaveAttribute('data-phase', 'act');
  await expect(c.locator('#live')).toHaveAttribute('data-state', 'links');
  await mark(d);
  await c.getByRole('button', { name: 'Play live' }).click();
  await expect(c.locator('#live')).toContainText('Di is here');
  await liveTurn(c, d, pick);
  await notReloaded(d);

  for (const p of [A, B, C, D]) expect(clean(p.errors)).toEqual([]);
  await Promise.all([A.ctx.close(), B.ctx.close(), C.ctx.close(), D.ctx.close()]);
});

test.afterAll(() => {
  console.log(`live: screenshots in ${ARTIFACTS}`);
});

test('the game page lists the games in progress with friends and leads back to them; a finished one leaves the list', async ({
  browser,
}) => {
  const A = await person(browser);
  const B = await person(browser);
  const [a, b] = [A.page, B.page];
  const link = await invite(a, { size: 4, name: 'Ann' });
  await accept(b, link, 'Bo');
  const first = await mover([a, b]);
  const annToMove = first === a;
  const annUrl = a.url();
  // Back to the game page: the game with Bo is listed, whose turn it is said.
  await a.goto('/');
  await expect(a.locator('body')).toHaveAttribute('data-playing', '1', { timeout: 10_000 });
  const row = a.locator('#in-progress li');
  await expect(row).toHaveText(`4×4 against Bo · ${annToMove ? 'your turn' : 'their turn'}`);
  await expect(a.locator('#in-progress')).toBeVisible();
  await shootBoth(a, 'in-progress');
  // Its link leads back to the same game.
  await row.getByRole('link').click();
  await expect(a).toHaveURL(/friend\.html#/);
  await expect(a.locator('#game')).toBeVisible();
  await expect(a.locator('#game-title')).toContainText('Bo');
  expect(new URL(a.url()).pathname).toBe(new URL(annUrl).pathname);
  // Over (Ann resigns): the game page lists nothing.
  a.once('dialog', (d) => d.accept());
  await a.getByRole('button', { name: 'Resign' }).click();
  await expect(a.locator('body')).toHaveAttribute('data-phase', 'over');
  await a.goto('/');
  await expect(a.locator('body')).toHaveAttribute('data-playing', '0', { timeout: 10_000 });
  await expect(a.locator('#in-progress')).toHaveCount(0);
  expect(clean([...A.errors, ...B.errors])).toEqual([]);
});

test('a reload mid-turn in a live game keeps the actions played and says the roll', async ({ browser }) => {
  const A = await person(browser);
  const B = await person(browser);
  const [a, b] = [A.page, B.page];
  const link = await invite(a, { size: 6, name: 'Ann' });
  await accept(b, link, 'Bo');
  const pick = rng(11);
  // The first turn is one move; the second mover's turn has two actions: play one of them.
  const first = await mover([a, b]);
  const second = first === a ? b : a;
  await liveTurn(first, second, pick);
  await expect(second.locator('body')).toHaveAttribute('data-phase', 'act');
  const removable = await marked(second, 'removable');
  if (removable.length) await clickSquare(second, removable[0]);
  else {
    const [from] = await marked(second, 'source');
    await clickSquare(second, from);
    const [[to]] = await targets(second);
    await clickSquare(second, to);
  }
  const played = await boardStacks(second);
  await second.reload();
  await ready(second);
  // The same board, the action still played, and the status says the roll.
  await expect.poll(() => boardStacks(second)).toEqual(played);
  await expect(second.locator('#status')).toContainText(/^(Black|Green) rolled \d and \d\. /);
  // The turn goes on from there and reaches the other page.
  await play(second, pick);
  await expect(first.locator('body')).toHaveAttribute('data-phase', /act|over/);
  expect(clean([...A.errors, ...B.errors])).toEqual([]);
});

test('the same game in two tabs: a turn confirmed in one, the other follows and says so', async ({ browser }) => {
  const A = await person(browser);
  const B = await person(browser);
  const [a, b] = [A.page, B.page];
  const link = await invite(a, { size: 4, name: 'Ann' });
  await accept(b, link, 'Bo');
  const pick = rng(8);
  const first = await mover([a, b]);
  const X = first === a ? A : B;
  // The mover opens the same game in a second tab of the same browser.
  const tab = await X.ctx.newPage();
  const tabErrors = watchErrors(tab);
  await tab.goto(first.url());
  await ready(tab);
  await expect(tab.locator('body')).toHaveAttribute('data-phase', 'act');
  await expect(tab.locator('#live')).toHaveAttribute('data-state', 'open');
  // An action in the second tab, then the whole turn confirmed in the first.
  const [from] = await marked(tab, 'source');
  await clickSquare(tab, from);
  const [[to]] = await targets(tab);
  await clickSquare(tab, to);
  await play(first, pick);
  // The second tab follows the game and says why its action is gone.
  await expect(tab.locator('body')).toHaveAttribute('data-phase', 'wait');
  await expect(tab.locator('#notice')).toContainText('Your turn was played in another tab or on another device');
  expect(await boardStacks(tab)).toEqual(await boardStacks(first));
  // The tab that played it says nothing of the kind.
  await expect(first.locator('#notice')).toBeHidden();
  expect(clean([...A.errors, ...B.errors, ...tabErrors])).toEqual([]);
});
