// The built site (`cargo xtask dist`) as hosts and visitors meet it: boards
// embedded from another origin, the site under a sub-path, offline after
// one visit, a new version noticed, nothing but the site served, and a page
// opened from disk or without its wasm that says why it cannot play.
import { test, expect } from '@playwright/test';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { open, shot, watchErrors } from './helpers.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// The built site the server serves: `dist/`, or the folder DIABLO_DIST names.
const DIST = process.env.DIABLO_DIST || join(ROOT, 'dist');

// The URLs other sites link and embed, which must never move, whatever the
// source's layout (crates/xtask/src/dist.rs maps the source to them).
const PUBLIC_PAGES = [
  ['index.html', '#board'],
  ['web/rules.html', 'diablo-board'],
  ['web/friend.html', 'main'],
  ['web/lobby.html', '#create'],
  ['web/analysis.html', '#an-ranking'],
  ['web/learn.html', '#lessons li'],
  ['web/games.html', '#games-list'],
  ['web/players.html', '#players-main'],
  ['web/puzzles.html', '#board'],
  ['web/embed/frame.html?mode=diagram&size=6&arrows=b2-b4', 'diablo-board'],
];

// The pages whose header looks for the site's server (lib/header/online.js, the
// last part of their start to load): `<html data-online>` says it is done.
const ONLINE = new Set(PUBLIC_PAGES.map(([url]) => url).filter((url) => !/lobby|embed/.test(url)));

for (const [url, shown] of PUBLIC_PAGES) {
  test(`the public URL ${url.split('?')[0]} opens in the built site`, async ({ page }) => {
    const errors = watchErrors(page);
    // The game page loads its header's script 2 s after it is playable: the test's clock skips the wait.
    await page.clock.install();
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    await expect(page.locator(shown).first()).toBeAttached();
    expect(await page.content()).toContain('Diablo, a game by Mark Steere');
    if (ONLINE.has(url)) {
      if (url === 'index.html') {
        await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
        await page.clock.fastForward(2000);
      }
      // Everything it loads has come (the test's server has a lobby): any failure is in `errors`.
      await expect(page.locator('html')).toHaveAttribute('data-online', 'shown');
    }
    expect(errors).toEqual([]);
  });
}

test("the element's script keeps its URL and defines <diablo-board>", async ({ page }) => {
  const errors = watchErrors(page);
  const response = await page.request.get('web/embed/diablo-board.js');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('javascript');
  await page.goto('web/embed/frame.html?mode=diagram&size=4');
  expect(await page.evaluate(() => customElements.get('diablo-board') != null)).toBe(true);
  expect(errors).toEqual([]);
});

test('a page on another origin embeds diagrams, replays and play against the computer', async ({ page, baseURL }) => {
  const errors = watchErrors(page);
  const script = new URL('web/embed/diablo-board.js', baseURL).href;
  const frame = new URL('web/embed/frame.html?mode=diagram&size=6&arrows=b2-b4', baseURL).href;
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>A rules site</title>
      <link rel="icon" href="data:,">
      <script type="module" src="${script}"></script></head><body>
      <diablo-board id="d" mode="diagram" size="6" arrows="c3-c5"></diablo-board>
      <diablo-board id="r" mode="replay">edition standard
size 4
2,1: a1-a2
1,1: b1-c1 c1-d1
</diablo-board>
      <diablo-board id="p" mode="play" size="6" players="computer" color="green" level="easy"></diablo-board>
      <iframe src="${frame}" width="320" height="380" title="Diablo board"></iframe>
      <script>
        window.turns = [];
        document.getElementById('p').addEventListener('turnplayed', (e) => window.turns.push(e.detail));
      </script></body></html>`;
  const site = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  // Another origin: the same machine by another name, on a port of its own (whatever is free).
  await new Promise((resolve) => {
    site.listen(0, '127.0.0.1', resolve);
  });
  const FOREIGN = `http://localhost:${site.address().port}`;
  test.info().attach('foreign page', { body: html, contentType: 'text/html' });
  try {
    await page.goto(`${FOREIGN}/rules/`);
    await page.waitForFunction(() =>
      ['d', 'r', 'p'].every(
        (id) => document.getElementById(id)?.shadowRoot?.querySelector('.root')?.dataset.state === 'ready',
      ),
    );
    expect(await page.evaluate(() => location.origin)).toBe(FOREIGN);
    expect(await page.locator('#r').evaluate((el) => el.turns)).toBe(2);
    // You play Green: the computer (Black) opens, searching in a worker started from this foreign page.
    await expect.poll(() => page.evaluate(() => window.turns.length), { timeout: 30_000 }).toBeGreaterThan(0);
    const first = await page.evaluate(() => window.turns[0]);
    expect(first).toMatchObject({ number: 1, side: 'black' });
    await expect(page.locator('#p .status')).toContainText('Green');
    await expect(page.locator('#p .who')).toHaveText('You play Green against the computer (Easy).');
    await expect(page.frameLocator('iframe').getByRole('img', { name: /Arrows: b2-b4/ })).toBeVisible();
    await shot(page, 'site-foreign-origin');
    expect(errors).toEqual([]);
  } finally {
    site.close();
  }
});

