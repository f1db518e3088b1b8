// Always someone to play (docs/bots.md): a server started with `--bots`
// (as `cargo xtask serve` starts it) has computer players waiting in its
// lobby. A new browser finds the Easy bot's standing challenges there,
// marked BOT, takes its live 5+3 game in one tap and plays it to the end
// through the board (the bot answering every turn through the relay, as a
// person's browser would); on a phone in German, the bot's one-day game
// begins and the bot answers the first turn; a person's own challenge that
// nobody takes for 20 s offers "Play a bot meanwhile", and one tap plays
// the bot (on Playwright's clock, so no test waits 20 s); a `diablo bot`
// run by the test takes a person's challenge, and the person's page names
// it BOT (the server's list of their games says so).
import { test, expect } from '@playwright/test';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ARTIFACTS, cell, clickSquare, marked, phase, rng, snap, targets } from './helpers.mjs';
import {
  LOBBY,
  PHONE,
  SERVER,
  clean,
  nameIfAsked,
  person,
  phaseOf,
  play,
  postChallenge,
  ready,
  serveSite,
  stopServer,
} from './live-helpers.mjs';

const SERVER_BIN = process.env.DIABLO_SERVER_BIN || SERVER;

/** @type {{ child: import('node:child_process').ChildProcess, url: string } | null} */
let server = null;
let dir = '';
test.beforeAll(async () => {
  expect(existsSync(SERVER_BIN), `${SERVER_BIN} is built`).toBe(true);
  dir = mkdtempSync(join(tmpdir(), 'diablo-bots-'));
  server = await serveSite([
    '--database',
    `sqlite://${join(dir, 'games.db')}`,
    '--bots',
    'easy',
    '--bot-dir',
    join(dir, 'bots'),
  ]);
});
test.afterAll(async () => {
  if (server) await stopServer(server.child);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The lobby's row of the bot's challenge whose clock reads `clock`. */
const botRow = (page, clock) => page.locator('#hooks li').filter({ hasText: 'Easy' }).filter({ hasText: clock });

/**
 * One turn by clicks in any language (the friend page rolls by itself):
 * a removal or a source and a destination while the turn asks, then the
 * Confirm button by its id.
 */
async function playAnyLanguage(page, pick) {
  await page.locator('#board-wrap').scrollIntoViewIfNeeded();
  for (let guard = 0; guard < 4 && (await phase(page)) === 'act'; guard++) {
    const removable = await marked(page, 'removable');
    if (removable.length) {
      await clickSquare(page, removable[pick(removable.length)]);
      continue;
    }
    const sources = await marked(page, 'source');
    const from = sources[pick(sources.length)];
    await clickSquare(page, from);
    await expect(cell(page, from)).toHaveAttribute('data-marks', /selected/);
    const dests = await targets(page);
    await clickSquare(page, dests[pick(dests.length)][0]);
  }
  if ((await phase(page)) === 'confirm') await page.locator('#btn-confirm').click();
}

/** Waits until it is this page's turn (to roll or to act) or the game is over; returns the phase. */
async function myTurnOrOver(page) {
  let now = '';
  await expect
    .poll(
      async () => {
        now = (await phaseOf(page)) ?? '';
        return ['act', 'roll', 'over'].includes(now);
      },
      { message: 'the bot answers', timeout: 30_000 },
    )
    .toBe(true);
  return now;
}

test('a new player finds the Easy bot in the lobby, marked BOT, and plays its 5+3 game to the end', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const me = await person(browser, { baseURL: server?.url, viewport: { width: 1280, height: 800 } });
  const page = me.page;
  await page.goto(LOBBY);
  await ready(page);
  const row = botRow(page, '5+3');
  await expect(row).toBeVisible();
  await expect(row.locator('.bot-badge')).toHaveText('BOT');
  await expect(row).toContainText(/8\s×\s8/);
  await expect(botRow(page, '1 day')).toBeVisible();
  await snap(page, join(ARTIFACTS, 'bots-lobby-desktop.png'));
  await row.locator('button[data-take]').click();
  await nameIfAsked(page, 'Newcomer');
  await page.waitForURL(/friend\.html/);
  await ready(page);
  await expect(page.locator('#game')).toBeVisible();
  await expect(page.locator('#friend-title')).toHaveText('Play online');
  // The bot's name says BOT on the game too.
  await expect(page.locator('#game-title')).toContainText('Easy BOT');
  // And on its clock, above the board.
  await expect(page.locator('#clock-top')).toContainText('Easy BOT');
  await expect(page.locator('#clock-bottom')).not.toContainText('BOT');
  const pick = rng(62);
  let mine = 0;
  for (;;) {
    const now = await myTurnOrOver(page);
    if (now === 'over') break;
    await play(page, pick);
    mine++;
    expect(mine, 'a game ends').toBeLessThan(200);
  }
  // Both sides played: the bot answered every turn of this page's.
  const turns = await page.locator('#log li').count();
  expect(turns).toBeGreaterThanOrEqual(2 * mine - 1);
  await expect(page.locator('#status')).toHaveText(/^You (won|lost)/);
  await snap(page, join(ARTIFACTS, 'bots-game-over-desktop.png'));
  expect(clean(me.errors)).toEqual([]);
  await me.ctx.close();
});

test('on a phone in German: the bot’s one-day game begins and the bot answers', async ({ browser }) => {
  test.setTimeout(120_000);
  const me = await person(browser, {
    baseURL: server?.url,
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    locale: 'de-DE',
  });
  const page = me.page;
  await page.goto(LOBBY);
  await ready(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const row = botRow(page, '1 Tag');
  await expect(row).toBeVisible();
  await expect(row.locator('.bot-badge')).toHaveText('BOT');
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await snap(page, join(ARTIFACTS, 'bots-lobby-phone-de.png'));
  await row.locator('button[data-take]').click();
  await nameIfAsked(page, 'Neuling');
  await page.waitForURL(/friend\.html/);
  await ready(page);
  const pick = rng(63);
  // One turn of this page's (or the bot's first, if it is Black), then the bot's.
  if ((await myTurnOrOver(page)) !== 'over') await playAnyLanguage(page, pick);
  await expect
    .poll(() => page.locator('#log li').count(), { message: 'the bot answers', timeout: 30_000 })
    .toBeGreaterThanOrEqual(2);
  await snap(page, join(ARTIFACTS, 'bots-game-phone-de.png'));
  expect(clean(me.errors)).toEqual([]);
  await me.ctx.close();
});

test('a challenge nobody takes offers a bot meanwhile, and one tap plays it', async ({ browser }) => {
  test.setTimeout(120_000);
  const me = await person(browser, { baseURL: server?.url, viewport: { width: 1280, height: 800 } });
  const page = me.page;
  await page.clock.install();
  await postChallenge(page, { name: 'Wanda', size: 6, seconds: 600, increment: 5 });
  // The page's time stands from here: the offer comes 20 s after the
  // challenge was first shown waiting, not before.
  const paused = (await page.evaluate(() => Date.now())) + 500;
  await page.clock.pauseAt(paused);
  const offer = page.locator('#lobby-bot');
  const since = Number(await page.locator('#lobby-wait').getAttribute('data-since'));
  expect(since).toBeGreaterThan(0);
  // (A machine so slow that posting took 19 s has nothing left to check before.)
  if (paused < since + 19_000) {
    await page.clock.runFor(since + 19_000 - paused);
    await expect(offer).toBeHidden();
  }
  await page.clock.runFor(2_000);
  await expect(offer).toBeVisible();
  await expect(offer).toHaveText('Play a bot meanwhile');
  await snap(page, join(ARTIFACTS, 'bots-offer-desktop.png'));
  await offer.click();
  // The lobby takes the bot's live challenge at once: its game begins.
  await page.waitForURL(/friend\.html#/);
  await ready(page);
  await expect(page.locator('#lobby-wait')).toBeHidden();
  await expect(page.locator('#live-text')).toContainText('Easy');
  expect(clean(me.errors)).toEqual([]);
  await me.ctx.close();
});

test('a bot that takes a person’s challenge is named BOT on their page', async ({ browser }) => {
  test.setTimeout(120_000);
  const cli = process.env.DIABLO_CLI_BIN;
  expect(cli && existsSync(cli), `the command-line tool is built (DIABLO_CLI_BIN=${cli})`).toBe(true);
  const me = await person(browser, { baseURL: server?.url, viewport: { width: 1280, height: 800 } });
  const page = me.page;
  await postChallenge(page, { name: 'Xena', size: 6, seconds: 600, increment: 5 });
  // The bot, as anyone would run it: it takes a casual challenge, once.
  const bot = spawn(
    cli ?? '',
    [
      'bot',
      '--server',
      server?.url ?? '',
      '--keys',
      join(dir, 'taker.json'),
      '--name',
      'Taker',
      '--level',
      'easy',
      '--take',
      'casual',
      '--games',
      '1',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  bot.stdout.on('data', (d) => {
    out += d;
  });
  try {
    await expect(page.locator('#lobby-wait')).toBeHidden({ timeout: 30_000 });
    await expect.poll(() => out, { message: 'the bot says the game began', timeout: 30_000 }).toMatch(/ begun: /);
    expect(out).toMatch(/^game [0-9a-f]{32} begun: black Xena green Taker\n/);
    // Both have played once (the bot's turn told the page to ask the server).
    const pick = rng(64);
    if ((await myTurnOrOver(page)) !== 'over') await play(page, pick);
    await expect(page.locator('#game-title')).toContainText('Green: Taker BOT', { timeout: 30_000 });
    await snap(page, join(ARTIFACTS, 'bots-taker-desktop.png'));
  } finally {
    bot.kill();
  }
  expect(clean(me.errors)).toEqual([]);
  await me.ctx.close();
});
