// @ts-check
// The lobby page's views: they draw the state (state.js) and nothing else.
// The list of open challenges, the connection line, the player's name;
// the create form's clock choices. Input is wired in lobby.js.

import { t } from '../lib/i18n/i18n.js';
import { $ } from '../lib/dom.js';
import { playerUrl } from '../lib/player-api.js';
import { BANKS, DAYS, DEFAULT_BANK, PRESETS } from '../lib/clocks.js';
import { clockKind, liveLabel, QUICK } from './state.js';

/** @typedef {import('./state.js').LobbyState} LobbyState */
/** @typedef {import('../lib/net/lobby-wire.js').Hook} Hook */
/** @typedef {import('../lib/net/lobby-wire.js').Clock} Clock */

/** A clock in words: `5+3`, or `3 days`. @param {Clock} c */
export function clockText(c) {
  const w = t('lobby');
  if ('days' in c) return c.bank ? w.daysBankLabel(c.days, c.bank) : w.daysLabel(c.days);
  return liveLabel(c) ?? '';
}

/**
 * One challenge's row.
 * @param {LobbyState} s @param {Hook} h
 */
function hookRow(s, h) {
  const w = t('lobby');
  const li = document.createElement('li');
  li.className = 'hook';
  li.dataset.game = h.game;
  li.dataset.kind = clockKind(h.clock);
  const mine = s.mine(h);
  li.toggleAttribute('data-mine', mine);
  const player = document.createElement('span');
  player.className = 'hook-player';
  // The poster's name leads to their page (rating, games).
  const name = document.createElement('a');
  name.href = playerUrl(h.player.key);
  name.textContent = h.player.name;
  player.append(name);
  // A computer player says so (lichess's BOT title).
  if (h.player.bot) {
    const bot = document.createElement('span');
    bot.className = 'bot-badge';
    bot.textContent = w.bot;
    bot.title = w.botTitle;
    player.append(' ', bot);
  }
  if (typeof h.player.rating === 'number') {
    const r = document.createElement('span');
    r.className = 'hook-rating';
    r.textContent = `${Math.round(h.player.rating)}${h.player.provisional ? '?' : ''}`;
    player.append(r);
  }
  const game = document.createElement('span');
  game.className = 'hook-game';
  game.textContent = `${h.size}\u00a0×\u00a0${h.size} · ${w[h.edition]} · ${h.rated ? w.rated : w.casual}`;
  const clock = document.createElement('span');
  clock.className = 'hook-clock';
  clock.textContent = clockText(h.clock);
  clock.title = w[clockKind(h.clock)];
  const action = document.createElement('span');
  action.className = 'hook-action';
  const button = document.createElement('button');
  button.type = 'button';
  if (mine) {
    const yours = document.createElement('span');
    yours.className = 'hook-yours';
    yours.textContent = w.yours;
    button.dataset.withdraw = h.game;
    button.textContent = w.withdraw;
    action.append(yours, ' ', button);
  } else {
    button.className = 'primary';
    button.dataset.take = h.game;
    button.textContent = w.take;
    button.setAttribute('aria-label', `${w.takeLabel(h.player.name)}: ${game.textContent}, ${clock.textContent}`);
    action.append(button);
  }
  li.append(player, game, clock, action);
  return li;
}

/**
 * The quick pairing's grid: a button a clock (index `data-quick` in
 * QUICK), with how many open challenges it would take from; usable once
 * the lobby is connected (its list is what a tap matches against).
 * @param {LobbyState} s
 */
function drawQuick(s) {
  const w = t('lobby');
  const open = s.connection === 'open';
  const buttons = QUICK.map((clock, i) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.quick = String(i);
    b.disabled = !open;
    const n = open ? s.quickOpen(clock).filter((h) => !s.mine(h)).length : 0;
    b.toggleAttribute('data-open', n > 0);
    const big = document.createElement('span');
    big.className = 'quick-clock';
    big.textContent = 'days' in clock ? w.daysLabel(clock.days) : (liveLabel(clock) ?? '');
    const note = document.createElement('span');
    note.className = 'quick-note';
    note.textContent = n ? w.quickOpen(n) : w[clockKind(clock)];
    b.append(big, note);
    b.setAttribute('aria-label', w.quickLabel(clockText(clock), n));
    return b;
  });
  $('quick-grid').replaceChildren(...buttons);
}

/** Draws the page from the state. @param {LobbyState} s */
export function render(s) {
  const w = t('lobby');
  const line = $('lobby-state');
  line.dataset.state = s.connection;
  const words = { none: w.noServer, offline: w.offline, connecting: w.connecting, open: '', lost: w.lost };
  $('lobby-state-text').textContent = words[s.connection];
  const message = $('message');
  message.hidden = !s.refusal;
  message.textContent = s.refusal ?? '';
  $('me').hidden = !s.me;
  const me = /** @type {HTMLAnchorElement} */ ($('me-name'));
  me.textContent = s.me?.name ?? '';
  me.href = s.me ? playerUrl(s.me.key) : 'players.html';
  const server = s.connection !== 'none';
  $('open').hidden = !server;
  $('elsewhere').hidden = server;
  $('create').hidden = !server;
  $('quick').hidden = !server;
  drawQuick(s);
  const shown = s.shown();
  const empty = $('hooks-empty');
  empty.hidden = shown.length > 0 || s.connection !== 'open';
  empty.textContent = s.hooks.size ? w.noneMatch : w.empty;
  $('hooks').replaceChildren(...(s.connection === 'open' ? shown.map((h) => hookRow(s, h)) : []));
}

/**
 * Fills the create form's clock choices: the live presets (one pressed)
 * and Custom, and the days a turn.
 * @param {string} chosen the pressed preset (`300+3`, or `custom`)
 */
export function fillClocks(chosen) {
  const w = t('lobby');
  const buttons = PRESETS.map(([initial, increment]) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.preset = `${initial}+${increment}`;
    b.textContent = liveLabel({ initial, increment }) ?? '';
    return b;
  });
  const custom = document.createElement('button');
  custom.type = 'button';
  custom.dataset.preset = 'custom';
  custom.textContent = w.custom;
  buttons.push(custom);
  for (const b of buttons) b.setAttribute('aria-pressed', String(b.dataset.preset === chosen));
  $('c-presets').replaceChildren(...buttons);
  const days = /** @type {HTMLSelectElement} */ ($('c-days-select'));
  const day = days.value || '3';
  days.replaceChildren(...DAYS.map((d) => new Option(w.daysLabel(d), String(d))));
  days.value = day;
  const banks = /** @type {HTMLSelectElement} */ ($('c-bank-select'));
  const bank = banks.value || String(DEFAULT_BANK);
  banks.replaceChildren(...BANKS.map((b) => new Option(b ? w.daysLabel(b) : w.noBank, String(b))));
  banks.value = bank;
}
