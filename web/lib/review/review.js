// @ts-check
// The game review (docs/review.md), loaded when first asked for: every
// turn of a replayed game judged by the computer in a worker of its own,
// one request at a time, with a progress bar and Cancel; the results kept
// in storage (lib/storage.js) by the record's hash, so a reload does not redo them; a
// graph of Black's chance (SVG) with a table as its text alternative; the
// marks in the move log; at a marked turn the better turn drawn next to the
// played one; a summary per player. The judging is the engine's
// (diablo_ai::review); this module asks, stores and draws.

import { blackCurve, drawGraph, drawLuck, SVG } from './graph.js';
import { pct, SIGNS } from './marks.js';
import { buildPanel, injectStyle, setText } from './panel.js';
import { LEVEL, loadReview, reviewStore } from './store.js';
import { luckWords, netLuck, renderSummary, renderTable, signed } from './tables.js';

export { LEVEL, loadReview };

// The page's modules are passed in (ReviewDeps), never imported here: a
// static import shared with the game page would split it into a chunk the
// page loads at start (so is lib/hash.js's hashText, with the storage).

/** @typedef {import('../types.js').TurnReview} TurnReview */
/** What the review reads of the page's replay: the cursor on show. @typedef {{ readonly cursor: import('../game/replay-cursor.js').ReplayCursor | null }} ReplayView */
/** @typedef {import('../engine/engine.js').RecordedGame} RecordedGame */
/** @typedef {import('../board/board.js').BoardModel} BoardModel */
/** @typedef {import('../i18n/i18n.js').Words['review']} ReviewWords */

/**
 * What the review needs from the page.
 * @typedef {object} ReviewDeps
 * @property {import('../game/computer.js').AiClient} client a worker of its own (not the one that plays)
 * @property {(text: string) => [number, number]} parseRoll the engine's reading of a roll
 * @property {(info: import('../types.js').ErrorInfo) => string} errorText an engine refusal in words
 * @property {() => string} language the page's language
 * @property {() => ReviewWords} words the review's words in the page's language (loaded)
 * @property {StorageModule} storage the page's storage (lib/storage.js)
 */

/**
 * What the review stores with: lib/storage.js's, and lib/hash.js's `hashText` for the keys.
 * @typedef {Pick<typeof import('../storage.js'), 'stored' | 'reject' | 'isRecord'> & { hashText: (text: string) => string }} StorageModule
 */

/**
 * The small graph on the game-over card (after `card`, its table), when
 * the game has been reviewed (nothing otherwise).
 * @param {HTMLElement} card @param {string} record @param {ReviewWords} w the review's words in the page's language
 * @param {StorageModule} storage the page's storage (lib/storage.js)
 */
export function overGraph(card, record, w, storage) {
  card.parentElement?.querySelector('.rv-mini')?.remove();
  const r = loadReview(storage, record);
  if (!r.length) return;
  injectStyle();
  const svg = /** @type {SVGSVGElement} */ (document.createElementNS(SVG, 'svg'));
  svg.classList.add('rv-mini');
  svg.setAttribute('role', 'img');
  const ys = blackCurve(r);
  svg.setAttribute('aria-label', w.graphLabel(r.length, pct(ys[0]), pct(ys[ys.length - 1])));
  card.after(drawGraph(svg, r, r.length, { width: 240, height: 60, points: false }));
}

