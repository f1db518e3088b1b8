// The game review and the analysis board (docs/review.md), as a person
// uses them: finish a game and press Review; open a record with a
// deliberately bad turn (Black skips the capture that wins, turn 17) and
// see the graph, the marks, the replay jump from the graph and both arrows;
// the page answers clicks while a review is still running in its worker; a
// reload keeps the results; the analysis board sets up a position, ranks
// the turns and its link round-trips. How long those clicks take, and an
// 8x8 ranking, are measured by bench/review.bench.mjs (`cargo xtask bench`).
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { cell, clickSquare, open, playOnFinished, shot, watchErrors } from './helpers.mjs';

// The search worker's script is routed through a gate in one test: it must
// come from the network (a service worker would answer from its cache).
test.use({ serviceWorkers: 'block' });

const DATA = new URL('../data/', import.meta.url);
const BLUNDER = readFileSync(new URL('review-4x4-blunder.txt', DATA), 'utf8');
const LONG = readFileSync(new URL('review-8x8.txt', DATA), 'utf8');

/** Opens a record through the Import dialog (the replay shows its end). */
async function importRecord(page, text) {
  await page.getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open a game record' });
  await dialog.getByLabel('Game record or link').fill(text);
  await dialog.getByRole('button', { name: 'Open' }).click();
  await expect(dialog).toBeHidden();
}

const panel = (page) => page.locator('#review');

/** Waits until the review has judged every one of `n` turns. */
async function reviewed(page, n) {
  await expect(panel(page)).toHaveAttribute('data-reviewed', String(n), { timeout: 90_000 });
  await expect(panel(page)).toHaveAttribute('data-running', 'false');
}

test('a finished game: Review from the game-over card, then the small graph there', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  // A finished 4x4 game, played on from its record's end at one screen (a
  // whole game by clicks to the card is fullgame.spec.mjs's).
  await playOnFinished(page, BLUNDER);
  const turns = BLUNDER.trim().split('\n').length - 2;
  const card = page.locator('#gameover');
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Review' }).click();
  await expect(panel(page)).toBeVisible();
  await reviewed(page, turns);
  await expect(page.locator('#review-graph circle')).toHaveCount(turns + 1);
  await expect(page.locator('#review .rv-summary')).toContainText('Average loss a turn');
  // Back to the finished game: its card now shows the review's small graph.
  await page.getByRole('button', { name: 'Leave replay' }).click();
  await expect(card).toBeVisible();
  await expect(card.locator('svg.rv-mini path.rv-line')).toHaveCount(1);
  await expect(panel(page)).toHaveCount(0);
  // The live log carries no marks of the closed review.
  await expect(page.locator('#log li[data-mark]')).toHaveCount(0);
  await shot(page, 'review-gameover-mini');
  expect(errors).toEqual([]);
});

test('on a phone the review comes into view when asked for: its results are not left below the fold', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page);
  await playOnFinished(page, BLUNDER);
  const card = page.locator('#gameover');
  await card.getByRole('button', { name: 'Review' }).click();
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).locator('h2')).toBeInViewport();
  await reviewed(page, BLUNDER.trim().split('\n').length - 2);
  await expect(panel(page).locator('.rv-summary')).toBeInViewport({ ratio: 0.5 });
  await shot(page, 'review-phone');
  expect(errors).toEqual([]);
});

