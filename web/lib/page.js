// @ts-check
// How every page starts and how it fails, one way for all of them (the
// game page, the friend page, the analysis board, the lessons, the
// puzzles, "Your games", the rules page). The element (<diablo-board>)
// lives inside other people's pages: it never comes here for its start
// (no global handlers, no theme set on its host), shows its failures in
// its own box but words them the same way; so does its iframe route
// (web/embed/frame.js), whose look and language its embedder chooses.
//
// Start (`startPage`): the colours chosen in Settings (or the device's),
// the global error handlers (an uncaught error is a failure); the
// language — the address's `?lang=`, else the one saved in the settings,
// else the browser's — with the sections of words the page speaks; its
// language pickers (filled here, kept working by `pickLanguages`); storage
// problems shown as notices; then the engine. Controls are wired with
// `on` (or `guard` for what has no id).
//
// Failures come in three kinds, each shown one way:
// - a refusal: the engine's typed "no" to what a person typed, clicked or
//   opened, worded from its kind (`errorText`) where they acted — the
//   status line, the field, the link box — by the page itself;
// - a notice: something lost or not done (a damaged save, a full storage):
//   `notice(text)`, a banner with Dismiss; the page goes on;
// - a failure: a bug, or an engine that cannot load: `fail(text)`, the
//   error banner with Reload; the page stops (`guard`ed handlers do
//   nothing after it, and a failed engine leaves no control enabled).

import { boardSizes, loadEngine, messageOf } from './engine/engine.js';
import { listLanguages, loadLanguage, setLanguage, t } from './i18n/i18n.js';
import { startLanguage } from './start-language.js';
import { loadSettings, onStorageProblem, problemText, saveSettings } from './storage.js';
import { $ } from './dom.js';

let failed = false;
/** @type {(() => void)[]} what to stop when the page fails */
const stops = [];

/**
 * The page's banner of a kind: the one in its HTML (the game page has both),
 * else one made now at the top of the page, with its button wired.
 * @param {'error' | 'notice'} kind
 * @param {import('./i18n/i18n.js').Words['page']} w the words of its button
 * @returns {{ box: HTMLElement, text: HTMLElement }}
 */
function banner(kind, w = t()) {
  const id = kind === 'error' ? 'error-banner' : 'notice';
  const textId = kind === 'error' ? 'error-text' : 'notice-text';
  let box = document.getElementById(id);
  if (!box) {
    box = document.createElement('div');
    box.id = id;
    box.className = `banner ${kind}`;
    box.setAttribute('role', 'alert');
    box.hidden = true;
    const text = document.createElement('span');
    text.id = textId;
    const button = document.createElement('button');
    button.type = 'button';
    button.id = kind === 'error' ? 'btn-reload' : 'btn-notice-close';
    button.textContent = kind === 'error' ? w.reload : w.dismiss;
    box.append(text, button);
    const header = document.querySelector('body > header');
    if (header) header.after(box);
    else document.body.prepend(box);
  }
  if (!box.dataset.wired) {
    box.dataset.wired = 'true';
    const button = box.querySelector('button');
    const box_ = box;
    button?.addEventListener('click', () => {
      if (kind === 'error') location.reload();
      else box_.hidden = true;
    });
  }
  return { box, text: /** @type {HTMLElement} */ (box.querySelector(`#${textId}`) ?? box) };
}

/**
 * Shows a notice, after what the notice already says.
 * @param {string} text
 * @param {import('./i18n/i18n.js').Words['page']} [w] the page's words, when not `t()`'s
 */
export function notice(text, w) {
  const { box, text: el } = banner('notice', w);
  el.textContent = box.hidden ? text : `${el.textContent} ${text}`;
  box.hidden = false;
}

/** The page failed (a bug): says so, with Reload, and stops. @param {string} message */
export function fail(message) {
  if (failed) return;
  failed = true;
  for (const stop of stops) {
    try {
      stop();
    } catch {
      // Stopping is best effort; the banner below is what matters.
    }
  }
  const { box, text } = banner('error');
  text.textContent = t().crash(message);
  box.hidden = false;
}

/** Something to stop when the page fails (a game, a worker). @param {() => void} stop */
export function onFail(stop) {
  stops.push(stop);
}

/**
 * Wraps a handler: after a failure it does nothing; an exception is a failure.
 * @template {(...args: any[]) => any} F
 * @param {F} fn
 * @returns {F}
 */
export function guard(fn) {
  return /** @type {F} */ (
    (...args) => {
      if (failed) return undefined;
      try {
        return fn(...args);
      } catch (e) {
        fail(messageOf(e));
        return undefined;
      }
    }
  );
}

/**
 * Listens to an element of the page by its id, through `guard`: the one
 * way a page wires a control.
 * @param {string} id @param {string} event @param {(e: Event) => void} fn
 */
export function on(id, event, fn) {
  $(id).addEventListener(event, guard(fn));
}

