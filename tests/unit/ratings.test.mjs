// Ratings and players, free of the DOM: the server's answers read and
// checked (web/lib/player-api.js: a player, games, a history, the
// leaderboard; an answer of another shape refused, a bad entry left out),
// the API's address from the lobby's, a rating as players write it
// ("1540?"), a server game merged into "Your games" once; the players
// page's state (web/players/state.js) over a fake fetch; the rating
// graph's scale (web/players/graph.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryStorage } from './memory-storage.mjs';

globalThis.localStorage = new MemoryStorage();
const apiJs = await import('../../web/lib/player-api.js');
const { PlayersState, rowOf, viewOf } = await import('../../web/players/state.js');
const { axisDates, niceStep, PAD, scaleGraph } = await import('../../web/players/graph.js');
const {
  api,
  ApiError,
  apiBase,
  clockText,
  isProvisional,
  mergeGames,
  onlineEntry,
  playerUrl,
  ratingText,
  readGame,
  readGames,
  readHistory,
  readLeaderboard,
  readPlayer,
  readPlaying,
  waitingFor,
  countedTitle,
} = apiJs;

const ANN = `${'A'.repeat(42)}1`;
const BO = `${'B'.repeat(42)}2`;
const CY = `${'C'.repeat(42)}3`;
const id = (n) => n.toString(16).padStart(32, '0');
/** A game as the API sends it (`G`). */
const G = (n, over = {}) => ({
  game: id(n),
  black: { key: ANN, name: 'Ann' },
  green: { key: BO, name: 'Bo' },
  size: 4,
  edition: 'standard',
  clock: { initial: 60, increment: 0 },
  rated: true,
  result: { winner: 'black', reason: 'resign' },
  ended: `2026-11-2${n % 10}T10:00:00Z`,
  ...over,
});
const PLAYER = {
  key: ANN,
  name: 'Ann',
  rating: 1662.4,
  rd: 290.3,
  provisional: true,
  games: 1,
  wins: 1,
  losses: 0,
  bot: false,
  luck: { games: 1, sum: -0.25 },
};

test('ratingText: rounded, "?" while provisional; provisional from RD 110 up', () => {
  assert.equal(ratingText(1540.4, true), '1540?');
  assert.equal(ratingText(1539.5, false), '1540');
  assert.equal(ratingText(1499.49, false), '1499');
  assert.equal(isProvisional(110), true);
  assert.equal(isProvisional(109.99), false);
  assert.equal(isProvisional(500), true);
});

test('apiBase: the API beside the lobby, over http(s); none without a lobby', () => {
  assert.equal(apiBase('ws://127.0.0.1:8123/lobby'), 'http://127.0.0.1:8123/api/');
  assert.equal(apiBase('wss://example.org/diablo/lobby'), 'https://example.org/diablo/api/');
  assert.equal(apiBase(null), null);
  assert.equal(apiBase('ftp://example.org/lobby'), null);
  assert.equal(apiBase('not a url'), null);
  assert.equal(playerUrl('a-b_c'), 'players.html?key=a-b_c');
});

test('clockText: live as players write it, days in words, nothing for no clock', () => {
  const days = (n) => `${n} days`;
  assert.equal(clockText({ initial: 300, increment: 3 }, days), '5+3');
  assert.equal(clockText({ initial: 30, increment: 0 }, days), '½+0');
  assert.equal(clockText({ initial: 90, increment: 2 }, days), '1:30+2');
  assert.equal(clockText({ days: 3 }, days), '3 days');
  assert.equal(clockText(null, days), '');
});

