// @ts-check
// The friend page's controls, wired once through `on` (a bug in a handler
// stops the page): each reads its fields, asks the state, and brings what
// it made into view. The board's own buttons are the board component's.

import { label, t } from '../lib/i18n/i18n.js';
import { guard, listSizes, on, pickLanguages } from '../lib/page.js';
import { $, button, input, select, textArea } from '../lib/dom.js';

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
  };
  words();
  // The header's picker: the page in the new language, its game as it was.
  pickLanguages(['page', 'errors', 'friend'], () => {
    words();
    view.render();
  });
  listSizes(select('new-size'), 8);
  on('btn-invite', 'click', () => {
    const made = s.invite({
      size: Number(select('new-size').value),
      edition: select('new-edition').value,
      color: /** @type {'black' | 'green' | 'random'} */ (select('new-color').value),
      name: input('new-name').value,
      links: input('mode-links').checked,
    });
    if (made) view.revealSend();
  });
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
    if (!s.shown?.keys || !globalThis.confirm(t('friend').resignConfirm)) return;
    if (s.play('resign')) view.revealSend();
  });
  on('btn-rematch', 'click', () => {
    const game = s.rematch(input('new-name').value);
    if (!game || game === 'offer') return;
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
    void Notification.requestPermission().then(
      guard(() => view.render()),
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

/** Copies the link to send; where the clipboard is not allowed, selects it. @param {string} copied */
async function copyLink(copied) {
  try {
    await navigator.clipboard.writeText(input('send-link').value);
    button('btn-copy').textContent = copied;
  } catch {
    input('send-link').select();
  }
}
