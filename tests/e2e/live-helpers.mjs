// What the browser tests of live play share (live.spec.mjs, deploy.spec.mjs):
// people (browser contexts that time Confirm and the page's phase), the
// friend page's steps, and diablo-server instances the tests start
// themselves (the server the native tests built, DIABLO_SERVER_BIN, on the
// built site).
import { expect } from '@playwright/test';
import { spawn } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { layoutAtRest, playTurnByClicks, shot, watchErrors } from './helpers.mjs';
import { freePort } from './port.mjs';

export { freePort };

export const FRIEND = 'web/friend.html';
export const REPO = fileURLToPath(new URL('../../', import.meta.url));
export const SERVER = process.env.DIABLO_SERVER_BIN ?? join(REPO, 'target/work/debug/diablo-server');
export const DIST = process.env.DIABLO_DIST ?? join(REPO, 'dist');
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** A socket that could not be made (the relay down or blocked) is logged by the browser; nothing else may be. */
export const clean = (errors) =>
  errors.filter((e) => !/WebSocket connection to '.*\/live\/[0-9a-f]{32}' failed/.test(e));

/**
 * A person: a browser context whose page records, in the page's own clock
 * (comparable across pages: one machine), when Confirm was clicked and
 * when the page's phase changed, and that it was never reloaded.
 */
export async function person(browser, options = {}) {
  const ctx = await browser.newContext(options);
  await ctx.addInitScript(() => {
    const now = () => performance.timeOrigin + performance.now();
    window.times = { confirmed: [], phases: [], frames: [] };
    // When each link frame arrives from the relay (before the page opens it).
    const Socket = window.WebSocket;
    window.WebSocket = class extends Socket {
      constructor(...args) {
        super(...args);
        this.addEventListener('message', (e) => {
          if (typeof e.data === 'string' && e.data.startsWith('{"link"')) window.times.frames.push(now());
        });
      }
    };
    document.addEventListener(
      'click',
      (e) => {
        if (e.target instanceof Element && e.target.closest('#btn-confirm')) window.times.confirmed.push(now());
      },
      true,
    );
    new MutationObserver(() => {
      const phase = document.body?.dataset.phase;
      const last = window.times.phases.at(-1);
      if (phase && phase !== last?.[0]) window.times.phases.push([phase, now()]);
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-phase'] });
  });
  const page = await ctx.newPage();
  return { ctx, page, errors: watchErrors(page) };
}

export async function ready(page) {
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
}

/** A page marker that a reload would lose. */
export async function mark(page) {
  await page.evaluate(() => {
    window.sameDocument = true;
  });
}
export async function notReloaded(page) {
  expect(await page.evaluate(() => window.sameDocument === true), 'the page was not reloaded').toBe(true);
}

/** Creates an invitation on the friend page and returns the link to send. */
export async function invite(page, { size = 4, color = 'black', name = 'Ann', mode = 'live', url = FRIEND } = {}) {
  await page.goto(url);
  await ready(page);
  await page.locator('#new-size').selectOption(String(size));
  await page.locator('#new-color').selectOption(color);
  await page.locator('#new-name').fill(name);
  if (mode) await page.getByLabel(mode === 'live' ? 'Play live' : 'Play by links').check();
  await page.getByRole('button', { name: 'Create the invitation' }).click();
  await expect(page.locator('#send')).toBeVisible();
  return page.locator('#send-link').inputValue();
}

/** Opens an invitation and accepts it. */
export async function accept(page, link, name = 'Bo') {
  await page.goto(link);
  await ready(page);
  await expect(page.locator('#incoming')).toBeVisible();
  await page.locator('#accept-name').fill(name);
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(page.locator('#game')).toBeVisible();
}

export const phaseOf = (page) => page.locator('body').getAttribute('data-phase');
export const liveState = (page) => page.locator('#live').getAttribute('data-state');

/** Waits until one of the pages is to act (or the game is over), and returns it. */
export async function mover(pages) {
  let found = null;
  await expect
    .poll(
      async () => {
        for (const p of pages) {
          const ph = await phaseOf(p);
          if (ph === 'act' || ph === 'over') {
            found = p;
            return ph;
          }
        }
        return 'none';
      },
      { timeout: 20_000 },
    )
    .not.toBe('none');
  return found;
}

/** Plays the turn on the board (scrolled into view, as a person would). */
export async function play(page, pick) {
  await page.locator('#board-wrap').scrollIntoViewIfNeeded();
  await playTurnByClicks(page, pick);
}

/**
 * Plays one turn on `page` and waits for `other` to show it (it is then to
 * act, or the game is over): returns the time from Confirm to that, in ms.
 */
export async function liveTurn(page, other, pick) {
  await play(page, pick);
  await expect(other.locator('body')).toHaveAttribute('data-phase', /act|over/, { timeout: 15_000 });
  const sent = await page.evaluate(() => window.times.confirmed.at(-1));
  const [shown, arrived] = await other.evaluate(() => [window.times.phases.at(-1)[1], window.times.frames.at(-1)]);
  return { total: shown - sent, relay: arrived - sent, page: shown - arrived };
}

/** Plays the game out live between two pages; returns the Confirm→shown times. */
export async function playOut(a, b, pick, { each } = {}) {
  const times = [];
  for (let turns = 0; ; turns++) {
    const page = await mover([a, b]);
    if ((await phaseOf(page)) === 'over') break;
    const other = page === a ? b : a;
    times.push(await liveTurn(page, other, pick));
    await each?.(turns + 1);
    expect(turns).toBeLessThan(200);
  }
  await expect(a.locator('body')).toHaveAttribute('data-phase', 'over');
  await expect(b.locator('body')).toHaveAttribute('data-phase', 'over');
  return times;
}

/** Quantile (0…1) of a list of numbers. */
export function quantile(list, q) {
  const s = [...list].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}

/** Both sizes of a page, full-page and as the window shows it. */
export async function shootBoth(page, name) {
  const before = page.viewportSize();
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ]) {
    await page.setViewportSize(viewport);
    await layoutAtRest(page);
    await shot(page, `${name}-${size}`);
  }
  await page.setViewportSize(before);
}

