// Play a friend by link: two browser contexts (two people on two devices)
// play a 6x6 game by passing links, turn by turn, until one resigns; a
// third sees a read-only replay; tampered and stale links are refused and
// leave the stored game intact; every step survives a reload; a click while
// the friend's turn is still shown moving counts. Every context here sees
// the site as a static host does (live.json names no relay): live play is
// live.spec.mjs. (A whole game played out by clicks is fullgame.spec.mjs's;
// whole games by links that end by the rules, their final links verifying,
// are crates/diablo-corr/tests/protocol.rs's; on the friend page, live.spec's
// game played out live.)
import { test, expect } from '@playwright/test';
import { join } from 'node:path';
import {
  ARTIFACTS,
  atRest,
  cell,
  clickSquare,
  marked,
  playTurnByClicks,
  rng,
  shot,
  snap,
  targets,
  watchErrors,
} from './helpers.mjs';

// Moves as most people see them: shown moving (the other files run with
// reduced motion, as the config says).
test.use({ reducedMotion: 'no-preference' });

const FRIEND = 'web/friend.html';

/** A browser context (a person) on a site with no live relay, as on a static host. */
async function newContext(browser, options) {
  const ctx = await browser.newContext(options);
  await ctx.route('**/live.json', (r) => r.fulfill({ json: { url: null } }));
  return ctx;
}

/** The link the page offers to send (the whole URL). */
async function linkToSend(page) {
  await expect(page.locator('#send')).toBeVisible();
  return page.locator('#send-link').inputValue();
}

/**
 * Opens a received link in the tab and returns the phase once the page has
 * opened it: a link to the page already open only changes the address's
 * fragment, and the page opens it on `hashchange`, after the navigation
 * (so a phase read before that would be the one before the link).
 */
async function receive(page, url) {
  const here = page.url();
  const hashOnly = url.includes('#') && here !== url && here.split('#')[0] === url.split('#')[0];
  await page.evaluate((waitForHash) => {
    window.motionSeen = [];
    // Added after the page's own listener, so it runs after the page has opened the link
    // (a page loaded anew has no such flag: it opens the link before it is ready).
    if (waitForHash) window.linkOpened = false;
    if (waitForHash)
      addEventListener(
        'hashchange',
        () => {
          window.linkOpened = true;
        },
        { once: true },
      );
  }, hashOnly);
  await page.goto(url);
  await expect
    .poll(() => page.evaluate(() => window.linkOpened !== false), { message: 'the page opens the link' })
    .toBe(true);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('body')).toHaveAttribute('data-phase', /act|confirm|wait|over/);
  return page.locator('body').getAttribute('data-phase');
}

async function dice(page) {
  return page.locator('#dice .die').evaluateAll((d) => d.map((x) => x.dataset.value).join(','));
}

/** How many turns the game by links is played, by clicks, before Ann or Bo resigns (stale links at the 4th). */
const TURNS = 6;

