// web/lib/storage.js: the stored values (key, fallback, validator), what
// happens to missing, corrupt, wrong-shape, full and blocked storage, the
// problems it raises, and the two shared values (saved game, settings).
import assert from 'node:assert/strict';
import { mock, test } from 'node:test';
import {
  clearGame,
  DEFAULT_SETTINGS,
  firstVisit,
  isRecord,
  loadGame,
  loadSettings,
  onStorageProblem,
  problemText,
  Rejected,
  reject,
  saveGame,
  saveSettings,
  stored,
} from '../../web/lib/storage.js';
import { freshStorage, useStorage } from './memory-storage.mjs';

// Every problem is also logged: quiet here.
mock.method(console, 'warn', () => {});

/** Every problem raised, in order (problems are raised once per kind and value, per page load). */
const problems = [];
onStorageProblem((p) => problems.push(p));
const problemsOf = (what) => problems.filter((p) => p.what === what);

/** A stored number of its own `what` (problems are told apart by it). */
const number = (what, extra = {}) =>
  stored('n', {
    what,
    version: 2,
    fallback: () => -1,
    validate: (data) => (Number.isInteger(data) ? data : reject('not an integer')),
    ...extra,
  });

test('reject is a refusal with a reason and nothing salvaged', () => {
  const r = reject('bad shape');
  assert.ok(r instanceof Rejected);
  assert.equal(r.reason, 'bad shape');
  assert.equal(r.salvaged, undefined);
  const s = new Rejected('partly bad', { a: 1 });
  assert.deepEqual(s.salvaged, { a: 1 });
});

test('isRecord is true for plain objects only', () => {
  assert.equal(isRecord({}), true);
  assert.equal(isRecord({ a: 1 }), true);
  assert.equal(isRecord(Object.create(null)), true);
  for (const no of [null, undefined, [], [1], 'x', 3, true, () => {}]) {
    assert.equal(isRecord(no), false, `isRecord(${String(no)})`);
  }
});

test('a value is kept at diablo.NAME.vVERSION, with .PART for a family', () => {
  const s = freshStorage();
  assert.equal(number('n1').set(7), true);
  assert.deepEqual(Object.keys(s), ['diablo.n.v2']);
  assert.equal(s.getItem('diablo.n.v2'), '7');
  number('n1', { part: 'hard.abc' }).set(8);
  assert.equal(s.getItem('diablo.n.v2.hard.abc'), '8');
  assert.equal(number('n1').get(), 7);
  assert.equal(number('n1', { part: 'hard.abc' }).get(), 8);
  number('n1').remove();
  assert.equal(s.getItem('diablo.n.v2'), null);
  assert.equal(number('n1').get(), -1);
  assert.deepEqual(problemsOf('n1'), []);
});

test('a missing value is the fallback, made afresh each time', () => {
  freshStorage();
  const list = stored('list', { what: 'n2', version: 1, fallback: () => [], validate: (d) => d });
  const a = list.get();
  a.push(1);
  assert.deepEqual(list.get(), []);
  assert.deepEqual(problemsOf('n2'), []);
});

test('the validator shapes what is read', () => {
  const s = freshStorage();
  s.setItem('diablo.pair.v1', JSON.stringify({ a: 1, b: 2, junk: true }));
  const pair = stored('pair', {
    what: 'n3',
    version: 1,
    fallback: () => null,
    validate: (d) => (isRecord(d) ? { a: d.a, b: d.b } : reject('not a pair')),
  });
  assert.deepEqual(pair.get(), { a: 1, b: 2 });
  assert.deepEqual(problemsOf('n3'), []);
});

test('corrupt data (not JSON) is the fallback, dropped and reported once', () => {
  const s = freshStorage();
  s.setItem('diablo.n.v2', '{not json');
  assert.equal(number('n4').get(), -1);
  assert.equal(s.getItem('diablo.n.v2'), null, 'dropped');
  s.setItem('diablo.n.v2', 'again not json');
  assert.equal(number('n4').get(), -1);
  const seen = problemsOf('n4');
  assert.equal(seen.length, 1, 'once per kind and value');
  assert.equal(seen[0].kind, 'corrupt');
  assert.match(seen[0].detail, /JSON/);
});

test('data of the wrong shape is the fallback, dropped, reported with the validator\u2019s reason', () => {
  const s = freshStorage();
  s.setItem('diablo.n.v2', '"seven"');
  assert.equal(number('n5').get(), -1);
  assert.equal(s.getItem('diablo.n.v2'), null);
  assert.deepEqual(problemsOf('n5'), [{ kind: 'invalid', what: 'n5', detail: 'not an integer' }]);
});