export class GameReview {
  /**
   * @param {ReplayView} replay the page's replay, showing the game to review
   * @param {() => void} changed redraw the page
   * @param {ReviewDeps} deps
   */
  constructor(replay, changed, deps) {
    const cursor = replay.cursor;
    if (!cursor) throw new Error('no replay to review');
    this.replay = replay;
    /** @type {RecordedGame} */
    this.game = cursor.game;
    this.record = this.game.recordText();
    this.changed = changed;
    /** @type {TurnReview[]} */
    this.results = loadReview(deps.storage, this.record);
    /** The winner once the game is over (the engine's), for the luck's words. */
    this.winner = this.game.stateAt(this.game.turns).winner;
    this.running = false;
    /** @type {string} */
    this.note = '';
    this.deps = deps;
    this.client = deps.client;
    this.panel = buildPanel();
    this.width = 0;
    this.graphKey = '';
    this.drawnFor = '';
    new ResizeObserver((entries) => {
      const width = Math.floor(entries[0]?.contentRect.width ?? 0);
      if (width && width !== this.width) {
        this.width = width;
        this.changed();
      }
    }).observe(this.panel.root);
    const w = this.words();
    this.panel.cancel.addEventListener('click', () => this.cancel());
    this.panel.svg.addEventListener('click', (e) => this.#graphClick(e));
    this.panel.luck.svg.addEventListener('click', (e) => this.#graphClick(e, this.panel.luck.svg));
    this.panel.table.addEventListener('click', (e) => {
      const b = e.target instanceof Element ? e.target.closest('button[data-step]') : null;
      if (b instanceof HTMLElement) this.#go(Number(b.dataset.step));
    });
    this.panel.title.textContent = w.reviewTitle;
  }

  /** The words in the page's language. */
  words() {
    return this.deps.words();
  }

  /** Judges the turns not judged yet, one request at a time. */
  async run() {
    if (this.running) return;
    const n = this.game.turns;
    this.running = true;
    this.note = '';
    this.changed();
    try {
      while (this.running && this.results.length < n) {
        const k = this.results.length;
        const line = this.game.log[k];
        const code = this.game.stateAt(k).code;
        const { result } = await this.client.request('review', {
          code,
          edition: this.game.stateAt(0).edition,
          roll: this.deps.parseRoll(line.roll),
          turn: line.turn,
          level: LEVEL,
        });
        if (!this.running) break;
        this.results.push(/** @type {TurnReview} */ (result));
        reviewStore(this.deps.storage, this.record).set({ record: this.record.trim(), turns: this.results });
        this.changed();
      }
      // A whole game judged: its mistakes and blunders become puzzles on
      // this device (mine.js, loaded now; never in the way).
      if (this.results.length === n) {
        const results = this.results;
        import('./mine.js')
          .then((m) => m.keepFromReview(this.deps.storage, this.game, results, this.deps.storage.hashText))
          .catch(() => {});
      }
    } catch (e) {
      // A cancelled request ends quietly; a refusal is worded by its kind.
      if (!(e instanceof Error && e.name === 'Cancelled')) {
        const info = /** @type {{ info?: import('../types.js').ErrorInfo | null }} */ (e)?.info;
        this.note = this.words().reviewFailed(
          info ? this.deps.errorText(info) : e instanceof Error ? e.message : String(e),
        );
      }
    } finally {
      this.running = false;
      this.changed();
    }
  }

  /** Stops the review (what is judged stays stored). */
  cancel() {
    if (!this.running) return;
    this.running = false;
    this.client.cancel();
    this.note = this.words().reviewCancelled(this.results.length, this.game.turns);
    this.changed();
  }

  /** Ends the review and removes its panel; returns null (for `review = review.close()`). */
  close() {
    this.running = false;
    this.client.cancel();
    this.panel.root.remove();
    delete document.body.dataset.reviewArrows;
    for (const li of document.querySelectorAll('#log li[data-mark]')) {
      if (!(li instanceof HTMLElement)) continue;
      delete li.dataset.mark;
      delete li.dataset.sign;
      li.removeAttribute('title');
    }
    return null;
  }

  /** @param {number} step */
  #go(step) {
    const c = this.replay.cursor;
    if (!c) return;
    c.pause();
    c.go(step);
  }

  /** A click on a graph: the step nearest to it. @param {MouseEvent} e @param {SVGSVGElement} svg */
  #graphClick(e, svg = this.panel.svg) {
    const target = e.target instanceof Element ? e.target.closest('[data-step]') : null;
    if (target instanceof SVGElement && target.dataset.step != null) return this.#go(Number(target.dataset.step));
    const box = svg.getBoundingClientRect();
    const n = this.game.turns;
    const s = Math.round(((e.clientX - box.left - 6) / Math.max(1, box.width - 12)) * n);
    return this.#go(Math.max(0, Math.min(n, s)));
  }

  /**
   * The board at a replay step: at a turn with a mark, the better turn is
   * drawn (dashed) next to the played one (the last-turn arrows).
   * @param {BoardModel} model @param {number} step
   */
  decorate(model, step) {
    const r = step > 0 ? this.results[step - 1] : undefined;
    if (!r?.mark) {
      delete document.body.dataset.reviewArrows;
      return;
    }
    model.last = r.playedActions;
    model.hint = r.bestActions;
    // For tests and tools: the arrows handed to the board.
    document.body.dataset.reviewArrows = JSON.stringify({
      played: model.last.map((a) => /** @type {{ text?: string }} */ (a).text),
      best: model.hint.map((a) => /** @type {{ text?: string }} */ (a).text),
    });
  }

