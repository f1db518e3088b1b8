// Ratings between players, on the real server (docs/live.md): two people
// play a rated lobby game to its end (Ann resigns after a turn each); both
// see their new ratings on their own page (reached from the header's "Your
// page") and in the lobby beside a new challenge of Ann's; the player pages
// link each other, the games replay and review; the leaderboard holds
// established players only (after one game both are provisional: not on
// it). Ann's key, exported from the lobby's player box and imported into a
// third browser, brings the game into that browser's "Your games", once;
// on a phone and in German. Screenshots of the player page, the
// leaderboard and the lobby with ratings at phone and desktop widths.
import { test, expect } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rng, shot, watchErrors } from './helpers.mjs';
import {
  clean,
  DESKTOP,
  liveTurn,
  LOBBY,
  PHONE,
  person,
  postChallenge,
  ready,
  shootBoth,
  takeChallenge,
  hookRow,
} from './live-helpers.mjs';

const PLAYERS = 'web/players.html';
/** Besides a relay that could not be reached, a lobby socket cut by a closing page is no error of the page. */
const quiet = (errors) => clean(errors).filter((e) => !/WebSocket connection to '.*\/lobby' failed/.test(e));
/** This browser's player's key. */
const keyOf = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('diablo.player.v1') ?? '{}').key);
/** What the server says of a player (the API, as the pages read it). */
async function apiPlayer(page, key) {
  const r = await page.request.get(`api/players/${key}`);
  expect(r.status()).toBe(200);
  return r.json();
}
/** A luck as the pages write it: signed, two decimals, the language's mark. */
const signed = (x, mark = '.') => {
  const t = Math.abs(x).toFixed(2).replace('.', mark);
  return Math.abs(x) < 0.005 ? t : `${x > 0 ? '+' : '−'}${t}`;
};
/** A rating as the pages write it. */
const shown = (p) => `${Math.round(p.rating)}${p.provisional ? '?' : ''}`;

/**
 * An established player (RD 60 after 40 rated games), written into the
 * server's database as its ratings would have left them: one game takes a
 * new player nowhere near the leaderboard, and a test cannot play forty.
 */
const CY = {
  key: generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x,
  name: 'Cy',
  rating: 1720.4,
  rd: 60,
};
function seedEstablished() {
  const db = process.env.DIABLO_E2E_DB;
  if (!db) throw new Error('the server’s database is named by DIABLO_E2E_DB (playwright.config.mjs)');
  const now = Date.now();
  execFileSync('sqlite3', [
    '-cmd',
    '.timeout 5000',
    db,
    `INSERT INTO players (key, name, first_seen_ms, last_seen_ms, rating, rd, volatility, rated_ms, games, wins, losses)
     VALUES ('${CY.key}', '${CY.name}', ${now}, ${now}, ${CY.rating}, ${CY.rd}, 0.06, ${now}, 40, 25, 15)
     ON CONFLICT (key) DO NOTHING;`,
  ]);
}

test.describe.configure({ mode: 'serial' });

/** Filled by the first test, read by the next ones. */
const met = { ann: '', bo: '', game: '', keyFile: '', luck: 0 };