test('a record with a blunder: graph, marks, a jump from the graph, both arrows, kept over a reload', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await open(page);
  await importRecord(page, BLUNDER);
  const n = BLUNDER.trim().split('\n').length - 2;
  await page.getByRole('button', { name: 'Review' }).click();
  await reviewed(page, n);
  // Turn 17: Black stepped away instead of capturing Green's last stack.
  const line17 = page.locator('#log li').nth(16);
  await expect(line17).toHaveAttribute('data-mark', 'blunder');
  await expect(line17).toHaveAttribute('data-sign', '??');
  expect(await line17.evaluate((li) => getComputedStyle(li, '::after').content)).toBe('"??"');
  const marks = await page.locator('#log li[data-mark]').count();
  expect(marks).toBeGreaterThan(1);
  await expect(page.locator('#review-graph circle.rv-blunder').first()).toBeVisible();
  // The graph says what it shows: the chance's scale on its left, its first and last turn under it, its coloured points.
  await expect(page.locator('#review-graph text.rv-axis')).toHaveText(['100%', '50%', '0%']);
  await expect(page.locator('#review .rv-xaxis')).toHaveText(`Turn 1Turn ${n}`);
  await expect(page.locator('#review .rv-dots')).toHaveText('Coloured points: inaccuracy mistake blunder');
  const fill = (sel) =>
    page
      .locator(sel)
      .first()
      .evaluate((c) => getComputedStyle(c).fill);
  const fills = [];
  for (const m of ['inaccuracy', 'mistake', 'blunder']) fills.push(await fill(`#review .rv-dots circle.rv-${m}`));
  expect(new Set(fills).size).toBe(3);
  expect(await fill('#review-graph circle.rv-blunder')).toBe(fills[2]);
  // The text alternative lists every turn.
  await page.getByText('Turns as a table').click();
  await expect(page.locator('#review .rv-table tr')).toHaveCount(n + 1);
  // Clicking the graph's point of turn 17 shows that turn.
  await page.locator('#review-graph circle[data-step="17"]').click();
  await expect(page.locator('#replay-where')).toHaveText(`Turn 17 of ${n}`);
  const arrows = JSON.parse(await page.locator('body').getAttribute('data-review-arrows'));
  expect(arrows.played).toEqual(['c2-d2', '-d2']);
  expect(arrows.best.length).toBeGreaterThan(0);
  expect(arrows.best).not.toEqual(arrows.played);
  await expect(page.locator('#review .rv-at')).toContainText('Turn 17, Black: c2-d2 -d2');
  await expect(page.locator('#review .rv-at')).toContainText('blunder ??');
  // The summary counts Black's blunders (turn 17 among them).
  const blunders = await page
    .locator('#review .rv-summary tr', { hasText: 'Blunders' })
    .locator('td')
    .allTextContents();
  expect(Number(blunders[0])).toBeGreaterThanOrEqual(1);
  await expect(page.locator('#review .rv-at')).toContainText('(100%)');
  // The played turn's squares are marked on the board (its arrows); the better one is drawn beside it.
  await expect(cell(page, 'c2')).toHaveAttribute('data-marks', /last/);
  await shot(page, 'review-marked-turn');
  // Another point: the replay follows.
  await page.locator('#review-graph circle[data-step="5"]').click();
  await expect(page.locator('#replay-where')).toHaveText(`Turn 5 of ${n}`);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.locator('#review').scrollIntoViewIfNeeded();
  await shot(page, 'review-phone');
  await page.setViewportSize({ width: 1280, height: 860 });

  // A reload opens the same replay (its link) and the stored review at once.
  const before = await page.evaluate(
    () => Object.keys(localStorage).filter((k) => k.startsWith('diablo.review')).length,
  );
  expect(before).toBe(1);
  await page.reload();
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(panel(page)).toHaveAttribute('data-reviewed', String(n));
  await expect(panel(page)).toHaveAttribute('data-running', 'false');
  await expect(page.locator('#review .rv-status')).toHaveText(`Reviewed ${n} turns (Hard).`);
  expect(errors).toEqual([]);
});

