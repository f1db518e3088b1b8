// The players page says in words when there is nothing to show: a key the
// server does not know and a text that is no key are "No player with this
// key." (the second asked of nobody); a site without a server, or one not
// reachable, says so, in the page's language. The page's state
// (web/players/state.js) over a fake fetch and its view's status line
// (web/players/view.js, `render`) drawn into a few fake elements: the
// browser test of ratings.spec.mjs that needed no game ("no such player,
// and a site without a server, are said in words") now here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryStorage } from './memory-storage.mjs';

globalThis.localStorage = new MemoryStorage();

/** The elements render() touches for a status other than `ready`. */
class FakeElement {
  constructor(id) {
    this.id = id;
    this.dataset = {};
    this.hidden = false;
    this.text = '';
    /** @type {Record<string, string>} */
    this.attributes = {};
  }
  replaceChildren(...kids) {
    this.text = kids.map(String).join('');
  }
  setAttribute(name, value) {
    this.attributes[name] = String(value);
  }
  removeAttribute(name) {
    delete this.attributes[name];
  }
}
const elements = new Map();
globalThis.document = {
  title: '',
  documentElement: { lang: '' },
  querySelectorAll: () => [],
  getElementById(id) {
    if (!['players-state', 'player', 'leaders', 'link-leaderboard'].includes(id)) return null;
    if (!elements.has(id)) elements.set(id, new FakeElement(id));
    return elements.get(id);
  },
};

const { api, apiBase } = await import('../../web/lib/player-api.js');
const { PlayersState } = await import('../../web/players/state.js');
const { render } = await import('../../web/players/view.js');
const { loadLanguage, setLanguage } = await import('../../web/lib/i18n/i18n.js');

/** A fetch that answers 404 to everything, keeping what was asked. */
function notFound(asked) {
  return async (url) => {
    asked.push(new URL(url).pathname);
    return new Response('no such player', { status: 404 });
  };
}

const line = () => elements.get('players-state');

test('a key the server does not know, and a text that is no key: "No player with this key.", the player hidden', async () => {
  await loadLanguage('en', ['page', 'lobby']);
  setLanguage('en');
  const asked = [];
  const reads = api('http://127.0.0.1/api/', notFound(asked));
  const unknown = new PlayersState(`?key=${'Q'.repeat(43)}`);
  await unknown.load(reads);
  render(unknown);
  assert.equal(line().dataset.state, 'not-found');
  assert.equal(line().text, 'No player with this key.');
  assert.equal(line().hidden, false);
  assert.equal(elements.get('player').hidden, true);
  assert.ok(asked.includes(`/api/players/${'Q'.repeat(43)}`), 'the server was asked');

  const before = asked.length;
  const nonsense = new PlayersState('?key=not-a-key');
  await nonsense.load(reads);
  render(nonsense);
  assert.equal(asked.length, before, 'a text that is no key is asked of nobody');
  assert.equal(line().text, 'No player with this key.');
  assert.equal(elements.get('player').hidden, true);
});

test('a site without a server says so in Polish; one that cannot be reached says that; the leaderboard stays hidden', async () => {
  await loadLanguage('pl', ['page', 'lobby']);
  setLanguage('pl');
  // live.json names no relay: no lobby, so no API (what players.js does with findServer's answer).
  assert.equal(apiBase(null), null);
  const none = new PlayersState('?lang=pl');
  none.noServer('none');
  render(none);
  assert.equal(line().dataset.state, 'none');
  assert.match(line().text, /^Gra online nie jest dostępna na tej stronie/);
  assert.equal(elements.get('leaders').hidden, true);
  assert.equal(elements.get('player').hidden, true);
  // The leaderboard's own place in the header is marked, and the title says the page.
  assert.equal(elements.get('link-leaderboard').attributes['aria-current'], 'page');
  assert.equal(document.title, 'Ranking — Diablo, gra Marka Steere’a');

  const offline = new PlayersState('');
  offline.noServer('offline');
  render(offline);
  assert.equal(line().dataset.state, 'offline');
  assert.match(line().text, /^Wygląda na to, że nie masz połączenia/);
  setLanguage('en');
});