test('a rated lobby game to its end: both see their new ratings, pages, lobby and leaderboard', async ({ browser }) => {
  test.setTimeout(240_000);
  const A = await person(browser);
  const B = await person(browser);
  const [a, b] = [A.page, B.page];
  const game = await postChallenge(a, {
    name: 'Ann',
    size: 4,
    color: 'black',
    seconds: 300,
    increment: 5,
    rated: true,
  });
  await takeChallenge(b, { poster: 'Ann', name: 'Bo', game });
  await expect(a.locator('body')).toHaveAttribute('data-phase', 'act');
  met.ann = await keyOf(a);
  met.bo = await keyOf(b);
  expect(met.ann).not.toBe(met.bo);
  // Before: both new, 1500 and provisional.
  expect(await apiPlayer(a, met.ann)).toMatchObject({ name: 'Ann', rating: 1500, provisional: true, games: 0 });

  // A turn each, then Ann resigns on her turn: Bo wins.
  const pick = rng(47);
  await liveTurn(a, b, pick);
  await liveTurn(b, a, pick);
  a.once('dialog', (d) => d.accept());
  await a.getByRole('button', { name: 'Resign' }).click();
  await expect(b.locator('#status')).toHaveText('You won: Ann resigned.');
  for (const p of [a, b]) await expect(p.locator('body')).toHaveAttribute('data-phase', 'over');

  // The server rated it: Bo up, Ann down, both still provisional after one game.
  await expect.poll(async () => (await apiPlayer(a, met.bo)).games).toBe(1);
  const ann = await apiPlayer(a, met.ann);
  const bo = await apiPlayer(a, met.bo);
  expect(bo.rating).toBeGreaterThan(1500);
  expect(ann.rating).toBeLessThan(1500);
  expect(ann).toMatchObject({ games: 1, wins: 0, losses: 1, provisional: true });
  expect(bo).toMatchObject({ games: 1, wins: 1, losses: 0, provisional: true });
  const games = await (await a.request.get(`api/players/${met.ann}/games`)).json();
  expect(games.games).toHaveLength(1);
  met.game = games.games[0].game;
  // Its luck, worked out by the server behind the game's end: Black's,
  // opposite for Green, on each player's page from their side.
  await expect.poll(async () => (await (await a.request.get(`api/games/${met.game}`)).json()).luck).not.toBeNull();
  met.luck = (await (await a.request.get(`api/games/${met.game}`)).json()).luck;
  expect((await apiPlayer(a, met.ann)).luck).toEqual({ games: 1, sum: met.luck });
  expect((await apiPlayer(a, met.bo)).luck).toEqual({ games: 1, sum: -met.luck });

  // Each reaches their own page from the header's "Your page" and sees the new rating.
  for (const [p, me, other, won] of [
    [a, ann, bo, false],
    [b, bo, ann, true],
  ]) {
    await p.goto('web/games.html');
    await ready(p);
    const mine = p.locator('#link-me');
    await expect(mine).toHaveText('Your page');
    await mine.click();
    await p.waitForURL(/players\.html\?key=/);
    await ready(p);
    await expect(p.locator('#player-name')).toContainText(me.name);
    await expect(p.locator('#player-name')).toContainText('(you)');
    await expect(p.locator('#player-rating')).toHaveText(shown(me));
    await expect(p.locator('#player-rating')).toHaveText(/\?$/);
    await expect(p.locator('#player-record')).toHaveText(`1 game · ${won ? 1 : 0} won · ${won ? 0 : 1} lost`);
    await expect(p.locator('#player-provisional')).toBeVisible();
    const luck = signed(won ? -met.luck : met.luck);
    await expect(p.locator('#player-luck')).toHaveText(`Luck over 1 rated game: ${luck} (${luck} a game)`);
    await expect(p.locator('#player-luck-help')).toContainText('0 is average luck');
    await expect(p.locator('#player-games li .g-luck')).toHaveText(`luck ${luck}`);
    // The graph: one point, labelled in words.
    await expect(p.locator('#graph svg circle')).toHaveCount(1);
    await expect(p.locator('#graph svg')).toHaveAttribute(
      'aria-label',
      new RegExp(`to ${shown(me).replace('?', '\\?')} over 1 rated game`),
    );
    // The game: the result, the opponent linked to their page, the board, the clock.
    const row = p.locator('#player-games li');
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-game', met.game);
    await expect(row.locator('.g-result')).toHaveText(won ? 'Won (by resignation)' : 'Lost (by resignation)');
    await expect(row).toContainText(`against ${other.name} · as ${won ? 'Green' : 'Black'}`);
    await expect(row).toContainText('4\u00a0×\u00a04 · Standard · 5+5 · Rated');
    expect(await row.getByRole('link', { name: other.name }).getAttribute('href')).toBe(
      `players.html?key=${other.key}`,
    );
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.width);
  }
  await shootBoth(b, 'ratings-player');
  // Replayed from the server's link as a watcher sees it (Bo holds its
  // keys, still a replay): both names, how it ended, both turns, from the start.
  await b
    .locator('#player-games li')
    .getByRole('button', { name: /^Replay/ })
    .click();
  await expect(b.locator('#viewer')).toBeVisible();
  await expect(b.locator('#game-title')).toContainText('Black: Ann · Green: Bo');
  await expect(b.locator('#status')).toHaveText(/Winner: (Ann|Bo) \((Black|Green)\) \(the other player resigned\)/);
  await expect(b.locator('#viewer')).toHaveAttribute('view', '0');
  await expect(b.locator('#new')).toBeHidden();
  await expect(b.locator('#friend-title')).toHaveText('Play online');
  await expect(b.locator('#viewer')).toHaveAttribute('record', /\n1,|\n\d,\d: /);
  await shootBoth(b, 'ratings-replay');
  await b.goBack();
  await ready(b);
  // From Bo's page to Ann's: her rating, without "(you)".
  await b.locator('#player-games li').getByRole('link', { name: 'Ann' }).click();
  await ready(b);
  await expect(b.locator('#player-name')).toHaveText('Ann');
  await expect(b.locator('#player-rating')).toHaveText(shown(ann));

  // The lobby shows each poster's rating: Ann posts again, Bo sees her new rating.
  const again = await postChallenge(a, {
    name: 'Ann',
    size: 6,
    color: 'green',
    seconds: 600,
    increment: 5,
    rated: true,
  });
  await b.goto(LOBBY);
  await ready(b);
  const hook = hookRow(b, again);
  await expect(hook.locator('.hook-rating')).toHaveText(shown(ann));
  await shootBoth(b, 'ratings-lobby');
  // In the lobby a poster's name and your own lead to the players' pages; the leaderboard is a click away.
  await expect(hook.getByRole('link', { name: 'Ann' })).toHaveAttribute('href', `players.html?key=${met.ann}`);
  await expect(b.locator('#me-name')).toHaveAttribute('href', `players.html?key=${met.bo}`);

  // The leaderboard: established players only; after one game Ann and Bo are not (a fresh database: nobody is).
  await b.locator('#lobby-leaderboard').click();
  await ready(b);
  await expect(b.locator('#leaders-title')).toHaveText('Leaderboard');
  const before = await (await b.request.get('api/leaderboard')).json();
  expect(before.players).toEqual([]);
  await expect(b.locator('#leaders-empty')).toHaveText(
    /No established players yet.*RD\) under 110, usually after 12 to 17 rated games/,
  );
  await expect(b.locator('#leaders-table')).toBeHidden();
  // Bo, provisional, is told where he stands and what it takes to appear.
  const standing = await apiPlayer(b, met.bo);
  await expect(b.locator('#leaders-you')).toHaveText(
    `You: ${shown(standing)} after 1 rated game, RD ${Math.round(standing.rd)}. You appear here once your RD is under 110, usually after 12 to 17 rated games.`,
  );
  // With an established player: listed, ranked, linked, the rating without "?"; Ann and Bo still not.
  seedEstablished();
  await b.reload();
  await ready(b);
  const rows = b.locator('#leaders-table tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.locator('td')).toHaveText(['1', 'Cy', '1720', '40']);
  await expect(b.locator('#leaders-empty')).toBeHidden();
  await expect(b.locator('#leaders-you')).toContainText(`You: ${shown(standing)} after 1 rated game`);
  await shootBoth(b, 'ratings-leaderboard');
  await rows.getByRole('link', { name: 'Cy' }).click();
  await ready(b);
  await expect(b.locator('#player-name')).toHaveText('Cy');
  await expect(b.locator('#player-rating')).toHaveText('1720');
  await expect(b.locator('#player-provisional')).toBeHidden();
  await expect(b.locator('#player-record')).toHaveText('40 games · 25 won · 15 lost');
  await expect(b.locator('#graph')).toHaveText('No rated games yet.');
  await expect(b.locator('#games-empty')).toBeVisible();

  // Ann's key to a file, from the lobby's player box, for the next test.
  await a.goto(LOBBY);
  await ready(a);
  const download = a.waitForEvent('download');
  await a.locator('#btn-player-export').click();
  met.keyFile = readFileSync(await (await download).path(), 'utf8');
  expect(JSON.parse(met.keyFile)).toMatchObject({ key: met.ann, name: 'Ann' });

  // Ann's "Your games": the game kept here and on the server is listed once.
  await a.goto('web/games.html');
  await ready(a);
  await expect(a.locator(`#games-list li[data-id="f${met.game}"]`)).toHaveCount(1);
  expect(quiet(A.errors)).toEqual([]);
  expect(quiet(B.errors)).toEqual([]);
  await Promise.all([A.ctx.close(), B.ctx.close()]);
});

