// @ts-check
// The import dialog (a game record pasted or picked as a file), loaded when
// the Import button is first pressed: the page starts without it.

// It imports nothing: what it needs comes in as arguments, so the page's
// start code is not split into shared pieces for it.

/** Largest file taken as a game record (a 26x26 game is ~20 kB). */
const MAX_RECORD_BYTES = 1 << 20;

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** @param {string} id */
const input = (id) => /** @type {HTMLInputElement} */ ($(id));
/** @param {string} id */
const textArea = (id) => /** @type {HTMLTextAreaElement} */ ($(id));
/** @param {string} id */
const dialogOf = (id) => /** @type {HTMLDialogElement} */ ($(id));

/**
 * @typedef {object} ImportHooks
 * @property {(text: string) => void} open opens the game or throws the engine's refusal
 * @property {(e: unknown) => string} explain words a refusal (rethrows anything else)
 * @property {() => { importEmpty: string, importTooBig: string, importFailed: (why: string) => string }} words
 * @property {<F extends (...args: any[]) => any>(fn: F) => F} guard
 */

let wired = false;

/**
 * Opens the import dialog (connecting it the first time).
 * @param {ImportHooks} hooks
 */
export function openImport(hooks) {
  if (!wired) {
    wireImport(hooks);
    wired = true;
  }
  $('import-error').hidden = true;
  $('import-error').textContent = '';
  input('import-file').value = '';
  dialogOf('import-dialog').showModal();
  textArea('import-text').focus();
}

/**
 * Connects the import dialog: paste into the text box, or pick a file.
 * `open(text)` opens the game or throws the engine's message, which the
 * dialog shows (as text) without closing.
 */
/** @param {ImportHooks} hooks */
function wireImport({ open, explain, words: t, guard }) {
  const dialog = dialogOf('import-dialog');
  const area = textArea('import-text');
  const error = $('import-error');
  const fail = (message) => {
    error.textContent = message;
    error.hidden = false;
  };
  const attempt = (text) => {
    try {
      open(text);
    } catch (e) {
      fail(explain(e));
      return;
    }
    dialog.close();
  };
  $('import-cancel').addEventListener('click', () => dialog.close());
  $('import-form').addEventListener(
    'submit',
    guard((e) => {
      e.preventDefault();
      if (!area.value.trim()) {
        fail(t().importEmpty);
        return;
      }
      attempt(area.value);
    }),
  );
  $('import-file').addEventListener(
    'change',
    guard(async () => {
      const file = input('import-file').files?.[0];
      if (!file) return;
      if (file.size > MAX_RECORD_BYTES) {
        fail(t().importTooBig);
        return;
      }
      let text;
      try {
        text = await file.text();
      } catch (e) {
        fail(t().importFailed(e instanceof Error ? e.message : String(e)));
        return;
      }
      area.value = text;
      attempt(text);
    }),
  );
}
