// Who plays each colour (web/lib/game/players.js) and the page's side of
// the computer player (web/lib/game/computer.js), with a fake worker and a
// fake turn in place of the browser's Worker and the game controller.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AiClient, Cancelled, sameOrigin, ThinkError } from '../../web/lib/game/computer.js';
import {
  computerColor,
  computerPlayer,
  controllerFor,
  DEFAULT_LEVEL,
  LEVELS,
  normalizePlayers,
  playersFor,
  seedOf,
} from '../../web/lib/game/players.js';
import { fnv1a } from '../../web/lib/hash.js';

test('the levels, weakest first; Medium unless another is chosen', () => {
  assert.deepEqual([...LEVELS], ['beginner', 'easy', 'medium', 'hard']);
  assert.equal(DEFAULT_LEVEL, 'medium');
});

test('normalizePlayers: one stored shape, hotseat for anything unknown', () => {
  assert.equal(normalizePlayers('hotseat'), 'hotseat');
  assert.deepEqual(normalizePlayers('computer'), { kind: 'computer', level: 'medium', human: 'black' });
  const hard = { kind: 'computer', level: 'hard', human: 'green' };
  assert.deepEqual(normalizePlayers(hard), hard);
  assert.deepEqual(normalizePlayers({ kind: 'computer', level: 'expert', human: 'red' }), {
    kind: 'computer',
    level: 'medium',
    human: 'black',
  });
  for (const junk of [undefined, null, 42, '', 'friend', {}, { kind: 'human' }, ['computer']]) {
    assert.equal(normalizePlayers(junk), 'hotseat', JSON.stringify(junk));
  }
});

test('playersFor and computerColor: each colour\u2019s player and the level', () => {
  assert.deepEqual(playersFor('hotseat'), { black: 'human', green: 'human', level: null });
  assert.deepEqual(playersFor({ kind: 'computer', level: 'easy', human: 'green' }), {
    black: 'computer',
    green: 'human',
    level: 'easy',
  });
  assert.deepEqual(playersFor('computer'), { black: 'human', green: 'computer', level: 'medium' });
  assert.equal(computerColor(playersFor('hotseat')), null);
  assert.equal(computerColor(playersFor({ kind: 'computer', human: 'green' })), 'black');
  assert.equal(computerColor(playersFor('computer')), 'green');
  assert.equal(computerColor(null), null);
  assert.equal(computerColor(undefined), null);
});

test('seedOf: the same moment, the same seed', () => {
  const code = 'b1g1/8';
  assert.equal(seedOf(code, [3, 1]), fnv1a(`${code}|3,1`));
  assert.equal(seedOf(code, [3, 1]), seedOf(code, [3, 1]));
  assert.notEqual(seedOf(code, [3, 1]), seedOf(code, [1, 3]));
  assert.notEqual(seedOf(code, [3, 1]), seedOf('b1g2/8', [3, 1]));
});

test('controllerFor: none for a person; one controller a level, the same each time', () => {
  const players = playersFor({ kind: 'computer', level: 'hard', human: 'black' });
  assert.equal(controllerFor(players, 'black'), null);
  const c = controllerFor(players, 'green');
  assert.equal(c.level, 'hard');
  assert.equal(typeof c.takeTurn, 'function');
  assert.equal(controllerFor(players, 'green'), c);
  assert.equal(controllerFor({ ...players, level: 'unknown' }, 'green').level, DEFAULT_LEVEL);
  assert.notEqual(controllerFor({ ...players, level: 'easy' }, 'green'), c);
});

/** A turn as the controller offers it, recording what is done with it. */
function fakeTurn({ roll = null, actions = [], alive = () => true, refuse = false } = {}) {
  const st = { code: 'CODE', edition: 'standard', size: 6, roll, actions: [...actions], winner: null };
  const done = [];
  return {
    done,
    state: () => st,
    roll: () => {
      done.push('roll');
      st.roll = [2, 1];
    },
    undo: () => {
      done.push('undo');
      st.actions.pop();
    },
    play: (from, to) => {
      done.push(`play ${from}-${to}`);
      return !refuse;
    },
    remove: (from) => {
      done.push(`remove ${from}`);
      return true;
    },
    confirm: () => done.push('confirm'),
    thinking: (on) => done.push(`thinking ${on}`),
    shown: async () => {
      done.push('shown');
    },
    alive,
  };
}

/** A client that answers `choose` with these actions. */
const answering = (actions, asked = []) => ({
  request: async (kind, args) => {
    asked.push({ kind, args });
    return { result: { actions, nodes: 10 }, ms: 1 };
  },
});

test('the computer rolls when the dice are not rolled, asks once, plays, shows and confirms', async () => {
  const asked = [];
  const player = computerPlayer(
    'easy',
    answering(
      [
        { from: 3, to: 5, text: 'a' },
        { from: 7, text: 'b' },
      ],
      asked,
    ),
  );
  const turn = fakeTurn();
  await player.takeTurn(turn);
  assert.deepEqual(asked, [
    {
      kind: 'choose',
      args: { code: 'CODE', edition: 'standard', roll: [2, 1], level: 'easy', seed: seedOf('CODE', [2, 1]) },
    },
  ]);
  assert.deepEqual(turn.done, [
    'roll',
    'thinking true',
    'thinking false',
    'play 3-5',
    'shown',
    'remove 7',
    'shown',
    'confirm',
  ]);
});

test('a turn left half played (a reload) is played again from its start', async () => {
  const turn = fakeTurn({ roll: [4, 4], actions: ['x', 'y'] });
  await computerPlayer('hard', answering([])).takeTurn(turn);
  assert.deepEqual(turn.done, ['undo', 'undo', 'thinking true', 'thinking false', 'confirm']);
});