test('readPlayer: the exact shape, else null', () => {
  assert.deepEqual(readPlayer({ ...PLAYER, extra: 1 }), PLAYER);
  assert.equal(readPlayer({ ...PLAYER, rating: '1500' }), null);
  assert.equal(readPlayer({ ...PLAYER, provisional: 1 }), null);
  assert.equal(readPlayer({ ...PLAYER, games: -1 }), null);
  assert.equal(readPlayer({ ...PLAYER, key: 'short' }), null);
  assert.equal(readPlayer({ ...PLAYER, rating: Number.NaN }), null);
  assert.equal(readPlayer([]), null);
  assert.equal(readPlayer(null), null);
  // A computer player says so; a server that does not say names a person.
  assert.equal(readPlayer({ ...PLAYER, bot: true })?.bot, true);
  const { bot, ...older } = PLAYER;
  assert.deepEqual(readPlayer(older), PLAYER);
  assert.equal(readPlayer({ ...PLAYER, bot: 'yes' })?.bot, false);
  // Luck over rated games: none from a server that does not say, or says
  // it in another shape.
  const { luck, ...unlucky } = PLAYER;
  const none = { ...PLAYER, luck: { games: 0, sum: 0 } };
  assert.deepEqual(readPlayer(unlucky), none);
  for (const bad of [null, 3, { games: -1, sum: 0 }, { games: 1, sum: 'x' }, { games: 1.5, sum: 0 }])
    assert.deepEqual(readPlayer({ ...PLAYER, luck: bad }), none, JSON.stringify(bad));
});

test('readGame and readGames: checked; a bad game left out, a bad list refused', () => {
  const g = readGame(G(1));
  assert.equal(g?.game, id(1));
  assert.equal(g?.ended, Date.parse('2026-11-21T10:00:00Z'));
  assert.deepEqual(g?.clock, { initial: 60, increment: 0 });
  assert.equal(readGame(G(1, { clock: null }))?.clock, null);
  // Black's luck, once worked out; null before, or in another shape.
  assert.equal(g?.luck, null);
  assert.equal(readGame(G(1, { luck: 0.42 }))?.luck, 0.42);
  assert.equal(readGame(G(1, { luck: '0.42' }))?.luck, null);
  assert.equal(readGame(G(1, { result: { winner: null, reason: 'abort' } }))?.result.winner, null);
  for (const bad of [
    { game: 'XYZ' },
    { game: 'ABCDEF'.padEnd(32, '0') },
    { black: { key: ANN } },
    { edition: 'other' },
    { size: 0 },
    { size: 4.5 },
    { rated: 'yes' },
    { result: { winner: 'red', reason: 'rules' } },
    { result: { winner: 'black' } },
    { ended: 'yesterday' },
  ])
    assert.equal(readGame(G(1, bad)), null, JSON.stringify(bad));
  const list = readGames({ games: [G(1), G(2, { edition: 'other' }), 7, G(3)] });
  assert.deepEqual(
    list?.map((x) => x.game),
    [id(1), id(3)],
  );
  assert.equal(readGames({ games: 'none' }), null);
  assert.equal(readGames([]), null);
});

test('readHistory: oldest first, bad points left out; readLeaderboard: by rating', () => {
  const points = readHistory({
    points: [
      { at: '2026-11-28T10:05:00Z', rating: 1600, rd: 200, game: id(2) },
      { at: 'never', rating: 1, rd: 1, game: id(9) },
      { at: '2026-11-28T10:00:00Z', rating: 1550, rd: 300, game: id(1) },
      { at: '2026-11-28T10:09:00Z', rating: '1700', rd: 100 },
    ],
  });
  assert.deepEqual(
    points?.map((p) => p.rating),
    [1550, 1600],
  );
  assert.equal(readHistory({}), null);
  const leaders = readLeaderboard({
    players: [
      { key: BO, name: 'Bo', rating: 1500, rd: 60, games: 30 },
      { key: ANN, name: 'Ann', rating: 1720, rd: 50, games: 40 },
      { key: 'bad', name: 'X', rating: 2000, rd: 50, games: 1 },
      // A bot is never on the board, whatever a server lists.
      { key: ANN.replace('A', 'B'), name: 'Robo', rating: 1900, rd: 50, games: 90, bot: true },
      { key: BO.replace('B', 'C'), name: 'Cy', rating: 1400, rd: 70, games: 20, bot: false },
    ],
  });
  assert.deepEqual(
    leaders?.map((p) => p.name),
    ['Ann', 'Bo', 'Cy'],
  );
  assert.equal(readLeaderboard({ players: {} }), null);
});

/** A fetch answering from a table of paths (what the server would say). */
function fakeFetch(table, asked = []) {
  return async (url) => {
    const path = new URL(url).pathname;
    asked.push(path);
    if (!(path in table)) return new Response('{"error":"not-found"}', { status: 404 });
    const v = table[path];
    if (v instanceof Error) throw v;
    if (typeof v === 'number') return new Response('oops', { status: v });
    return new Response(typeof v === 'string' ? v : JSON.stringify(v), {
      headers: { 'Content-Type': 'application/json' },
    });
  };
}