  /** Draws the panel, the graph, the summary and the marks in the log. */
  render() {
    const w = this.words();
    const p = this.panel;
    const n = this.game.turns;
    const done = this.results.length;
    const step = this.replay.cursor?.step ?? 0;
    if (!p.root.isConnected) {
      document.getElementById('counts')?.before(p.root);
      // On a phone the panel starts below the fold: it comes into view.
      if (p.root.getBoundingClientRect().top > innerHeight) p.root.scrollIntoView({ block: 'nearest' });
    }
    // Only what changed is written: a replay step should not lay out the panel again.
    setText(p.title, w.reviewTitle);
    setText(p.cancel, w.cancel);
    if (p.cancel.hidden === this.running) p.cancel.hidden = !this.running;
    if (p.progress.hidden === this.running) p.progress.hidden = !this.running;
    if (p.progress.max !== Math.max(1, n)) p.progress.max = Math.max(1, n);
    if (p.progress.value !== done) p.progress.value = done;
    setText(p.status, this.note || (this.running ? w.reviewing(Math.min(done + 1, n), n) : w.reviewDone(done)));
    if (p.root.dataset.reviewed !== String(done)) p.root.dataset.reviewed = String(done);
    if (p.root.dataset.running !== String(this.running)) p.root.dataset.running = String(this.running);
    // The graph, as wide as the panel (measured by a ResizeObserver, not
    // here: reading sizes while drawing would lay the page out on every
    // step), redrawn only when it changed; a step only moves its cursor.
    const width = Math.max(200, this.width || 300);
    const graphKey = `${this.deps.language()}|${done}|${width}`;
    if (this.graphKey !== graphKey) {
      this.graphKey = graphKey;
      drawGraph(p.svg, this.results, n, { width, height: 120, viewed: step, axis: true });
      const ys = blackCurve(this.results);
      p.svg.setAttribute(
        'aria-label',
        ys.length ? w.graphLabel(done, pct(ys[0]), pct(ys[ys.length - 1])) : w.graphHint,
      );
      drawLuck(p.luck.svg, this.results, n, {
        width,
        height: 72,
        viewed: step,
        axis: () => [w.luckUp, w.luckDown],
      });
      const luck = netLuck(this.results);
      p.luck.svg.setAttribute(
        'aria-label',
        w.luckLabel(done, signed(luck.black, w.decimal), signed(luck.green, w.decimal)),
      );
    }
    const cursorX = (6 + ((width - 12) * step) / Math.max(1, n)).toFixed(1);
    for (const viewed of [p.svg, p.luck.svg].map((svg) => svg.querySelector('.rv-viewed'))) {
      viewed?.setAttribute('x1', cursorX);
      viewed?.setAttribute('x2', cursorX);
    }
    setText(p.hint, w.graphHint);
    // Under the graph: its turns from first to last, and what its coloured points are.
    setText(p.axis.first, `${w.colTurn} 1`);
    setText(p.axis.last, `${w.colTurn} ${Math.max(1, n)}`);
    setText(p.dots.lead, w.dotsTitle);
    for (const mark of /** @type {const} */ (['inaccuracy', 'mistake', 'blunder'])) setText(p.dots[mark], w.mark[mark]);
    this.#renderAt(step);
    const key = `${this.deps.language()}:${done}`;
    if (this.drawnFor !== key) {
      this.drawnFor = key;
      setText(p.luck.title, w.luckTitle);
      setText(p.luck.hint, w.luckHint);
      setText(p.luck.sum, done ? luckWords(this.results, this.winner, done === n, w) : '');
      this.#renderSummary();
      this.#renderTable();
    }
    this.#markLog();
  }

  /**
   * The words about the turn that led to the step shown and, at a marked
   * turn (whose better turn the board draws beside the played one), the
   * key to the board's arrows under them.
   * @param {number} step
   */
  #renderAt(step) {
    const w = this.words();
    const r = step > 0 ? this.results[step - 1] : undefined;
    const { at, legend } = this.panel;
    if (legend.box.hidden === Boolean(r?.mark)) legend.box.hidden = !r?.mark;
    setText(legend.lead, w.legendTitle);
    setText(legend.played, w.legendPlayed);
    setText(legend.best, w.legendBest);
    if (!r) {
      setText(at, '');
      delete at.dataset.mark;
      return;
    }
    const c = w.color[r.side];
    setText(
      at,
      r.mark
        ? w.at(r.number, c, SIGNS[r.mark], w.mark[r.mark], r.played, pct(r.playedValue), r.best, pct(r.bestValue))
        : w.atGood(r.number, c, r.played, pct(r.playedValue)),
    );
    if (at.dataset.mark !== (r.mark ?? '')) at.dataset.mark = r.mark ?? '';
  }

  #renderSummary() {
    renderSummary(this.panel.summary, this.results, this.words());
  }

  /** The text alternative of the graph: every judged turn, a button to see it. */
  #renderTable() {
    renderTable(this.panel.table, this.panel.tableSummary, this.results, this.words());
  }

  /**
   * Adds each judged turn's mark to its line of the log, as attributes (the
   * sign is drawn by CSS, so the line's text, which the log view keeps, does
   * not change and is not rewritten at every step).
   */
  #markLog() {
    const items = document.getElementById('log')?.children ?? [];
    const w = this.words();
    for (let i = 0; i < items.length; i++) {
      const li = /** @type {HTMLElement} */ (items[i]);
      const mark = this.results[i]?.mark ?? '';
      if ((li.dataset.mark ?? '') === mark) continue;
      if (mark) {
        li.dataset.mark = mark;
        li.dataset.sign = SIGNS[mark];
        li.title = w.mark[mark];
      } else {
        delete li.dataset.mark;
        delete li.dataset.sign;
        li.removeAttribute('title');
      }
    }
  }
}

/**
 * Starts (or goes on with) the review of the game the replay shows.
 * @param {ReplayView} replay @param {GameReview | null} current @param {() => void} changed
 * @param {ReviewDeps} deps
 */
export function startReview(replay, current, changed, deps) {
  const review = current && current.game === replay.cursor?.game ? current : new GameReview(replay, changed, deps);
  if (review !== current) current?.close();
  review.run();
  return review;
}
