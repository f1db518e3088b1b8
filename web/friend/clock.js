// @ts-check
// A game's clocks as the page shows them, free of the DOM: the server
// keeps the time (docs/live.md) and sends `{"clock"}` on connecting and
// after every accepted link; between frames the running side's clock
// counts down here, and each new frame corrects it. The setting (live
// `initial+increment`, or days a turn) is known when the lobby made or
// took the game; otherwise it is read from the frames (the largest time
// seen is the start, and more than 12 hours left can only be days).

/** @typedef {import('../lib/net/room-wire.js').ClockFrame} ClockFrame */
/** @typedef {import('../lib/net/room-wire.js').Side} Side */

/** A clock setting as the wire spells it. @typedef {{ initial: number, increment: number } | { days: number, bank?: number }} ClockSetting */

/** A day, ms: a time bank is spent a day at a time. */
const DAY_MS = 86_400_000;

/** Longer than any live game's clock can plausibly reach: more is a turn-based deadline. */
const DAYS_FROM_MS = 12 * 3_600_000;

export class GameClock {
  /** @type {ClockFrame | null} the last frame */
  last = null;
  /** When the last frame arrived (ms, the page's clock). */
  at = 0;
  /** Each side's time at the start, ms (the low-time warning is measured on it). */
  initial = 0;
  /** @type {'live' | 'days' | null} */
  kind = null;
  /**
   * While the server is out of reach (the room's connection lost), when
   * it went: the clocks stand there, as the server charges nobody for the
   * time it is down (docs/live.md), until its next frame. Null otherwise.
   * @type {number | null}
   */
  pausedAt = null;

  /** @param {ClockSetting | null} [setting] */
  constructor(setting = null) {
    if (setting && 'days' in setting) this.kind = 'days';
    else if (setting) {
      this.kind = 'live';
      this.initial = setting.initial * 1000;
    }
  }

  /** A frame from the server: the clocks as it keeps them, from `now`. @param {ClockFrame} frame @param {number} now */
  update(frame, now) {
    this.last = frame;
    this.at = now;
    this.pausedAt = null;
    this.kind ??= Math.max(frame.black, frame.green) > DAYS_FROM_MS ? 'days' : 'live';
    if (this.kind === 'live') this.initial = Math.max(this.initial, frame.black, frame.green);
  }

  /**
   * The server is out of reach from `now`: a running clock stands (once;
   * the next frame goes on from what the server says).
   * @param {number} now
   */
  pause(now) {
    if (this.last?.running && this.pausedAt === null) this.pausedAt = now;
  }

