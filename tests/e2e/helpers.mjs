// Shared steps for the end-to-end tests: they act as a person would, through
// the page's buttons, the canvas and the keyboard. Which squares are marked
// is read from the accessible grid (data-marks), never from the engine.
import { expect } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

/** Whether this run keeps screenshots (`DIABLO_SHOTS=1`): they are for a
 * person to look at, and no test asserts one, so a plain run takes none. */
export const SHOTS_WANTED = Boolean(process.env.DIABLO_SHOTS);

/** Saves a screenshot of `target` (a page or a locator) to `path` when
 * [`SHOTS_WANTED`]. */
export async function snap(target, path, options = {}) {
  if (SHOTS_WANTED) await target.screenshot({ path, ...options });
}

/** Saves a whole-page screenshot under tests/e2e/artifacts/ when
 * [`SHOTS_WANTED`]. */
export async function shot(page, name) {
  await snap(page, join(ARTIFACTS, `${name}.png`), { fullPage: true });
}

/** Collects console errors and page errors; check with `expect(errors).toEqual([])`. */
export function watchErrors(page) {
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  // A request the browser dropped because the test moved on (a lazy
  // module still loading when the page navigates) is no failure a player
  // meets; every other failed request is.
  page.on('requestfailed', (req) => {
    const why = req.failure()?.errorText ?? '';
    if (why !== 'net::ERR_ABORTED') errors.push(`request failed: ${req.url()} ${why}`);
  });
  return errors;
}

/** Opens the page and waits until the board is drawn and playable. */
export async function open(page) {
  await page.goto('/');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
}

