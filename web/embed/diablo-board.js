// @ts-check
// <diablo-board>: a board of Diablo (a game by Mark Steere) for any page, in
// one script tag. Three modes: a static `diagram`, a `replay` of a recorded
// game, and a live `play` game. Each element has its own engine game and a
// shadow root; all share one wasm module. Bad attributes show a message in
// the element and fire `diablo-error`; nothing is thrown at the page.
//
//   <script type="module" src="/web/embed/diablo-board.js"></script>
//   <diablo-board size="6" position="..." arrows="c3-c5" mode="diagram"></diablo-board>
//
// The attributes, events and theming variables are documented in README.md
// ("Embedding boards").

import { mountBoard } from '../lib/board/mount.js';
import { loadEngine, messageOf } from '../lib/engine/engine.js';
import { noteKeyboard } from '../lib/board/input.js';
import { ATTRIBUTES, EmbedError, readConfig } from './config.js';
import { renderDice } from '../lib/board/dice.js';
import { gameAtStart, gameToReplay, setUp } from './games.js';
import { describe, diagramModel } from './diagram.js';
import { PlayMode } from './play-mode.js';
import { ReplayMode } from './replay-mode.js';
import { elementWords, makeParts } from './parts.js';
import { loadLanguage } from '../lib/i18n/i18n.js';

/** @typedef {import('./config.js').EmbedConfig} EmbedConfig */

/** @typedef {import('./parts.js').ElementWords} ElementWords */
/** @typedef {import('./parts.js').Parts} Parts */

