// The lobby page (web/lobby.html): what a person sees with no server, with
// a lobby that cannot be reached, and with open challenges (a lobby played
// by the test through Playwright's WebSocket routing, so every frame is
// known), at a phone's and a desktop's width, in English and German; the
// name asked the first time, and the friend page's address each button
// goes to. The last test meets the real server's lobby (after the lobby's
// server work is merged). Two browsers meeting in the lobby and playing is
// live-lobby's spec.
import { test, expect } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { ARTIFACTS, snap, watchErrors } from './helpers.mjs';

const LOBBY = 'web/lobby.html';
// The tests answer live.json themselves; a service worker's fetches would pass them by.
test.use({ serviceWorkers: 'block' });
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = process.env.DIABLO_SHOTS;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
const shot = async (page, name) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/** A challenge as the lobby sends it. */
const hook = (n, over = {}) => ({
  game: n.toString(16).padStart(32, '0'),
  link: `cINVITE${n}`,
  size: 8,
  edition: 'standard',
  color: 'random',
  clock: { initial: 300, increment: 3 },
  rated: true,
  player: { key: 'K'.repeat(42) + String(n % 10), name: `Player ${n}` },
  ...over,
});

const HOOKS = [
  hook(1, { player: { key: `${'A'.repeat(42)}1`, name: 'Ann', rating: 1540, provisional: true } }),
  hook(2, {
    size: 10,
    edition: 'sequenced',
    clock: { days: 3, bank: 5 },
    rated: false,
    player: { key: `${'B'.repeat(42)}2`, name: 'Bo' },
  }),
  hook(3, { clock: { initial: 600, increment: 5 }, player: { key: `${'C'.repeat(42)}3`, name: 'Cy' } }),
];

/** The site names a relay or none: live.json answered by the test. */
const liveJson = (page, url) =>
  page.route('**/live.json', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ url }) }),
  );

/**
 * A lobby played by the test: sends `hooks` on connecting and records what
 * the page sends; `ws.send` pushes more frames.
 */
async function fakeLobby(page, hooks = HOOKS) {
  const lobby = { sent: [], ws: null };
  await page.routeWebSocket(/\/lobby$/, (ws) => {
    lobby.ws = ws;
    ws.onMessage((m) => lobby.sent.push(JSON.parse(String(m))));
    ws.send(JSON.stringify({ hooks }));
  });
  return lobby;
}

/** The friend page, answered by the test: only the address the lobby went to matters here. */
const noFriend = (page) =>
  page.route('**/web/friend.html*', (route) => route.fulfill({ contentType: 'text/html', body: '<p>friend</p>' }));

/** The rows of the list, each as its visible text. */
const rows = (page) => page.locator('#hooks > li');

for (const [lang, size] of [
  ['en', PHONE],
  ['de', DESKTOP],
]) {
  test(`no server: the lobby says so (${lang}, ${size.width} px)`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.setViewportSize(size);
    await liveJson(page, null);
    await page.goto(`${LOBBY}?lang=${lang}`);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
    const words =
      lang === 'en'
        ? { text: /needs a server/, credit: 'Diablo, a game by Mark Steere' }
        : { text: /braucht einen Server/, credit: 'Diablo, ein Spiel von Mark Steere' };
    await expect(page.locator('#lobby-state')).toHaveText(words.text);
    await expect(page.locator('header .credit')).toHaveText(words.credit);
    await expect(page.locator('#open')).toBeHidden();
    await expect(page.locator('#create')).toBeHidden();
    await expect(page.locator('#quick')).toBeHidden();
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await shot(page, `lobby-noserver-${lang}-${size.width}`);
    expect(errors).toEqual([]);
  });
}

