// The element's own styles, inside its shadow root, so a host page's CSS
// cannot reach in. Colours of the board itself come from the --diablo-*
// custom properties (see ../board.js THEME_VARIABLES); these are the frame.

export const STYLE = `
:host {
  display: block;
  width: 100%;
  max-width: var(--diablo-max-width, 100%);
  color: var(--diablo-ink, #1f2328);
  font: var(--diablo-font, 15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif);
  contain: layout;
}
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
.root { display: flex; flex-direction: column; gap: .45rem; }
.board {
  position: relative;
  /* At most --diablo-board-max wide (centred): the controls keep the element's width. */
  width: min(100%, var(--diablo-board-max, 100%));
  align-self: center;
  aspect-ratio: 1 / 1;
  border-radius: 4px;
  overflow: hidden;
  box-shadow: 0 1px 6px rgba(60, 45, 20, .25), 0 0 0 1px rgba(60, 45, 20, .25);
  user-select: none;
  -webkit-user-select: none;
  -webkit-tap-highlight-color: transparent;
}
canvas { position: absolute; inset: 0; display: block; }
.root[data-mode=play] canvas { cursor: pointer; touch-action: none; }
.grid { position: absolute; inset: 0; display: flex; flex-direction: column; pointer-events: none; }
.grid-row { display: flex; flex: 1 1 0; }
.grid-cell { flex: 1 1 0; outline: none; }
.controls { display: flex; flex-wrap: wrap; gap: .35rem; align-items: center; }
.status, .turn { margin: 0; flex: 1 1 100%; min-height: 2.8em; }
.who { margin: 0; flex: 1 1 100%; font-weight: 600; }
.turn { min-height: 1.4em; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .9em; }
.counter { font-variant-numeric: tabular-nums; color: var(--diablo-muted, #5d6670); margin-left: .25rem; }
button {
  font: inherit; color: inherit;
  padding: .3rem .7rem; min-height: 2.2rem; min-width: 2.4rem;
  border-radius: 7px; border: 1px solid #b9b2a3; background: var(--diablo-button, #fff); cursor: pointer;
}
button.primary {
  background: var(--diablo-accent, #1d4ed8); border-color: var(--diablo-accent, #1d4ed8);
  color: var(--diablo-accent-ink, #fff); font-weight: 600;
}
button svg { display: block; margin: auto; }
button:disabled { opacity: .42; cursor: default; }
button:focus-visible, .grid-cell:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
.dice { display: flex; gap: .4rem; margin-right: .25rem; }
.die { display: flex; flex-direction: column; align-items: center; }
.die svg { display: block; width: 2.2rem; height: 2.2rem; }
.die.used svg { opacity: .5; }
.die-caption { font-size: .7rem; color: var(--diablo-muted, #5d6670); }
.die.used .die-caption { color: #b91c1c; font-weight: 600; }
.caption { margin: 0; font-size: .95em; }
.credit { margin: 0; font-size: .8em; color: var(--diablo-muted, #5d6670); }
.error {
  margin: 0; padding: .6rem .8rem; border-radius: 8px;
  background: #fde2e1; border: 1px solid #e5a19e; color: #7f1d1d;
  overflow-wrap: anywhere;
}
`;
