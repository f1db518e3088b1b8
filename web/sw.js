// @ts-check
// The service worker of the built site (`cargo xtask dist` writes it to the
// site's root, filling in VERSION and FILES): after one visit, the game,
// the computer opponent and the rules page work offline. Every file comes
// from one cache named by the version, so a page is never half old and half
// new; a new version waits until the page's "Updated — reload" notice is
// accepted (the page posts 'skipWaiting').

const VERSION = '__VERSION__';
/** @type {string[]} every file of the site, relative to this worker */
const FILES = ['__FILES__'];
const CACHE = `diablo-${VERSION}`;

/** @type {any} the ServiceWorkerGlobalScope (the page's type check knows only the DOM) */
const worker = self;

worker.addEventListener('install', (/** @type {any} */ event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)));
});

worker.addEventListener('activate', (/** @type {any} */ event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('diablo-') && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener('message', (/** @type {MessageEvent} */ event) => {
  if (event.data === 'skipWaiting') worker.skipWaiting();
});

worker.addEventListener('fetch', (/** @type {any} */ event) => {
  /** @type {Request} */
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== location.origin) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      // The iframe route's query and a page's link never change the file.
      const hit = await cache.match(request, { ignoreSearch: true });
      return hit ?? fetch(request);
    }),
  );
});

// Web Push (docs/push.md): the server's push, shown as a notification in
// the language its page was in (the `lang` of its address), and a tap on
// it opens that game, in a tab of this site if one is open.
/** @type {Record<string, Record<string, (who: string) => [string, string]>>} */
const PUSH_WORDS = {
  en: {
    turn: (who) => ['Your turn', `${who || 'Your opponent'} has played: your move.`],
    taken: (who) => ['Challenge taken', `${who || 'Someone'} took your challenge: your move.`],
    over: (who) => ['Game over', `Your game with ${who || 'your opponent'} is over.`],
    time: (who) => ['Time is running out', `Your move against ${who || 'your opponent'}: little time is left.`],
  },
  pl: {
    turn: (who) => ['Twój ruch', `${who || 'Przeciwnik'} zagrał: teraz ty.`],
    taken: (who) => ['Wyzwanie przyjęte', `${who || 'Ktoś'} przyjął twoje wyzwanie: teraz ty.`],
    over: (who) => ['Koniec partii', `Partia z ${who || 'przeciwnikiem'} się skończyła.`],
    time: (who) => ['Czas się kończy', `Twój ruch w partii z ${who || 'przeciwnikiem'}: zostało mało czasu.`],
  },
  de: {
    turn: (who) => ['Du bist am Zug', `${who || 'Dein Gegner'} hat gezogen: du bist dran.`],
    taken: (who) => [
      'Herausforderung angenommen',
      `${who || 'Jemand'} hat deine Herausforderung angenommen: du bist dran.`,
    ],
    over: (who) => ['Partie zu Ende', `Deine Partie gegen ${who || 'deinen Gegner'} ist zu Ende.`],
    time: (who) => ['Die Zeit wird knapp', `Dein Zug gegen ${who || 'deinen Gegner'}: es bleibt wenig Zeit.`],
  },
};

/**
 * A push's payload, checked: `{kind, game, url, opponent}` with the url on
 * this site; null for anything else.
 * @param {unknown} data
 */
function readPush(data) {
  if (!data || typeof data !== 'object') return null;
  const d = /** @type {Record<string, unknown>} */ (data);
  const kinds = ['turn', 'taken', 'over', 'time'];
  if (typeof d.kind !== 'string' || !kinds.includes(d.kind) || typeof d.game !== 'string') return null;
  if (typeof d.url !== 'string') return null;
  let url;
  try {
    url = new URL(d.url);
  } catch {
    return null;
  }
  if (url.origin !== location.origin) return null;
  const opponent = typeof d.opponent === 'string' ? d.opponent.slice(0, 40) : '';
  return { kind: d.kind, game: d.game, url: url.href, opponent, lang: url.searchParams.get('lang') ?? 'en' };
}

worker.addEventListener('push', (/** @type {any} */ event) => {
  let data = null;
  try {
    data = event.data?.json();
  } catch {
    data = null;
  }
  const push = readPush(data);
  if (!push) return;
  const words = PUSH_WORDS[push.lang] ?? PUSH_WORDS.en;
  const [title, body] = words[push.kind](push.opponent);
  event.waitUntil(
    worker.registration.showNotification(title, {
      body,
      tag: `diablo-${push.game}`,
      data: { url: push.url },
      icon: new URL('web/app/icon-192.png', worker.registration.scope).href,
    }),
  );
});

worker.addEventListener('notificationclick', (/** @type {any} */ event) => {
  const url = event.notification?.data?.url;
  event.notification?.close();
  if (typeof url !== 'string') return;
  event.waitUntil(
    worker.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(
      /** @param {any[]} tabs */ async (tabs) => {
        const tab = tabs.find((c) => new URL(c.url).origin === location.origin);
        if (tab) {
          const there = await tab.navigate(url).catch(() => null);
          await (there ?? tab).focus().catch(() => {});
          if (there) return;
        }
        await worker.clients.openWindow(url);
      },
    ),
  );
});