const darkDevice = globalThis.matchMedia?.('(prefers-color-scheme: dark)');
/** @type {(() => void) | null} what the page redraws when its colours change */
let themed = null;

/**
 * Applies the colours chosen in Settings (`theme`: light, dark, or the
 * device's) to the page, as `data-theme` on the root, which every page's
 * style sheet reads; then lets the page redraw what it paints itself (a
 * canvas). Every page calls it at start; the game page's Settings again.
 */
export function applyTheme() {
  const theme = loadSettings().theme;
  const dark = theme === 'dark' || (theme === 'system' && Boolean(darkDevice?.matches));
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  themed?.();
}
darkDevice?.addEventListener('change', () => applyTheme());

/** An error nobody caught is a failure of the page, said in its banner (a page starts once). */
function installErrorHandlers() {
  globalThis.addEventListener('error', (e) => fail(e.message || 'error'));
  globalThis.addEventListener('unhandledrejection', (e) => fail(String(e.reason?.message ?? e.reason)));
}

/**
 * The engine could not load: says what happened and how to serve the page,
 * and leaves nothing that looks playable.
 * @param {unknown} e
 */
function engineFailed(e) {
  fail('');
  banner('error').text.textContent = t().engineFailed(messageOf(e));
  document.body.dataset.failed = 'engine';
  for (const el of document.querySelectorAll('button, select, input, textarea')) {
    if (
      (el instanceof HTMLButtonElement
        || el instanceof HTMLSelectElement
        || el instanceof HTMLInputElement
        || el instanceof HTMLTextAreaElement)
      && el.id !== 'btn-reload'
    )
      el.disabled = true;
  }
}

/**
 * Fills a board-size picker with every size the engine allows (the engine
 * is loaded): the one list of sizes of every page. "8 × 8" never breaks.
 * @param {HTMLSelectElement} select
 * @param {number} [chosen]
 */
export function listSizes(select, chosen) {
  select.replaceChildren(...boardSizes().map((n) => new Option(`${n}\u00a0×\u00a0${n}`, String(n))));
  if (chosen != null) select.value = String(chosen);
}

/**
 * The page's language picker (`#lang-select`), the one way every page
 * changes its language in place: the choice is kept as the site's (the
 * saved settings, read fresh), the words of `sections` load in it (null:
 * every section the page has loaded so far), the page switches to it
 * (`setLanguage`: `data-i18n` labels, `lang`, title) and `shown(code)`
 * redraws what the page words itself; an address's `?lang=` follows. A
 * choice overtaken by a later one while its words load is dropped.
 * @param {import('./i18n/i18n.js').Section[] | null} sections
 * @param {(code: string) => void} shown
 */
export function pickLanguages(sections, shown) {
  const picker = /** @type {HTMLSelectElement} */ ($('lang-select'));
  picker.addEventListener(
    'change',
    guard(() => {
      const code = picker.value;
      const settings = loadSettings();
      settings.lang = code;
      saveSettings(settings);
      // An address that names a language (`?lang=`) names the one chosen now,
      // so that a reload or a copied link keeps it.
      const url = new URL(location.href);
      if (url.searchParams.has('lang')) {
        url.searchParams.set('lang', code);
        history.replaceState(history.state, '', url);
      }
      loadLanguage(code, sections ?? undefined)
        .then(
          guard(() => {
            if (picker.value !== code) return;
            setLanguage(code);
            shown(code);
          }),
        )
        .catch((e) => fail(messageOf(e)));
    }),
  );
}

/**
 * Starts a page: its language and words, its labels and pickers, storage
 * problems as notices, the engine. Resolves to the language, or to null
 * when the engine failed to load (the page has said so and stopped).
 * @param {object} options
 * @param {import('./i18n/i18n.js').Section[]} options.sections the words the page speaks
 * @param {string} [options.lang] the language, when the page has chosen it
 * @param {boolean} [options.engine] load the game's engine (default true)
 * @param {(problem: import('./storage.js').StorageProblem) => string | null} [options.storageWords]
 *   the page's own wording of a storage problem (null: the common one)
 * @param {() => void} [options.themed] redraws what the page paints itself when its colours change
 * @returns {Promise<string | null>}
 */
export async function startPage({ sections, lang = startLanguage(), engine = true, storageWords, themed: redraw }) {
  installErrorHandlers();
  themed = redraw ?? null;
  applyTheme();
  // Another language's words load on demand; if they cannot, English.
  await loadLanguage(lang, sections).catch(() => loadLanguage('en', sections).catch(() => {}));
  setLanguage(lang);
  for (const select of document.querySelectorAll('select[data-languages]')) {
    if (select instanceof HTMLSelectElement) {
      listLanguages(select);
      select.value = lang;
    }
  }
  onStorageProblem((problem) => notice(storageWords?.(problem) ?? problemText(problem, t())));
  if (!engine || location.protocol === 'file:') return lang;
  try {
    await loadEngine(fail);
  } catch (e) {
    engineFailed(e);
    return null;
  }
  return lang;
}