test('api: paths under the base, 404 is not-found, failures and nonsense are typed', async () => {
  const asked = [];
  const reads = api(
    'http://h/site/api/',
    fakeFetch(
      {
        [`/site/api/players/${ANN}`]: PLAYER,
        [`/site/api/players/${ANN}/games`]: { games: [G(1)] },
        [`/site/api/players/${ANN}/playing`]: { games: [P(1)] },
        '/site/api/leaderboard': 500,
        [`/site/api/games/${id(1)}`]: { ...G(1), link: 'cLINK', clocks: [] },
        [`/site/api/games/${id(2)}`]: 'not json',
        [`/site/api/players/${BO}`]: { ...PLAYER, rating: null },
        [`/site/api/players/${CY}`]: new TypeError('Failed to fetch'),
      },
      asked,
    ),
  );
  assert.deepEqual(await reads.player(ANN), PLAYER);
  assert.equal((await reads.games(ANN)).length, 1);
  assert.equal((await reads.playing(ANN))[0].link, 'cLINK1');
  assert.equal((await reads.game(id(1))).link, 'cLINK');
  const kind = async (p) => p.then(() => 'ok').catch((e) => (e instanceof ApiError ? e.kind : `other ${e}`));
  assert.equal(await kind(reads.history(ANN)), 'not-found');
  assert.equal(await kind(reads.leaderboard()), 'unreachable');
  assert.equal(await kind(reads.game(id(2))), 'bad');
  assert.equal(await kind(reads.player(BO)), 'bad');
  assert.equal(await kind(reads.player(CY)), 'unreachable');
  assert.ok(asked.includes(`/site/api/players/${ANN}/history`));
});

/** A game in progress as the API sends it (`P`). */
const P = (n, over = {}) => ({
  game: id(n),
  black: { key: ANN, name: 'Ann' },
  green: { key: BO, name: 'Bo' },
  size: 8,
  edition: 'sequenced',
  clock: { days: 3 },
  rated: false,
  to_move: 'green',
  deadline: '2026-12-09T10:00:00.000Z',
  link: `cLINK${n}`,
  ...over,
});

test('readPlaying: games in progress checked, in the server’s order; bad ones left out; who waits', () => {
  const list = readPlaying({
    games: [
      P(1),
      P(2, { to_move: 'black', deadline: null, clock: null }),
      P(3, { to_move: 'nobody' }),
      P(4, { deadline: 'soon' }),
      P(5, { link: '' }),
      P(6, { green: null }),
    ],
  });
  assert.deepEqual(
    list?.map((g) => g.game),
    [id(1), id(2), id(6)],
  );
  assert.equal(list?.[0].toMove, 'green');
  assert.equal(list?.[0].deadline, Date.parse('2026-12-09T10:00:00Z'));
  assert.deepEqual(list?.[0].clock, { days: 3 });
  assert.equal(list?.[1].deadline, null);
  assert.deepEqual(list?.[2].green, { key: '', name: '', bot: false }, 'nobody seated at Green');
  // A bot's seat says so (a computer player: its name shows BOT).
  const bot = readPlaying({ games: [P(7, { black: { key: 'A'.repeat(43), name: 'Easy', bot: true } })] });
  assert.deepEqual(bot?.[0].black, { key: 'A'.repeat(43), name: 'Easy', bot: true });
  assert.equal(readPlaying({ nope: [] }), null);
  // Bo waits on one game, Ann on one; the title counts them.
  assert.equal(waitingFor(list ?? [], BO), 1);
  assert.equal(waitingFor(list ?? [], CY), 0);
  assert.equal(countedTitle('Your games — Diablo', 2), '(2) Your games — Diablo');
  assert.equal(countedTitle('(2) Your games — Diablo', 1), '(1) Your games — Diablo');
  assert.equal(countedTitle('(2) Your games — Diablo', 0), 'Your games — Diablo');
});

