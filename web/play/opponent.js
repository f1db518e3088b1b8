// The page's parts for playing against the computer and asking it for
// advice: the opponent fields of the new-game and continue dialogs, the
// hint and the win-chance estimate. The searching happens in a worker
// (ai.js); this file only asks, remembers the answer for the moment it was
// asked about, and words it.

import { analyst, Cancelled, ThinkError } from '../lib/game/computer.js';
import { DEFAULT_LEVEL, LEVELS, normalizePlayers } from '../lib/game/players.js';
import { errorText, t } from '../lib/i18n/i18n.js';

import { $, button, select } from '../lib/dom.js';
import { copyOptions } from '../lib/select.js';
import { isRecord, reject, Rejected, stored } from '../lib/storage.js';

const HUMANS = ['black', 'green', 'random'];

/** The last opponent chosen and whether to show win chances (stored as `diablo.ai.v1`). */
const prefs = stored('ai', {
  what: 'opponent',
  version: 1,
  fallback: () => ({ level: DEFAULT_LEVEL, human: 'black', showChance: false }),
  // A field of the wrong shape is dropped (its default), the others kept.
  validate: (data) => {
    if (!isRecord(data)) return reject('not an object');
    const { level, human, showChance } = data;
    const value = {
      level: LEVELS.includes(/** @type {any} */ (level)) ? String(level) : DEFAULT_LEVEL,
      human: HUMANS.includes(/** @type {any} */ (human)) ? String(human) : 'black',
      showChance: showChance === true,
    };
    // A missing (or null) field is its default, without a word.
    const fits =
      (level == null || value.level === level)
      && (human == null || value.human === human)
      && (showChance == null || value.showChance === showChance);
    return fits ? value : new Rejected('bad opponent', value);
  },
});

/** The last opponent chosen and whether to show win chances. */
export const loadPrefs = () => prefs.get();

/** Saves some of the preferences (the rest stay; if storage fails, the choice still holds for this page). */
export function savePrefs(changes) {
  prefs.set({ ...loadPrefs(), ...changes });
}

/** A level's name in the current language. */
export function levelName(level) {
  const w = t();
  return w[`level${level.charAt(0).toUpperCase()}${level.slice(1)}`] ?? level;
}

// ---- the dialogs' opponent fields ------------------------------------------------

/** Shows the level and colour fields of a dialog only when the computer is chosen. */
export function syncFields(prefix) {
  $(`${prefix}-computer`).hidden = select(`${prefix}-players`).value !== 'computer';
}

/**
 * Fills a dialog's opponent fields (`<prefix>-players`, `-level`, `-human`):
 * the players of `current` if given, and the last level and colour chosen.
 */
export function fillFields(prefix, current) {
  if (prefix !== 'ng') {
    // Other dialogs offer the new-game dialog's choices, in the current language.
    copyOptions(select(`${prefix}-level`), select('ng-level'));
    copyOptions(select(`${prefix}-human`), select('ng-human'));
  }
  const prefs = loadPrefs();
  const players = current == null ? null : normalizePlayers(current);
  if (players != null) select(`${prefix}-players`).value = players === 'hotseat' ? 'hotseat' : 'computer';
  select(`${prefix}-level`).value = players !== 'hotseat' && players?.level ? players.level : prefs.level;
  select(`${prefix}-human`).value = prefs.human;
  syncFields(prefix);
}

/** Keeps a dialog's fields in step with its players choice. */
export function wireFields(prefix) {
  $(`${prefix}-players`).addEventListener('change', () => syncFields(prefix));
}

/**
 * The players a dialog asks for, in their stored shape (a random colour is
 * drawn here); remembers the level and colour for next time.
 */
export function readPlayers(prefix) {
  if (select(`${prefix}-players`).value !== 'computer') return 'hotseat';
  const level = select(`${prefix}-level`).value;
  const asked = select(`${prefix}-human`).value;
  savePrefs({ level, human: asked });
  const human = asked === 'random' ? (Math.random() < 0.5 ? 'black' : 'green') : asked;
  return normalizePlayers({ kind: 'computer', level, human });
}

// ---- advice: the hint and the chance of winning -------------------------------------

/**
 * The hint and the win chance of the game on the page. What a person sees
 * of them before asking (the thinking line, the Hint button) is drawn here;
 * the asking and the wording live in advice.js, loaded with the first hint
 * or the first win chance shown, so that the page's start does not carry
 * them (its modules are handed in: a static import shared with the page
 * would split the start into chunks).
 */
export class Advisor {
  /** @param {() => void} onChange */
  constructor(onChange) {
    this.onChange = onChange;
    this.showChance = loadPrefs().showChance;
    /** @type {import('./advice.js').Advice | null} */
    this.advice = null;
    /** @type {Promise<import('./advice.js').Advice> | null} */
    this.loading = null;
  }

  /** advice.js, loaded once; the page redraws when it arrives. */
  load() {
    this.loading ??= import('./advice.js').then((m) => {
      this.advice = new m.Advice(this.onChange, { analyst, Cancelled, ThinkError, errorText, t });
      this.onChange();
      return this.advice;
    });
    return this.loading;
  }

  /** The game changed (new game, take-back, replay): forget and stop asking. */
  reset() {
    this.advice?.reset();
  }

  /**
   * Asks for a hint for the turn being played; false when there is none to
   * give (no roll yet, the turn is complete, or the game is over).
   * @param {import('../lib/types.js').GameState} st
   */
  askHint(st) {
    if (!st.roll || st.complete || st.winner) return false;
    this.load()
      .then((a) => {
        if (a.askHint(st)) this.onChange();
      })
      .catch(() => {});
    return true;
  }

  /**
   * Shows a given turn as the hint for the moment of `at` (the tutor's
   * better turn). @param {{ code: string, roll: [number, number] }} at
   * @param {{ turn: string, actions: import('../lib/types.js').ActionView[] }} result
   */
  show(at, result) {
    this.load()
      .then((a) => {
        a.show(at, result);
        this.onChange();
      })
      .catch(() => {});
  }

  /** What the hint shows now, or null. @param {import('../lib/types.js').GameState} st */
  hintView(st) {
    return this.advice?.hintView(st) ?? null;
  }

  /**
   * Draws the thinking indicator, the hint and the win chance for the
   * state shown (nothing of the advice in a replay).
   * @param {import('../lib/types.js').GameState} st
   * @param {{ computerTurn: boolean, thinking: boolean, replay: boolean }} o
   */
  render(st, { computerTurn, thinking, replay }) {
    const w = t();
    $('thinking').hidden = !(thinking && computerTurn);
    $('thinking-text').textContent = thinking ? w.thinkingShort : '';
    button('btn-hint').disabled = replay || computerTurn || !st.roll || st.complete || Boolean(st.winner);
    document.body.dataset.turn = computerTurn ? 'computer' : 'human';
    if (this.showChance && !this.advice) this.load().catch(() => {});
    const hint = replay ? null : this.hintView(st);
    if ($('advice').textContent !== (hint?.text ?? '')) $('advice').textContent = hint?.text ?? '';
    $('board-wrap').dataset.hint = hint?.actions.length ? hint.turn : '';
    const chance = replay || !this.showChance ? null : (this.advice?.chanceView(st) ?? null);
    $('win-chance').hidden = !chance;
    if (chance) {
      $('win-chance-text').textContent = chance.text;
      $('win-chance-bar').style.width = `${Math.round((chance.value ?? 0.5) * 100)}%`;
    }
  }
}
