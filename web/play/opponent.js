// The page's parts for playing against the computer and asking it for
// advice: the opponent fields of the new-game and continue dialogs, the
// hint and the win-chance estimate. The searching happens in a worker
// (ai.js); this file only asks, remembers the answer for the moment it was
// asked about, and words it.

import { analyst, Cancelled, ThinkError } from '../lib/game/computer.js';
import { DEFAULT_LEVEL, LEVELS, normalizePlayers } from '../lib/game/players.js';
import { errorText, t } from '../lib/i18n/i18n.js';

import { $, button, select } from '../lib/dom.js';
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
    const fits = (level == null || value.level === level) && (human == null || value.human === human)
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

const percent = (p) => Math.round(Math.max(0, Math.min(1, p)) * 100);

/** The moment a hint answers: the position before the turn and the roll. */
const momentOf = (st) => `${st.code}|${st.roll ? st.roll.join(',') : ''}`;

/**
 * The hint and the win chance of the game on the page. Answers arrive
 * later (the worker searches); `onChange` is called when one arrives that
 * still fits what is shown.
 */
export class Advisor {
  /** @param {() => void} onChange */
  constructor(onChange) {
    this.onChange = onChange;
    this.showChance = loadPrefs().showChance;
    this.epoch = 0;
    /** @type {{moment:string, result?:any, error?:string}|null} */
    this.hint = null;
    /** @type {{code:string, value?:number}|null} */
    this.chance = null;
  }

  /** The game changed (new game, take-back, replay): forget and stop asking. */
  reset() {
    this.epoch++;
    analyst.cancel();
    this.hint = null;
    this.chance = null;
  }

  #ask(kind, args, keep) {
    const epoch = this.epoch;
    analyst.request(kind, args).then(
      ({ result }) => { if (epoch === this.epoch && keep(result, null)) this.onChange(); },
      (e) => {
        if (e instanceof Cancelled) return;
        const why = e instanceof ThinkError && e.info ? errorText(e.info) : e instanceof Error ? e.message : String(e);
        if (epoch === this.epoch && keep(null, why)) this.onChange();
      },
    );
  }

  /**
   * Asks for a hint for the turn being played; false when there is none to
   * give (no roll yet, the turn is complete, or the game is over).
   */
  askHint(st) {
    if (!st.roll || st.complete || st.winner) return false;
    const moment = momentOf(st);
    if (this.hint?.moment === moment) return true;
    const hint = { moment };
    this.hint = hint;
    this.#ask('hint', { code: st.code, edition: st.edition, roll: st.roll }, (result, error) => {
      if (this.hint !== hint) return false;
      Object.assign(hint, result ? { result } : { error });
      return true;
    });
    return true;
  }

  /**
   * Shows a given turn as the hint for the moment of `at` (the tutor's
   * better turn). @param {{ code: string, roll: [number, number] }} at
   * @param {{ turn: string, actions: import('../lib/types.js').ActionView[] }} result
   */
  show(at, result) {
    this.hint = { moment: momentOf(at), result };
  }

  /**
   * What the hint shows now: its words and the actions still to play, or
   * null when no hint was asked for this turn.
   * @returns {{text:string, actions:{from:number,to:number|null}[], turn:string}|null}
   */
  hintView(st) {
    const h = this.hint;
    if (!h || h.moment !== momentOf(st) || st.winner) return null;
    const w = t();
    if (h.error) return { text: w.illegal(h.error), actions: [], turn: '' };
    if (!h.result) return { text: w.hintWorking, actions: [], turn: '' };
    const { turn, actions } = h.result;
    const played = st.actions.map((a) => a.text);
    if (!played.every((text, i) => actions[i]?.text === text)) {
      return { text: w.hintStale(turn), actions: [], turn };
    }
    return { text: w.hintText(turn), actions: actions.slice(played.length), turn };
  }

  /**
   * The win-chance line for the player to move (asked for once per
   * position), or null when it is not shown.
   * @returns {{text:string, value:number|null}|null}
   */
  chanceView(st) {
    if (!this.showChance || st.winner) return null;
    const w = t();
    const who = w.color[st.side];
    if (this.chance?.code !== st.code) {
      const chance = { code: st.code };
      this.chance = chance;
      this.#ask('winChance', { code: st.code, edition: st.edition }, (result) => {
        if (this.chance !== chance || !result) return false;
        chance.value = result.chance;
        return true;
      });
    }
    const value = this.chance?.value;
    if (value == null) return { text: w.winChanceWorking(who), value: null };
    return { text: w.winChance(who, percent(value)), value };
  }

  /**
   * Draws the thinking indicator, the hint and the win chance for the
   * state shown (nothing of the advice in a replay).
   */
  render(st, { computerTurn, thinking, replay }) {
    const w = t();
    $('thinking').hidden = !(thinking && computerTurn);
    $('thinking-text').textContent = thinking ? w.thinkingShort : '';
    const hint = replay ? null : this.hintView(st);
    if ($('advice').textContent !== (hint?.text ?? '')) $('advice').textContent = hint?.text ?? '';
    $('board-wrap').dataset.hint = hint?.actions.length ? hint.turn : '';
    button('btn-hint').disabled = replay || computerTurn || !st.roll || st.complete || Boolean(st.winner);
    const chance = replay ? null : this.chanceView(st);
    $('win-chance').hidden = !chance;
    if (chance) {
      $('win-chance-text').textContent = chance.text;
      $('win-chance-bar').style.width = `${Math.round((chance.value ?? 0.5) * 100)}%`;
    }
    document.body.dataset.turn = computerTurn ? 'computer' : 'human';
  }
}
