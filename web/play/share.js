// @ts-check
// Sharing: the game's link in the address bar and the share box, copying
// (link, position code, record) with a fallback when the clipboard is
// unavailable, and the text record as a download or an import. The engine
// writes and reads every link and record; this file only moves text. All
// text goes in with textContent or .value, never as HTML.

import { errorInfo, isCorrLink } from '../lib/engine/engine.js';
import { errorText, language, loadLanguage, t } from '../lib/i18n/i18n.js';
import { $, dialog as dialogOf, input, textArea } from '../lib/dom.js';

/** The link in the address bar (the fragment, without `#`), or ''. */
export function fragment() {
  const hash = globalThis.location?.hash ?? '';
  return hash.startsWith('#') ? hash.slice(1) : hash;
}

/** A game-by-link link in the address bar goes to the friend page (web/friend.html): true when it went. */
export function toFriend() {
  const typed = fragment();
  if (!typed || !isCorrLink(typed)) return false;
  location.replace(`web/friend.html#${typed}`);
  return true;
}

/** The page's address for a link. */
export function urlOf(link) {
  return `${location.href.split('#')[0]}#${link}`;
}

let published = '';

/**
 * Makes `link` the page's link: the address bar (replaced, so no history
 * entry and no reload) and the share box.
 */
export function publish(link) {
  published = link;
  if (fragment() !== link) {
    try {
      history.replaceState(history.state, '', `#${link}`);
    } catch {
      // Some embedded or sandboxed pages refuse; the share box still has it.
    }
  }
  const url = urlOf(link);
  const box = input('share-link');
  if (box && box.value !== url) box.value = url;
  const size = $('share-length');
  if (size) {
    size.textContent = t().linkLength(link.length);
    size.dataset.length = String(link.length);
  }
}

/** Whether `text` is the link this page last wrote (not one a person typed). */
export function isPublished(text) {
  return text === published;
}

/**
 * The link of a game being played: its finished turns, the last one viewed.
 * @param {import('../lib/engine/engine.js').Session} session
 */
export function linkOfGame(session) {
  return session.link();
}

// ---- copying ---------------------------------------------------------------------

/**
 * Copies text to the clipboard, else by the selection, else in a dialog
 * for the person (copy.js, loaded with the first copy: not at start).
 * Returns whether it was copied.
 * @param {string} text @param {HTMLElement} button
 */
export async function copy(text, button) {
  const parts = { copied: t().copiedShort, dialog: dialogOf('copy-dialog'), area: textArea('copy-text') };
  return (await import('./copy.js')).copy(text, button, parts);
}

// ---- the text record ---------------------------------------------------------------

/** A file name for a game record: `diablo-8x8-standard-2025-01-31.txt`. */
export function recordFileName(size, edition, date = new Date()) {
  const day = date.toISOString().slice(0, 10);
  return `diablo-${size}x${size}-${edition}-${day}.txt`;
}

// ---- wiring -------------------------------------------------------------------------

let cached = { session: null, turns: -1, link: '' };

/**
 * Publishes the link of the game being played; it is computed again only
 * when the game or its number of finished turns changes.
 */
export function publishGame(session) {
  const turns = session.state.log.length;
  if (cached.session !== session || cached.turns !== turns) {
    cached = { session, turns, link: linkOfGame(session) };
  }
  publish(cached.link);
}

/**
 * Connects the share box and the record buttons.
 * @param {{ record(): string, state(): {size:number, edition:string},
 *           ready(): Promise<unknown>, open(text: string): void, news(text: string): void }} hooks
 * @param {<F extends (...args: any[]) => any>(fn: F) => F} guard
 */
export function wireSharing(hooks, guard) {
  /** @param {string} id @param {string} ev @param {(e: Event) => void} fn */
  const on = (id, ev, fn) => $(id).addEventListener(ev, guard(fn));
  on('btn-copy-link', 'click', async () => {
    const ok = await copy(input('share-link').value, $('btn-copy-link'));
    hooks.news(ok ? t().linkCopied : t().copyByHand);
  });
  on('btn-copy-record', 'click', async () => {
    const ok = await copy(hooks.record(), $('btn-copy-record'));
    hooks.news(ok ? t().recordCopied : t().copyByHand);
  });
  on('btn-download', 'click', () => {
    const { size, edition } = hooks.state();
    // The download's module loads with the first download, not at start.
    const text = hooks.record();
    import('../lib/download.js')
      .then((m) => m.download(text, recordFileName(size, edition)))
      .catch((e) => hooks.news(String(e)));
  });
  on('copy-close', 'click', () => dialogOf('copy-dialog').close());
  // The import dialog's code loads when it is first opened.
  on('btn-import', 'click', () => {
    /** @param {unknown} e */
    const explain = (e) => {
      const info = errorInfo(e);
      if (!info) throw e;
      return t().importFailed(errorText(info));
    };
    // The dialog and the words of what it may refuse.
    Promise.all([import('./import-dialog.js'), loadLanguage(language(), ['errors']), hooks.ready()])
      .then(([m]) => m.openImport({ open: hooks.open, explain, words: t, guard }))
      .catch((e) => {
        hooks.news(e instanceof Error ? e.message : String(e));
      });
  });
}