test('during a review of a long 8x8 game the page answers clicks while the review still runs in its worker; Cancel stops it', async ({
  page,
}) => {
  const errors = watchErrors(page);
  // The review's searches are held in the worker: it judges the turn again
  // and again, each run a whole search on its thread, and answers only once
  // the gate opens (it never does here: Cancel ends the worker).
  await page.addInitScript(() => {
    const ch = new BroadcastChannel('diablo-test-gate');
    window.gateRuns = [];
    ch.onmessage = (e) => window.gateRuns.push(e.data);
  });
  const prefix = `{
    const gate = new BroadcastChannel('diablo-test-gate');
    const add = self.addEventListener.bind(self);
    self.addEventListener = (type, listener, options) => {
      if (type !== 'message') return add(type, listener, options);
      return add(type, async (event) => {
        if (event.data?.kind !== 'review') return listener(event);
        self.postMessage = () => {};
        for (let run = 1; ; run++) {
          gate.postMessage({ run });
          await listener(event);
          await new Promise((r) => setTimeout(r, 0));
        }
      }, options);
    };
  }\n`;
  await page.route('**/web/ai-worker.js', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: prefix + (await response.text()) });
  });
  const runs = () => page.evaluate(() => window.gateRuns.length);
  await open(page);
  await importRecord(page, LONG);
  await page.evaluate(() => {
    // Each click as the page handled it: whether the review was running and
    // how many runs of its search had started then.
    globalThis.clicksSeen = [];
    addEventListener('click', () => {
      globalThis.clicksSeen.push({
        running: document.getElementById('review')?.dataset.running === 'true',
        runs: globalThis.gateRuns.length,
      });
    });
  });
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(panel(page)).toHaveAttribute('data-running', 'true');
  await expect.poll(runs).toBeGreaterThan(0);
  const where = page.locator('#replay-where');
  for (let i = 0; i < 8; i++) {
    await page.getByRole('button', { name: 'Back one turn (←)' }).click();
    await expect(where).toHaveText(new RegExp(`^Turn ${36 - 1 - i} of 36$`));
  }
  // The order: every step was answered while the review ran, its search
  // under way in the worker, which went on searching after the last one.
  const seen = await page.evaluate(() => globalThis.clicksSeen);
  expect(seen.length).toBeGreaterThanOrEqual(8);
  for (const c of seen.slice(-8)) {
    expect(c.running).toBe(true);
    expect(c.runs).toBeGreaterThan(0);
  }
  await expect.poll(runs, { timeout: 60_000 }).toBeGreaterThan(seen.at(-1).runs);
  await expect(panel(page)).toHaveAttribute('data-running', 'true');
  await expect(page.locator('#review progress')).toBeVisible();
  await shot(page, 'review-progress');
  await page.locator('#review').getByRole('button', { name: 'Cancel' }).click();
  await expect(panel(page)).toHaveAttribute('data-running', 'false');
  await expect(page.locator('#review .rv-status')).toContainText('Review stopped after');
  expect(errors).toEqual([]);
});

