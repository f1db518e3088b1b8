// Turning pointer and keyboard input into the page's commands. Nothing here
// knows the rules: a square is handed to the controller as an index.

/**
 * Pointer input on the canvas (mouse, pen and touch alike): a press on a
 * square is a click on it, and a stack dragged onto another square and
 * released there is the same as clicking the stack and then that square
 * (so a drag shows the same highlights and asks the engine the same way).
 * @param {HTMLCanvasElement} canvas
 * @param {import('./board.js').BoardView} board
 * @param {(i:number, eventTime:number) => void} onSquare
 * @param {() => number | null} [selected] the selected stack, if any
 */
export function bindPointer(canvas, board, onSquare, selected = () => null) {
  /** @type {{ square: number, pointer: number, wasSelected: boolean } | null} */
  let pressed = null;
  canvas.addEventListener('pointerdown', (e) => {
    if (e.button !== 0 || !e.isPrimary) return;
    const i = board.squareAt(e.clientX, e.clientY);
    if (i == null) return;
    e.preventDefault();
    const wasSelected = selected() === i;
    pressed = { square: i, pointer: e.pointerId, wasSelected };
    try {
      canvas.setPointerCapture(e.pointerId);
    } catch {
      // A pointer the browser no longer tracks: the release still comes here.
    }
    // Pressing the selected stack may start a drag: un-selecting it waits for a release in place.
    if (!wasSelected) onSquare(i, e.timeStamp);
  });
  canvas.addEventListener('pointerup', (e) => {
    const start = pressed;
    if (!start || e.pointerId !== start.pointer) return;
    pressed = null;
    const j = board.squareAt(e.clientX, e.clientY);
    if (j == null) return;
    if (j !== start.square) {
      // Dropped elsewhere: the move, if the dragged stack is still the one selected.
      if (selected() === start.square) onSquare(j, e.timeStamp);
    } else if (start.wasSelected) {
      onSquare(j, e.timeStamp);
    }
  });
  canvas.addEventListener('pointercancel', () => {
    pressed = null;
  });
}

// ---- keys: hints only where a keyboard is in use ---------------------------------

/** A device driven by a mouse or a trackpad (hover and a fine pointer) has a keyboard. */
const FINE = '(hover: hover) and (pointer: fine)';
let keyPressed = false;

/**
 * Whether a keyboard is in use, so the page's words name keys ("roll the
 * dice (D)"): on a device with a mouse or a trackpad, or once a key has
 * been pressed outside a text field (a tablet with a keyboard).
 */
export function keyboardInUse() {
  return keyPressed || Boolean(globalThis.matchMedia?.(FINE).matches);
}

/**
 * Notes a key press (the page's, or an element's): from now on key hints
 * show. True when it is the first. (A touch screen's own keyboard types
 * only in text fields.)
 * @param {KeyboardEvent} e
 */
export function noteKeyboard(e) {
  const target = e.target;
  const typing =
    target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  if (keyPressed || typing) return false;
  keyPressed = true;
  return true;
}

/** Whether a key press belongs to a form control or a dialog, not to us. */
function ownedByControl(e, key) {
  const target = e.target;
  if (!(target instanceof HTMLElement)) return false;
  const dialog = target.closest('dialog');
  if (dialog?.open) return true;
  // Focus can linger in a dialog that has just closed: the page has the key.
  if (dialog) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return true;
  // Space and Enter on a button, link or summary keep their own meaning.
  if ((key === ' ' || key === 'Enter') && (tag === 'BUTTON' || tag === 'A' || tag === 'SUMMARY')) {
    return true;
  }
  return false;
}

/**
 * Keyboard shortcuts for the whole page.
 * @param {{ roll(): void, next(): void, undo(): void, takeBack(): void,
 *           newGame(): void, cancel(): void, help(): void, flip(): void,
 *           cursor(dFile:number, dRank:number): void,
 *           home?(): boolean, end?(): boolean }} commands
 */
export function bindKeys(commands) {
  document.addEventListener('keydown', (e) => {
    // The page's key hints (`.keys-only`, style.css) show from the first key press.
    if (noteKeyboard(e)) document.documentElement.dataset.keys = '';
    if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    const key = e.key;
    if (ownedByControl(e, key)) return;
    /** @type {Record<string, [number, number]>} */
    const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    let handled = true;
    const arrow = arrows[key];
    if (arrow) commands.cursor(...arrow);
    else if (key === ' ' || key === 'Enter') commands.next();
    else if (key === 'Escape') commands.cancel();
    // Home and End are the page's only while a command takes them (a replay).
    else if (key === 'Home' || key === 'End') handled = (key === 'Home' ? commands.home : commands.end)?.() === true;
    else if (key === '?') commands.help();
    else {
      switch (key.toLowerCase()) {
        case 'd':
          commands.roll();
          break;
        case 'u':
          commands.undo();
          break;
        case 't':
          commands.takeBack();
          break;
        case 'n':
          commands.newGame();
          break;
        case 'f':
          commands.flip();
          break;
        default:
          handled = false;
      }
    }
    if (handled) e.preventDefault();
  });
}