test('two people play a 6x6 game by links until one resigns; the final link verifies; a third person sees a replay', async ({
  browser,
}) => {
  const ctxA = await newContext(browser);
  const ctxB = await newContext(browser);
  const a = await ctxA.newPage();
  const b = await ctxB.newPage();
  const errA = watchErrors(a);
  const errB = watchErrors(b);
  // Every value the board's data-moving takes, page by page (the opponent's
  // turn is shown moving when its link arrives).
  for (const p of [a, b]) {
    await p.addInitScript(() => {
      window.motionSeen = [];
      document.addEventListener('DOMContentLoaded', () => {
        const c = document.getElementById('board');
        if (!c) return;
        new MutationObserver(() => {
          if (c.dataset.moving) window.motionSeen.push(c.dataset.moving);
        }).observe(c, { attributes: true, attributeFilter: ['data-moving'] });
      });
    });
  }

  // Ann invites, playing Green (so a start link is needed).
  await a.goto(FRIEND);
  await expect(a.locator('body')).toHaveAttribute('data-ready', 'true');
  await a.locator('#new-size').selectOption('6');
  await a.locator('#new-color').selectOption('green');
  await a.locator('#new-name').fill('Ann');
  await a.getByRole('button', { name: 'Create the invitation' }).click();
  let link = await linkToSend(a);
  expect(link).toMatch(/#c[A-Za-z0-9_-]+$/);
  await expect(a.locator('#games-list li')).toHaveCount(1);

  // Bo opens it and accepts.
  await b.goto(link);
  await expect(b.locator('#incoming')).toBeVisible();
  await expect(b.locator('#incoming-text')).toContainText('Ann invites you to a 6×6 game');
  await expect(b.locator('#incoming-text')).toContainText('You play Black');
  await b.locator('#accept-name').fill('Bo');
  await b.getByRole('button', { name: 'Accept' }).click();
  link = await linkToSend(b);
  await b.reload();
  await expect(b.locator('body')).toHaveAttribute('data-phase', 'wait');

  // Ann opens the acceptance: her page answers with the start link at once.
  await receive(a, link);
  await expect(a.locator('#send-text')).toContainText('fixes their first roll');
  link = await linkToSend(a);

  const pick = rng(606);
  const players = { black: b, green: a };
  let side = 'black';
  let turns = 0;
  let stale = null;
  for (;;) {
    const page = players[side];
    const phase = await receive(page, link);
    if (phase === 'over' || turns === TURNS) break;
    expect(phase).toBe('act');
    if (turns > 0) {
      // The opponent's turn that just arrived is shown moving.
      await expect.poll(() => page.evaluate(() => window.motionSeen.length)).toBeGreaterThan(0);
    }
    const roll = await dice(page);
    // Reloading shows the same roll: the link fixes it.
    await page.reload();
    await expect(page.locator('body')).toHaveAttribute('data-phase', 'act');
    expect(await dice(page)).toBe(roll);
    await playTurnByClicks(page, pick);
    turns += 1;
    const sent = await linkToSend(page);
    if (turns === 3) stale = link;
    if (turns === 4) {
      // The other player opens a stale link (the one before their last
      // move): refused, their stored game stays as it was.
      const other = players[side === 'black' ? 'green' : 'black'];
      await other.goto(stale);
      await expect(other.locator('#message')).toContainText('older than the game you have');
      await expect(other.locator('body')).toHaveAttribute('data-phase', 'wait');
      // A tampered link: refused the same way.
      const i = sent.length - 10;
      const bad = sent.slice(0, i) + (sent[i] === 'A' ? 'B' : 'A') + sent.slice(i + 1);
      await other.goto(bad);
      await expect(other.locator('#message')).toContainText('damaged');
      // Their game is intact: the link they sent last still opens it, waiting.
      expect(await receive(other, link)).toBe('wait');
      await expect(other.locator('#message')).toBeHidden();
      await expect(other.locator('#games-list li')).toContainText('their turn');
    }
    link = sent;
    side = side === 'black' ? 'green' : 'black';
  }
  // The one to play resigns (a game this short is not over yet): the end goes by link too.
  const resigner = players[side];
  if ((await resigner.locator('body').getAttribute('data-phase')) !== 'over') {
    resigner.once('dialog', (d) => d.accept());
    await resigner.getByRole('button', { name: 'Resign' }).click();
    await expect(resigner.locator('body')).toHaveAttribute('data-phase', 'over');
    link = await linkToSend(resigner);
  }
  await receive(players[side === 'black' ? 'green' : 'black'], link);
  await expect(a.locator('#status')).toHaveText(/^You (won|lost)/);
  await expect(a.locator('#status')).toHaveClass(/result/);
  await shot(a, 'friend-over');
  // Both players' pages agree on the final link, and on who won.
  await receive(a, link);
  await receive(b, link);
  const won = (await a.locator('#status').textContent())?.startsWith('You won');
  await expect(b.locator('#status')).toHaveText(won ? /^You lost/ : /^You won/);
  await expect(a.locator('#log li')).toHaveCount(turns);

  // A third person: a read-only replay, no board to play on.
  const ctxC = await newContext(browser);
  const c = await ctxC.newPage();
  await c.goto(link);
  await expect(c.locator('body')).toHaveAttribute('data-phase', 'viewer');
  // The game is over: the watcher reads who won, large, not how to import keys.
  await expect(c.locator('#status')).toHaveText(/^The game is over\. Winner: (Ann|Bo|[^ ]+) \((Black|Green)\)/);
  await expect(c.locator('#status')).toHaveClass(/result/);
  await expect(c.locator('#viewer')).toBeVisible();
  await expect(c.locator('#board-wrap')).toBeHidden();
  await shot(c, 'friend-viewer');

  // Your games: one game each, over.
  await a.goto(FRIEND);
  await expect(a.locator('#games-list li')).toHaveCount(1);
  await expect(a.locator('#games-list li')).toContainText('vs Bo');
  await expect(a.locator('#games-list li')).toContainText('won');
  await shot(a, 'friend-games');
  expect(errA).toEqual([]);
  expect(errB).toEqual([]);
  await Promise.all([ctxA.close(), ctxB.close(), ctxC.close()]);
});

test("a click while the friend's turn is still shown moving ends the motion at once and counts", async ({
  browser,
}) => {
  // The choice (lib/board/mount.js): a press on a moving board is never
  // dropped. The motion ends at once, with the rest of the arrived turn,
  // and the press is handled on the final board, as on a slow phone where
  // the friend's turn still plays out.
  const ctxA = await newContext(browser);
  const ctxB = await newContext(browser);
  const [a, b] = [await ctxA.newPage(), await ctxB.newPage()];
  const errors = watchErrors(b);
  // Bo's page runs on a fake clock, so an arriving turn can be held in motion until the test lets it go.
  await b.clock.install();
  const pick = rng(11);
  let link = await startGame(a, b);
  const canvas = b.locator('#board');
  // Ann (Black) plays, Bo answers, until a turn of Ann's of two actions or more is on its way
  // (the game's first turn has one): its motion is a run of several.
  for (let tries = 0; ; tries++) {
    expect(await receive(a, link)).toBe('act');
    await playTurnByClicks(a, pick);
    link = await linkToSend(a);
    const played = await a.locator('#log li').last().textContent();
    if (played.split(':')[1].trim().split(/\s+/).length >= 2) break;
    expect(tries, 'a turn of two actions comes').toBeLessThan(5);
    expect(await receive(b, link)).toBe('act');
    await playTurnByClicks(b, pick);
    link = await linkToSend(b);
  }
  await atRest(b);
  await b.clock.pauseAt(await b.evaluate(() => Date.now() + 1000));
  // Ann's turn arrives: shown moving, and held there (no animation frame comes).
  await b.goto(link);
  await expect(b.locator('body')).toHaveAttribute('data-phase', 'act');
  await expect(canvas).toHaveAttribute('data-settled', 'false');
  await expect(canvas).toHaveAttribute('data-moving', /^(move|capture|removal)$/);
  // The page's choices are those of the final board; a click on one of them, now.
  const removable = await marked(b, 'removable');
  const from = removable[0] ?? (await marked(b, 'source'))[0];
  const before = await cell(b, from).getAttribute('data-stack');
  await clickSquare(b, from, { moving: true });
  // Handled, and the whole arrived turn is over at once: time has not moved.
  if (removable.length) await expect(cell(b, from)).not.toHaveAttribute('data-stack', before);
  else await expect(cell(b, from)).toHaveAttribute('data-marks', /selected/);
  await expect(canvas).toHaveAttribute('data-settled', 'true');
  await expect(canvas).not.toHaveAttribute('data-moving', /.*/);
  await b.clock.resume();
  // Nothing of the arrived turn moves afterwards, and the turn goes on as usual.
  await atRest(b);
  if (!removable.length) {
    await expect(cell(b, from)).toHaveAttribute('data-marks', /selected/);
    const [to] = (await targets(b))[0];
    await clickSquare(b, to);
    // Bo plays Green (startGame): his stack is on the square it went to.
    await expect(cell(b, to)).toHaveAttribute('data-stack', /^g/);
  }
  expect(errors).toEqual([]);
  await Promise.all([ctxA.close(), ctxB.close()]);
});

test('the main page sends a game-by-link link to the friend page, and offers it in New game', async ({ page }) => {
  await page.route('**/live.json', (r) => r.fulfill({ json: { url: null } }));
  await page.goto(FRIEND);
  await page.locator('#new-size').selectOption('4');
  await page.getByRole('button', { name: 'Create the invitation' }).click();
  const link = await linkToSend(page);
  const fragment = link.split('#')[1];
  await page.goto(`./#${fragment}`);
  await expect(page).toHaveURL(/web\/friend\.html#c/);
  await expect(page.locator('body')).toHaveAttribute('data-phase', 'wait');
  await page.goto('./');
  // Its buttons are wired once the page is ready: a click before is not the page's.
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await page.getByRole('button', { name: 'New game' }).first().click();
  await expect(page.getByRole('link', { name: /Play a friend on another screen/ })).toHaveAttribute(
    'href',
    'web/friend.html',
  );
});

for (const [lang, garbled, said] of [
  ['en', 'garbled!!%%xyz', 'This link cannot be used: it is not a link to a game with a friend'],
  ['de', 'xyz', 'kein Link zu einer Partie mit Freunden'],
]) {
  test(`a garbled friend link is refused in plain words, not ignored (${lang})`, async ({ browser }) => {
    const context = await browser.newContext({ locale: lang });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${FRIEND}#${garbled}`);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
    await expect(page.locator('#message')).toBeVisible();
    await expect(page.locator('#message')).toContainText(said);
    // The same through the address bar while the page is open.
    await page.evaluate(() => {
      document.getElementById('message').hidden = true;
      location.hash = 'c';
    });
    await expect(page.locator('#message')).toBeVisible();
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('keys exported on one device and imported on another carry the game on; without them the page says so', async ({
  browser,
}) => {
  const ctxA = await newContext(browser);
  const ctxB = await newContext(browser);
  const ctxA2 = await newContext(browser);
  const [a, b, a2] = await Promise.all([ctxA.newPage(), ctxB.newPage(), ctxA2.newPage()]);
  await a.goto(FRIEND);
  await a.locator('#new-size').selectOption('6');
  await a.getByRole('button', { name: 'Create the invitation' }).click();
  const invite = await linkToSend(a);
  await b.goto(invite);
  await b.getByRole('button', { name: 'Accept' }).click();
  const accepted = await linkToSend(b);
  expect(await receive(a, accepted)).toBe('act');
  const roll = await dice(a);

  // On the second device, without keys: a replay and a word about importing them.
  await a2.goto(accepted);
  await expect(a2.locator('body')).toHaveAttribute('data-phase', 'viewer');
  await expect(a2.locator('#status')).toContainText('import your keys');

  // Export on the first device, import on the second: the same roll, ready to play.
  await a.goto(FRIEND);
  await a.getByRole('button', { name: 'Export keys' }).click();
  const keys = await a.locator('#keys-text').inputValue();
  expect(JSON.parse(keys).format).toBe('diablo-corr-key/1');
  await a2.goto(FRIEND);
  await a2.locator('summary').click();
  await a2.locator('#keys-text').fill('{"format": "nonsense"}');
  await a2.getByRole('button', { name: 'Import keys' }).click();
  await expect(a2.locator('#message')).toContainText('keys');
  await expect(a2.locator('#games-list li')).toHaveCount(0);
  await a2.locator('#keys-text').fill(keys);
  await a2.getByRole('button', { name: 'Import keys' }).click();
  await expect(a2.locator('#games-list li')).toHaveCount(1);
  expect(await receive(a2, accepted)).toBe('act');
  expect(await dice(a2)).toBe(roll);
  await Promise.all([ctxA.close(), ctxB.close(), ctxA2.close()]);
});

// ---- what a spectator sees, where the link to send sits, what a new link shows ----

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
];

/** A new browser context (another person) at one of SIZES. */
async function person(browser, size) {
  const { name, ...options } = size;
  const ctx = await newContext(browser, options);
  return { ctx, page: await ctx.newPage() };
}

/** Saves what the window shows (no scrolling), next to the full-page shot. */
async function view(page, name) {
  await shot(page, name);
  await snap(page, join(ARTIFACTS, `${name}-view.png`));
}

/** Whether the element is wholly inside the viewport as it stands (no scrolling by the test). */
async function inView(page, selector) {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      return (
        r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth
      );
    });
}

/** Whether the element's top edge is inside the viewport. */
async function topInView(page, selector) {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.height > 0 && r.top >= 0 && r.top < window.innerHeight - 40;
    });
}

