// Web Push on the page's side (docs/push.md): the site's service worker
// shows a push it receives as a notification in the language of the page
// that subscribed, and a tap on it opens that game. The push is handed to
// the worker as a push service would (Chromium's DevTools protocol:
// ServiceWorker.deliverPushMessage); the notification is read back from
// the worker's registration, and its click dispatched in the worker.
// tests/push.rs proves what the server sends; lobby-game.spec.mjs that a
// page subscribes through the server.
import { test, expect } from '@playwright/test';
import { FRIEND, invite, person, ready } from './live-helpers.mjs';
import { shot } from './helpers.mjs';
import { generateKeyPairSync } from 'node:crypto';

/**
 * The site's service worker on `page` (registered as pages register it),
 * with its registration's id for the DevTools protocol.
 * @param {import('@playwright/test').Page} page
 */
async function worker(page) {
  const cdp = await page.context().newCDPSession(page);
  const registrations = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('../sw.js', { scope: '../' });
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => registrations.filter((r) => !r.isDeleted).length).toBeGreaterThan(0);
  const sw = page.context().serviceWorkers()[0] ?? (await page.context().waitForEvent('serviceworker'));
  // The protocol may also report a registration of an earlier test's
  // context (same origin and scope, closed but not yet reported deleted),
  // and in any order: a push goes to each, and only this context's worker
  // shows it (the others' contexts are gone).
  const live = registrations.filter((r) => !r.isDeleted);
  const origin = new URL(live[0].scopeURL).origin;
  const ids = [...new Set(live.filter((r) => new URL(r.scopeURL).origin === origin).map((r) => r.registrationId))];
  /** Hands `data` to the worker as a push service would. @param {unknown} data */
  const deliver = async (data) => {
    for (const registrationId of ids)
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(data) });
  };
  /**
   * The worker running now: an idle worker is stopped by the browser and
   * started again by the next push, and a handle to the stopped one fails.
   */
  const current = () => page.context().serviceWorkers().at(-1) ?? sw;
  return { cdp, current, deliver, origin };
}

for (const [lang, title, body] of [
  ['en', 'Your turn', 'Bo has played: your move.'],
  ['de', 'Du bist am Zug', 'Bo hat gezogen: du bist dran.'],
]) {
  test(`a push shows "${title}" (${lang}) and its tap opens the game`, async ({ browser }, info) => {
    const A = await person(browser, { viewport: { width: 390, height: 844 } });
    const page = A.page;
    await A.ctx.grantPermissions(['notifications'], { origin: new URL(info.project.use.baseURL ?? '').origin });
    // A game of Ann's, by link: the page a push about it opens.
    const hash = new URL(await invite(page, { mode: 'links' })).hash;
    await page.goto(FRIEND);
    await ready(page);
    const { cdp, current, deliver, origin } = await worker(page);
    const url = `${origin}/web/friend.html?lang=${lang}${hash}`;
    const game = '0123456789abcdef0123456789abcdef';
    await deliver({ kind: 'turn', game, url, opponent: 'Bo' });
    // Read through the page's registration, not a worker handle (the
    // worker may have been stopped and started again between two pushes).
    const shown = () =>
      page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration('../');
        const ns = (await reg?.getNotifications()) ?? [];
        return ns.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }));
      });
    await expect.poll(shown).toEqual([{ title, body, tag: `diablo-${game}`, data: { url } }]);
    // A push that is not one of the server's (another site's page, no
    // kind) shows nothing.
    for (const bad of [{ kind: 'turn', game, url: 'https://elsewhere.example/x', opponent: 'Bo' }, { game }]) {
      await deliver(bad);
    }
    // The browser stops an idle worker (a loaded machine's run once met it
    // here): stopped now, the next push starts it again and is shown.
    await cdp.send('ServiceWorker.stopAllWorkers');
    await deliver({ kind: 'over', game: 'f'.repeat(32), url, opponent: 'Bo' });
    await expect.poll(async () => (await shown()).length).toBe(2);
    expect((await shown()).map((n) => n.tag)).toEqual([`diablo-${game}`, `diablo-${'f'.repeat(32)}`]);
    // The tap: the open tab of the site goes to the game.
    await page.goto('web/games.html');
    await ready(page);
    await current().evaluate(async (tag) => {
      const [n] = await self.registration.getNotifications({ tag });
      self.dispatchEvent(new NotificationEvent('notificationclick', { notification: n }));
    }, `diablo-${game}`);
    await page.waitForURL((u) => u.pathname.endsWith('/web/friend.html') && u.hash === hash);
    await ready(page);
    await expect(page.locator('#game')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    await shot(page, `push-opened-${lang}`);
    expect((await shown()).map((n) => n.tag)).toEqual([`diablo-${'f'.repeat(32)}`]);
    await A.ctx.close();
  });
}

test('Settings: turn notifications turned on for this device, and off again', async ({ browser }, info) => {
  const origin = new URL(info.project.use.baseURL ?? '').origin;
  const A = await person(browser, { viewport: { width: 390, height: 844 } });
  const page = A.page;
  await A.ctx.grantPermissions(['notifications'], { origin });
  // Headless Chromium has no push service: the subscription is made here
  // (real P-256 keys; an endpoint the server takes, never reached).
  await A.ctx.addInitScript(() => {
    const endpoint = 'https://push.example.com/e2e-settings';
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
    PushManager.prototype.getSubscription = async () => (kept() ? subscription(kept()) : null);
    PushManager.prototype.subscribe = async () => {
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
      const keys = {
        p256dh: b64(await crypto.subtle.exportKey('raw', pair.publicKey)),
        auth: b64(crypto.getRandomValues(new Uint8Array(16))),
      };
      localStorage.setItem('test.push', JSON.stringify(keys));
      return subscription(keys);
    };
  });
  await page.goto('/');
  await ready(page);
  // The header's script comes 2 s after the page is playable.
  await expect(page.locator('html')).toHaveAttribute('data-online', 'shown');
  await page.locator('details.settings summary').click();
  const box = page.locator('#online-settings');
  // A player's key file, loaded in Settings as one carried from elsewhere.
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const key = publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64url');
  const file = {
    format: 'diablo-player-key',
    version: 1,
    key,
    name: 'Ann',
    private: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64url'),
  };
  await page
    .locator('#player-file')
    .setInputFiles({ name: 'ann.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
  await expect(box).toContainText('You play online as Ann');
  await box.getByRole('button', { name: 'Tell me when it is my turn' }).click();
  await expect(box).toContainText('This device is told when it is your turn.');
  await shot(page, 'push-settings-on');
  await box.getByRole('button', { name: 'Stop' }).click();
  await expect(box.getByRole('button', { name: 'Tell me when it is my turn' })).toBeVisible();
  await expect(box).not.toContainText('This device is told');
  await A.ctx.close();
});
