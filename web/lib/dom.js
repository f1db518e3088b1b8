// @ts-check
// Typed lookups of the main page's elements by id (index.html). A missing
// element is a bug in the page, so it throws at once.

/** @param {string} id @returns {HTMLElement} */
export function $(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the page has no element #${id}`);
  return el;
}

/** @param {string} id */
export const input = (id) => /** @type {HTMLInputElement} */ ($(id));
/** @param {string} id */
export const button = (id) => /** @type {HTMLButtonElement} */ ($(id));
/** @param {string} id */
export const dialog = (id) => /** @type {HTMLDialogElement} */ ($(id));
/** @param {string} id */
export const select = (id) => /** @type {HTMLSelectElement} */ ($(id));
/** @param {string} id */
export const textArea = (id) => /** @type {HTMLTextAreaElement} */ ($(id));
