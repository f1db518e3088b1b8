// The page's side of the computer player: requests to the search worker
// (web/lib/engine/ai-worker.js), each answered by id. The search cannot be stopped
// half-way inside wasm, so cancelling ends the worker and rejects what was
// asked of it; the next request starts a fresh one. Nothing here plays.

import { aiWorkerUrl } from '../engine/worker-url.js';

/** A request that was cancelled because the game changed. */
export class Cancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'Cancelled';
  }
}

/** The worker's search failed; `info` describes the engine's refusal, null for a bug. */
export class ThinkError extends Error {
  /**
   * @param {string} message
   * @param {import('../types.js').ErrorInfo | null} info
   */
  constructor(message, info) {
    super(message);
    this.name = 'ThinkError';
    this.info = info;
  }
}

/** @typedef {import('../types.js').Choice} ChoiceResult what the worker's `choose` and `hint` give */

/**
 * A URL a worker may start from. A worker's script must be same-origin, so
 * when this module was loaded from another site (an embedded board), the
 * worker starts from a one-line module of the page's own (a blob: URL) that
 * imports the real one; that import needs the other site's CORS headers,
 * like the module scripts and the wasm do.
 * @param {URL | string} url
 * @returns {URL | string}
 */
export function sameOrigin(url) {
  const target = new URL(url, globalThis.location?.href);
  if (target.origin === globalThis.location?.origin) return target;
  const shim = new Blob([`import ${JSON.stringify(target.href)};\n`], { type: 'text/javascript' });
  return URL.createObjectURL(shim);
}

export class AiClient {
  /** @param {URL|string} [url] the worker script */
  constructor(url = aiWorkerUrl()) {
    this.url = url;
    /** @type {Worker|null} */
    this.worker = null;
    /** @type {Map<number, {resolve: Function, reject: Function}>} */
    this.pending = new Map();
    this.nextId = 1;
  }

  /** Whether a request is waiting for its answer. */
  get busy() {
    return this.pending.size > 0;
  }

  #start() {
    const worker = new Worker(sameOrigin(this.url), { type: 'module' });
    worker.addEventListener('message', (e) => {
      const { id, ok, result, ms, error, info } = e.data ?? {};
      const waiting = this.pending.get(id);
      if (!waiting) return;
      this.pending.delete(id);
      if (ok) waiting.resolve({ result, ms });
      else waiting.reject(new ThinkError(error, info ?? null));
    });
    worker.addEventListener('error', (e) => {
      e.preventDefault();
      this.#drop(new ThinkError(`the computer player could not start: ${e.message || 'worker error'}`, null));
    });
    return worker;
  }

  /** Ends the worker and rejects every waiting request with `reason`. */
  #drop(reason) {
    this.worker?.terminate();
    this.worker = null;
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const w of waiting) w.reject(reason);
  }

  /**
   * Asks the worker: `choose` {code, edition, roll, level, seed, budget?},
   * `hint` {code, edition, roll} or `winChance` {code, edition}. Resolves
   * with `{ result, ms }` (ms: the search's own time in the worker).
   * @returns {Promise<{result: any, ms: number}>}
   */
  request(kind, args) {
    this.worker ??= this.#start();
    const worker = this.worker;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, kind, args });
    });
  }

  /** Cancels every waiting request (they reject with `Cancelled`). */
  cancel() {
    if (this.busy) this.#drop(new Cancelled());
  }
}

/** The computer player's client. */
export const ai = new AiClient();

/**
 * A second worker for hints and win chances, so that asking for them never
 * delays the computer's own turn.
 */
export const analyst = new AiClient();
