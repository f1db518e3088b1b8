// @ts-check
// The players page's views: they draw the state (state.js) and nothing
// else: the status line, a player's page (rating, record, the rating
// graph as an inline SVG, the games), the leaderboard. Input is wired in
// players.js.

import { language, t } from '../lib/i18n/i18n.js';
import { $ } from '../lib/dom.js';
import { clockText, isProvisional, playerUrl, ratingText, seatIn } from '../lib/player-api.js';
import { signed } from '../lib/review/tables.js';
import { axisDates, scaleGraph } from './graph.js';

/** @typedef {import('./state.js').PlayersState} PlayersState */
/** @typedef {import('./state.js').Row} Row */

const SVG = 'http://www.w3.org/2000/svg';

/**
 * @param {string} tag @param {Record<string, string>} [attrs] @param {(string | Node)[]} [kids]
 * @returns {HTMLElement}
 */
function el(tag, attrs = {}, kids = []) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...kids);
  return e;
}

/** @param {string} tag @param {Record<string, string | number>} attrs @param {string} [text] */
function svg(tag, attrs, text) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/** @param {number} at @param {Intl.DateTimeFormatOptions} [o] */
const dateText = (at, o = { dateStyle: 'medium', timeStyle: 'short' }) =>
  new Intl.DateTimeFormat(language(), o).format(at);

/** A link to a player's page (a side nobody sat at with a key: "?"). @param {{ key: string, name: string }} p */
const playerLink = (p) =>
  p.key ? el('a', { href: playerUrl(p.key), class: 'player-link' }, [p.name]) : el('span', {}, [p.name || '?']);

/**
 * A game's line under its players: the board, the edition, the clock,
 * rated or not.
 * @param {{ size: number, edition: 'standard' | 'sequenced', clock: import('../lib/player-api.js').Clock | null, rated: boolean }} g
 */
function metaLine(g) {
  const w = t('lobby');
  const parts = [
    `${g.size}\u00a0×\u00a0${g.size}`,
    w[g.edition],
    clockText(g.clock, w.daysLabel, w.daysBankLabel),
    g.rated ? w.rated : w.casual,
  ];
  return el('div', { class: 'g-meta' }, [parts.filter(Boolean).join(' · ')]);
}

/** One game of a player's list. @param {Row} r */
function gameRow(r) {
  const w = t('lobby');
  const g = r.game;
  const li = el('li', { 'data-game': g.game, 'data-outcome': r.outcome });
  const outcome = { won: w.resultWon, lost: w.resultLost, aborted: w.resultAborted }[r.outcome];
  const how = r.outcome === 'aborted' ? '' : w.reasonText(g.result.reason);
  const head = el('div', { class: 'g-head' }, [
    el('span', { class: 'g-result' }, [how ? `${outcome} (${how})` : outcome]),
    el('time', { datetime: new Date(g.ended).toISOString() }, [dateText(g.ended)]),
  ]);
  const color = r.side === 'black' ? w.black : w.green;
  const who = el('div', { class: 'g-who' }, [`${w.against} `, playerLink(r.opponent), ` · ${w.asColor(color)}`]);
  const meta = metaLine(g);
  // The player's own luck in a rated game, once the server worked it out.
  if (g.luck !== null) {
    const mine = r.side === 'black' ? g.luck : -g.luck;
    const luck = el('span', { class: 'g-luck', title: w.luckHelp }, [w.luckGame(signed(mine, w.decimal))]);
    meta.append(' · ', luck);
  }
  const text = el('div', { class: 'g-text' }, [head, who, meta]);
  li.append(text);
  if (r.outcome !== 'aborted') {
    const label = `${outcome}, ${w.against} ${r.opponent.name}`;
    li.append(
      el('div', { class: 'row' }, [
        el('button', { type: 'button', 'data-replay': g.game, 'aria-label': `${w.replay}: ${label}` }, [w.replay]),
        el('button', { type: 'button', 'data-review': g.game, 'aria-label': `${w.review}: ${label}` }, [w.review]),
      ]),
    );
  }
  return li;
}

/**
 * Draws the rating graph into `box` at its width (call again when that
 * changes): a line through one dot a rated game, the scale on the left,
 * the first and last dates below.
 * @param {HTMLElement} box @param {PlayersState} s
 */