test('a key imported into a third browser brings its online game into Your games, once; phone, German', async ({
  browser,
}) => {
  test.skip(!met.keyFile, 'needs the rated game of the test before');
  test.setTimeout(120_000);
  const ctx = await browser.newContext({ viewport: PHONE });
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  // German, chosen in the picker (kept as the site's language).
  await page.goto(LOBBY);
  await ready(page);
  await page.locator('#lang-select').selectOption('de');
  await expect(page.locator('#player')).toContainText('Schlüssel aus Datei laden');
  await page
    .locator('#player-file')
    .setInputFiles({ name: 'key.json', mimeType: 'application/json', buffer: Buffer.from(met.keyFile) });
  await expect(page.locator('#player')).toContainText('Schlüssel geladen: Du spielst jetzt als Ann.');

  // Your games: nothing kept in this browser, the server's game listed once, as Ann lost it.
  await page.goto('web/games.html');
  await ready(page);
  const rows = page.locator('#games-list li');
  await expect(rows).toHaveCount(1);
  await expect(rows).toHaveAttribute('data-id', `f${met.game}`);
  await expect(rows).toHaveAttribute('data-online', 'true');
  await expect(rows.locator('.g-result')).toHaveText('Verloren (durch Aufgabe)');
  await expect(rows).toContainText('Bo');
  await expect(rows.locator('.g-meta')).toContainText('Online · 4\u00a0×\u00a04');
  await expect(page.locator('#online-note')).toContainText('Online-Partien');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'ratings-your-games-de-phone');
  // A reload lists it once again (nothing was added to the browser's games).
  await page.reload();
  await ready(page);
  await expect(rows).toHaveCount(1);

  // Ann's page from the header, in German, at a phone's width.
  await page.locator('#link-me').click();
  await ready(page);
  await expect(page.locator('#link-me')).toHaveText('Deine Seite');
  await expect(page.locator('#player-name')).toContainText('Ann');
  await expect(page.locator('#player-record')).toHaveText('1 Partie · 0 gewonnen · 1 verloren');
  const luck = signed(met.luck, ',');
  await expect(page.locator('#player-luck')).toHaveText(`Glück in 1 gewerteten Partie: ${luck} (${luck} je Partie)`);
  const row = page.locator('#player-games li');
  await expect(row.locator('.g-result')).toHaveText('Verloren (durch Aufgabe)');
  await expect(row).toContainText('gegen Bo · als Schwarz');
  await expect(page.locator('header .credit')).toHaveText('Diablo, ein Spiel von Mark Steere');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'ratings-player-de-phone');
  await page.goto(PLAYERS);
  await ready(page);
  await expect(page.locator('#leaders-title')).toHaveText('Bestenliste');
  await shot(page, 'ratings-leaderboard-de-phone');

  // The game reviewed on the game page, from the server's link.
  await page.goto(`${PLAYERS}?key=${met.ann}`);
  await ready(page);
  await page
    .locator('#player-games li')
    .getByRole('button', { name: /^Auswertung/ })
    .click();
  await page.waitForURL(/\/index\.html/);
  await expect(page.locator('#review')).toBeVisible();
  await expect(page.locator('#review')).toHaveAttribute('data-reviewed', '2', { timeout: 60_000 });
  // The review's luck is the player page's: the same function, in the
  // page's engine and on the server.
  await expect(page.locator('#review .rv-luck-sum')).toContainText(
    `Glück: Schwarz ${luck}, Grün ${signed(-met.luck, ',')}.`,
  );
  expect(quiet(errors)).toEqual([]);
  await ctx.close();
});

