// @ts-check
// The hint and the win chance, loaded with the first of them
// (opponent.js's Advisor draws what is seen before): asked of the analyst
// worker, remembered for the moment they were asked about, and worded.

/**
 * The page's modules advice uses, handed in (see opponent.js).
 * @typedef {object} AdviceDeps
 * @property {typeof import('../lib/game/computer.js').analyst} analyst
 * @property {typeof import('../lib/game/computer.js').Cancelled} Cancelled
 * @property {typeof import('../lib/game/computer.js').ThinkError} ThinkError
 * @property {typeof import('../lib/i18n/i18n.js').errorText} errorText
 * @property {typeof import('../lib/i18n/i18n.js').t} t
 */

/** @type {AdviceDeps} */
let d;

const percent = (p) => Math.round(Math.max(0, Math.min(1, p)) * 100);

/** The moment a hint answers: the position before the turn and the roll. */
const momentOf = (st) => `${st.code}|${st.roll ? st.roll.join(',') : ''}`;

/**
 * The hint and the win chance of the game on the page. Answers arrive
 * later (the worker searches); `onChange` is called when one arrives that
 * still fits what is shown.
 */
export class Advice {
  /** @param {() => void} onChange @param {AdviceDeps} deps */
  constructor(onChange, deps) {
    d = deps;
    this.onChange = onChange;
    this.epoch = 0;
    /** @type {{moment:string, result?:any, error?:string}|null} */
    this.hint = null;
    /** @type {{code:string, value?:number}|null} */
    this.chance = null;
  }

  /** The game changed (new game, take-back, replay): forget and stop asking. */
  reset() {
    this.epoch++;
    d.analyst.cancel();
    this.hint = null;
    this.chance = null;
  }

  #ask(kind, args, keep) {
    const epoch = this.epoch;
    d.analyst.request(kind, args).then(
      ({ result }) => {
        if (epoch === this.epoch && keep(result, null)) this.onChange();
      },
      (e) => {
        if (e instanceof d.Cancelled) return;
        const why =
          e instanceof d.ThinkError && e.info ? d.errorText(e.info) : e instanceof Error ? e.message : String(e);
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
    const w = d.t();
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
    if (st.winner) return null;
    const w = d.t();
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
}
