// @ts-check
// The game page's controls: buttons, dialogs, the Settings panel and the
// keys, each turned into a command (commands.js). Roll, Confirm, Undo and
// the squares are the board's own (lib/board/mount.js).

import { bindKeys } from '../lib/board/input.js';
import { applyTheme, guard, on, pickLanguages } from '../lib/page.js';
import { $, button, dialog, input as field, select } from '../lib/dom.js';
import * as opponent from './opponent.js';
import * as share from './share.js';
import { playSound, tutorJs } from './modules.js';

/**
 * @param {import('./state.js').PlayState} state
 * @param {import('./view.js').PlayView} view
 * @param {import('./commands.js').Commands} cmds
 * @param {import('./replay.js').LazyReplay} replay
 * @param {import('./tutor.js').TutorHost} tutorHost
 */
export function wire(state, view, cmds, replay, tutorHost) {
  const { board, render } = view;
  on('btn-takeback', 'click', cmds.live(cmds.takeBack));
  on('btn-hint', 'click', cmds.askHint);
  on('btn-new', 'click', cmds.openNewGame);
  on('btn-gameover-new', 'click', cmds.openNewGame);
  on('btn-rematch', 'click', cmds.rematch);
  // Closed, the card leaves the final board in view; "Show result" brings it back.
  const closeCard = (/** @type {boolean} */ closed) => () => {
    $('gameover').toggleAttribute('data-closed', closed);
    button('btn-result').hidden = !closed;
    render();
    button(closed ? 'btn-result' : 'btn-rematch').focus();
  };
  on('btn-gameover-close', 'click', closeCard(true));
  on('btn-result', 'click', closeCard(false));
  on('btn-review', 'click', cmds.startReview);
  on('rp-review', 'click', cmds.startReview);
  on('btn-rules', 'click', () => {
    cmds.showRules();
    cmds.openPanel('rules-panel');
  });
  on('btn-flip', 'click', cmds.flip);
  on('btn-help', 'click', cmds.openHelp);
  on('btn-copy', 'click', () => cmds.copyFrom('position-code', 'btn-copy', 'copied'));
  on('btn-gameover-link', 'click', () => cmds.copyFrom('share-link', 'btn-gameover-link', 'linkCopied'));
  replay.wire(guard);
  share.wireSharing(
    {
      record: () => (replay.active ? replay.recordText() : (state.controller?.session.recordText() ?? '')),
      state: () => /** @type {import('../lib/types.js').GameState} */ (state.shown()),
      ready: () => replay.load(),
      open: (text) => replay.openText(text),
      news: (text) => (replay.active ? render() : state.controller?.tell(text)),
    },
    guard,
  );
  // The one picker (lib/page.js): every section the page has loaded, in the new language.
  pickLanguages(null, (code) => {
    state.settings.lang = code;
    cmds.applyLanguage();
  });
  on('ng-cancel', 'click', () => dialog('new-game-dialog').close());
  on('new-game-form', 'submit', cmds.submitNewGame);
  on('confirm-new-keep', 'click', () => {
    state.confirmNew(false);
    dialog('confirm-new-dialog').close();
  });
  on('confirm-new-form', 'submit', () => state.confirmNew(true));
  opponent.wireFields('ng');
  opponent.wireFields('continue');
  // After the replay has filled the continue dialog's players choice.
  on('rp-continue', 'click', () => opponent.fillFields('continue'));
  for (const btn of document.querySelectorAll('.close-dialog')) {
    btn.addEventListener('click', () => btn.closest('dialog')?.close());
  }
  for (const d of document.querySelectorAll('dialog')) {
    // Keep focus from lingering inside a closed dialog.
    d.addEventListener('close', () => {
      const active = document.activeElement;
      if (d.contains(active) && active instanceof HTMLElement) active.blur();
    });
  }
  wireSettings(state, view, tutorHost);
  bindKeys({
    roll: guard(() => board.roll()),
    next: guard(cmds.next),
    undo: guard(() => board.undo()),
    takeBack: guard(cmds.live(cmds.takeBack)),
    newGame: guard(cmds.openNewGame),
    cancel: guard(() => state.controller?.cancel()),
    help: guard(cmds.openHelp),
    flip: guard(cmds.flip),
    home: guard(() => {
      if (replay.active) replay.cursor?.first();
      return replay.active;
    }),
    end: guard(() => {
      if (replay.active) replay.cursor?.end();
      return replay.active;
    }),
    cursor: guard((df, dr) => {
      if (replay.active) replay.arrow(df);
      else board.cursor(df, dr);
    }),
  });
}

/**
 * The Settings panel and the sound switch: each choice is stored and drawn.
 * @param {import('./state.js').PlayState} state
 * @param {import('./view.js').PlayView} view
 * @param {import('./tutor.js').TutorHost} tutorHost
 */
function wireSettings(state, { advisor, render }, tutorHost) {
  const settings = state.settings;
  /**
   * @param {string} id
   * @param {import('./state.js').Switch} key
   * @param {() => void} [after]
   */
  const setting = (id, key, after) => {
    field(id).checked = Boolean(settings[key]);
    on(id, 'change', () => {
      state.setSwitch(key, field(id).checked);
      render();
      after?.();
    });
  };
  setting('opt-autoroll', 'autoRoll', () => state.controller?.startTurn());
  setting('opt-autoconfirm', 'autoConfirm', () => {
    if (state.controller?.session.complete) state.controller.confirm();
  });
  setting('opt-coords', 'coords');
  const warm = () => {
    if (settings.tutor)
      tutorJs()
        .then((m) => m.warm(tutorHost))
        .catch(() => {});
  };
  setting('opt-tutor', 'tutor', warm);
  warm();
  // The sound switch by the board: turned on, it says so with a sound.
  on('btn-sound', 'click', () => {
    state.setSwitch('muted', !settings.muted);
    render();
    playSound('move', Boolean(settings.muted));
  });
  on('opt-theme', 'change', () => {
    const theme = select('opt-theme').value;
    state.update({ theme: theme === 'light' || theme === 'dark' ? theme : 'system' });
    applyTheme();
  });
  select('opt-theme').value = settings.theme;
  on('opt-winchance', 'change', () => {
    advisor.showChance = field('opt-winchance').checked;
    opponent.savePrefs({ showChance: advisor.showChance });
    render();
  });
  field('opt-winchance').checked = advisor.showChance;
  // The header's "Play online" and the online player in Settings: web/online.js, of the other pages'
  // bundle (lobby/online.js), loaded once the page is playable, as the start has no byte to spare.
  setTimeout(() => import(new URL('online.js', import.meta.url).href).catch(() => {}), 2000);
}