test('what a refusal salvages is the value, and is written back', () => {
  const s = freshStorage();
  s.setItem('diablo.evens.v1', '[2, 3, 4, 5]');
  const evens = stored('evens', {
    what: 'n6',
    version: 1,
    fallback: () => [],
    validate: (d) => {
      const good = d.filter((x) => x % 2 === 0);
      return good.length === d.length ? good : new Rejected('odd numbers', good);
    },
  });
  assert.deepEqual(evens.get(), [2, 4]);
  assert.equal(s.getItem('diablo.evens.v1'), '[2,4]');
  assert.deepEqual(evens.get(), [2, 4]);
  assert.deepEqual(problemsOf('n6'), [{ kind: 'invalid', what: 'n6', detail: 'odd numbers' }]);
});

test('full storage: set says false and a "full" problem is raised (both browsers\u2019 names)', () => {
  const s = freshStorage();
  s.failWith = 'QuotaExceededError';
  assert.equal(number('n7').set(1), false);
  assert.equal(s.getItem('diablo.n.v2'), null);
  s.failWith = 'NS_ERROR_DOM_QUOTA_REACHED';
  assert.equal(number('n8').set(1), false);
  assert.deepEqual(
    [...problemsOf('n7'), ...problemsOf('n8')].map((p) => p.kind),
    ['full', 'full'],
  );
});

test('a listener that throws does not stop the storing code; its error is thrown on its own', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const off = onStorageProblem((p) => {
    if (p.what === 'n9') throw new Error('a page bug');
  });
  const s = freshStorage();
  s.setItem('diablo.n.v2', 'corrupt');
  assert.equal(number('n9').get(), -1);
  assert.throws(() => t.mock.timers.tick(1), /a page bug/);
  off();
});

test('a listener gets the problems raised before it subscribed, and none after it unsubscribes', () => {
  const mine = [];
  const off = onStorageProblem((p) => mine.push(p));
  assert.deepEqual(mine, problems);
  off();
  const s = freshStorage();
  s.setItem('diablo.n.v2', 'corrupt');
  number('n10').get();
  assert.equal(problemsOf('n10').length, 1);
  assert.equal(
    mine.some((p) => p.what === 'n10'),
    false,
  );
});

test('blocked storage never throws: fallbacks, false, and one problem that loses everything', () => {
  // No localStorage at all.
  useStorage(undefined);
  assert.equal(number('n11').get(), -1);
  assert.equal(number('n11').set(3), false);
  number('n11').remove();
  assert.equal(firstVisit(), false, 'nothing could remember the answer');
  // localStorage that throws when touched (a SecurityError).
  useStorage(() => {
    const e = new Error('denied');
    e.name = 'SecurityError';
    throw e;
  });
  assert.equal(number('n12').get(), -1);
  assert.equal(number('n12').set(3), false);
  // A setItem refused for another reason than space.
  const s = freshStorage();
  s.failWith = 'SecurityError';
  assert.equal(number('n13').set(3), false);
  const blocked = problems.filter((p) => p.kind === 'blocked');
  assert.equal(blocked.length, 1);
  assert.equal(blocked[0].what, 'all');
  assert.equal(problemsOf('n11').length + problemsOf('n12').length + problemsOf('n13').length, 0);
});

test('firstVisit: true until some diablo. key is kept', () => {
  const s = freshStorage();
  assert.equal(firstVisit(), true);
  s.setItem('other.site', '1');
  assert.equal(firstVisit(), true);
  s.setItem('diablo.settings.v1', '{}');
  assert.equal(firstVisit(), false);
});

test('problemText words a problem by its kind and what was lost', () => {
  const calls = [];
  const words = {
    storageProblem: (kind, what) => {
      calls.push([kind, what]);
      return `${kind}/${what}`;
    },
  };
  assert.equal(problemText({ kind: 'full', what: 'game', detail: 'x' }, words), 'full/game');
  assert.deepEqual(calls, [['full', 'game']]);
});

// ---- the settings ----

const SETTINGS_KEY = 'diablo.settings.v1';

test('no settings kept: the defaults, as a copy', () => {
  freshStorage();
  const s = loadSettings();
  assert.deepEqual(s, { ...DEFAULT_SETTINGS });
  assert.equal(Object.isFrozen(DEFAULT_SETTINGS), true);
  s.size = 12;
  assert.equal(loadSettings().size, 8);
  assert.equal(DEFAULT_SETTINGS.muted, false, 'not driven by automation');
});

test('settings round trip through storage', () => {
  const s = freshStorage();
  const mine = {
    lang: 'pl',
    autoRoll: true,
    autoConfirm: true,
    coords: false,
    tutor: true,
    size: 10,
    edition: 'sequenced',
    players: { kind: 'computer', level: 'hard', human: 'green' },
    muted: true,
    theme: 'dark',
  };
  saveSettings(mine);
  assert.deepEqual(JSON.parse(s.getItem(SETTINGS_KEY)), mine);
  assert.deepEqual(loadSettings(), mine);
});

