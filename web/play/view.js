// @ts-check
// The game page's drawing: the board (lib/board/mount.js) with the game or
// the replay's frame, and around it the counts, the log, the position
// code, the line under the board, the hint panel, the replay bar, the
// review and the game-over card. Everything is drawn from the page's state
// (state.js); nothing here changes the game.

import { mountBoard } from '../lib/board/mount.js';
import { liveLines, renderLog } from '../lib/board/log.js';
import { messageOf } from '../lib/engine/engine.js';
import { language, loadLanguage, t } from '../lib/i18n/i18n.js';
import { fail, guard, notice } from '../lib/page.js';
import { $, button, input as field } from '../lib/dom.js';
import { renderCounts } from './panels.js';
import * as opponent from './opponent.js';
import { PlayState } from './state.js';
import { gameOverJs, reviewJs, reviewStorage, wordsForRefusals } from './modules.js';

/** @typedef {ReturnType<typeof createView>} PlayView */

/**
 * The page's views on `state`; the replay is the one `state` holds.
 * @param {PlayState} state
 * @param {import('./replay.js').LazyReplay} replay
 */
export function createView(state, replay) {
  const settings = state.settings;
  const advisor = new opponent.Advisor(guard(() => render()));
  // The parts by their ids, written out: pageParts() would cost the game
  // page's start bytes it does not have.
  const parts = {
    canvas: /** @type {HTMLCanvasElement} */ ($('board')),
    wrap: $('board-wrap'),
    grid: $('grid'),
    dice: $('dice'),
    status: $('status'),
    roll: button('btn-roll'),
    confirm: button('btn-confirm'),
    undo: button('btn-undo'),
  };
  const board = mountBoard(parts, {
    words: () => t(),
    flipped: () => state.flipped(),
    coords: () => Boolean(settings.coords),
    hint: () => {
      const st = state.controller?.state;
      return st ? (advisor.hintView(st)?.actions ?? []) : [];
    },
    frame: () => state.frame(),
    canAct: () => !state.replaying,
    // In a replay, the live game's commands explain that this is a replay.
    refused: () => {
      state.replayNote = t().replayNoPlay;
      render();
    },
    acted: (i, time) => {
      if (state.controller?.selected === i)
        performance.measure('diablo:select', { start: time, end: performance.now() });
    },
    decorate: (model) => {
      const rp = replay.cursor;
      if (rp) state.review?.decorate(model, rp.step);
    },
    status: () => (replay.cursor ? state.replayStatus(replay.status()) : null),
  });

  /** Draws everything from the controller's state, or the replay's. */
  function render() {
    const controller = state.controller;
    const st = state.shown();
    if (!controller || !st) return;
    const w = t();
    const rp = replay.cursor;
    // Dice on the board: from now on a click may be refused.
    if (st.roll) wordsForRefusals();
    // The review (review.js) ends with the replay of its game.
    if (state.review && state.review.game !== rp?.game) state.review = state.review.close();
    board.draw();
    button('btn-flip').setAttribute('aria-pressed', String(state.flipped()));
    // The sound switch's name says its state.
    const sound = button('btn-sound');
    sound.ariaLabel = sound.title = settings.muted ? w.soundOff : w.soundOn;
    sound.toggleAttribute('data-muted', Boolean(settings.muted));
    const live = !rp;
    button('btn-confirm').hidden = Boolean(settings.autoConfirm);
    button('btn-takeback').disabled = !live || !controller.controls().takeBack;
    advisor.render(st, { computerTurn: live && controller.computerTurn, thinking: controller.thinking, replay: !live });
    renderCounts($('counts'), st, w);
    field('position-code').value = st.code;
    $('game-info').textContent = state.gameInfo(w, opponent.levelName);
    document.body.dataset.side = st.winner ?? st.side;
    document.body.dataset.phase = PlayState.phase(st);
    if (rp) {
      replay.render();
      state.review?.render();
      return;
    }
    renderLog($('log'), liveLines(st, w.inProgress), { current: st.roll && !st.winner ? st.log.length : -1 });
    renderOver();
  }

  /**
   * The game-over card (gameover.js, loaded when a game first ends, so that
   * the page's start does not carry it); hidden while no game is over.
   */
  function renderOver() {
    const over = $('gameover');
    if (!state.controller?.state.winner) {
      over.hidden = true;
      button('btn-result').hidden = true;
      return;
    }
    gameOverJs()
      .then(
        guard((m) => {
          const ctl = state.controller;
          // Drawn for the game as it is now (a rematch may have come first).
          if (!ctl || state.replaying) return;
          const w = t();
          if (
            m.renderGameOver(
              over,
              $('gameover-text'),
              $('gameover-detail'),
              /** @type {HTMLTableElement} */ ($('gameover-stats')),
              ctl.state,
              () => ctl.session.stats(),
              w,
              ctl.computerSide,
            )
          ) {
            button('btn-rematch').focus();
            const record = ctl.session.recordText();
            // Kept in "Your games" (gameover.js loads lib/archive.js), beside the review's graph.
            m.keepGame(
              over,
              ctl,
              { notice, loadLanguage, language, t },
              reviewJs().then((r) => r.overGraph($('gameover-stats'), record, t('review'), reviewStorage)),
            );
          }
          $('btn-gameover-close').ariaLabel = w.close;
          button('btn-result').hidden = over.hidden || over.dataset.closed == null;
        }),
      )
      .catch((e) => fail(messageOf(e)));
  }

  return { board, advisor, render };
}
