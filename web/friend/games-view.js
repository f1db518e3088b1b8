// @ts-check
// "Your games" on the friend page: the kept games (ask.js gameList), one
// row each with its state, a link that opens it and its keys to export.

import { language } from '../lib/i18n/i18n.js';
import { guard } from '../lib/page.js';
import { $, textArea } from '../lib/dom.js';
import { gameList } from './ask.js';

/** @typedef {import('./state.js').FriendState} FriendState */
/** @typedef {import('../lib/i18n/i18n.js').Words['friend']} FriendWords */

/**
 * Draws the list of kept games; returns its rows.
 * @param {FriendState} s @param {import('../lib/i18n/i18n.js').Words['friend']} w
 */
export function drawGames(s, w) {
  const list = $('games-list');
  list.textContent = '';
  const rows = gameList(s);
  $('games-empty').hidden = rows.length > 0;
  for (const g of rows) {
    const v = g.view;
    const state = {
      over: g.winner ? w.rowOver(w.colorName(g.winner)) : w.rowAborted,
      accept: w.rowAccept,
      start: w.rowStart,
      yourTurn: w.rowYourTurn,
      theirTurn: w.rowTheirTurn,
    }[g.say];
    const move = g.turn ? ` · ${w.lastMove(g.turn.roll, g.turn.turn)}` : '';
    const text = document.createElement('span');
    text.textContent = `${v.size}×${v.size} ${w.row(g.opponent, w.colorName(g.you), state)}${move} · ${w.arrived(
      new Date(g.at).toLocaleString(language()),
    )}`;
    const li = document.createElement('li');
    li.dataset.game = g.id;
    li.dataset.state = v.yourMove ? 'yours' : v.due;
    const open = document.createElement('a');
    open.href = `#${v.link}`;
    open.textContent = w.open;
    const exp = document.createElement('button');
    exp.type = 'button';
    exp.textContent = w.exportKeys;
    exp.addEventListener(
      'click',
      guard(() => {
        textArea('keys-text').value = g.keys;
        textArea('keys-text').closest('details')?.setAttribute('open', '');
      }),
    );
    li.append(text, ' ', open, ' ', exp);
    list.append(li);
  }
  return rows;
}

/**
 * This player's games in progress whose keys are in another browser
 * (FriendState.elsewhere): each with whose move it is and a link that
 * opens it here (to watch); the keys box opens when one is watched.
 * @param {FriendState} s @param {FriendWords} w
 */
export function drawElsewhere(s, w) {
  $('games-elsewhere').hidden = !s.elsewhere.length;
  $('elsewhere-list').replaceChildren(
    ...s.elsewhere.map((g) => {
      const li = document.createElement('li');
      li.dataset.game = g.id;
      li.dataset.state = g.yourMove ? 'yours' : 'theirs';
      const text = document.createElement('span');
      text.textContent = `${g.size}×${g.size} ${w.elsewhereRow(g.opponent, g.yourMove)}`;
      const open = document.createElement('a');
      open.href = `#${g.link}`;
      open.textContent = w.open;
      li.append(text, ' ', open);
      return li;
    }),
  );
  const mine = s.watchingMine();
  $('watch-yours').hidden = !mine;
  if (mine) /** @type {HTMLDetailsElement} */ ($('keys-details')).open = true;
}
