// @ts-check
// The clocks on both sides of the board (the other player's above, this
// player's below; a watcher's both above the replay) and the Claim button, drawn from the state (ask.js
// clocks, claimable). While a clock runs they are redrawn on their own, a
// few times a second, without redrawing the page; the first time this
// player's clock runs low the page plays one short sound (unless the
// sound is off in the Settings).

import { t } from '../lib/i18n/i18n.js';
import { guard } from '../lib/page.js';
import { $, button } from '../lib/dom.js';
import { loadSettings } from '../lib/storage.js';
import { claimable, clocks, watchClocks } from './ask.js';
import { daysParts, liveText } from './clock.js';

/** @typedef {import('./state.js').FriendState} FriendState */
/** @typedef {NonNullable<ReturnType<typeof clocks>>} Clocks */

export class ClockView {
  /** @type {ReturnType<typeof setInterval> | null} */
  #ticker = null;
  #every = 0;
  /** Games whose low-time sound was played. @type {Set<string>} */
  #warned = new Set();

  /** @param {FriendState} s */
  constructor(s) {
    this.s = s;
  }

  /** Draws the clocks and the Claim button now, and keeps them ticking while a clock runs. */
  draw() {
    const now = Date.now();
    const c = clocks(this.s, now);
    for (const [id, one] of /** @type {const} */ ([
      ['clock-top', c?.top],
      ['clock-bottom', c?.bottom],
    ])) {
      const el = $(id);
      el.hidden = !one;
      if (c && one) this.#drawOne(el, c.kind, one);
    }
    // A watcher's: both sides' clocks above the replay.
    const watch = watchClocks(this.s, now);
    $('watch-clocks').hidden = !watch;
    if (watch) for (const one of [watch.black, watch.green]) this.#drawOne($(`clock-${one.side}`), watch.kind, one);
    button('btn-claim').hidden = !claimable(this.s, now);
    const v = this.s.shown;
    if (c && v && c.bottom.low && c.bottom.running && !this.#warned.has(v.id)) {
      this.#warned.add(v.id);
      void import('../lib/sound.js').then((m) => m.playSound('removal', loadSettings().muted)).catch(() => {});
    }
    const shown = c ?? (watch && { kind: watch.kind, top: watch.black, bottom: watch.green });
    const ticks = (/** @type {Clocks['top']} */ o) => o.running && !o.paused;
    const running = shown && (ticks(shown.top) || ticks(shown.bottom));
    this.#tick(running ? (shown.kind === 'live' ? 100 : 1000) : 0);
  }

  /**
   * @param {HTMLElement} el
   * @param {'live' | 'days'} kind
   * @param {Clocks['top']} one
   */
  #drawOne(el, kind, one) {
    const w = t('friend');
    const player = one.name || w.colorName(one.side);
    const d = daysParts(one.ms);
    // The first move's 30 s, while it runs, in place of the standing clock.
    const first = one.first;
    const time =
      first !== null ? liveText(first) : kind === 'live' ? liveText(one.ms) : w.daysLeft(d.days, d.hours, d.minutes);
    // A time bank, after the time to the deadline: "2 days left + 5 in the bank".
    const bank = one.bank === null ? '' : w.bankLeft(Math.round(one.bank / 86_400_000));
    // What happens at 0 is said on this player's own clock; the others
    // (the opponent's, a watcher's) say only whose first move runs.
    const note = el.id === 'clock-bottom' ? w.firstMove : w.firstMoveShort;
    const named = first !== null ? `${player}: ${note}` : player;
    // Standing while the server is out of reach: it charges nobody then.
    const name = one.paused ? `${named} · ${w.clockPaused}` : named;
    el.dataset.paused = String(one.paused);
    el.dataset.side = one.side;
    el.dataset.running = String(one.running);
    el.dataset.low = String(one.low);
    el.dataset.kind = kind;
    el.dataset.first = String(first !== null);
    if (one.bank === null) delete el.dataset.bank;
    else el.dataset.bank = String(Math.round(one.bank / 86_400_000));
    el.setAttribute(
      'aria-label',
      `${w.clockOf(name)}: ${time}${bank ? ` ${bank}` : ''}${one.low ? `, ${w.lowTime}` : ''}`,
    );
    const [who, left, banked] = /** @type {[HTMLElement, HTMLElement, HTMLElement | undefined]} */ ([
      el.children[0],
      el.children[1],
      el.children[2],
    ]);
    if (who.textContent !== name) who.textContent = name;
    if (left.textContent !== time) left.textContent = time;
    if (banked) {
      banked.hidden = !bank;
      if (banked.textContent !== bank) banked.textContent = bank;
    }
  }

  /** Redraws every `ms` (0: stops). @param {number} ms */
  #tick(ms) {
    if (ms === this.#every) return;
    if (this.#ticker !== null) clearInterval(this.#ticker);
    this.#ticker = null;
    this.#every = ms;
    if (ms)
      this.#ticker = setInterval(
        guard(() => this.draw()),
        ms,
      );
  }
}
