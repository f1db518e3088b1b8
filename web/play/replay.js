// @ts-check
// The game page's replay, loaded with its first use: the replay bar
// (lib/replay/replay-bar.js) is no part of the page's start, which the
// budget of what a visitor loads before playing does not leave room for.
// Until a replay has been shown there is none to ask about; opening one
// waits for the module (`load`), everything else answers "no replay".

import { errorInfo, RecordedGame } from '../lib/engine/engine.js';
import { errorText, t } from '../lib/i18n/i18n.js';
import { renderLog } from '../lib/board/log.js';
import { keyboardInUse } from '../lib/board/input.js';
import { copyOptions } from '../lib/select.js';
import { $, button, dialog, input, select } from '../lib/dom.js';

/** @typedef {import('../lib/replay/replay-bar.js').ReplayView} ReplayView */
/** @typedef {import('../lib/replay/replay-bar.js').ReplayHost} ReplayHost */

export class LazyReplay {
  /** @param {ReplayHost} host */
  constructor(host) {
    this.host = host;
    /** @type {ReplayView | null} */
    this.real = null;
    /** @type {Promise<ReplayView> | null} */
    this.loading = null;
    /** @type {(<F extends (...args: any[]) => any>(fn: F) => F) | null} */
    this.guard = null;
  }

  /** The replay bar, loaded (once) and wired. @returns {Promise<ReplayView>} */
  load() {
    this.loading ??= import('../lib/replay/replay-bar.js').then((m) => {
      const real = new m.ReplayView(this.host, {
        RecordedGame,
        errorInfo,
        errorText,
        t,
        renderLog,
        keyboardInUse,
        copyOptions,
        dom: { $, button, dialog, input, select },
      });
      if (this.guard) real.wire(this.guard);
      this.real = real;
      return real;
    });
    return this.loading;
  }

  /** The bar's controls are wired when it loads. @param {<F extends (...args: any[]) => any>(fn: F) => F} guard */
  wire(guard) {
    this.guard = guard;
    this.real?.wire(guard);
  }

  get active() {
    return this.real?.active ?? false;
  }
  get cursor() {
    return this.real?.cursor ?? null;
  }

  /** Opens a share link once loaded; whether a replay is shown. @param {string} text */
  async openLink(text) {
    return (await this.load()).openLink(text);
  }

  /** Opens a record or link; throws a refusal. Call after `load`. @param {string} text */
  openText(text) {
    if (!this.real) throw new Error('the replay is not loaded');
    this.real.openText(text);
  }

  close() {
    this.real?.close();
  }
  /** @param {number} dFile */
  arrow(dFile) {
    this.real?.arrow(dFile);
  }
  recordText() {
    return this.real?.recordText() ?? '';
  }
  status() {
    return this.real?.status() ?? '';
  }
  render() {
    this.real?.render();
  }
}
