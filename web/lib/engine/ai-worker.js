// @ts-check
// The computer player's thinking, off the page's thread: a module worker
// over the same wasm package as the page. It answers one request at a time
// with the engine's result and how long the search took; a refusal comes
// back with its kind and parameters (a DiabloError, see engine.js). It
// keeps nothing between requests.
//
// Request:  { id, kind: 'choose' | 'hint' | 'winChance' | 'review' | 'rank' | 'build', args }
// Response: { id, ok: true, result, ms } or { id, ok: false, error, info }
//   (`info`: the refusal's { kind, params, message }, or null for a bug)

import init, { computerChoice, hint, rankTurns, reviewTurn, setPanicHandler, winChance } from './pkg/diablo_wasm_ai.js';
import { errorInfo } from './errors.js';

/** @type {string | null} */
let panicMessage = null;

/** Whether this browser runs wasm SIMD: a module of one function, `i32.const
 * 0; i32x4.splat`, validates only where it does (every current browser).
 * There the worker loads the SIMD build of the same code (same bindings,
 * same choices), about a fifth faster on 8x8 (docs/results/ai.md); elsewhere the
 * plain one. */
const SIMD = WebAssembly.validate(
  new Uint8Array([
    0x00,
    0x61,
    0x73,
    0x6d,
    0x01,
    0x00,
    0x00,
    0x00, // magic, version 1
    0x01,
    0x05,
    0x01,
    0x60,
    0x00,
    0x01,
    0x7b, // type: () -> v128
    0x03,
    0x02,
    0x01,
    0x00, // one function of that type
    0x0a,
    0x08,
    0x01,
    0x06,
    0x00,
    0x41,
    0x00,
    0xfd,
    0x11,
    0x0b, // code
  ]),
);
const WASM = SIMD
  ? new URL('./pkg/diablo_wasm_ai_simd_bg.wasm', import.meta.url)
  : new URL('./pkg/diablo_wasm_ai_bg.wasm', import.meta.url);
const ready = init({ module_or_path: WASM }).then(() =>
  setPanicHandler((/** @type {string} */ message) => {
    panicMessage = message;
  }),
);

/** @typedef {{ code: string, edition: string, roll: [number, number], level: string, seed: number, budget?: number, turn: string, exact?: number }} Args */

/** @type {Record<string, (args: Args) => unknown>} */
const KINDS = {
  choose: ({ code, edition, roll, level, seed, budget }) =>
    JSON.parse(computerChoice(code, edition, roll[0], roll[1], level, seed >>> 0, budget ?? undefined)),
  hint: ({ code, edition, roll }) => JSON.parse(hint(code, edition, roll[0], roll[1])),
  winChance: ({ code, edition }) => ({ chance: winChance(code, edition) }),
  // The game review (docs/review.md): one turn judged.
  review: ({ code, edition, roll, turn, level }) =>
    JSON.parse(reviewTurn(code, edition, roll[0], roll[1], turn, level)),
  // The analysis board: every legal turn ranked.
  rank: ({ code, edition, roll, exact }) => JSON.parse(rankTurns(code, edition, roll[0], roll[1], exact ?? undefined)),
  // Which build of the search module this worker runs.
  build: () => ({ simd: SIMD }),
};

self.addEventListener('message', async (event) => {
  const { id, kind, args } = /** @type {MessageEvent} */ (event).data ?? {};
  try {
    await ready;
    const run = KINDS[kind];
    if (!run) throw new TypeError(`unknown request '${kind}'`);
    const start = performance.now();
    const result = run(args ?? {});
    self.postMessage({ id, ok: true, result, ms: performance.now() - start });
  } catch (e) {
    // A DiabloError is the engine refusing; anything else is a bug (a panic
    // shows its own message).
    const info = panicMessage == null ? errorInfo(e) : null;
    const error = panicMessage ?? (e instanceof Error ? e.message : String(e));
    panicMessage = null;
    self.postMessage({ id, ok: false, error, info });
  }
});