test('the server sends CORS headers and serves nothing but the site', async ({ request }) => {
  const ok = await request.get('web/embed/diablo-board.js');
  expect(ok.status()).toBe(200);
  expect(ok.headers()['access-control-allow-origin']).toBe('*');
  const wasm = await request.get('web/pkg/diablo_wasm_bg.wasm');
  expect(wasm.headers()['content-type']).toBe('application/wasm');
  for (const path of [
    '.git/config',
    'target/',
    'crates/diablo-core/src/lib.rs',
    'Cargo.toml',
    'README.md',
    'tests/e2e/helpers.mjs',
    'web/types.js',
    'web/lib/types.js',
    'web/pkg/diablo_wasm.d.ts',
    'web/sw.js',
    'web/lib/style.css',
    'web/friend/friend.html',
    'web/lib/engine/engine.js',
    'web/play/main.js',
  ]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
  expect((await request.get('sw.js')).status()).toBe(200);
  expect((await request.get('web/app/manifest.webmanifest')).headers()['content-type']).toBe(
    'application/manifest+json',
  );
});

/**
 * Serves a site folder under a sub-path, for one test: diablo-server (the
 * one the native tests built, DIABLO_SERVER_BIN) on a free port, with a
 * database of its own. Resolves with the process and the site's address,
 * once the server says it serves.
 * @param {string} root @param {string} prefix @param {string} database a SQLite file
 */
async function subPathServer(root, prefix, database) {
  const bin = process.env.DIABLO_SERVER_BIN;
  if (!bin) throw new Error('DIABLO_SERVER_BIN names no server (playwright.config.mjs sets it)');
  const child = spawn(bin, ['--port', '0', '--root', root, '--prefix', prefix, '--database', `sqlite://${database}`], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const at = out.match(/Diablo is being served at (http:\/\/\S+)/);
      if (at) resolve(at[1]);
    });
    child.on('exit', (code) => reject(new Error(`diablo-server exited (${code}): ${out}`)));
  });
  return { child, base };
}