export function drawGraph(box, s) {
  const w = t('lobby');
  const points = s.history;
  if (!points.length) {
    box.replaceChildren(el('p', { class: 'players-empty' }, [w.noGraph]));
    return;
  }
  const width = Math.max(240, Math.floor(box.clientWidth || 600));
  const height = width < 480 ? 180 : 220;
  const g = scaleGraph(points, width, height);
  const first = points[0];
  const last = points[points.length - 1];
  const label = w.graphLabel(
    ratingText(first.rating, isProvisional(first.rd)),
    ratingText(last.rating, isProvisional(last.rd)),
    points.length,
  );
  const root = svg('svg', { width, height, viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': label });
  root.append(svg('title', {}, label));
  for (const tick of g.ticks) {
    root.append(
      svg('line', { x1: g.area.left, x2: g.area.right, y1: tick.y, y2: tick.y, class: 'graph-grid' }),
      svg('text', { x: g.area.left - 6, y: tick.y + 4, 'text-anchor': 'end', class: 'graph-text' }, String(tick.value)),
    );
  }
  root.append(svg('path', { d: g.path, class: 'graph-line' }));
  for (const d of g.dots) {
    const dot = svg('circle', {
      cx: d.x,
      cy: d.y,
      r: 4.5,
      class: isProvisional(d.point.rd) ? 'graph-dot provisional' : 'graph-dot',
    });
    dot.append(svg('title', {}, `${ratingText(d.point.rating, isProvisional(d.point.rd))} · ${dateText(d.point.at)}`));
    root.append(dot);
  }
  const below = g.area.bottom + 18;
  const [from, to] = axisDates(first.at, last.at, language());
  root.append(svg('text', { x: g.area.left, y: below, class: 'graph-text' }, from));
  if (points.length > 1 && to !== null)
    root.append(svg('text', { x: g.area.right, y: below, 'text-anchor': 'end', class: 'graph-text' }, to));
  box.replaceChildren(root);
}

/**
 * A game the player is playing: against whom, whose move and by when, a
 * link to watch it (the friend page opens it; the player's own browser
 * plays it); none when the player sits at neither side.
 * @param {import('../lib/player-api.js').PlayingGame} g @param {string} key
 * @returns {HTMLElement[]}
 */
function playingRow(g, key) {
  const w = t('lobby');
  const seat = seatIn(g, key);
  if (!seat) return [];
  const { you: side, opponent, yourMove: theirs } = seat;
  const head = el('div', { class: 'g-head' }, [
    el('span', { class: 'g-result' }, [theirs ? w.playingTheirMove : w.playingOtherMove]),
    ...(g.deadline === null
      ? []
      : [el('time', { datetime: new Date(g.deadline).toISOString() }, [w.playingBy(dateText(g.deadline))])]),
  ]);
  const color = side === 'black' ? w.black : w.green;
  const who = el('div', { class: 'g-who' }, [`${w.against} `, playerLink(opponent), ` · ${w.asColor(color)}`]);
  const meta = metaLine(g);
  const li = el('li', { 'data-game': g.game, 'data-turn': theirs ? 'theirs' : 'other' }, [
    el('div', { class: 'g-text' }, [head, who, meta]),
  ]);
  const open = el('a', { href: `friend.html#${g.link}`, class: 'g-open' }, [w.playingOpen]);
  li.append(el('div', { class: 'row' }, [open]));
  return [li];
}

/** The player's page. @param {PlayersState} s */
function renderPlayer(s) {
  const w = t('lobby');
  const p = s.player;
  if (!p) return;
  const name = $('player-name');
  name.replaceChildren(p.name);
  // A computer player says so (lichess's BOT title).
  if (p.bot) name.append(' ', el('span', { class: 'bot-badge', title: w.botTitle }, [w.bot]));
  if (s.mine) name.append(' ', el('span', { class: 'player-you' }, [w.itsYou]));
  $('player-rating').textContent = ratingText(p.rating, p.provisional);
  $('player-rating').dataset.provisional = String(p.provisional);
  $('player-record').textContent = w.record(p.games, p.wins, p.losses);
  $('player-provisional').hidden = !p.provisional;
  const luck = $('player-luck');
  luck.hidden = p.luck.games === 0;
  $('player-luck-help').hidden = luck.hidden;
  if (p.luck.games) {
    const d = w.decimal;
    luck.textContent = w.luckTotal(p.luck.games, signed(p.luck.sum, d), signed(p.luck.sum / p.luck.games, d));
  }
  drawGraph($('graph'), s);
  $('games-empty').hidden = s.rows.length > 0;
  $('player-games').replaceChildren(...s.rows.map(gameRow));
  $('playing').hidden = !s.playing.length;
  $('player-playing').replaceChildren(...s.playing.flatMap((g) => playingRow(g, p.key)));
}

/** The leaderboard. @param {PlayersState} s */
function renderLeaders(s) {
  $('leaders-empty').hidden = s.leaders.length > 0;
  const you = s.standing;
  const standing = $('leaders-you');
  standing.hidden = !you;
  if (you) {
    standing.textContent = t('lobby').yourStanding(
      ratingText(you.rating, isProvisional(you.rd)),
      you.games,
      Math.round(you.rd),
    );
  }
  $('leaders-table').hidden = !s.leaders.length;
  const body = /** @type {HTMLTableSectionElement} */ ($('leaders-table').querySelector('tbody'));
  body.replaceChildren(
    ...s.leaders.map((p, i) => {
      const tr = el('tr', { 'data-key': p.key }, [
        el('td', {}, [String(i + 1)]),
        el('td', {}, [playerLink(p)]),
        el('td', {}, [ratingText(p.rating, isProvisional(p.rd))]),
        el('td', {}, [String(p.games)]),
      ]);
      if (p.key === s.me) tr.dataset.me = 'true';
      return tr;
    }),
  );
}

/** Draws the page from the state. @param {PlayersState} s */
export function render(s) {
  const w = t('lobby');
  const line = $('players-state');
  line.dataset.state = s.status;
  const words = {
    loading: w.loading,
    none: w.noRatings,
    offline: w.offline,
    'not-found': w.noPlayerKey,
    unreachable: w.unreachable,
    ready: '',
  };
  line.replaceChildren(words[s.status]);
  line.hidden = s.status === 'ready';
  const ready = s.status === 'ready';
  $('player').hidden = !(ready && s.view === 'player');
  $('leaders').hidden = !(ready && s.view === 'leaderboard');
  if (ready && s.view === 'player') renderPlayer(s);
  if (ready && s.view === 'leaderboard') renderLeaders(s);
  const board = $('link-leaderboard');
  if (s.view === 'leaderboard') board.setAttribute('aria-current', 'page');
  else board.removeAttribute('aria-current');
  const title = s.view === 'player' && s.player ? s.player.name : w.leaderboard;
  document.title = `${title} — ${w.credit}`;
}