// "No such player, and a site without a server, are said in words" needs no
// game and no browser: tests/unit/players-words.test.mjs (the page's state
// over a fake fetch, its status line in English and Polish).

test('the player page and the leaderboard, dark, from 320 to 1280 px', async ({ page }) => {
  test.skip(!met.ann, 'needs the rated game of the first test');
  const errors = watchErrors(page);
  // Dark, chosen in the game page's Settings (every page's colours).
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await ready(page);
  await page.locator('.settings summary').click();
  await page.getByLabel('Colours').selectOption('dark');
  for (const [width, height] of [
    [320, 640],
    [1280, 800],
  ]) {
    await page.setViewportSize({ width, height });
    for (const [name, url, shown] of [
      ['player', `${PLAYERS}?key=${met.ann}`, '#graph svg'],
      ['leaderboard', PLAYERS, '#leaders-table'],
    ]) {
      await page.goto(url);
      await ready(page);
      await expect(page.locator(shown)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(bg).not.toBe('rgb(255, 255, 255)');
      // Nothing wider than the screen; the graph fits its box.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (name === 'player') {
        const [svg, box] = await page.evaluate(() => [
          document.querySelector('#graph svg')?.getBoundingClientRect().width ?? 0,
          document.getElementById('graph')?.clientWidth ?? 0,
        ]);
        expect(svg).toBeLessThanOrEqual(box);
      }
      await shot(page, `ratings-${name}-dark-${width}`);
    }
  }
  expect(errors).toEqual([]);
});
