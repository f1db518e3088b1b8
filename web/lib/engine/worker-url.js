// Where the search worker's script is. It lives here, next to the worker,
// because the URL is relative to the module that builds it: the built site
// keeps this module's code and the worker in the same folder (`web/`), as
// the source does (`web/lib/engine/`); `cargo xtask dist` checks it.

/** The search worker's script. */
export const aiWorkerUrl = () => new URL('./ai-worker.js', import.meta.url);
