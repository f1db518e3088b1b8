// @ts-check
// The friend page's controls, wired once through `on` (a bug in a handler
// stops the page): each reads its fields, asks the state, and brings what
// it made into view. The board's own buttons are the board component's.

import { label, t } from '../lib/i18n/i18n.js';
import { messageOf } from '../lib/engine/engine.js';
import { fail, guard, listSizes, on, pickLanguages } from '../lib/page.js';
import { $, button, input, select, textArea } from '../lib/dom.js';
import { clockText, DAYS, PRESETS } from '../lib/clocks.js';
import { readSetting } from './clock.js';
import { inviteOnClock, keepClock } from './lobby.js';
import { ownerText } from '../lib/net/owner.js';
import { resignHow } from './ask.js';

/** @typedef {import('./state.js').FriendState} FriendState */
/** @typedef {import('./view.js').FriendView} FriendView */

/** @param {FriendState} s @param {FriendView} view */
export function wire(s, view) {
  // The page's words, looked up when used: the picker may change them.
  const words = () => {
    const w = t('friend');
    label(w, 'w');
    view.pageTitle = `${w.title} — ${w.credit}`;
    document.title = view.pageTitle;
    // The game's turns, labelled in the page words.
    $('log').setAttribute('aria-label', t().log);
    listClocks(select('new-clock'), w);
  };
  words();
  // The header's picker: the page in the new language, its game as it was.
  pickLanguages(['page', 'errors', 'friend'], () => {
    words();
    view.render();
  });
  listSizes(select('new-size'), 8);
  on('btn-invite', 'click', () => {
    const game = {
      size: Number(select('new-size').value),
      edition: select('new-edition').value,
      color: /** @type {'black' | 'green' | 'random'} */ (select('new-color').value),
      name: input('new-name').value,
      links: input('mode-links').checked,
    };
    const clock = s.relay && !game.links ? readChoice(select('new-clock').value) : null;
    if (clock) void inviteOnClock(s, view, game, clock).catch((e) => fail(messageOf(e)));
    else if (s.invite(game)) view.revealSend();
  });
  // A clock is for live games: the server keeps it.
  const clockFollowsMode = () => {
    select('new-clock').disabled = input('mode-links').checked;
  };
  on('mode-live', 'change', clockFollowsMode);
  on('mode-links', 'change', clockFollowsMode);
  on('btn-accept', 'click', () => {
    if (s.accept(input('accept-name').value)) view.revealSend();
  });
  on('btn-import', 'click', () => s.importKeys(textArea('keys-text').value.trim()));
  on('btn-copy', 'click', () => {
    void copyLink(t('friend').copied);
  });
  const share = button('btn-share');
  share.hidden = typeof navigator.share !== 'function';
  on('btn-share', 'click', () => {
    void navigator.share?.({ title: t('friend').title, url: input('send-link').value }).catch(() => {});
  });
  on('btn-resign', 'click', () => {
    const how = resignHow(s);
    if (!how || !globalThis.confirm(t('friend').resignConfirm)) return;
    // On one's own turn the links say it; on the other's, the server does.
    if (how === 'server') s.resignLive();
    else if (s.play('resign')) view.revealSend();
  });
  on('btn-rematch', 'click', () => {
    // A game on a clock gets a rematch on the same clock, and a rated one
    // a rated rematch (the server checks it follows that rated game).
    const finished = s.shown;
    const kept = finished && s.relay && s.me ? s.kept.get(finished.id) : null;
    const clock = kept?.clock ?? null;
    const rated = Boolean(clock && kept?.rated);
    const owner = clock && s.me ? ownerText(s.me.key, { clock, rated, unlisted: true }) : undefined;
    const post = clock && finished ? { rated, rematch: finished.id } : undefined;
    const game = s.rematch(
      input('new-name').value,
      clock ? (made) => keepClock(s, made, clock, post) : undefined,
      owner,
      { clock, rated },
    );
    if (!game || game === 'offer') return;
    // (A lobby game's own clock may be none of the form's: then none is shown.)
    select('new-clock').value = clock ? choiceOf(clock) : '';
    if (select('new-clock').selectedIndex < 0) select('new-clock').value = '';
    // The form shows the rematch's choices, for the next one.
    select('new-size').value = String(game.size);
    select('new-edition').value = game.edition;
    select('new-color').value = game.color;
    input('mode-live').checked = !game.links;
    input('mode-links').checked = game.links;
    view.revealSend();
  });
  on('btn-offer', 'click', () => {
    s.takeOffer();
    view.revealOpened();
  });
  on('btn-live', 'click', () => s.playLive());
  on('btn-claim', 'click', () => s.claim());
  on('btn-notify', 'click', () => {
    const where = view.pushWhere;
    const asked = where
      ? import('../lib/net/push.js').then((m) => m.pushOn(where))
      : Notification.requestPermission().then(() => null);
    void asked.then(
      guard((state) => {
        if (state) view.pushState = state;
        view.render();
      }),
      guard(() => view.render()),
    );
  });
  on('btn-unpush', 'click', () => {
    const where = view.pushWhere;
    if (!where) return;
    void import('../lib/net/push.js')
      .then((m) => m.pushOff(where))
      .then(
        guard((state) => {
          view.pushState = state;
          view.render();
        }),
        guard(() => view.render()),
      );
  });
  document.addEventListener(
    'visibilitychange',
    guard(() => {
      if (document.visibilityState === 'visible') document.title = view.pageTitle;
    }),
  );
  globalThis.addEventListener(
    'hashchange',
    guard(() => {
      const link = location.hash.slice(1);
      if (!link) return;
      s.open(link);
      view.revealOpened();
    }),
  );
}

/**
 * Fills the invitation's clock choice in the page's words, keeping the one
 * chosen: none, the live presets (`180+2`), the days a turn (`d3`).
 * @param {HTMLSelectElement} el @param {import('../lib/i18n/i18n.js').Words['friend']} w
 */
function listClocks(el, w) {
  const chosen = el.value;
  el.replaceChildren(
    new Option(w.noClock, ''),
    ...PRESETS.map(([initial, increment]) => {
      const c = { initial, increment };
      return new Option(clockText(c, w.daysATurn), `${initial}+${increment}`);
    }),
    ...DAYS.map((d) => new Option(w.daysATurn(d), `d${d}`)),
  );
  el.value = chosen;
}

/** A clock setting's choice (listClocks). @param {import('./clock.js').ClockSetting} c */
const choiceOf = (c) => ('days' in c ? `d${c.days}` : `${c.initial}+${c.increment}`);

/** A clock choice's setting (listClocks), or null for none. @param {string} value */
export function readChoice(value) {
  if (!value) return null;
  return value.startsWith('d') ? readSetting(null, value.slice(1)) : readSetting(value, null);
}

/** Copies the link to send; where the clipboard is not allowed, selects it. @param {string} copied */
async function copyLink(copied) {
  try {
    await navigator.clipboard.writeText(input('send-link').value);
    button('btn-copy').textContent = copied;
  } catch {
    input('send-link').select();
  }
}