test('the analysis board: set up, roll, ranking, play, step back, and the link round trip', async ({
  page,
  context,
}) => {
  const errors = watchErrors(page);
  await page.goto('web/analysis.html');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  // A 4x4 board set up by clicking: clear, Black b2 on b1, one Green on b2.
  await page.getByLabel('Board size').selectOption('4');
  await page.getByRole('button', { name: 'Clear the board' }).click();
  await expect(page.locator('#an-error')).toContainText('the board has no checkers at all');
  await page.getByLabel('Height').fill('2');
  await clickSquare(page, 'b1');
  await page.getByLabel('Clicking a square puts').selectOption('green');
  await page.getByLabel('Height').fill('1');
  await clickSquare(page, 'b2');
  await expect(cell(page, 'b1')).toHaveAttribute('data-stack', 'b2');
  await expect(cell(page, 'b2')).toHaveAttribute('data-stack', 'g1');
  // Side and turn must agree: the engine says so.
  await page.getByLabel('Turn number').fill('9');
  await page.getByLabel('Turn number').dispatchEvent('change');
  await page.getByLabel('Side to move').selectOption('green');
  await expect(page.locator('#an-error')).toBeVisible();
  await page.getByLabel('Side to move').selectOption('black');
  await expect(page.locator('#an-error')).toBeHidden();
  await expect(page.getByLabel('Position code')).toHaveValue('..../..../.g../.b2.. b 9');
  await page.getByLabel('Die 1').fill('1');
  await page.getByLabel('Die 2').fill('1');
  await page.getByRole('button', { name: 'Rank the turns' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-ranked', 'true');
  const rows = page.locator('#an-ranking li');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toHaveAttribute('data-turn', 'b1-b2');
  await expect(rows.first().locator('.an-value')).toHaveText('100%');
  const ranking = await rows.evaluateAll((li) => li.map((l) => l.textContent));
  await shot(page, 'analysis-ranking');
  // The link opens the same position, roll and ranking in a new page.
  const link = await page.locator('#an-link').inputValue();
  expect(link).toContain('#code=');
  const other = await context.newPage();
  await other.goto(link);
  await expect(other.locator('body')).toHaveAttribute('data-ranked', 'true');
  await expect(other.getByLabel('Position code')).toHaveValue('..../..../.g../.b2.. b 9');
  expect(await other.locator('#an-ranking li').evaluateAll((li) => li.map((l) => l.textContent))).toEqual(ranking);
  expect(await other.locator('#an-link').inputValue()).toBe(link);
  await other.close();
  // Play the second-best turn, then step back.
  // The turn is played through the game controller, whose game starts at
  // the set-up: its log lists the line played, with the turn's number and
  // dice, and Step back is the controller's take-back (the same dice).
  const second = await rows.nth(1).getAttribute('data-turn');
  await rows.nth(1).getByRole('button').click();
  await expect(page.locator('#an-status')).toContainText('Played');
  await expect(page.getByLabel('Position code')).not.toHaveValue('..../..../.g../.b2.. b 9');
  await expect(page.locator('#an-line li')).toHaveText([`9. 1,1: ${second}`]);
  await page.getByRole('button', { name: 'Step back' }).click();
  await expect(page.getByLabel('Position code')).toHaveValue('..../..../.g../.b2.. b 9');
  await expect(page.locator('#an-line-box')).toBeHidden();
  await expect(page.getByLabel('Die 1')).toHaveValue('1');
  await expect(rows).toHaveCount(3);
  // A pasted code is judged by the engine.
  await page.getByLabel('Position code').fill('gbgb/bgxb/gbgb/bgbg b 1');
  await page.getByRole('button', { name: 'Use this code' }).click();
  await expect(page.locator('#an-error')).toContainText('x');
  // What was typed stays, to be fixed (not the last good code).
  await expect(page.getByLabel('Position code')).toHaveValue('gbgb/bgxb/gbgb/bgbg b 1');
  // An 8x8 middle game: the ranking comes within a few seconds, top ten then all.
  await page
    .getByLabel('Position code')
    .fill('..gbgbgb/bgbgbgbg/bb.bgb../bg.g.gbb/g2....bg./.gb..gbg/..bg..../..bg.... b 15');
  await page.getByRole('button', { name: 'Use this code' }).click();
  await expect(page.locator('#an-error')).toBeHidden();
  // A die the board's dice do not have is a refusal of the dice, not of the
  // position: said under the dice (analysis-fixes.spec.mjs).
  await page.getByLabel('Die 1').fill('9');
  await page.getByRole('button', { name: 'Rank the turns' }).click();
  await expect(page.locator('#an-roll-error')).toContainText('Die 1 cannot be used');
  await expect(page.locator('#an-error')).toBeHidden();
  await page.getByLabel('Die 1').fill('3');
  await page.getByLabel('Die 2').fill('2');
  await page.getByRole('button', { name: 'Rank the turns' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-ranked', 'true');
  await expect(rows).toHaveCount(10);
  // The chance before the roll and this roll's best are told apart in words,
  // and the quick estimates are headed as another kind of value.
  const best = await rows.first().locator('.an-value').textContent();
  await expect(page.locator('#an-ranking-status')).toContainText(
    `With 3,2 the best turn keeps ${best?.replace('≈', '')}.`,
  );
  await expect(page.locator('#an-ranking-status')).toContainText('average over every roll');
  const all = page.locator('#an-all');
  await all.click();
  expect(await rows.count()).toBeGreaterThan(10);
  const quick = page.locator('#an-ranking li.an-quick');
  await expect(quick).toHaveAttribute('data-group', /^Quick estimates \(≈\), not valued like the turns above/);
  await quick.scrollIntoViewIfNeeded();
  await shot(page, 'analysis-quick-group');
  await page.setViewportSize({ width: 360, height: 780 });
  await shot(page, 'analysis-phone');
  expect(errors).toEqual([]);
});
