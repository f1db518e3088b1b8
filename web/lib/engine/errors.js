// @ts-check
// Telling the engine's refusals from bugs, by kind: shared by the page
// (engine.js) and the search worker (ai-worker.js), which loads another
// wasm module and so cannot import engine.js.

/**
 * The engine's description of an error it threw on purpose, or null for
 * anything else (a bug, a panic, a browser failure).
 * @param {unknown} e
 * @returns {import('../types.js').ErrorInfo | null}
 */
export function errorInfo(e) {
  if (!(e instanceof Error) || e.name !== 'DiabloError') return null;
  const { kind, params } = /** @type {Error & { kind?: unknown, params?: unknown }} */ (e);
  if (typeof kind !== 'string') return null;
  return {
    kind,
    params: params && typeof params === 'object' ? /** @type {Record<string, any>} */ (params) : {},
    message: e.message,
  };
}