/** Ann invites (6x6, Black) and Bo accepts: returns both pages and the acceptance link. */
async function startGame(a, b) {
  await a.goto(FRIEND);
  await expect(a.locator('body')).toHaveAttribute('data-ready', 'true');
  await a.locator('#new-size').selectOption('6');
  await a.locator('#new-color').selectOption('black');
  await a.getByRole('button', { name: 'Create the invitation' }).click();
  const invite = await linkToSend(a);
  await b.goto(invite);
  await b.getByRole('button', { name: 'Accept' }).click();
  return linkToSend(b);
}

test('a spectator opening a friend game sees a replay at its latest position and no game controls', async ({
  browser,
}) => {
  const [A, B] = [await person(browser, SIZES[0]), await person(browser, SIZES[0])];
  const pick = rng(35);
  let link = await startGame(A.page, B.page);
  // Two turns: Ann's, then Bo's.
  expect(await receive(A.page, link)).toBe('act');
  await playTurnByClicks(A.page, pick);
  link = await linkToSend(A.page);
  expect(await receive(B.page, link)).toBe('act');
  await playTurnByClicks(B.page, pick);
  link = await linkToSend(B.page);
  for (const size of SIZES) {
    const C = await person(browser, size);
    const errors = watchErrors(C.page);
    await C.page.goto(link);
    await expect(C.page.locator('body')).toHaveAttribute('data-phase', 'viewer');
    await expect(C.page.locator('#viewer')).toBeVisible();
    await expect.poll(() => C.page.locator('#viewer').evaluate((el) => `${el.step} / ${el.turns}`)).toBe('2 / 2');
    await expect(C.page.locator('#viewer').locator('.counter')).toHaveText('2 / 2');
    for (const id of ['#btn-confirm', '#btn-undo', '#btn-resign', '#btn-rematch', '#dice', '#board-wrap']) {
      await expect(C.page.locator(id), id).toBeHidden();
    }
    await view(C.page, `friend-spectator-${size.name}`);
    expect(errors).toEqual([]);
    await C.ctx.close();
  }
  await Promise.all([A.ctx.close(), B.ctx.close()]);
});

