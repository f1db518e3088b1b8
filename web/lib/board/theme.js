// @ts-check
// A board's colours from a theme (lib/board/board.js): the CSS custom
// properties an embedded board reads, and the default colours with a theme
// laid over them. Loaded only by boards that take a theme (<diablo-board>),
// so the game page, whose board keeps the defaults, starts without it.

/**
 * CSS custom properties a page may set to theme a board, and the theme key
 * each one fills. Boards built without a theme source ignore them.
 */
export const THEME_VARIABLES = Object.freeze({
  '--diablo-light': 'light',
  '--diablo-dark': 'dark',
  '--diablo-black': 'black',
  '--diablo-green': 'green',
  '--diablo-accent': 'accent',
  '--diablo-target': 'target',
  '--diablo-capture': 'capture',
  '--diablo-black-text': 'blackText',
  '--diablo-green-text': 'greenText',
});

/**
 * @typedef {object} BoardTheme any subset; missing keys keep the default colours
 * @property {string} [light] light squares
 * @property {string} [dark] dark squares
 * @property {string} [black] Black's stacks (their edge is a darker shade)
 * @property {string} [green] Green's stacks
 * @property {string} [accent] arrows, highlight rings and the last-turn tint
 * @property {string} [target] destinations, the selection and current-turn arrows
 * @property {string} [capture] capture and removal marks
 * @property {string} [blackText] height numbers on Black's stacks
 * @property {string} [greenText] height numbers on Green's stacks
 */

/** The theme set on an element through THEME_VARIABLES (inherited ones too). */
export function themeFromStyle(el) {
  const style = getComputedStyle(el);
  /** @type {BoardTheme} */
  const theme = {};
  for (const [name, key] of Object.entries(THEME_VARIABLES)) {
    const value = style.getPropertyValue(name).trim();
    if (value) theme[key] = value;
  }
  return theme;
}

/** A CSS colour as [r, g, b, a] (canvas parsing), or null if it is not one. */
function rgba(ctx, css) {
  ctx.save();
  ctx.fillStyle = '#010203';
  ctx.fillStyle = css;
  const out = ctx.fillStyle;
  ctx.restore();
  if (out === '#010203' && css.trim().toLowerCase() !== '#010203') return null;
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(out);
  if (hex) return [parseInt(hex[1], 16), parseInt(hex[2], 16), parseInt(hex[3], 16), 1];
  const fn = /^rgba?\(([^)]*)\)$/.exec(out);
  if (!fn) return null;
  const [r, g, b, a = 1] = fn[1].split(',').map(Number);
  return [r, g, b, a];
}

/** @param {number[]} c @param {number} [alpha] */
const cssRgba = ([r, g, b, a], alpha = a) => `rgba(${r}, ${g}, ${b}, ${alpha})`;
/** @param {number[]} c @param {number} f @returns {number[]} */
const shade = ([r, g, b, a], f) => [r * f, g * f, b * f, a].map((v, i) => (i < 3 ? Math.round(v) : v));

/**
 * The default colours with a theme laid over them.
 * @param {CanvasRenderingContext2D} ctx @param {BoardTheme} theme
 * @param {typeof import('./board.js').COLORS} defaults
 */
export function themed(ctx, theme, defaults) {
  const c = structuredClone(defaults);
  const get = (key) => (theme[key] ? rgba(ctx, theme[key]) : null);
  const light = get('light');
  const dark = get('dark');
  if (light) {
    c.light = cssRgba(light);
    c.coordDark = cssRgba(light);
  }
  if (dark) {
    c.dark = cssRgba(dark);
    c.coordLight = cssRgba(shade(dark, 0.55));
  }
  for (const side of ['black', 'green']) {
    const top = get(side);
    if (top) {
      c[side].top = cssRgba(top);
      c[side].edge = cssRgba(shade(top, 0.45));
    }
    const text = get(`${side}Text`);
    if (text) c[side].text = cssRgba(text);
  }
  const accent = get('accent');
  if (accent) {
    c.source = cssRgba(accent);
    c.last = cssRgba(accent, 0.42);
    c.arrowLast = cssRgba(accent, 0.8);
  }
  const target = get('target');
  if (target) {
    c.target = cssRgba(target);
    c.selected = cssRgba(target, 0.38);
    c.current = cssRgba(target, 0.4);
    c.arrowCurrent = cssRgba(target, 0.75);
    c.cursor = cssRgba(shade(target, 0.6));
  }
  const capture = get('capture');
  if (capture) {
    c.capture = cssRgba(capture);
    c.removal = cssRgba(capture);
  }
  return c;
}