test('settings are merged over the defaults: missing or null is the default, unknown keys are dropped', () => {
  const s = freshStorage();
  s.setItem(SETTINGS_KEY, JSON.stringify({ size: 6, lang: null, coords: false, future: 'x' }));
  const got = loadSettings();
  assert.deepEqual(got, { ...DEFAULT_SETTINGS, size: 6, coords: false });
  assert.equal('future' in got, false);
  assert.deepEqual(problemsOf('settings'), []);
});

test('a setting of the wrong shape is replaced by its default, the rest kept and written back, once reported', () => {
  const s = freshStorage();
  const data = { size: 0, theme: 'pink', autoRoll: 'yes', lang: 'de', players: 'hotseat', coords: false };
  s.setItem(SETTINGS_KEY, JSON.stringify(data));
  const want = { ...DEFAULT_SETTINGS, lang: 'de', coords: false };
  assert.deepEqual(loadSettings(), want);
  assert.deepEqual(JSON.parse(s.getItem(SETTINGS_KEY)), want, 'salvaged and kept');
  assert.deepEqual(problemsOf('settings'), [
    { kind: 'invalid', what: 'settings', detail: 'bad autoRoll, size, theme' },
  ]);
  // Written back: read again, nothing left to report.
  assert.deepEqual(loadSettings(), want);
  assert.equal(problemsOf('settings').length, 1);
});

test('each setting\u2019s shape', () => {
  const s = freshStorage();
  const accepted = (key, value) => {
    s.setItem(SETTINGS_KEY, JSON.stringify({ [key]: value }));
    return loadSettings()[key] === value;
  };
  assert.equal(accepted('size', 8), true);
  for (const size of [-2, 2.5, '8', true]) assert.equal(accepted('size', size), false, `size ${size}`);
  for (const theme of ['system', 'light', 'dark']) assert.equal(accepted('theme', theme), true);
  assert.equal(accepted('theme', 'Dark'), false);
  assert.equal(accepted('players', 'hotseat'), true);
  assert.equal(accepted('players', 'computer'), false);
  s.setItem(SETTINGS_KEY, JSON.stringify({ players: { kind: 'computer' } }));
  assert.deepEqual(loadSettings().players, { kind: 'computer' });
  for (const key of ['autoRoll', 'autoConfirm', 'coords', 'tutor', 'muted']) {
    assert.equal(accepted(key, 1), false, key);
  }
  assert.equal(accepted('lang', 7), false);
  assert.equal(accepted('edition', 'sequenced'), true);
});

test('settings that are not an object are the defaults, and dropped', () => {
  for (const text of ['[1,2]', '"dark"', '42']) {
    const s = freshStorage();
    s.setItem(SETTINGS_KEY, text);
    assert.deepEqual(loadSettings(), { ...DEFAULT_SETTINGS }, text);
    assert.equal(s.getItem(SETTINGS_KEY), null, text);
  }
});

// ---- the saved game ----

const GAME_KEY = 'diablo.game.v1';

test('the saved game round trips, stored with its format', () => {
  const s = freshStorage();
  const snapshot = { record: 'edition standard\nsize 6\n', roll: [3, 1], actions: ['a1-a4'] };
  saveGame(snapshot);
  assert.deepEqual(JSON.parse(s.getItem(GAME_KEY)), { v: 1, ...snapshot });
  assert.deepEqual(loadGame(), snapshot);
  clearGame();
  assert.equal(s.getItem(GAME_KEY), null);
  assert.equal(loadGame(), null);
});

test('a saved game without dice or actions reads with none', () => {
  const s = freshStorage();
  s.setItem(GAME_KEY, JSON.stringify({ record: 'r' }));
  assert.deepEqual(loadGame(), { record: 'r', roll: null, actions: [] });
  s.setItem(GAME_KEY, JSON.stringify({ record: 'r', roll: null, actions: null }));
  assert.deepEqual(loadGame(), { record: 'r', roll: null, actions: [] });
});

test('a saved game of the wrong shape is no game, and is dropped', () => {
  const bad = [
    { roll: [1, 2] },
    { record: 5 },
    { record: 'r', roll: [1, 2, 3] },
    { record: 'r', roll: 4 },
    { record: 'r', actions: [1] },
    { record: 'r', actions: 'a1-a2' },
    ['record'],
  ];
  for (const data of bad) {
    const s = freshStorage();
    s.setItem(GAME_KEY, JSON.stringify(data));
    assert.equal(loadGame(), null, JSON.stringify(data));
    assert.equal(s.getItem(GAME_KEY), null, JSON.stringify(data));
  }
  const seen = problemsOf('game');
  assert.equal(seen.length, 1);
  assert.equal(seen[0].kind, 'invalid');
  assert.equal(seen[0].detail, 'not a saved game');
});
