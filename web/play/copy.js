// @ts-check
// Copying for the game page (share.js loads it with the first copy): the
// clipboard API, else the selection and `execCommand`, else a dialog with
// the text selected for the person to copy by hand. A short "Copied" shows
// next to the button that copied.

// It imports nothing, so that it stays out of the page's start chunk: the
// word and the dialog come from the caller.

/** @typedef {{ copied: string, dialog: HTMLDialogElement, area: HTMLTextAreaElement }} CopyParts */

/** Copies with the selection and `execCommand`, for browsers without the clipboard API. @param {string} text */
function copyBySelection(text) {
  const active = document.activeElement;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  area.style.pointerEvents = 'none';
  document.body.append(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  if (active instanceof HTMLElement) active.focus();
  return ok;
}

/** Shows a short "Copied" next to a button. @param {HTMLElement} button @param {string} copied */
function flash(button, copied) {
  const row = button.parentElement;
  if (!row) return;
  let note = /** @type {HTMLElement | null} */ (row.querySelector(':scope > .copied-note'));
  if (!note) {
    note = document.createElement('span');
    note.className = 'copied-note';
    note.setAttribute('aria-hidden', 'true');
    row.append(note);
  }
  const shown = note;
  shown.textContent = copied;
  shown.hidden = false;
  clearTimeout(Number(shown.dataset.timer));
  shown.dataset.timer = String(
    setTimeout(() => {
      shown.hidden = true;
    }, 2000),
  );
}

/** Shows text selected in a dialog, for the person to copy by hand. @param {string} text @param {CopyParts} parts */
function copyByHand(text, { dialog, area }) {
  area.value = text;
  if (!dialog.open) dialog.showModal();
  area.focus();
  area.select();
}

/**
 * Copies text to the clipboard: the clipboard API, else the selection,
 * else a dialog with the text selected. Returns whether it was copied (a
 * "Copied" note then shows next to `button`).
 * @param {string} text @param {HTMLElement} button @param {CopyParts} parts
 */
export async function copy(text, button, parts) {
  let ok = false;
  if (typeof globalThis.navigator?.clipboard?.writeText === 'function') {
    try {
      await navigator.clipboard.writeText(text);
      ok = true;
    } catch {
      ok = false;
    }
  }
  if (!ok) ok = copyBySelection(text);
  if (ok) flash(button, parts.copied);
  else copyByHand(text, parts);
  return ok;
}