for (const size of SIZES) {
  test(`the link to send and its Copy button are in view after Create the invitation and after Confirm (${size.name})`, async ({
    browser,
  }) => {
    const A = await person(browser, size);
    const B = await person(browser, SIZES[0]);
    const a = A.page;
    const errors = watchErrors(a);
    await a.goto(FRIEND);
    await expect(a.locator('body')).toHaveAttribute('data-ready', 'true');
    await a.locator('#new-size').selectOption('6');
    await a.locator('#new-color').selectOption('black');
    await a.getByRole('button', { name: 'Create the invitation' }).click();
    const invite = await linkToSend(a);
    await expect.poll(() => inView(a, '#send-link')).toBe(true);
    await expect.poll(() => inView(a, '#btn-copy')).toBe(true);
    await view(a, `friend-invited-${size.name}`);

    await B.page.goto(invite);
    await B.page.getByRole('button', { name: 'Accept' }).click();
    const accepted = await linkToSend(B.page);
    expect(await receive(a, accepted)).toBe('act');
    await playTurnByClicks(a, rng(7));
    await linkToSend(a);
    await expect.poll(() => inView(a, '#send-link')).toBe(true);
    await expect.poll(() => inView(a, '#btn-copy')).toBe(true);
    await view(a, `friend-confirmed-${size.name}`);
    expect(errors).toEqual([]);
    await Promise.all([A.ctx.close(), B.ctx.close()]);
  });

  test(`a link opened in a tab scrolled down shows the status and the board, or the refusal (${size.name})`, async ({
    browser,
  }) => {
    const A = await person(browser, size);
    const B = await person(browser, SIZES[0]);
    const a = A.page;
    const accepted = await startGame(a, B.page);
    // Ann's tab still shows her invitation; she has scrolled down to her games.
    await a.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => topInView(a, '#status')).toBe(false);
    await a.evaluate((h) => {
      location.hash = h;
    }, accepted.split('#')[1]);
    await expect(a.locator('body')).toHaveAttribute('data-phase', 'act');
    await expect.poll(() => inView(a, '#status')).toBe(true);
    await expect.poll(() => topInView(a, '#board-wrap')).toBe(true);
    await view(a, `friend-hashchange-${size.name}`);

    // A damaged link, opened the same way: the refusal is in view.
    await a.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const fragment = accepted.split('#')[1];
    const i = fragment.length - 10;
    const bad = fragment.slice(0, i) + (fragment[i] === 'A' ? 'B' : 'A') + fragment.slice(i + 1);
    await a.evaluate((h) => {
      location.hash = h;
    }, bad);
    await expect(a.locator('#message')).toContainText('damaged');
    await expect.poll(() => inView(a, '#message')).toBe(true);
    await view(a, `friend-refused-${size.name}`);
    await Promise.all([A.ctx.close(), B.ctx.close()]);
  });
}