test('onlineEntry: a server game as a kept friend game from the key’s side; aborted ones left out', () => {
  const e = onlineEntry(readGame(G(1, { result: { winner: 'green', reason: 'time' } })), BO);
  assert.equal(e?.id, `f${id(1)}`);
  assert.equal(e?.kind, 'friend');
  assert.equal(e?.you, 'green');
  assert.equal(e?.winner, 'green');
  assert.equal(e?.reason, 'time');
  assert.deepEqual(e?.names, { black: 'Ann', green: 'Bo' });
  assert.equal(onlineEntry(readGame(G(1)), ANN)?.resigned, true);
  assert.equal(onlineEntry(readGame(G(1, { result: { winner: null, reason: 'abort' } })), ANN), null);
  assert.equal(onlineEntry(readGame(G(1)), CY), null);
});

test('mergeGames: kept games and the server’s, once each (matched by game id), newest first', () => {
  const kept = [
    { id: `f${id(2)}`, at: Date.parse('2026-11-22T12:00:00Z'), kind: 'friend', record: 'r2' },
    { id: 'gLOCAL', at: Date.parse('2026-11-25T12:00:00Z'), kind: 'computer', record: 'r' },
  ];
  const server = readGames({ games: [G(3), G(2), G(1), G(3)] });
  const all = mergeGames(kept, server, ANN);
  assert.deepEqual(
    all.map((g) => g.id),
    ['gLOCAL', `f${id(3)}`, `f${id(2)}`, `f${id(1)}`],
  );
  // The game kept here stays as kept (it has its record); the others are the server's.
  assert.equal(all[2].record, 'r2');
  assert.equal(all[2].online, undefined);
  assert.equal(all[1].online?.game, id(3));
  assert.deepEqual(mergeGames(kept, [], ANN), [kept[1], kept[0]]);
});

test('state: the view from the address; a row from the player’s side', () => {
  assert.deepEqual(viewOf(''), { view: 'leaderboard', key: null });
  assert.deepEqual(viewOf(`?key=${ANN}&lang=de`), { view: 'player', key: ANN });
  const g = readGame(G(1));
  assert.deepEqual(rowOf(g, BO)?.opponent, { key: ANN, name: 'Ann', bot: false });
  assert.equal(rowOf(g, BO)?.outcome, 'lost');
  assert.equal(rowOf(g, ANN)?.outcome, 'won');
  assert.equal(rowOf(readGame(G(1, { result: { winner: null, reason: 'abort' } })), ANN)?.outcome, 'aborted');
  assert.equal(rowOf(g, CY), null);
});

test('state: a player loaded (games newest first), one not found, a bad key asked of nobody', async () => {
  const asked = [];
  const table = {
    [`/api/players/${ANN}`]: PLAYER,
    [`/api/players/${ANN}/games`]: { games: [G(1), G(5), G(3)] },
    [`/api/players/${ANN}/history`]: { points: [{ at: '2026-11-28T10:00:00Z', rating: 1662, rd: 290, game: id(5) }] },
    [`/api/players/${ANN}/playing`]: { games: [P(7), P(8, { to_move: 'black' })] },
    '/api/leaderboard': { players: [] },
  };
  const reads = api('http://h/api/', fakeFetch(table, asked));
  const s = new PlayersState(`?key=${ANN}`);
  s.me = ANN;
  await s.load(reads);
  assert.equal(s.status, 'ready');
  assert.equal(s.mine, true);
  assert.deepEqual(
    s.rows.map((r) => r.game.game),
    [id(5), id(3), id(1)],
  );
  assert.equal(s.history.length, 1);
  assert.deepEqual(
    s.playing.map((g) => [g.game, g.toMove]),
    [
      [id(7), 'green'],
      [id(8), 'black'],
    ],
  );
  const gone = new PlayersState(`?key=${BO}`);
  await gone.load(reads);
  assert.equal(gone.status, 'not-found');
  const bad = new PlayersState('?key=nonsense');
  const before = asked.length;
  await bad.load(reads);
  assert.equal(bad.status, 'not-found');
  assert.equal(asked.length, before);
  const board = new PlayersState('');
  await board.load(reads);
  assert.equal(board.status, 'ready');
  assert.deepEqual(board.leaders, []);
  // A history the server cannot give leaves the rest of the page.
  delete table[`/api/players/${ANN}/history`];
  const noHistory = new PlayersState(`?key=${ANN}`);
  await noHistory.load(reads);
  assert.equal(noHistory.status, 'ready');
  assert.deepEqual(noHistory.history, []);
  // Nor do games in progress the server cannot give.
  delete table[`/api/players/${ANN}/playing`];
  const noPlaying = new PlayersState(`?key=${ANN}`);
  await noPlaying.load(reads);
  assert.equal(noPlaying.status, 'ready');
  assert.deepEqual(noPlaying.playing, []);
  // A server that fails is said as such.
  table['/api/leaderboard'] = 502;
  const down = new PlayersState('');
  await down.load(reads);
  assert.equal(down.status, 'unreachable');
});