test('under a sub-path: plays, installs, works offline, and notices an update', async ({ browser }) => {
  test.setTimeout(180_000);
  // A copy of the site of this test's own: it changes sw.js below, which
  // the suite's server (and so the other worker) must never see.
  const dir = mkdtempSync(join(tmpdir(), 'diablo-subpath-'));
  const copy = join(dir, 'site');
  cpSync(DIST, copy, { recursive: true });
  const { child: server, base } = await subPathServer(copy, '/games/diablo/', join(dir, 'serve.db'));
  const swFile = join(copy, 'sw.js');
  // A returning visitor of that origin too (no first-visit welcome).
  const context = await browser.newContext({
    storageState: {
      cookies: [],
      origins: [{ origin: new URL(base).origin, localStorage: [{ name: 'diablo.visited', value: '1' }] }],
    },
  });
  try {
    const page = await context.newPage();
    const errors = watchErrors(page);
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/games\/diablo\/$/);
    await page.goto(base);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
    await page.getByRole('button', { name: 'Roll' }).click();
    await expect(page.locator('#dice .die').first()).not.toHaveAttribute('data-value', '');
    const manifest = await page.evaluate(() => document.querySelector('link[rel=manifest]').href);
    expect(manifest).toBe(`${base}web/app/manifest.webmanifest`);
    // The service worker has cached the whole site.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => {
          navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true });
        });
      }
    });

    await context.setOffline(true);
    await page.reload();
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
    // A game against the computer: it plays Black's first turn offline.
    await page.getByRole('button', { name: 'New game' }).first().click();
    await page.locator('#ng-size').selectOption('6');
    await page.locator('#ng-players').selectOption('computer');
    await page.locator('#ng-level').selectOption('easy');
    await page.locator('#ng-human').selectOption('green');
    await page.locator('#ng-start').click();
    await expect(page.locator('#log li').first()).toHaveText(/^1\. \d,\d: \S/, { timeout: 30_000 });
    await shot(page, 'site-offline-game');
    await page.goto(`${base}web/rules.html`);
    await expect(page.locator('diablo-board').first()).toBeVisible();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('diablo-board')].every(
        (b) => b.shadowRoot?.querySelector('.root')?.dataset.state === 'ready',
      ),
    );
    await context.setOffline(false);
    // The header's "Play online", not looked for while offline (a request
    // then could only fail: no error is allowed below), comes once online.
    await expect(page.locator('#link-online')).toBeVisible();

    // A new version on the server: the page says so, and reloads when asked.
    await page.goto(base);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
    appendFileSync(swFile, '\n// a new version\n');
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    const notice = page.locator('#update');
    await expect(notice).toBeVisible({ timeout: 30_000 });
    await expect(notice).toContainText('A new version of the game is ready.');
    await shot(page, 'site-update-notice');
    await Promise.all([page.waitForEvent('load'), notice.getByRole('button', { name: 'Updated — reload' }).click()]);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
    // The new version took over: none is left waiting to be offered again.
    const waiting = () =>
      page.evaluate(async () => {
        const r = await navigator.serviceWorker.getRegistration();
        return Boolean(r?.waiting || r?.installing);
      });
    expect(await waiting()).toBe(false);
    await expect(page.locator('#update')).toBeHidden();
    // Offline, the page's "Play online" asks for live.json again until it
    // can read it (through the service worker, which answers ERR_FAILED):
    // expected, as the disconnected requests are.
    const offline = (e) =>
      e.includes('ERR_INTERNET_DISCONNECTED')
      || (e.includes('ERR_FAILED') && (e.includes('live.json') || e.startsWith('console: Failed to load resource')));
    expect(errors.filter((e) => !offline(e))).toEqual([]);
  } finally {
    await context.close();
    await new Promise((resolve) => {
      if (server.exitCode !== null || server.signalCode !== null) resolve(null);
      else {
        server.once('exit', resolve);
        server.kill();
      }
    });
    rmSync(dir, { recursive: true, force: true });
  }
});

test('opened from a file, the page says how to serve it and offers nothing to click', async ({ page }) => {
  await page.goto(`file://${join(DIST, 'index.html')}`);
  const banner = page.locator('#error-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('opened from a file (file://)');
  await expect(banner).toContainText('cargo xtask serve');
  await expect(page.getByRole('button', { name: 'Roll' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'New game' }).first()).toBeDisabled();
  await shot(page, 'site-file-url');
});

test('when the wasm cannot load, the page says what happened, in Polish too', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'pl-PL' });
  const page = await context.newPage();
  await page.route('**/diablo_wasm_bg.wasm', (route) => route.fulfill({ status: 404, body: 'not found' }));
  await page.goto('/');
  const banner = page.locator('#error-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Nie udało się wczytać silnika gry');
  await expect(banner).toContainText('cargo xtask serve');
  await expect(page.getByRole('button', { name: 'Rzuć' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Odśwież' })).toBeEnabled();
  await context.close();
});

test('the game page starts with its own module only (the AI loads in the worker)', async ({ page }) => {
  await open(page);
  const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  expect(fetched.some((u) => u.endsWith('diablo_wasm_bg.wasm'))).toBe(true);
  expect(fetched.some((u) => u.includes('diablo_wasm_ai'))).toBe(false);
});

test('one header on every page: its places go where they say, and its picker changes the language in place', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await open(page);
  // From the game page, its header reaches Puzzles and Your games.
  await page.locator('header #link-puzzles').click();
  await expect(page).toHaveURL(/web\/puzzles\.html/);
  for (const [url, ready] of [
    ['web/friend.html', 'body'],
    ['web/analysis.html', 'body'],
    ['web/rules.html', 'html'],
  ]) {
    await page.goto(url);
    await expect(page.locator(ready)).toHaveAttribute('data-ready', 'true');
    const nav = page.locator('nav.top-actions');
    await expect(nav.locator('#link-puzzles')).toHaveText('Puzzles');
    await nav.locator('#lang-select').selectOption('de');
    await expect(nav.locator('#link-puzzles')).toHaveText('Aufgaben');
    await expect(nav.locator('#link-games')).toHaveText('Deine Partien');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    // Back to English for the next page.
    await nav.locator('#lang-select').selectOption('en');
    await expect(nav.locator('#link-puzzles')).toHaveText('Puzzles');
  }
  expect(errors).toEqual([]);
});
