// The two dice, drawn as SVG: pips up to six, numerals above; each die
// says how many faces it has (N/2), and a used die is greyed and marked.

const SVG = 'http://www.w3.org/2000/svg';

/** Pip centres on a 3 x 3 grid for values 1..6. */
const PIPS = {
  1: [[1, 1]],
  2: [
    [0, 0],
    [2, 2],
  ],
  3: [
    [0, 0],
    [1, 1],
    [2, 2],
  ],
  4: [
    [0, 0],
    [2, 0],
    [0, 2],
    [2, 2],
  ],
  5: [
    [0, 0],
    [2, 0],
    [1, 1],
    [0, 2],
    [2, 2],
  ],
  6: [
    [0, 0],
    [0, 1],
    [0, 2],
    [2, 0],
    [2, 1],
    [2, 2],
  ],
};

function el(name, attrs) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

function face(value, used, side) {
  const svg = el('svg', { viewBox: '0 0 48 48', width: 48, height: 48, 'aria-hidden': 'true' });
  const fill = used ? '#e7e3da' : side === 'green' ? '#e8f5ec' : '#f6f4ef';
  const ink = side === 'green' ? '#0f5c30' : '#1c1c1c';
  const border = { stroke: ink, 'stroke-width': 2, ...(used ? { 'stroke-dasharray': '5 3' } : {}) };
  svg.append(el('rect', { x: 2, y: 2, width: 44, height: 44, rx: 9, fill, ...border }));
  if (value == null) {
    const q = el('text', { x: 24, y: 31, 'text-anchor': 'middle', 'font-size': 22, 'font-weight': 700, fill: '#999' });
    q.textContent = '?';
    svg.append(q);
  } else if (PIPS[value]) {
    for (const [cx, cy] of PIPS[value]) {
      svg.append(el('circle', { cx: 12 + cx * 12, cy: 12 + cy * 12, r: 4.4, fill: ink }));
    }
  } else {
    const num = el('text', { x: 24, y: 32, 'text-anchor': 'middle', 'font-size': 24, 'font-weight': 800, fill: ink });
    num.textContent = String(value);
    svg.append(num);
  }
  if (used) {
    // Marked in a corner so the value stays readable.
    svg.append(el('path', { d: 'M31 2 H39 A7 7 0 0 1 46 9 V17 Z', fill: '#b91c1c' }));
  }
  return svg;
}

/**
 * The dice to draw for a state, by the board's one rule for them (mount.js):
 * the roll of the turn under way as it is; with no dice rolled, the last
 * roll, spent, in the colour of the side that rolled it; once the game is
 * over, that roll unspent in the winner's colour; before any roll, none.
 * @param {Pick<import('../types.js').GameState, 'roll' | 'diceUsed' | 'faces' | 'side' | 'lastRoll' | 'winner' | 'log'>} st
 * @returns {{ roll: number[] | null, diceUsed: boolean[], faces: number, side: string }}
 */
export function diceOnShow(st) {
  if (st.roll || !st.lastRoll) return st;
  if (st.winner) return { roll: st.lastRoll, diceUsed: [false, false], faces: st.faces, side: st.winner };
  const roller = st.log[st.log.length - 1]?.side ?? st.side;
  return { roll: st.lastRoll, diceUsed: [true, true], faces: st.faces, side: roller };
}

/**
 * Draws the dice into `container`.
 * @param {HTMLElement} container
 * @param {{ roll: number[]|null, diceUsed: boolean[], faces: number, side: string }} s
 * @param {import('../types.js').DiceWords} words the current language
 */
export function renderDice(container, s, words) {
  container.replaceChildren();
  for (let i = 0; i < 2; i++) {
    const value = s.roll ? s.roll[i] : null;
    const used = Boolean(s.roll && s.diceUsed[i]);
    const die = document.createElement('div');
    die.className = `die${used ? ' used' : ''}${value == null ? ' blank' : ''}`;
    die.setAttribute('role', 'img');
    die.dataset.value = value == null ? '' : String(value);
    die.dataset.used = String(used);
    die.setAttribute(
      'aria-label',
      value == null ? words.diceNotRolled(s.faces) : words.dieLabel(i + 1, value, s.faces, used),
    );
    die.append(face(value, used, s.side));
    const cap = document.createElement('span');
    cap.className = 'die-caption';
    // The die's own name already says its faces and whether it is used.
    cap.setAttribute('aria-hidden', 'true');
    cap.textContent = used ? words.used : `1–${s.faces}`;
    die.append(cap);
    container.append(die);
  }
}