test('a lobby that cannot be reached is said, and the page keeps trying', async ({ page }) => {
  const errors = watchErrors(page);
  await liveJson(page, 'ws://127.0.0.1:9/live/');
  await page.goto(LOBBY);
  await expect(page.locator('#lobby-state')).toHaveAttribute('data-state', 'lost');
  await expect(page.locator('#lobby-state')).toHaveText(/cannot be reached/);
  expect(errors.filter((e) => !/WebSocket connection to .*\/lobby' failed/.test(e))).toEqual([]);
});

for (const [lang, size] of [
  ['en', PHONE],
  ['en', DESKTOP],
  ['de', PHONE],
  ['de', DESKTOP],
]) {
  test(`open challenges: listed, filtered, added and gone (${lang}, ${size.width} px)`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.setViewportSize(size);
    await liveJson(page, 'live/');
    const lobby = await fakeLobby(page);
    await page.goto(`${LOBBY}?lang=${lang}`);
    await expect(rows(page)).toHaveCount(3);
    // Newest first; a clock as players write it; a rating with its "?".
    await expect(rows(page).nth(0)).toContainText('Cy');
    await expect(rows(page).nth(0)).toContainText('10+5');
    // A time bank after the days a turn.
    await expect(rows(page).nth(1)).toContainText(
      lang === 'en' ? '3 days + 5 in the bank' : '3 Tage + 5 in der Zeitbank',
    );
    await expect(rows(page).nth(1)).toContainText('10\u00a0×\u00a010');
    await expect(rows(page).nth(2)).toContainText('Ann1540?');
    await expect(rows(page).nth(2)).toContainText('5+3');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await snap(page.locator('#quick'), `${ARTIFACTS}/lobby-quick-${lang}-${size.width}.png`);
    await shot(page, `lobby-${lang}-${size.width}`);
    // The form offers the bank, in the page's language, 5 days unless changed.
    await page.locator('#c-days-kind').check();
    await expect(page.getByRole('combobox', { name: lang === 'en' ? /^Time bank/ : /^Zeitbank/ })).toHaveValue('5');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await shot(page, `lobby-bank-${lang}-${size.width}`);
    await page.locator('#c-live').check();
    // Filters: the turn-based one only, then the 8x8 ones.
    await page.locator('#f-kind').selectOption('days');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText('Bo');
    await page.locator('#f-kind').selectOption('all');
    await page.locator('#f-size').selectOption('8');
    await expect(rows(page)).toHaveCount(2);
    await page.locator('#f-edition').selectOption('sequenced');
    await expect(rows(page)).toHaveCount(0);
    await expect(page.locator('#hooks-empty')).toBeVisible();
    await page.locator('#f-edition').selectOption('');
    await page.locator('#f-size').selectOption('');
    // Posted and gone, live.
    lobby.ws.send(JSON.stringify({ hook: hook(4, { player: { key: `${'D'.repeat(42)}4`, name: 'Dee' } }) }));
    await expect(rows(page)).toHaveCount(4);
    await expect(rows(page).nth(0)).toContainText('Dee');
    lobby.ws.send(JSON.stringify({ gone: hook(1).game }));
    await expect(rows(page)).toHaveCount(3);
    await expect(page.locator('#hooks')).not.toContainText('Ann');
    // A frame of another shape is dropped, nothing breaks.
    lobby.ws.send('{"hook": {"game": "x"}}');
    lobby.ws.send('not json');
    for (const h of [...HOOKS.slice(1), hook(4)]) lobby.ws.send(JSON.stringify({ gone: h.game }));
    await expect(rows(page)).toHaveCount(0);
    await expect(page.locator('#hooks-empty')).toHaveText(
      lang === 'en' ? /No open challenges right now/ : /keine offenen/,
    );
    expect(errors).toEqual([]);
  });
}

test('taking a challenge asks for a name the first time, then goes to the friend page to accept', async ({ page }) => {
  const errors = watchErrors(page);
  await liveJson(page, 'live/');
  await fakeLobby(page);
  await noFriend(page);
  await page.goto(LOBBY);
  await expect(rows(page)).toHaveCount(3);
  await rows(page).filter({ hasText: 'Ann' }).getByRole('button').click();
  const dialog = page.getByRole('dialog', { name: 'Your name online' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('No password or e-mail');
  // A name too long is refused; the dialog stays.
  await dialog.getByLabel('Name').fill('   ');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.locator('#name-bad')).toBeVisible();
  await dialog.getByLabel('Name').fill('  Zoe  ');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/friend\.html/);
  const url = new URL(page.url());
  expect(url.pathname).toMatch(/\/web\/friend\.html$/);
  expect(url.searchParams.get('lobby')).toBe('take');
  expect(url.searchParams.get('clock')?.replace(' ', '+')).toBe('300+3');
  expect(url.hash).toBe('#cINVITE1');
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('diablo.player.v1') ?? 'null'));
  expect(kept.name).toBe('Zoe');
  expect(kept.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(errors).toEqual([]);
});

