// @ts-check
// The review's two tables: the summary per player and the text
// alternative of the graph (every judged turn, a button to see it).

import { pct, SIGNS } from './marks.js';

/** @typedef {import('../types.js').TurnReview} TurnReview */
/** @typedef {import('../i18n/i18n.js').Words['review']} ReviewWords */

/**
 * A luck in games, signed, two decimals with the language's mark: "+0.42",
 * "−0,42", "0.00".
 * @param {number} x @param {string} [decimal]
 */
export const signed = (x, decimal = '.') => {
  const t = Math.abs(x).toFixed(2).replace('.', decimal);
  return Math.abs(x) < 0.005 ? t : `${x > 0 ? '+' : '−'}${t}`;
};

/**
 * Each side's luck over the judged turns: its rolls' luck minus the other
 * side's (a good roll for one is a bad one for the other), so the two are
 * opposite (review::net_luck in the engine).
 * @param {TurnReview[]} results @returns {{ black: number, green: number }}
 */
export function netLuck(results) {
  const black = results.reduce((a, r) => a + (r.side === 'black' ? r.luck : -r.luck), 0);
  return { black, green: -black };
}

/**
 * The luck in words: both sides' luck and, once a won game is judged to
 * its end, how the win compares with what the dice gave the winner (the
 * winner's chance went from its start to 1; the dice account for their
 * luck of it).
 * @param {TurnReview[]} results @param {import('../types.js').Color | null} winner
 * @param {boolean} whole every turn judged @param {ReviewWords} w
 */
export function luckWords(results, winner, whole, w) {
  const luck = netLuck(results);
  const sum = w.luckSum(signed(luck.black, w.decimal), signed(luck.green, w.decimal));
  const first = results[0];
  if (!winner || !whole || !first) return sum;
  const start = first.side === winner ? first.before : 1 - first.before;
  const more = 1 - start - luck[winner];
  const d = Math.abs(more).toFixed(2).replace('.', w.decimal);
  const c = w.color[winner];
  if (Math.abs(more) < 0.005) return `${sum} ${w.luckEven(c)}`;
  return `${sum} ${more > 0 ? w.luckAbove(c, d) : w.luckBelow(c, d)}`;
}

/**
 * The summary per player: the average loss, the marks, the luck and the
 * luckiest and unluckiest rolls.
 * @param {HTMLTableElement} table @param {TurnReview[]} results @param {ReviewWords} w
 */
export function renderSummary(table, results, w) {
  /** @param {string} tag @param {string} text */
  const cell = (tag, text) => {
    const c = document.createElement(tag);
    c.textContent = text;
    return c;
  };
  const head = document.createElement('tr');
  head.append(cell('th', ''), cell('th', w.color.black), cell('th', w.color.green));
  const sides = /** @type {const} */ (['black', 'green']);
  const of = (/** @type {'black' | 'green'} */ s) => results.filter((r) => r.side === s);
  /**
   * A player's luckiest (way 1) or unluckiest (way -1) roll, in words:
   * how far it moved their chance of winning against the average roll
   * (its luck), if at least a point.
   * @param {TurnReview[]} rs @param {1 | -1} way
   */
  const luck = (rs, way) => {
    const r = rs.reduce((a, b) => (!a || way * b.luck > way * a.luck ? b : a), /** @type {TurnReview | null} */ (null));
    if (!r || way * r.luck < 0.005) return w.none;
    return (way > 0 ? w.rollUp : w.rollDown)(r.number, r.roll, pct(Math.abs(r.luck)));
  };
  const net = netLuck(results);
  /** @type {[string, (rs: TurnReview[]) => string][]} */
  const rows = [
    [w.avgLoss, (rs) => (rs.length ? pct(rs.reduce((a, r) => a + r.loss, 0) / rs.length) : w.none)],
    .../** @type {const} */ (['inaccuracy', 'mistake', 'blunder']).map(
      (m) =>
        /** @type {[string, (rs: TurnReview[]) => string]} */ ([
          `${w.markPlural[m]} (${SIGNS[m]})`,
          (rs) => String(rs.filter((r) => r.mark === m).length),
        ]),
    ),
    [w.luckTotal, (rs) => (rs.length ? signed(net[rs[0].side], w.decimal) : w.none)],
    [w.luckiest, (rs) => luck(rs, 1)],
    [w.unluckiest, (rs) => luck(rs, -1)],
  ];
  table.replaceChildren(
    cell('caption', w.summaryTitle),
    head,
    ...rows.map(([label, f]) => {
      const tr = document.createElement('tr');
      const th = cell('th', label);
      th.setAttribute('scope', 'row');
      tr.append(th, ...sides.map((s) => cell('td', f(of(s)))));
      return tr;
    }),
  );
}

/**
 * @param {HTMLTableElement} table @param {Element} summary the table's <summary> @param {TurnReview[]} results
 * @param {ReviewWords} w
 */
export function renderTable(table, summary, results, w) {
  const caption = document.createElement('caption');
  caption.textContent = w.tableCaption;
  const head = document.createElement('tr');
  for (const text of [w.colTurn, w.colRoll, w.colPlayed, w.colBlack, w.colLuck, w.colLoss, w.colMark, w.colBest]) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = text;
    head.append(th);
  }
  const rows = results.map((r, i) => {
    const tr = document.createElement('tr');
    const go = document.createElement('button');
    go.type = 'button';
    go.dataset.step = String(i + 1);
    go.textContent = `${r.number} (${w.color[r.side]})`;
    const first = document.createElement('td');
    first.append(go);
    const black = r.side === 'black' ? r.before : 1 - r.before;
    tr.append(
      first,
      ...[
        r.roll,
        r.played,
        pct(black),
        signed(r.luck, w.decimal),
        pct(r.loss),
        r.mark ? `${w.mark[r.mark]} ${SIGNS[r.mark]}` : '',
        r.best === r.played ? '' : `${r.best} (${pct(r.bestValue)})`,
      ].map((text) => {
        const td = document.createElement('td');
        td.textContent = text;
        return td;
      }),
    );
    return tr;
  });
  table.replaceChildren(caption, head, ...rows);
  summary.textContent = w.showTable;
}