export class DiabloBoard extends HTMLElement {
  static get observedAttributes() {
    return [...ATTRIBUTES, 'style', 'class'];
  }

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    /** The element's parts (its shadow root's elements), by role. @type {Parts} */
    this.ui = makeParts(root);
    /**
     * The words of the element's language (`lang`), once its attributes are
     * read and its words loaded (#build labels the element with them).
     * @type {ElementWords | null}
     */
    this.words = null;
    // One board for every mode: diagrams and replays draw on its view; a
    // play mode gives it its controller.
    const play = () => (this.mode instanceof PlayMode ? this.mode : null);
    this.playBoard = mountBoard(
      {
        canvas: this.ui.canvas,
        wrap: this.ui.boardBox,
        grid: this.ui.grid,
        dice: this.ui.dice,
        status: this.ui.status,
        roll: this.ui.roll,
        confirm: this.ui.confirm,
        undo: this.ui.undo,
      },
      {
        themeFrom: this,
        words: () => this.#words.game,
        flipped: () => play()?.flipped ?? false,
        coords: () => play()?.coords ?? false,
      },
    );
    this.board = this.playBoard.view;
    root.addEventListener('click', (e) => {
      const btn = e.target instanceof Element ? e.target.closest('button[data-cmd]') : null;
      if (btn instanceof HTMLElement) this.#safe(() => this.#command(btn.dataset.cmd));
    });
    this.ui.root.addEventListener('keydown', (e) => {
      // Key hints in the status from the first key press (input.js).
      noteKeyboard(e);
      if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
      const onButton = e.target instanceof HTMLButtonElement;
      if (onButton && (e.key === 'Enter' || e.key === ' ')) return;
      this.#safe(() => {
        if (this.mode?.key?.(e)) e.preventDefault();
      });
    });
    /** @type {PlayMode|ReplayMode|null} */
    this.mode = null;
    this.token = 0;
    this.scheduled = false;
    this.rendered = false;
    this.currentPosition = '';
    // A record given as the element's text may arrive after the element.
    new MutationObserver(() => {
      if (this.getAttribute('mode') === 'replay' && !this.hasAttribute('record')) this.#schedule();
    }).observe(this, { childList: true, characterData: true, subtree: true });
  }

  connectedCallback() {
    if (!this.rendered) this.#schedule();
  }

  disconnectedCallback() {
    if (this.mode instanceof ReplayMode) this.mode.pause();
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (oldValue === newValue) return;
    if (name === 'style' || name === 'class') this.refresh();
    else if (this.isConnected) this.#schedule();
  }

  // ---- the public API -------------------------------------------------------------

  /** The position code on show (the position before the turn under way in play mode). */
  get position() {
    return this.currentPosition;
  }

  /** The message shown for bad attributes, or '' when the board is fine. */
  get error() {
    return this.ui.error.hidden ? '' : this.ui.error.textContent;
  }

  /** Replay: turns played at the position on show. Play: turns played so far. */
  get step() {
    if (this.mode instanceof ReplayMode) return this.mode.step;
    if (this.mode instanceof PlayMode) return this.mode.state.log.length;
    return 0;
  }

  /** Replay: the number of turns in the record. */
  get turns() {
    return this.mode instanceof ReplayMode ? this.mode.last : this.step;
  }

  /** Redraws (after a change of the theming variables in a style sheet). */
  refresh() {
    this.board.draw();
  }

  /** Replay controls, for pages that drive the element themselves. */
  first() {
    this.#command('first');
  }
  back() {
    this.#command('back');
  }
  forward() {
    this.#command('forward');
  }
  end() {
    this.#command('end');
  }
  play() {
    if (this.mode instanceof ReplayMode) this.mode.play();
  }
  pause() {
    if (this.mode instanceof ReplayMode) this.mode.pause();
  }
  /** Play mode: starts the game again. */
  restart() {
    this.#command('restart');
  }

  // ---- rendering -----------------------------------------------------------------

  #schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.#render().catch((e) => this.#showError(messageOf(e)));
    });
  }

  async #render() {
    const token = ++this.token;
    this.rendered = true;
    let config;
    try {
      config = readConfig(this);
    } catch (e) {
      this.#showError(messageOf(e));
      return;
    }
    try {
      await Promise.all([loadEngine(), loadLanguage(config.lang, ['page', 'errors', 'element'])]);
    } catch (e) {
      if (token === this.token) this.#showError(`the engine could not load: ${messageOf(e)}`);
      return;
    }
    if (token !== this.token) return;
    this.#dropMode();
    try {
      this.#build(config);
    } catch (e) {
      this.#dropMode();
      this.#showError(messageOf(e));
      return;
    }
    this.ui.error.hidden = true;
    this.ui.error.textContent = '';
    this.ui.boardBox.hidden = false;
    this.ui.root.dataset.state = 'ready';
    this.dispatchEvent(
      new CustomEvent('diablo-ready', {
        bubbles: true,
        composed: true,
        detail: { mode: config.mode, position: this.currentPosition },
      }),
    );
  }

  /** The element's words, for the modes #build makes (it sets them first). */
  get #words() {
    if (!this.words) throw new Error("the element's words are not loaded");
    return this.words;
  }

  /** Puts the words of the element's language on its buttons and labels. */
  #label() {
    const w = this.words;
    if (!w) return;
    /** @param {string | undefined} key */
    const word = (key) => /** @type {Record<string, unknown>} */ (w)[key ?? ''];
    for (const el of this.#root.querySelectorAll('[data-w]')) {
      const text = word(/** @type {HTMLElement} */ (el).dataset.w);
      if (typeof text === 'string') el.textContent = text;
    }
    for (const el of this.#root.querySelectorAll('[data-w-label]')) {
      const text = word(/** @type {HTMLElement} */ (el).dataset.wLabel);
      if (typeof text !== 'string') continue;
      el.setAttribute('aria-label', text);
      if (el instanceof HTMLButtonElement) el.title = text;
    }
  }

  #build(config) {
    const ui = this.ui;
    this.words = elementWords(config.lang);
    ui.root.lang = config.lang;
    this.#label();
    ui.root.dataset.mode = config.mode;
    ui.caption.textContent = config.caption;
    ui.caption.hidden = !config.caption;
    ui.credit.textContent = config.credit ? this.words.credit : '';
    ui.credit.hidden = !config.credit;
    ui.diagramDice.hidden = true;
    ui.replay.hidden = config.mode !== 'replay';
    ui.play.hidden = config.mode !== 'play';
    ui.grid.hidden = config.mode !== 'play';
    if (config.mode === 'play') {
      ui.canvas.removeAttribute('role');
      ui.canvas.removeAttribute('aria-label');
      ui.canvas.setAttribute('aria-hidden', 'true');
    } else {
      ui.canvas.removeAttribute('aria-hidden');
      ui.canvas.setAttribute('role', 'img');
    }
    if (config.mode === 'diagram') this.#buildDiagram(config);
    else if (config.mode === 'replay') this.#buildReplay(config);
    else this.#buildPlay(config);
  }

  /** @param {EmbedConfig} config */
  #buildDiagram(config) {
    const session = gameAtStart(config);
    try {
      setUp(session, config);
      const state = session.state;
      const model = diagramModel(session, config);
      this.board.set(model);
      this.currentPosition = state.code;
      this.ui.canvas.setAttribute(
        'aria-label',
        describe(state, {
          arrows: model.last,
          caption: config.caption,
          model,
          words: this.#words,
        }),
      );
      this.ui.diagramDice.hidden = !state.roll;
      if (state.roll) renderDice(this.ui.diagramDice, state, this.#words.game);
    } finally {
      session.dispose();
    }
  }

  /** @param {EmbedConfig} config */
  #buildReplay(config) {
    const game = gameToReplay(config);
    // A link names the turn it views; a record starts at its start.
    const step = config.view ?? (config.link ? game.view : 0);
    if (step > game.turns) {
      game.dispose();
      throw new EmbedError(`view: ${step} is past the end of the game (${game.turns} turns)`);
    }
    const mode = new ReplayMode({
      game,
      step,
      board: this.board,
      canvas: this.ui.canvas,
      ui: this.ui,
      coords: config.coords,
      caption: config.caption,
      interval: config.interval,
      words: this.#words,
      emit: (name, detail) => {
        this.currentPosition = /** @type {{ position: string }} */ (detail).position;
        this.#emit(name, detail);
      },
    });
    this.mode = mode;
    this.currentPosition = mode.frame.state.code;
    mode.render();
    if (config.autoplay) mode.play();
  }

  /** @param {EmbedConfig} config */
  #buildPlay(config) {
    const w = this.#words.game;
    const level =
      /** @type {Record<string, string>} */ (/** @type {unknown} */ (w))[
        `level${config.level.charAt(0).toUpperCase()}${config.level.slice(1)}`
      ] ?? config.level;
    this.ui.who.hidden = config.players !== 'computer';
    this.ui.who.textContent = config.players === 'computer' ? w.youPlay(w.color[config.color], level) : '';
    const mode = new PlayMode({
      session: gameAtStart(config),
      board: this.playBoard,
      players:
        config.players === 'computer' ? { kind: 'computer', level: config.level, human: config.color } : 'hotseat',
      coords: config.coords,
      words: this.#words,
      emit: (name, detail) => this.#emit(name, detail),
      fail: (message) => this.#showError(message),
      shown: (code) => {
        this.currentPosition = code;
      },
    });
    this.mode = mode;
    mode.render();
    mode.startTurn();
  }

  #dropMode() {
    this.mode?.stop();
    this.mode = null;
  }

  /** @param {string | undefined} cmd a button's `data-cmd` */
  #command(cmd) {
    const mode = this.mode;
    if (mode instanceof PlayMode) {
      /** @type {Record<string, () => void>} */
      // Roll, Confirm and Undo are the board's own buttons (lib/board/mount.js).
      if (cmd === 'restart') this.#rebuild();
    } else if (mode instanceof ReplayMode) {
      /** @type {Record<string, () => void>} */
      const replay = {
        toggle: () => mode.toggle(),
        first: () => mode.first(),
        back: () => mode.back(),
        forward: () => mode.forward(),
        end: () => mode.end(),
      };
      if (cmd) replay[cmd]?.();
    }
  }

  /** A fresh game with the same attributes. */
  #rebuild() {
    this.token++;
    this.#render().catch((e) => this.#showError(messageOf(e)));
  }

  /** The shadow root (always there: the constructor attaches it). */
  get #root() {
    return /** @type {ShadowRoot} */ (this.shadowRoot);
  }

  #emit(name, detail) {
    this.dispatchEvent(new CustomEvent(name, { bubbles: true, composed: true, detail }));
  }

  /** Runs a handler; an unexpected failure becomes the element's message. */
  #safe(fn) {
    try {
      fn();
    } catch (e) {
      this.#showError(messageOf(e));
    }
  }

  #showError(message) {
    this.#dropMode();
    const ui = this.ui;
    ui.root.dataset.state = 'error';
    ui.boardBox.hidden = true;
    ui.replay.hidden = true;
    ui.play.hidden = true;
    ui.caption.hidden = true;
    ui.diagramDice.hidden = true;
    ui.credit.hidden = true;
    ui.error.textContent = `Diablo board: ${message}`;
    ui.error.hidden = false;
    this.currentPosition = '';
    this.#emit('diablo-error', { message });
  }
}

if (!customElements.get('diablo-board')) customElements.define('diablo-board', DiabloBoard);