  /** `now`, or the moment the clocks stood if they do. @param {number} now */
  #until(now) {
    return this.pausedAt === null ? now : Math.min(now, this.pausedAt);
  }

  /** The game is over: the clocks stop where they are. @param {number} now */
  stop(now) {
    const f = this.last;
    if (!f?.running) return;
    const { first: _, ...rest } = f;
    const bank = f.bank_ms && { ...f.bank_ms, [f.running]: this.bank(f.running, now) ?? 0 };
    this.last = { ...rest, [f.running]: this.left(f.running, now) ?? 0, running: null };
    if (bank) this.last.bank_ms = bank;
    this.at = now;
  }

  /**
   * While a live game's first turns are due (its clocks standing): the
   * running side's ms left to make its first turn, before the server
   * aborts the game; null otherwise.
   * @param {number} now
   */
  first(now) {
    const f = this.last;
    if (!f?.running || f.first === undefined) return null;
    return Math.max(0, f.first - Math.max(0, this.#until(now) - this.at));
  }

  /** The side whose time runs, or null. */
  get running() {
    return this.last?.running ?? null;
  }

  /**
   * A side's time left at `now` (ms), or null before the first frame. With
   * a time bank: the time to the side's deadline, which moves a day on
   * for each day of the bank spent (bank()).
   * @param {Side} side @param {number} now
   */
  left(side, now) {
    const f = this.last;
    if (!f) return null;
    if (f.bank_ms) return this.#banked(f.bank_ms, side, now).turn;
    // In the opening the clocks stand: only the first move's time runs.
    const runs = f.running === side && f.first === undefined;
    return runs ? Math.max(0, f[side] - Math.max(0, this.#until(now) - this.at)) : f[side];
  }

  /**
   * The days left in a side's time bank at `now` (ms), or null for a
   * clock without one: once the side to move has used its turn's days,
   * the bank is spent a day at a time, as the server spends it.
   * @param {Side} side @param {number} now
   */
  bank(side, now) {
    const f = this.last;
    return f?.bank_ms ? this.#banked(f.bank_ms, side, now).bank : null;
  }

  /**
   * @param {{ black: number, green: number }} banks the last frame's @param {Side} side @param {number} now
   * @returns {{ turn: number, bank: number }}
   */
  #banked(banks, side, now) {
    const f = /** @type {ClockFrame} */ (this.last);
    const turn = f[side];
    const bank = banks[side];
    const spent = f.running === side ? Math.max(0, this.#until(now) - this.at) : 0;
    if (spent <= turn) return { turn: turn - spent, bank };
    const used = (Math.floor((spent - turn) / DAY_MS) + 1) * DAY_MS;
    return used > bank ? { turn: 0, bank: 0 } : { turn: turn + used - spent, bank: bank - used };
  }

  /** Below this a live clock shows the low-time warning: 10 % of the start or 20 s, the less. */
  get threshold() {
    return this.kind === 'live' ? Math.min(this.initial * 0.1, 20_000) : 0;
  }

  /** Whether a side's clock is low (live games only). @param {Side} side @param {number} now */
  low(side, now) {
    const left = this.left(side, now);
    return left !== null && this.kind === 'live' && left < this.threshold;
  }
}

/**
 * A live clock's time as text: `m:ss` (`h:mm:ss` from an hour), with
 * tenths under 10 s (`0:09.3`). Rounded down, so 0:00 is time up.
 * @param {number} ms
 */
export function liveText(ms) {
  const t = Math.max(0, ms);
  const s = Math.floor(t / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  const head = h > 0 ? `${h}:${String(m).padStart(2, '0')}` : String(m);
  return t < 10_000 ? `${head}:${ss}.${Math.floor((t % 1000) / 100)}` : `${head}:${ss}`;
}

/**
 * A turn-based deadline as parts to word ("2 days 3 h left"): whole days
 * and hours, and minutes once under a day (rounded up, so "1 min" lasts
 * until the deadline).
 * @param {number} ms
 * @returns {{ days: number, hours: number, minutes: number }}
 */
export function daysParts(ms) {
  const minutesLeft = Math.ceil(Math.max(0, ms) / 60_000);
  const days = Math.floor(minutesLeft / 1440);
  const hours = Math.floor((minutesLeft % 1440) / 60);
  return { days, hours, minutes: days > 0 ? 0 : minutesLeft % 60 };
}

/**
 * A clock setting from the lobby's page address: `300+5` (live, seconds)
 * or a number of days (and days of bank); null when it is not one the
 * server takes.
 * @param {string | null} clock `initial+increment` @param {string | null} days
 * @param {string | null} [bank] days of time bank, 0..30
 * @returns {ClockSetting | null}
 */
export function readSetting(clock, days, bank = null) {
  if (days !== null) {
    const d = Number(days);
    const b = bank === null ? 0 : Number(bank);
    if (!Number.isInteger(d) || d < 1 || d > 14 || !Number.isInteger(b) || b < 0 || b > 30) return null;
    return b ? { days: d, bank: b } : { days: d };
  }
  const m = /^(\d{1,5})\+(\d{1,3})$/.exec((clock ?? '').replace(' ', '+'));
  if (!m) return null;
  const initial = Number(m[1]);
  const increment = Number(m[2]);
  return initial >= 1 && initial <= 10_800 && increment <= 180 ? { initial, increment } : null;
}
