// @ts-check
// The tutor, a setting of the game page (loaded when it is on): before a
// person's complete turn is confirmed, the review judges it (the same
// judgement as the game review, docs/review.md, in the review's worker),
// and when the engine marks it a mistake or a blunder the page says so
// and asks: play it anyway, show a better turn, or take it back. The
// judgement is given at most WAIT_MS once the worker is up; past that the
// turn is confirmed as if the tutor were off, so Confirm is never held
// longer.

/** @typedef {import('../lib/game/controller.js').GameController} GameController */
/** @typedef {import('../lib/types.js').TurnReview} TurnReview */
/** @typedef {import('../lib/i18n/i18n.js').Words['review']} ReviewWords */

/** How long Confirm may wait for the tutor's judgement. */
export const WAIT_MS = 1000;

/** The turn last warned about: confirming it again plays it. */
let warned = '';

/**
 * What the tutor needs from the page (passed in: a module the page loads
 * on demand imports nothing the page's start code holds).
 * @typedef {object} TutorHost
 * @property {import('../lib/game/computer.js').AiClient} client a worker's client of its own (hints and the computer's turn never wait for it)
 * @property {() => ReviewWords} words the review's words in the page's language
 * @property {(at: { code: string, roll: [number, number] }, best: { turn: string, actions: import('../lib/types.js').ActionView[] }) => void} showBest shows a better turn on the board (as a hint)
 */

/** The worker started, with its wasm ready: its first answer. @type {Promise<unknown> | null} */
let ready = null;

/** Starts the worker (and its wasm) ahead of the first turn to judge. @param {TutorHost} host */
export function warm(host) {
  ready ??= host.client.request('build', {}).catch(() => null);
  return ready;
}

/**
 * The judgement of a turn, or null when none came within WAIT_MS (the
 * worker is then stopped; the next request starts a fresh one).
 * @param {TutorHost} host
 * @param {{ code: string, edition: string, roll: [number, number], turn: string }} turn
 * @returns {Promise<TurnReview | null>}
 */
async function judge(host, turn) {
  // The clock starts once the worker is up (the first time: its wasm
  // loading, up to a few seconds on a slow device).
  await Promise.race([
    warm(host),
    new Promise((resolve) => {
      setTimeout(resolve, 5 * WAIT_MS);
    }),
  ]);
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(null), WAIT_MS);
  });
  const asked = host.client.request('review', { ...turn, level: 'hard' }).then(
    ({ result }) => result,
    () => null,
  );
  const out = await Promise.race([asked, late]);
  clearTimeout(timer);
  if (out == null) {
    host.client.cancel();
    ready = null;
  }
  return out;
}

/**
 * Vets the person's complete turn of `ctl`: confirms it when the engine
 * finds no mistake in it (or says nothing in time); else asks, and
 * confirms it, undoes it (showing a better turn, when asked) or leaves it.
 * Nothing is done when the game changed meanwhile.
 * @param {GameController} ctl
 * @param {TutorHost} host
 */
export async function vet(ctl, host) {
  const s = ctl.session;
  const st = s.state;
  const epoch = ctl.epoch;
  if (!st.roll) return ctl.confirmNow();
  const text = (/** @type {typeof st} */ x) => x.actions.map((a) => a.text).join(' ');
  const turn = { code: st.code, edition: st.edition, roll: st.roll, turn: text(st) };
  const key = `${turn.code}|${turn.roll.join(',')}|${turn.turn}`;
  /** @type {'anyway' | 'show' | 'back' | 'keep'} */
  let answer = 'anyway';
  if (key !== warned) {
    const w = host.words();
    ctl.tell(w.tutorLooking);
    const review = await judge(host, turn);
    ctl.tell('');
    const mark = review?.mark;
    if (review && (mark === 'mistake' || mark === 'blunder')) {
      warned = key;
      const pct = (/** @type {number} */ p) => Math.round(Math.max(0, Math.min(1, p)) * 100);
      answer = await ask(w, w.tutorWarn(w.mark[mark], pct(review.loss), pct(review.bestValue)));
      if (answer === 'show') host.showBest(turn, { turn: review.best, actions: review.bestActions });
    }
  }
  // The game moved on meanwhile (a new game, a take-back): nothing to do.
  const now = s.state;
  if (
    epoch !== ctl.epoch
    || ctl.stopped
    || ctl.session !== s
    || !now.complete
    || now.code !== st.code
    || text(now) !== turn.turn
  )
    return undefined;
  ctl.vetting = false;
  if (answer === 'anyway') return ctl.confirmNow();
  if (answer === 'keep') return undefined;
  for (let k = 0; k < 4 && ctl.state.actions.length; k++) ctl.undo();
  return undefined;
}

/**
 * The tutor's question, in a modal dialog made the first time it is
 * needed; resolves with the button pressed ('keep' for Escape).
 * @param {ReviewWords} w
 * @param {string} text
 * @returns {Promise<'anyway' | 'show' | 'back' | 'keep'>}
 */
function ask(w, text) {
  let dialog = /** @type {HTMLDialogElement | null} */ (document.getElementById('tutor-dialog'));
  if (!dialog) {
    dialog = document.createElement('dialog');
    dialog.id = 'tutor-dialog';
    dialog.className = 'tutor';
    dialog.setAttribute('aria-labelledby', 'tutor-title');
    dialog.setAttribute('aria-describedby', 'tutor-text');
    dialog.innerHTML =
      '<h2 id="tutor-title"></h2><p id="tutor-text"></p>'
      + '<form method="dialog" class="row end">'
      + '<button value="anyway"></button><button value="show"></button><button value="back" class="primary" autofocus></button>'
      + '</form>';
    document.body.append(dialog);
  }
  const d = dialog;
  /** @param {string} sel @param {string} s */
  const set = (sel, s) => {
    const el = d.querySelector(sel);
    if (el) el.textContent = s;
  };
  set('#tutor-title', w.tutorTitle);
  set('#tutor-text', text);
  set('button[value=anyway]', w.tutorAnyway);
  set('button[value=show]', w.tutorShow);
  set('button[value=back]', w.tutorBack);
  d.returnValue = '';
  d.showModal();
  return new Promise((resolve) => {
    d.addEventListener(
      'close',
      () => {
        const v = d.returnValue;
        resolve(v === 'anyway' || v === 'show' || v === 'back' ? v : 'keep');
      },
      { once: true },
    );
  });
}
