// @ts-check
// Filling a <select> from another: the dialogs that offer the same choices
// as the New game dialog (levels, sides) copy its options, in its words.

/**
 * Replaces the options of `target` with copies of those of `source`.
 * @param {HTMLSelectElement} target @param {HTMLSelectElement} source
 */
export function copyOptions(target, source) {
  target.replaceChildren(
    ...[...source.options].map((o) => {
      const copy = document.createElement('option');
      copy.value = o.value;
      copy.textContent = o.textContent;
      copy.disabled = o.disabled;
      return copy;
    }),
  );
}
