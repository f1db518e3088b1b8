// The computer player's thinking, off the page's thread: a module worker
// over the same wasm package as the page. It answers one request at a time
// with the engine's result and how long the search took; a refusal comes
// back as the engine's message. It keeps nothing between requests.
//
// Request:  { id, kind: 'choose' | 'hint' | 'winChance', args }
// Response: { id, ok: true, result, ms } or { id, ok: false, error, refusal }

import init, { computerChoice, hint, setPanicHandler, winChance } from './pkg/diablo_wasm.js';

let panicMessage = null;
const ready = init().then(() => setPanicHandler((message) => { panicMessage = message; }));

const KINDS = {
  choose: ({ code, edition, roll, level, seed, budget }) =>
    JSON.parse(computerChoice(code, edition, roll[0], roll[1], level, seed >>> 0, budget ?? undefined)),
  hint: ({ code, edition, roll }) => JSON.parse(hint(code, edition, roll[0], roll[1])),
  winChance: ({ code, edition }) => ({ chance: winChance(code, edition) }),
};

self.addEventListener('message', async (event) => {
  const { id, kind, args } = event.data ?? {};
  try {
    await ready;
    const run = KINDS[kind];
    if (!run) throw new TypeError(`unknown request '${kind}'`);
    const start = performance.now();
    const result = run(args ?? {});
    self.postMessage({ id, ok: true, result, ms: performance.now() - start });
  } catch (e) {
    // A plain Error is the engine refusing; anything else is a bug (a panic
    // shows its own message).
    const refusal = e instanceof Error && e.constructor === Error && panicMessage == null;
    const error = panicMessage ?? (e instanceof Error ? e.message : String(e));
    panicMessage = null;
    self.postMessage({ id, ok: false, error, refusal });
  }
});
