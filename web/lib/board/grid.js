// The board for assistive technology and the keyboard: a grid of focusable
// cells laid exactly over the canvas (role grid / row / gridcell), with
// names that begin with the square ("c3, Black stack of 2, can move") and
// data attributes that describe the marks. One cell is in the tab order at a
// time (roving tabindex); it is the keyboard cursor.

import { squareName } from '../engine/engine.js';

export class BoardGrid {
  /**
   * @param {HTMLElement} el the role=grid element
   * @param {{ activate(i:number): void, focused(i:number): void }} handlers
   */
  constructor(el, handlers) {
    this.el = el;
    this.handlers = handlers;
    this.n = 0;
    /** @type {HTMLElement[]} cells by square index */
    this.cells = [];
    this.cursor = 0;
    this.flipped = false;
    el.addEventListener('click', (e) => {
      const cell = e.target instanceof HTMLElement ? e.target.closest('[role=gridcell]') : null;
      if (cell instanceof HTMLElement) this.handlers.activate(Number(cell.dataset.index));
    });
    el.addEventListener('focusin', (e) => {
      const cell = e.target instanceof HTMLElement ? e.target.closest('[role=gridcell]') : null;
      if (cell instanceof HTMLElement) {
        this.#setCursor(Number(cell.dataset.index));
        this.handlers.focused(this.cursor);
      }
    });
  }

  /**
   * Builds the rows and cells for an N x N board, in the order they are
   * drawn: top rank first, or (flipped) rank 1 first with file a on the
   * right.
   * @param {number} n @param {boolean} [flipped]
   */
  build(n, flipped = false) {
    this.n = n;
    this.flipped = flipped;
    this.el.replaceChildren();
    this.el.style.setProperty('--n', String(n));
    this.cells = new Array(n * n);
    for (let row = 0; row < n; row++) {
      const rank = flipped ? row : n - 1 - row;
      const line = document.createElement('div');
      line.setAttribute('role', 'row');
      line.className = 'grid-row';
      for (let column = 0; column < n; column++) {
        const file = flipped ? n - 1 - column : column;
        const i = rank * n + file;
        const cell = document.createElement('div');
        cell.setAttribute('role', 'gridcell');
        cell.className = 'grid-cell';
        cell.tabIndex = -1;
        cell.dataset.index = String(i);
        cell.dataset.square = squareName(i, n);
        line.append(cell);
        this.cells[i] = cell;
      }
      this.el.append(line);
    }
    this.cursor = Math.min(this.cursor, n * n - 1);
    this.cells[this.cursor].tabIndex = 0;
  }

  #setCursor(i) {
    if (i === this.cursor || !this.cells[i]) return;
    if (this.cells[this.cursor]) this.cells[this.cursor].tabIndex = -1;
    this.cursor = i;
    this.cells[i].tabIndex = 0;
  }

  /** Whether a cell of the grid has the focus (in its document or its shadow root). */
  hasFocus() {
    const root = /** @type {Document | ShadowRoot} */ (this.el.getRootNode());
    return this.el.contains(root.activeElement ?? null);
  }

  /**
   * Moves the cursor by (dFile, dRank) as seen on the screen (right, up),
   * clamped, and focuses it.
   * @param {number} dx @param {number} dy
   */
  move(dx, dy) {
    const n = this.n;
    const dFile = this.flipped ? -dx : dx;
    const dRank = this.flipped ? -dy : dy;
    const file = Math.min(n - 1, Math.max(0, (this.cursor % n) + dFile));
    const rank = Math.min(n - 1, Math.max(0, Math.floor(this.cursor / n) + dRank));
    this.focus(rank * n + file);
  }

  /** Puts the cursor on a square and focuses it. */
  focus(i) {
    this.#setCursor(i);
    this.cells[this.cursor]?.focus();
  }

  /**
   * Updates names and marks.
   * @param {import('./board.js').BoardModel} m
   * @param {import('../types.js').CellWords} words the `cell` strings of the current language
   */
  update(m, words) {
    const lastSquares = new Set();
    for (const a of m.last) {
      lastSquares.add(a.from);
      if (a.to != null) lastSquares.add(a.to);
    }
    for (let i = 0; i < this.cells.length; i++) {
      const cell = this.cells[i];
      const v = m.cells[i];
      const parts = [cell.dataset.square];
      const marks = [];
      parts.push(v === 0 ? words.empty : words.stack(v > 0 ? 'black' : 'green', Math.abs(v)));
      if (i === m.selected) marks.push('selected');
      else if (m.sources.has(i)) marks.push('source');
      const kind = m.targets.get(i);
      if (kind) marks.push(`target-${kind}`);
      if (m.removals.has(i)) marks.push('removable');
      if (lastSquares.has(i)) marks.push('last');
      for (const mark of marks) {
        const word = {
          selected: words.selected,
          source: words.canMove,
          removable: words.removable,
          last: words.last,
          'target-step': words.step,
          'target-merge': words.merge,
          'target-capture': words.capture,
        }[mark];
        if (word) parts.push(word);
      }
      const label = parts.join(', ');
      if (cell.getAttribute('aria-label') !== label) cell.setAttribute('aria-label', label);
      const markText = marks.join(' ');
      if (cell.dataset.marks !== markText) cell.dataset.marks = markText;
      const stack = v === 0 ? '' : `${v > 0 ? 'b' : 'g'}${Math.abs(v)}`;
      if (cell.dataset.stack !== stack) cell.dataset.stack = stack;
      cell.setAttribute('aria-selected', String(i === m.selected));
    }
  }
}