/**
 * Starts diablo-server on the built site (`--port 0`, a free port, unless
 * `args` name one); resolves with its process and address once it says
 * where it serves.
 * @param {string[]} args
 * @returns {Promise<{ child: import('node:child_process').ChildProcess, url: string }>}
 */
export function serveSite(args = []) {
  const port = args.includes('--port') ? [] : ['--port', '0'];
  const child = spawn(SERVER, ['--root', DIST, ...port, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      const url = out.match(/Diablo is being served at (http:\/\/\S+\/)/)?.[1];
      if (url) resolve({ child, url });
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.once('exit', (code) => reject(new Error(`diablo-server exited (${code}): ${out}`)));
  });
}

/** Starts diablo-server on the built site at `port` (with more `args`); resolves with its process once it serves. */
export function startServer(port, args = []) {
  return serveSite(['--port', String(port), ...args]).then((s) => s.child);
}

/** psql of the newest PostgreSQL that Debian's `postgresql` installed (else the one on PATH). */
export function psqlPath() {
  const lib = '/usr/lib/postgresql';
  const versions = existsSync(lib)
    ? readdirSync(lib)
        .filter((v) => /^\d+$/.test(v) && existsSync(join(lib, v, 'bin', 'psql')))
        .sort((x, y) => Number(y) - Number(x))
    : [];
  return versions.length ? join(lib, versions[0], 'bin', 'psql') : 'psql';
}

/** A player of the wire interface: a name and an Ed25519 key pair. */
export function player(name) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  // The raw public key is the last 32 bytes of its SPKI encoding.
  const key = publicKey.export({ type: 'spki', format: 'der' }).subarray(-32).toString('base64url');
  return { name, key, sign: (text) => sign(null, Buffer.from(text, 'utf8'), privateKey).toString('base64url') };
}

/** The site's correspondence module (crates/diablo-wasm-corr), loaded into Node. */
export async function loadCorr() {
  const pkg = join(DIST, 'web', 'pkg');
  // Copied as `.mjs`: the site's `.js` has no package.json saying it is a module.
  const dir = mkdtempSync(join(tmpdir(), 'diablo-corr-'));
  const copy = join(dir, 'diablo_wasm_corr.mjs');
  copyFileSync(join(pkg, 'diablo_wasm_corr.js'), copy);
  const corr = await import(pathToFileURL(copy).href);
  rmSync(dir, { recursive: true, force: true });
  await corr.default({ module_or_path: readFileSync(join(pkg, 'diablo_wasm_corr_bg.wasm')) });
  return corr;
}