test('a cancelled search plays nothing; a game that changed meanwhile is left alone', async () => {
  const cancelled = fakeTurn({ roll: [1, 1] });
  const client = {
    request: async () => {
      throw new Cancelled();
    },
  };
  await computerPlayer('easy', client).takeTurn(cancelled);
  assert.deepEqual(cancelled.done, ['thinking true', 'thinking false']);

  let alive = true;
  const changed = fakeTurn({ roll: [1, 1], alive: () => alive });
  const slow = {
    request: async () => {
      alive = false;
      return { result: { actions: [{ from: 1, to: 2, text: 'a' }] }, ms: 1 };
    },
  };
  await computerPlayer('easy', slow).takeTurn(changed);
  assert.deepEqual(changed.done, ['thinking true', 'thinking false']);
});

test('an action the engine refuses is a bug, thrown', async () => {
  const turn = fakeTurn({ roll: [1, 2], refuse: true });
  await assert.rejects(
    computerPlayer('easy', answering([{ from: 1, to: 2, text: 'a1-a2' }])).takeTurn(turn),
    /refused the computer's action a1-a2/,
  );
  assert.equal(turn.done.includes('confirm'), false);
  const err = new Error('worker died');
  await assert.rejects(
    computerPlayer('easy', {
      request: async () => {
        throw err;
      },
    }).takeTurn(fakeTurn({ roll: [1, 2] })),
    err,
  );
});

// ---- the worker's client ----

/** Every fake worker started, newest last. */
const workers = [];
class FakeWorker {
  constructor(url, options) {
    this.url = url;
    this.options = options;
    this.posted = [];
    this.listeners = {};
    this.terminated = false;
    workers.push(this);
  }
  addEventListener(type, fn) {
    this.listeners[type] = fn;
  }
  postMessage(message) {
    this.posted.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  answer(data) {
    this.listeners.message({ data });
  }
}

function withBrowser(t) {
  const saved = ['Worker', 'location'].map((k) => [k, Object.getOwnPropertyDescriptor(globalThis, k)]);
  Object.defineProperty(globalThis, 'Worker', { value: FakeWorker, configurable: true, writable: true });
  Object.defineProperty(globalThis, 'location', {
    value: new URL('https://diablo.example/play/'),
    configurable: true,
    writable: true,
  });
  t.after(() => {
    for (const [k, d] of saved) {
      if (d) Object.defineProperty(globalThis, k, d);
      else delete globalThis[k];
    }
  });
}

test('sameOrigin: a worker of another site starts from a blob: module that imports it', (t) => {
  withBrowser(t);
  const same = sameOrigin('/lib/engine/ai-worker.js');
  assert.equal(String(same), 'https://diablo.example/lib/engine/ai-worker.js');
  const other = sameOrigin('https://cdn.example/lib/engine/ai-worker.js');
  assert.match(String(other), /^blob:/);
});

test('the client starts its worker at the first request and answers each request by id', async (t) => {
  withBrowser(t);
  const client = new AiClient('https://diablo.example/w.js');
  assert.equal(workers.length, 0, 'no worker before a request');
  assert.equal(client.busy, false);
  const first = client.request('choose', { code: 'A' });
  const second = client.request('hint', { code: 'B' });
  assert.equal(workers.length, 1);
  const w = workers[0];
  assert.deepEqual(w.options, { type: 'module' });
  assert.deepEqual(w.posted, [
    { id: 1, kind: 'choose', args: { code: 'A' } },
    { id: 2, kind: 'hint', args: { code: 'B' } },
  ]);
  assert.equal(client.busy, true);
  w.answer({ id: 99, ok: true, result: 'nobody asked' });
  w.answer({ id: 2, ok: false, error: 'no legal turn', info: { kind: 'k', params: {}, message: 'm' } });
  w.answer({ id: 1, ok: true, result: { actions: [] }, ms: 12 });
  assert.deepEqual(await first, { result: { actions: [] }, ms: 12 });
  const e = await second.then(
    () => assert.fail('resolved'),
    (x) => x,
  );
  assert.ok(e instanceof ThinkError);
  assert.equal(e.message, 'no legal turn');
  assert.deepEqual(e.info, { kind: 'k', params: {}, message: 'm' });
  assert.equal(client.busy, false);
});

test('cancel ends the worker and rejects what waits; the next request starts a fresh worker', async (t) => {
  withBrowser(t);
  workers.length = 0;
  const client = new AiClient('https://diablo.example/w.js');
  client.cancel();
  assert.equal(workers.length, 0, 'nothing to cancel');
  const waiting = client.request('choose', {});
  client.cancel();
  await assert.rejects(waiting, Cancelled);
  assert.equal(workers[0].terminated, true);
  const again = client.request('choose', {});
  assert.equal(workers.length, 2);
  assert.deepEqual(workers[1].posted, [{ id: 2, kind: 'choose', args: {} }]);
  workers[1].answer({ id: 2, ok: true, result: 'fresh', ms: 0 });
  assert.deepEqual(await again, { result: 'fresh', ms: 0 });
  assert.equal(workers[1].terminated, false);
});

test('a worker that cannot start rejects what waits, with a ThinkError', async (t) => {
  withBrowser(t);
  workers.length = 0;
  const client = new AiClient('https://diablo.example/w.js');
  const waiting = client.request('choose', {});
  let prevented = false;
  workers[0].listeners.error({ message: 'syntax error', preventDefault: () => (prevented = true) });
  await assert.rejects(waiting, (e) => e instanceof ThinkError && /could not start: syntax error/.test(e.message));
  assert.equal(prevented, true);
  assert.equal(client.busy, false);
});
