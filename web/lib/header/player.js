// @ts-check
// This browser's player, as a person manages it: the name others see
// (change it), and the key carried to another browser as a file (export,
// import). Drawn into a box of the page that shows it: the lobby page, and
// the game page's Settings (through online.js). Words: the lobby's.

import { download } from '../download.js';
import { t } from '../i18n/i18n.js';
import { exportIdentity, IdentityError, importIdentity, loadIdentity, renameIdentity } from '../identity.js';

/** @typedef {import('../identity.js').Identity} Identity */

/**
 * An identity error in the lobby's words.
 * @param {unknown} e @param {string} [code] the language (the page's by default)
 */
export function identityText(e, code) {
  const w = t('lobby', code);
  if (!(e instanceof IdentityError)) return String(/** @type {{ message?: unknown }} */ (e)?.message ?? e);
  return (
    {
      name: w.badName,
      unsupported: w.noCrypto,
      kept: w.notKept,
      'not-json': w.badFile,
      'not-key': e.message.includes('damaged') ? w.damagedFile : w.badFile,
      mismatch: w.mismatchFile,
      none: w.noPlayer,
    }[e.kind] ?? e.message
  );
}

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

/**
 * Draws the player's box into `box` (emptied first) and wires it; `changed`
 * hears of a new name or an imported key. Call again to redraw (a language
 * change).
 * @param {HTMLElement} box
 * @param {(me: Identity | null) => void} [changed]
 * @param {string} [code] the language (the page's by default)
 * @param {{ siteRoot: string, api: string } | null} [push] where this
 *   browser's turn notifications are set up (lib/net/push.js), when the
 *   site has a server
 */
export async function playerBox(box, changed, code, push = null) {
  const w = t('lobby', code);
  const me = await loadIdentity();
  const said = el('p', { class: 'player-said', 'aria-live': 'polite', id: 'player-said' });
  /** @param {string} text */
  const say = (text) => {
    said.textContent = text;
  };
  const name = /** @type {HTMLInputElement} */ (
    el('input', { id: 'player-name', maxlength: '24', autocomplete: 'nickname', value: me?.name ?? '' })
  );
  const rename = el('button', { type: 'button', id: 'btn-player-rename' }, [w.rename]);
  const exp = el('button', { type: 'button', id: 'btn-player-export' }, [w.exportKey]);
  const file = /** @type {HTMLInputElement} */ (
    el('input', {
      type: 'file',
      id: 'player-file',
      accept: '.json,application/json',
      class: 'visually-hidden',
      tabindex: '-1',
      'aria-label': w.importKey,
    })
  );
  const imp = el('button', { type: 'button', id: 'btn-player-import' }, [w.importKey]);
  const notify = el('p', { class: 'player-row', id: 'player-push', hidden: '' });
  const rows = me
    ? [
        el('p', {}, [`${w.you} `, el('strong', { id: 'player-me' }, [me.name])]),
        el('p', { class: 'player-row' }, [el('label', {}, [`${w.name} `, name]), ' ', rename]),
        el('p', { class: 'player-row' }, [exp, ' ', imp]),
        notify,
      ]
    : [el('p', {}, [w.noPlayer]), el('p', { class: 'player-row' }, [imp])];
  if (me && push) void drawPush(notify, { ...push, key: me.key, lang: code ?? document.documentElement.lang }, w);
  box.replaceChildren(
    el('h3', { class: 'player-title', id: 'player-title' }, [w.settingsTitle]),
    ...rows,
    file,
    el('p', { class: 'hint' }, [w.keyHelp]),
    said,
  );
  rename.addEventListener('click', () => {
    renameIdentity(name.value).then(
      (now) => {
        changed?.(now);
        return playerBox(box, changed, code, push).then(() => {
          const s = box.querySelector('#player-said');
          if (s) s.textContent = w.renamed;
        });
      },
      (e) => say(identityText(e, code)),
    );
  });
  exp.addEventListener('click', () => {
    exportIdentity().then(
      (text) => download(text, `diablo-key-${(me?.name ?? 'player').replace(/[^\p{L}\p{N}_-]+/gu, '_')}.json`),
      (e) => say(identityText(e, code)),
    );
  });
  imp.addEventListener('click', () => file.click());
  file.addEventListener('change', () => {
    const f = file.files?.[0];
    if (!f) return;
    f.text()
      .then(importIdentity)
      .then(
        (now) => {
          changed?.(now);
          return playerBox(box, changed, code, push).then(() => {
            const s = box.querySelector('#player-said');
            if (s) s.textContent = w.imported(now.name);
          });
        },
        (e) => say(identityText(e, code)),
      );
  });
}

/**
 * The Settings' turn notifications (docs/push.md): "Tell me when it is my
 * turn", or that this device is told and a Stop; the browser's permission
 * asked on the tap only.
 * @param {HTMLElement} row
 * @param {{ siteRoot: string, api: string, key: string, lang: string }} where
 * @param {import('../i18n/i18n.js').Words['lobby']} w
 */
async function drawPush(row, where, w) {
  const m = await import('../net/push.js');
  /** @param {import('../net/push.js').PushState | 'failed'} state */
  const draw = (state) => {
    if (state === 'unsupported') {
      row.hidden = true;
      return;
    }
    const on = state === 'on';
    const b = el('button', { type: 'button', id: on ? 'btn-player-unpush' : 'btn-player-push' }, [
      on ? w.pushOff : w.pushAsk,
    ]);
    const said = on ? w.pushOn : state === 'denied' ? w.pushDenied : state === 'failed' ? w.pushFailed : '';
    row.replaceChildren(
      ...(said ? [el('span', { id: 'player-push-said' }, [said]), ' '] : []),
      ...(state === 'denied' ? [] : [b]),
    );
    row.hidden = false;
    b.addEventListener('click', () => {
      b.setAttribute('disabled', '');
      void (on ? m.pushOff(where) : m.pushOn(where)).then(draw, () => draw('failed'));
    });
  };
  draw(await m.pushState(where.siteRoot));
}
