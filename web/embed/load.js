// One wasm module for every board on a page: the first element to need the
// engine starts loading it, the others wait for the same promise.

import { loadEngine } from '../engine.js';

let loading = null;
let lastPanic = '';

/** Resolves once the engine is ready; rejects with the loader's error. */
export function engineReady() {
  loading ??= loadEngine((message) => { lastPanic = message; });
  return loading;
}

/**
 * The message to show for an exception from an engine call: the engine's
 * own refusal, or the panic it reported just before trapping.
 */
export function messageOf(e) {
  const panic = lastPanic;
  lastPanic = '';
  if (e instanceof WebAssembly.RuntimeError && panic) return `internal error: ${panic}`;
  return e instanceof Error ? e.message : String(e);
}