test('graph: round steps; points evenly spaced inside the area, higher ratings higher up', () => {
  assert.equal(niceStep(0), 10);
  assert.equal(niceStep(100), 25);
  assert.equal(niceStep(170), 50);
  assert.equal(niceStep(1000), 250);
  const at = (i) => Date.parse('2026-11-01T00:00:00Z') + i * 86_400_000;
  const points = [1500, 1662, 1610, 1700].map((rating, i) => ({ at: at(i), rating, rd: 200, game: id(i) }));
  const g = scaleGraph(points, 320, 180);
  assert.equal(g.dots.length, 4);
  assert.equal(g.dots[0].x, PAD.left);
  assert.equal(g.dots[3].x, 320 - PAD.right);
  const gaps = g.dots.slice(1).map((d, i) => d.x - g.dots[i].x);
  for (const gap of gaps) assert.ok(Math.abs(gap - gaps[0]) < 0.2);
  // Higher rating, smaller y (SVG's y grows downwards); every dot inside the area.
  assert.ok(g.dots[1].y < g.dots[0].y);
  assert.ok(g.dots[3].y < g.dots[2].y);
  for (const d of g.dots) assert.ok(d.y >= g.area.top && d.y <= g.area.bottom);
  // The scale covers the ratings in round steps, bottom to top.
  const values = g.ticks.map((t) => t.value);
  assert.ok(values[0] <= 1500 && values.at(-1) >= 1700);
  assert.ok(values.every((v) => v % 50 === 0));
  assert.match(g.path, /^M46 \S+ L/);
});

test('graph: one game is one dot in the middle, on a scale around it', () => {
  const g = scaleGraph([{ at: 0, rating: 1662, rd: 290, game: '' }], 600, 220);
  assert.equal(g.dots[0].x, (PAD.left + 600 - PAD.right) / 2);
  assert.ok(g.ticks.length >= 3);
  assert.ok(g.ticks[0].value < 1662 && g.ticks.at(-1).value > 1662);
  const flat = scaleGraph([], 300, 200);
  assert.equal(flat.path, '');
});

test('a side nobody sat at with a key is read as nobody, never as a player', () => {
  const g = readGame(G(1, { green: null }));
  assert.deepEqual(g?.green, { key: '', name: '', bot: false });
  assert.equal(rowOf(g, ANN)?.opponent.key, '');
  assert.equal(onlineEntry(g, ANN)?.names.green, '');
  assert.equal(readGame(G(1, { green: { key: '', name: 'x' } })), null);
});

// Broken on purpose (the day at both ends): the one-day case reads
// "Dec 7, 2026" twice.
test('graph: the dates below name two days, or one day and both times', () => {
  const at = (iso) => Date.parse(iso);
  assert.deepEqual(axisDates(at('2026-12-01T10:00:00Z'), at('2026-12-07T18:30:00Z'), 'en-US', 'UTC'), [
    'Dec 1, 2026',
    'Dec 7, 2026',
  ]);
  const [left, right] = axisDates(at('2026-12-07T06:10:00Z'), at('2026-12-07T06:58:00Z'), 'en-US', 'UTC');
  assert.match(left, /^Dec 7, 2026.*6:10\sAM$/);
  assert.match(right, /^6:58\sAM$/);
  assert.deepEqual(axisDates(at('2026-12-07T06:10:00Z'), at('2026-12-07T06:10:00Z'), 'de', 'UTC'), [
    '07.12.2026',
    null,
  ]);
});
