// @ts-check
// What survives a reload: the game (record text, roll and actions of the
// turn under way) and the player's settings, in localStorage.

const GAME_KEY = 'diablo.game.v1';
const SETTINGS_KEY = 'diablo.settings.v1';

/**
 * The player's settings.
 * @typedef {object} Settings
 * @property {string | null} lang the chosen language, or null for the browser's
 * @property {boolean} autoRoll roll for people on their own
 * @property {boolean} autoConfirm confirm complete turns on their own
 * @property {boolean} coords draw coordinates
 * @property {number} size the last board size chosen
 * @property {string} edition the last edition chosen
 * @property {import('./types.js').PlayersChoice} players the last players chosen
 * @property {boolean} muted no sounds
 * @property {'system' | 'light' | 'dark'} theme the page's colours (system: as the device says)
 */

/** Default settings. @type {Readonly<Settings>} */
export const DEFAULT_SETTINGS = Object.freeze({
  lang: null,
  autoRoll: false,
  autoConfirm: false,
  coords: true,
  size: 8,
  edition: 'standard',
  players: 'hotseat',
  // Browsers driven by automation (tests) start muted.
  muted: Boolean(globalThis.navigator?.webdriver),
  theme: 'system',
});

function storage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be blocked (privacy settings); the game still plays.
    return null;
  }
}

/** Saves the game snapshot (see Session.snapshot). */
export function saveGame(snapshot) {
  try {
    storage()?.setItem(GAME_KEY, JSON.stringify({ v: 1, ...snapshot }));
  } catch {
    // A full or blocked storage only loses the save, never the game.
  }
}

/**
 * The saved game, if any: `{ snapshot }`, `{ error }` when something is
 * stored but unreadable, or `{}` when nothing is stored.
 */
export function loadGame() {
  const raw = storage()?.getItem(GAME_KEY);
  if (raw == null) return {};
  try {
    const data = JSON.parse(raw);
    if (!data || typeof data !== 'object' || typeof data.record !== 'string') {
      return { error: 'not a saved game' };
    }
    if (data.roll != null && !(Array.isArray(data.roll) && data.roll.length === 2)) {
      return { error: 'bad dice' };
    }
    if (data.actions != null && !Array.isArray(data.actions)) {
      return { error: 'bad actions' };
    }
    return { snapshot: { record: data.record, roll: data.roll ?? null, actions: data.actions ?? [] } };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

/** Forgets the saved game. */
export function clearGame() {
  try {
    storage()?.removeItem(GAME_KEY);
  } catch {
    // Nothing to do.
  }
}

/**
 * The saved settings merged over the defaults (unknown keys dropped).
 * @returns {Settings}
 */
export function loadSettings() {
  /** @type {Record<string, unknown>} */
  const out = { ...DEFAULT_SETTINGS };
  try {
    const data = JSON.parse(storage()?.getItem(SETTINGS_KEY) ?? '{}');
    for (const key of Object.keys(DEFAULT_SETTINGS)) {
      if (data && data[key] !== undefined && data[key] !== null) out[key] = data[key];
    }
  } catch {
    // Corrupt settings fall back to the defaults.
  }
  return /** @type {Settings} */ (out);
}

/** Saves the settings. @param {Settings} settings */
export function saveSettings(settings) {
  try {
    storage()?.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Nothing to do.
  }
}