test('creating a challenge: presets, custom and days, to the friend page; own challenges are not takeable', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await liveJson(page, 'live/');
  // A player made before (the lobby's name dialog stays away).
  await page.addInitScript(() => {
    localStorage.setItem('diablo.player.v1', JSON.stringify({ key: `${'A'.repeat(42)}1`, name: 'Ann', pkcs8: 'AAAA' }));
  });
  await fakeLobby(page);
  await noFriend(page);
  await page.goto(LOBBY);
  await expect(rows(page)).toHaveCount(3);
  // Ann's own challenge is first, marked, with Withdraw and no Play.
  await expect(rows(page).nth(0)).toContainText('Your challenge');
  await expect(rows(page).nth(0).getByRole('button', { name: 'Withdraw' })).toBeVisible();
  await expect(rows(page).nth(0).getByRole('button', { name: /^Play/ })).toHaveCount(0);
  await expect(page.locator('#me')).toContainText('Ann');
  // Custom clock out of bounds is refused in words.
  await page.locator('#c-presets').getByRole('button', { name: 'Custom' }).click();
  await page.locator('#c-minutes').fill('500');
  await page.getByRole('button', { name: 'Create the challenge' }).click();
  await expect(page.locator('#c-bad')).toBeVisible();
  await page.locator('#c-minutes').fill('2.5');
  await page.locator('#c-increment').fill('1');
  await page.locator('#c-size').selectOption('10');
  await page.locator('#c-color').selectOption('green');
  await page.locator('#c-rated').uncheck();
  await page.getByRole('button', { name: 'Create the challenge' }).click();
  await page.waitForURL(/friend\.html/);
  let q = new URL(page.url()).searchParams;
  expect(Object.fromEntries(q)).toMatchObject({
    lobby: 'post',
    size: '10',
    edition: 'standard',
    color: 'green',
    rated: '0',
  });
  expect(q.get('clock')?.replace(' ', '+')).toBe('150+1');
  // Back in the lobby, the form is as it was sent.
  await page.goto(LOBBY);
  await expect(page.locator('#c-size')).toHaveValue('10');
  await expect(page.locator('#c-color')).toHaveValue('green');
  await expect(page.locator('#c-rated')).not.toBeChecked();
  await expect(page.locator('#c-presets [data-preset="custom"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('#c-minutes')).toHaveValue('2.5');
  await expect(page.locator('#c-increment')).toHaveValue('1');
  // Days a turn (rated again).
  await page.locator('#c-days-kind').check();
  await page.locator('#c-days-select').selectOption('7');
  await page.locator('#c-rated').check();
  await page.getByRole('button', { name: 'Create the challenge' }).click();
  await page.waitForURL(/friend\.html/);
  q = new URL(page.url()).searchParams;
  expect(q.get('days')).toBe('7');
  // The lobby's time bank unless another is chosen: 5 days.
  expect(q.get('bank')).toBe('5');
  expect(q.get('rated')).toBe('1');
  // No bank: none in the address. The form kept turn-based and 7 days.
  await page.goto(LOBBY);
  await expect(page.locator('#c-days-kind')).toBeChecked();
  await expect(page.locator('#c-days-select')).toHaveValue('7');
  await expect(page.locator('#c-bank-select')).toHaveValue('5');
  await page.locator('#c-bank-select').selectOption('0');
  await page.getByRole('button', { name: 'Create the challenge' }).click();
  await page.waitForURL(/friend\.html/);
  q = new URL(page.url()).searchParams;
  expect([q.get('days'), q.get('bank')]).toEqual(['7', null]);
  // A preset, live again.
  await page.goto(LOBBY);
  await expect(page.locator('#c-bank-select')).toHaveValue('0');
  await page.locator('#c-live').check();
  await page.locator('#c-presets').getByRole('button', { name: '3+2' }).click();
  await page.getByRole('button', { name: 'Create the challenge' }).click();
  await page.waitForURL(/friend\.html/);
  expect(new URL(page.url()).searchParams.get('clock')?.replace(' ', '+')).toBe('180+2');
  expect(errors).toEqual([]);
});

test('the real lobby: connected, its challenges listed (the server with a lobby)', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto(LOBBY);
  await expect(page.locator('#lobby-state')).toHaveAttribute('data-state', 'open');
  await expect(page.locator('#create')).toBeVisible();
  await expect(page.locator('#hooks-empty, #hooks > li').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('"Play online" in the headers: shown only when the site has a server, in the page\'s language', async ({
  page,
}) => {
  const errors = watchErrors(page);
  // The game page loads its header's script 2 s after it is playable: the test's clock skips the wait.
  await page.clock.install();
  await liveJson(page, null);
  await page.goto('web/learn.html');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  // The script has read live.json (no server) and made no entry.
  await expect(page.locator('html')).toHaveAttribute('data-online', 'none');
  await expect(page.locator('#link-online')).toBeHidden();
  await page.unrouteAll();
  await liveJson(page, 'live/');
  // Never shown in another language than the page's, even while the page's
  // own German words are still on their way (held here until the page has
  // had live.json, so they come last): every text the entry has while
  // shown is recorded.
  await page.addInitScript(() => {
    window.onlineShown = [];
    new MutationObserver(() => {
      const a = document.getElementById('link-online');
      if (a && !a.hidden && window.onlineShown.at(-1) !== a.textContent) window.onlineShown.push(a.textContent);
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  // Routing turns the browser's cache off: every page asks for live.json.
  // (The game page asks for it only once it is playable, which needs its
  // words: there they come first, as they must.)
  let hold = false;
  let loads = 0;
  let liveRead = -1;
  /** @type {(() => void)[]} */
  const waiting = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) loads += 1;
  });
  page.on('requestfinished', (request) => {
    if (new URL(request.url()).pathname.endsWith('/live.json')) {
      liveRead = loads;
      for (const wake of waiting.splice(0)) wake();
    }
  });
  await page.route(/\/web\/[^/]+\.js$/, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    const load = loads;
    if (hold && body.includes('Deine Partien'))
      while (liveRead < load)
        await new Promise((s) => {
          waiting.push(s);
        });
    await route.fulfill({ response, body });
  });
  for (const path of [
    'web/learn.html',
    'web/games.html',
    'web/puzzles.html',
    'web/analysis.html',
    'web/rules.html',
    '',
  ]) {
    hold = path !== '';
    await page.goto(`${path}?lang=de`);
    const link = page.locator('#link-online');
    if (path === '') {
      // The game page adds its entry a moment (2 s) after it is playable.
      await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
      await page.clock.fastForward(2000);
    }
    await expect(page.locator('html')).toHaveAttribute('data-online', 'shown');
    await expect(link).toBeVisible();
    await expect(link).toHaveText('Online spielen');
    expect(new URL(await link.evaluate((a) => a.href)).pathname).toBe('/web/lobby.html');
    expect(await page.evaluate(() => window.onlineShown), `${path}: the entry's words while shown`).toEqual([
      'Online spielen',
    ]);
  }
  expect(errors).toEqual([]);
});

test('"Play online" comes after a live.json that could not be read: it is asked for again', async ({ page }) => {
  const errors = watchErrors(page);
  let asked = 0;
  await page.route('**/live.json', (r) => {
    asked += 1;
    return asked === 1 ? r.abort('failed') : r.fulfill({ json: { url: 'live/' } });
  });
  // The page asks again 2 s after a failure: the test's clock moves those seconds on.
  await page.clock.install();
  await page.goto('web/learn.html');
  await expect
    .poll(
      async () => {
        await page.clock.fastForward(1000);
        return asked;
      },
      { intervals: [100] },
    )
    .toBe(2);
  await expect(page.locator('html')).toHaveAttribute('data-online', 'shown');
  await expect(page.locator('#link-online')).toBeVisible();
  expect(asked).toBe(2);
  // The one request that failed, and nothing else.
  expect(errors.filter((e) => !/live\.json|ERR_FAILED/.test(e))).toEqual([]);
});

test('the key carried to another browser: name made in the lobby, exported from Settings, imported there', async ({
  browser,
}) => {
  const ctx = await browser.newContext({ serviceWorkers: 'block' });
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  await liveJson(page, 'live/');
  await fakeLobby(page);
  await noFriend(page);
  await page.goto(LOBBY);
  await rows(page).first().getByRole('button').click();
  await page.getByRole('dialog').getByLabel('Name').fill('Ann');
  await page.getByRole('dialog').getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/friend\.html/);
  const key = await page.evaluate(() => JSON.parse(localStorage.getItem('diablo.player.v1') ?? '{}').key);
  // The game page's Settings: the name, changed; the key exported. (Its
  // player box comes with the header's script, 2 s after the page is
  // playable: the test's clock skips the wait.)
  await page.clock.install();
  await page.goto('/');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await page.clock.fastForward(2000);
  await expect(page.locator('html')).toHaveAttribute('data-online', 'shown');
  await page.locator('details.settings summary').click();
  const box = page.locator('#online-settings');
  await expect(box).toContainText('You play online as Ann');
  await box.getByLabel('Name').fill('Annie');
  await box.getByRole('button', { name: 'Change the name' }).click();
  await expect(box).toContainText('Name changed.');
  await expect(box.locator('#player-me')).toHaveText('Annie');
  const download = page.waitForEvent('download');
  await box.getByRole('button', { name: 'Export key to a file' }).click();
  const file = await (await download).path();
  const text = (await import('node:fs')).readFileSync(file, 'utf8');
  expect(JSON.parse(text)).toMatchObject({ format: 'diablo-player-key', key, name: 'Annie' });
  expect(errors).toEqual([]);
  await ctx.close();
  // Another browser: a bad file refused in words, then the good one.
  const other = await browser.newContext({ serviceWorkers: 'block' });
  const there = await other.newPage();
  const errorsThere = watchErrors(there);
  await liveJson(there, 'live/');
  await there.goto(LOBBY);
  const player = there.locator('#player');
  await expect(player).toContainText('You have not played online on this browser yet.');
  await player
    .locator('#player-file')
    .setInputFiles({ name: 'x.json', mimeType: 'application/json', buffer: Buffer.from('{"format":"other"}') });
  await expect(player).toContainText('This is not a Diablo key file.');
  const wrong = JSON.stringify({ ...JSON.parse(text), key: 'A'.repeat(43) });
  await player
    .locator('#player-file')
    .setInputFiles({ name: 'k.json', mimeType: 'application/json', buffer: Buffer.from(wrong) });
  await expect(player).toContainText('does not belong');
  await player
    .locator('#player-file')
    .setInputFiles({ name: 'k.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(player).toContainText('Key imported: you now play as Annie.');
  await expect(there.locator('#me-name')).toHaveText('Annie');
  expect(await there.evaluate(() => JSON.parse(localStorage.getItem('diablo.player.v1') ?? '{}').key)).toBe(key);
  expect(errorsThere.filter((e) => !/WebSocket connection to .*\/lobby' failed/.test(e))).toEqual([]);
  await other.close();
});