export function stopServer(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

// ---- the lobby (web/lobby.html) and its games on the friend page ----

export const LOBBY = 'web/lobby.html';

/**
 * Answers the lobby's name dialog (the first time a person plays online),
 * if it asks: waits until the lobby either asks or goes on to the friend
 * page (a browser with a player), whichever comes, however long it takes.
 */
export async function nameIfAsked(page, name) {
  const dialog = page.locator('#name-dialog');
  let asked = false;
  await expect
    .poll(
      async () => {
        if (/friend\.html/.test(page.url())) return 'went on';
        asked = await dialog.isVisible();
        return asked ? 'asked' : 'waiting';
      },
      { message: 'the lobby asks for a name or goes on', timeout: 20_000 },
    )
    .not.toBe('waiting');
  if (!asked) return;
  await page.locator('#name-input').fill(name);
  await page.locator('#btn-name-ok').click();
}

/**
 * Creates a live challenge in the lobby (a custom clock: `seconds` +
 * `increment`) as `name`; resolves once the friend page shows it waiting.
 */
export async function postChallenge(
  page,
  { name, size = 4, color = 'black', seconds = 60, increment = 0, rated = false },
) {
  await page.goto(LOBBY);
  await ready(page);
  await page.locator('#c-size').selectOption(String(size));
  await page.locator('#c-color').selectOption(color);
  await page.locator('#c-rated').setChecked(rated);
  // Live (the form may keep a turn-based choice from this browser's last post).
  await page.locator('#c-live').check();
  await page.locator('#c-presets [data-preset="custom"]').click();
  await page.locator('#c-minutes').fill(String(seconds / 60));
  await page.locator('#c-increment').fill(String(increment));
  await page.locator('#btn-create').click();
  await nameIfAsked(page, name);
  await page.waitForURL(/friend\.html/);
  await ready(page);
  await expect(page.locator('#lobby-wait')).toBeVisible();
  return postedGame(page);
}

/**
 * The game id of the invitation a friend page shows (its address's link,
 * read by the engine): what tells a test's challenge from another's in a
 * lobby that other spec files post to at the same time.
 */
export async function postedGame(page) {
  return gameOf(page.url());
}

/** The game id of the link in an address (after `#`), read by the engine. @param {string} url */
export async function gameOf(url) {
  const corr = await loadCorr();
  return JSON.parse(corr.corrOpen(new URL(url).hash.slice(1))).id;
}

/** A lobby row: the challenge of game `game`. */
export const hookRow = (page, game) => page.locator(`#hooks li:has(button[data-take="${game}"])`);

/**
 * Takes `poster`'s challenge from the lobby's list as `name` (the one of
 * game `game` when given: other spec files may have posted under the same
 * name); resolves once the friend page shows the game.
 */
export async function takeChallenge(page, { poster, name, game }) {
  await page.goto(LOBBY);
  await ready(page);
  const row = game ? hookRow(page, game) : page.locator('#hooks li').filter({ hasText: poster });
  await expect(row).toContainText(poster);
  await row.locator('button[data-take]').click();
  await nameIfAsked(page, name);
  await page.waitForURL(/friend\.html/);
  await ready(page);
  await expect(page.locator('#game')).toBeVisible();
}

/** A clock's time as the page shows it, in ms (`m:ss`, `0:09.3`, `h:mm:ss`). */
export async function clockMs(page, id) {
  const text = await page.locator(`#${id} .clock-time`).textContent();
  const [main, tenths = '0'] = text.trim().split('.');
  const parts = main.split(':').map(Number);
  const seconds = parts.reduce((a, p) => a * 60 + p, 0);
  return seconds * 1000 + Number(tenths) * 100;
}

/**
 * Expects the clock `id` on `page` to have lost no more than the time that
 * passed since `since` (a `Date.now()`) from `full` ms, give or take the
 * second it shows, and to show at most `most` ms (`full` unless an
 * increment may have come): it started full and runs no faster than time,
 * however slowly the machine ran meanwhile.
 */
export async function expectFullSince(page, id, full, since, most = full) {
  const ms = await clockMs(page, id);
  expect(ms, `#${id}`).toBeLessThanOrEqual(most);
  expect(ms, `#${id}`).toBeGreaterThanOrEqual(full - (Date.now() - since) - 1000);
}

/**
 * What an invitation posted to the lobby is bound to, in the words
 * docs/lobby.md gives (written here from the docs, not imported: the
 * page's own is web/lib/net/owner.js, checked against the same examples).
 */
export function ownerText(key, { clock, rated }) {
  const c = 'days' in clock ? `days ${clock.days}` : `live ${clock.initial} ${clock.increment}`;
  return `diablo owner ${key} ${c} ${rated ? 'rated' : 'casual'} chosen listed`;
}

/** What a challenge's acceptance is bound to, in the words docs/live.md gives. */
export const takerText = (key) => `diablo taker ${key}`;