/** Starts a new game through the New game dialog. */
export async function newGame(page, { size = 8, edition = 'standard' } = {}) {
  await page.getByRole('button', { name: 'New game' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New game' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Board size').selectOption(String(size));
  await dialog.getByLabel('Edition').selectOption(edition);
  await dialog.getByRole('button', { name: 'Start' }).click();
  await expect(dialog).toBeHidden();
  // A game under way is only left after a confirmation.
  const confirm = page.getByRole('dialog', { name: 'Leave this game?' });
  if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Start the new game' }).click();
  await expect(page.locator('[role=gridcell]')).toHaveCount(size * size);
}

/**
 * Imports a finished game's record and plays on from its end, so the game
 * on the page is over at once: against the computer (Medium, the default)
 * when `human` is given, else at one screen. Resolves once the game-over
 * card shows.
 * @param {import('@playwright/test').Page} page
 * @param {string} record
 * @param {{ human?: 'Black (moves first)' | 'Green' }} [opts]
 */
export async function playOnFinished(page, record, { human } = {}) {
  await playOn(page, record, { human });
  await expect(page.locator('body')).toHaveAttribute('data-phase', 'over');
  await expect(page.locator('#gameover')).toBeVisible();
}

/**
 * Imports a game's record and plays on from its end (against the computer
 * when `human` is given, else at one screen); resolves once the game is on
 * the board (finished or not).
 * @param {import('@playwright/test').Page} page
 * @param {string} record
 * @param {{ human?: 'Black (moves first)' | 'Green' }} [opts]
 */
export async function playOn(page, record, { human } = {}) {
  await page.getByRole('button', { name: 'Import…' }).click();
  const imp = page.getByRole('dialog', { name: 'Open a game record' });
  await imp.getByLabel('Game record or link').fill(record);
  await imp.getByRole('button', { name: 'Open' }).click();
  await expect(imp).toBeHidden();
  await page.getByRole('button', { name: 'Continue from here' }).click();
  const dialog = page.getByRole('dialog', { name: 'Continue from here' });
  if (human) {
    await dialog.getByLabel('Players').selectOption('computer');
    await dialog.getByLabel('You play').selectOption({ label: human });
  } else {
    await dialog.getByLabel('Players').selectOption('hotseat');
  }
  await dialog.getByRole('button', { name: 'Play on' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('body')).not.toHaveAttribute('data-phase', 'replay');
}

/** The grid cell of a square. */
export function cell(page, square) {
  return page.locator(`[role=gridcell][data-square="${square}"]`);
}

/** Squares whose cells carry a mark (source, removable, target-step, ...). */
export async function marked(page, mark) {
  return page
    .locator(`[role=gridcell][data-marks~="${mark}"]`)
    .evaluateAll((cells) => cells.map((c) => c.dataset.square));
}

/** Every destination of the selected stack, as [square, kind]. */
export async function targets(page) {
  return page
    .locator('[role=gridcell][data-marks*="target-"]')
    .evaluateAll((cells) => cells.map((c) => [c.dataset.square, c.dataset.marks.match(/target-(\w+)/)[1]]));
}

/** The board as { square: 'b2' | 'g1' | '' }. */
export async function boardStacks(page) {
  const pairs = await page
    .locator('[role=gridcell]')
    .evaluateAll((cells) => cells.map((c) => [c.dataset.square, c.dataset.stack]));
  return Object.fromEntries(pairs);
}

/**
 * Whether the board a grid cell is laid over is at rest: its canvas (the
 * grid's sibling, on a page or in a <diablo-board>) says `data-settled`
 * (lib/board/board.js), false while a move or an arrived turn is shown moving.
 * @param {import('@playwright/test').Locator} gridCell
 */
function settled(gridCell) {
  return gridCell.evaluate(
    (el) => el.closest('[role=grid]')?.parentElement?.querySelector('canvas')?.dataset.settled !== 'false',
  );
}

/**
 * Waits until the board of `square` (the page's one board when not given)
 * is at rest: no move and no arrived turn is being shown moving.
 * @param {import('@playwright/test').Page} page
 * @param {string} [square]
 */
export async function atRest(page, square) {
  const target = square ? cell(page, square) : page.locator('[role=gridcell]').first();
  await expect.poll(() => settled(target), { message: 'the board comes to rest', intervals: [25, 50, 100] }).toBe(true);
}

/**
 * Clicks the canvas at the centre of a square (the grid overlay lets clicks
 * through), once the board is at rest: the square's place is read at the
 * moment of the click, by the click itself, so a layout that moves on in
 * between cannot send it elsewhere. With `moving`, the click comes at once,
 * even while the board moves (what a test of that case wants).
 * @param {import('@playwright/test').Page} page
 * @param {string} square
 * @param {{ moving?: boolean }} [opts]
 */
export async function clickSquare(page, square, { moving = false } = {}) {
  const target = cell(page, square);
  if (!moving) await atRest(page, square);
  // `force`: the cell itself takes no pointer events (the canvas under it does).
  await target.click({ force: true });
}

/**
 * Waits until the page's layout has come to rest: its scroll position, its
 * size and every canvas's box and backing store (in open shadow roots too)
 * the same over `frames` animation frames in a row, so a smooth scroll has
 * ended and a ResizeObserver that follows a new width has redrawn. (Frames,
 * not a fixed time: a slow machine only takes longer.)
 * @param {import('@playwright/test').Page} page
 * @param {number} [frames]
 */
export async function layoutAtRest(page, frames = 3) {
  await page.evaluate(
    (n) =>
      new Promise((resolve) => {
        const canvases = () => {
          const out = [];
          /** @param {Document | ShadowRoot} root */
          const visit = (root) => {
            for (const el of root.querySelectorAll('*')) {
              if (el instanceof HTMLCanvasElement) out.push(el);
              if (el.shadowRoot) visit(el.shadowRoot);
            }
          };
          visit(document);
          return out;
        };
        const key = () => {
          const parts = [scrollX, scrollY, innerWidth, innerHeight, document.documentElement.scrollHeight];
          for (const c of canvases()) {
            const r = c.getBoundingClientRect();
            parts.push(r.x, r.y, r.width, r.height, c.width, c.height);
          }
          return parts.join(',');
        };
        let last = key();
        let same = 0;
        const tick = () => {
          const now = key();
          same = now === last ? same + 1 : 0;
          last = now;
          if (same >= n) resolve(null);
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    frames,
  );
}

/** The page's phase: roll, act, confirm or over. */
export async function phase(page) {
  return page.locator('body').getAttribute('data-phase');
}

/** A small seeded generator so a failing game can be replayed. */
export function rng(seed) {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

/**
 * Plays the current turn by clicking the canvas: roll if needed, then for
 * each action either a marked removal or a marked stack and one of its
 * marked destinations, then Confirm. Returns the actions' kinds.
 */
export async function playTurnByClicks(page, pick) {
  if ((await phase(page)) === 'roll') {
    await page.getByRole('button', { name: 'Roll' }).click();
  }
  const kinds = [];
  for (let guard = 0; guard < 4 && (await phase(page)) === 'act'; guard++) {
    const removable = await marked(page, 'removable');
    if (removable.length) {
      await clickSquare(page, removable[pick(removable.length)]);
      kinds.push('removal');
      continue;
    }
    const sources = await marked(page, 'source');
    expect(sources.length, 'a stack can act').toBeGreaterThan(0);
    const from = sources[pick(sources.length)];
    await clickSquare(page, from);
    await expect(cell(page, from)).toHaveAttribute('data-marks', /selected/);
    const dests = await targets(page);
    expect(dests.length, `destinations of ${from}`).toBeGreaterThan(0);
    const [to, kind] = dests[pick(dests.length)];
    await clickSquare(page, to);
    kinds.push(kind);
  }
  const now = await phase(page);
  if (now === 'confirm') {
    await page.getByRole('button', { name: 'Confirm' }).click();
  }
  return kinds;
}

/** Positions [code, a, b] from Easy-vs-Easy games with the page's dice:
 * every `every`-th of the first `turns` turns of each of `games` games. */
export function easyGamePositions(page, size, { games = 1, every = 4, turns = Infinity } = {}) {
  return page.evaluate(
    async ({ size, games, every, turns }) => {
      const wasm = await import('/web/pkg/diablo_wasm.js');
      const player = await import('/web/pkg/diablo_wasm_ai.js');
      await player.default();
      const out = [];
      for (let game = 0; game < games; game++) {
        const g = new wasm.Game(size, 'standard');
        for (let k = 0; k < turns && !JSON.parse(g.state()).winner; k++) {
          const [a, b] = g.roll();
          const code = JSON.parse(g.state()).code;
          if (k % every === 0) out.push([code, a, b]);
          const c = JSON.parse(player.computerChoice(code, 'standard', a, b, 'easy', k, undefined));
          for (const act of c.actions) g.act(act.text);
          g.confirm();
        }
        g.free();
      }
      return out;
    },
    { size, games, every, turns: Number.isFinite(turns) ? turns : 1e9 },
  );
}
