// The puzzles page (web/puzzles.html): a puzzle of the
// shipped set solved and one failed (the answer shown with both arrows and
// both chances), a hint and "Show the answer"; a puzzle made from a game
// reviewed on this device (the review of a record with a blunder, as
// review.spec.mjs does it) solved and one failed; the streak and the count
// solved kept across a reload; screenshots at phone and desktop size. (The
// set itself is checked against the engine by crates/diablo-lab's tests.)
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, boardStacks, clickSquare, marked, open, snap, watchErrors } from './helpers.mjs';

const SET = JSON.parse(readFileSync(new URL('../../web/puzzles/puzzles.json', import.meta.url), 'utf8')).puzzles;
const BLUNDER = readFileSync(new URL('../data/review-4x4-blunder.txt', import.meta.url), 'utf8');
/** The English puzzle words: the page's own module (it imports nothing), loaded as ES module text (web/ has no package.json saying it is one). */
const W = (
  await import(
    `data:text/javascript,${encodeURIComponent(readFileSync(new URL('../../web/lib/i18n/en/puzzles.js', import.meta.url), 'utf8'))}`
  )
).default();
/** A chance as the page writes it (analysis/marks.js). */
const pct = (x) => `${Math.round(x * 100)}%`;

/** Clicks the squares of one action: a move's two squares, a removal's one. */
async function clickAction(page, action) {
  if (action.startsWith('-')) {
    await clickSquare(page, action.slice(1));
    return;
  }
  const [from, to] = action.split('-');
  await clickSquare(page, from);
  await clickSquare(page, to);
}

/** Plays a written turn on the board by clicking, then confirms it. */
async function playTurn(page, turn) {
  for (const a of turn.split(' ')) await clickAction(page, a);
  await page.locator('#btn-confirm').click();
}

/** Opens the puzzles page (at a puzzle) and waits until it is playable. */
async function openPuzzles(page, id = '') {
  await page.goto(`web/puzzles.html${id ? `#${id}` : ''}`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  if (id) await expect(page.locator('body')).toHaveAttribute('data-puzzle', id);
}

const score = async (page) => ({
  streak: await page.locator('body').getAttribute('data-streak'),
  solved: await page.locator('body').getAttribute('data-solved'),
});

const arrows = async (page) => JSON.parse(await page.locator('body').getAttribute('data-answer-arrows'));

test('the shipped set: one puzzle solved, one failed with both arrows and chances, kept over a reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const [right, wrong] = SET;
  await openPuzzles(page, right.id);
  await expect(page.locator('.credit').first()).toHaveText('Diablo, a game by Mark Steere');
  await expect(page.locator('#pz-streak')).toHaveText(W.streak(0));
  await expect(page.locator('#pz-solved')).toHaveText(W.solved(0));
  await expect(page.locator('#pz-task')).toContainText('Find the best turn');

  // Solved: the best turn, played by clicking.
  await playTurn(page, right.best);
  await expect(page.locator('body')).toHaveAttribute('data-result', 'right');
  await expect(page.locator('#feedback')).toContainText(W.right);
  await expect(page.locator('#feedback')).toContainText(W.rightText(pct(right.bestChance)));
  await expect(page.locator('#feedback')).toContainText(W.yoursBest(right.best));
  expect(await score(page)).toEqual({ streak: '1', solved: '1' });
  await expect(page.locator('#pz-streak')).toHaveText(W.streak(1));

  // Kept across a reload.
  await page.reload();
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  expect(await score(page)).toEqual({ streak: '1', solved: '1' });

  // Failed: the second-best turn. The answer shows both arrows and both
  // chances (the player's valued by the worker: the set's own number).
  await openPuzzles(page, wrong.id);
  await playTurn(page, wrong.second);
  await expect(page.locator('body')).toHaveAttribute('data-result', 'wrong');
  await expect(page.locator('#feedback')).toContainText(W.wrong);
  await expect(page.locator('#feedback')).toContainText(W.best(wrong.best, pct(wrong.bestChance)));
  await expect(page.locator('body')).toHaveAttribute('data-valued', 'true', { timeout: 60_000 });
  await expect(page.locator('#feedback')).toContainText(W.yours(wrong.second, pct(wrong.secondChance)));
  expect(await arrows(page)).toEqual({ best: wrong.best.split(' '), yours: wrong.second.split(' ') });
  await snap(page, join(ARTIFACTS, 'puzzles-failed.png'), { fullPage: true });
  // The board is back at the puzzle's position with nothing to play.
  await expect(page.locator('#btn-confirm')).toBeDisabled();
  expect(await score(page)).toEqual({ streak: '0', solved: '1' });
  // Solving it after failing does not score.
  await page.locator('#btn-again').click();
  await playTurn(page, wrong.best);
  await expect(page.locator('body')).toHaveAttribute('data-result', 'right');
  expect(await score(page)).toEqual({ streak: '0', solved: '1' });

  await page.reload();
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  expect(await score(page)).toEqual({ streak: '0', solved: '1' });
  await expect(page.locator('#pz-solved')).toHaveText(W.solved(1));
  expect(errors).toEqual([]);
});

test('another spelling of the best turn is the best; after a hint it solves without adding to the streak; the board stays solved', async ({
  page,
}) => {
  const errors = watchErrors(page);
  // A clean solve first: the streak is 1.
  await openPuzzles(page, SET[0].id);
  await playTurn(page, SET[0].best);
  expect(await score(page)).toEqual({ streak: '1', solved: '1' });
  // 6x6 standard, 6t-055: its best turn's two moves in the other order reach the same position.
  const p = SET.find((x) => x.id === '6t-055');
  const alt = p.best.split(' ').reverse().join(' ');
  expect(alt).not.toBe(p.best);
  await openPuzzles(page, p.id);
  const start = await boardStacks(page);
  await page.locator('#btn-hint').click();
  for (const a of alt.split(' ')) await clickAction(page, a);
  const reached = await boardStacks(page);
  expect(reached).not.toEqual(start);
  await page.locator('#btn-confirm').click();
  await expect(page.locator('body')).toHaveAttribute('data-result', 'right');
  // The player's spelling is named as the best turn; no other path is drawn as "the best".
  await expect(page.locator('#feedback')).toContainText(W.yoursBest(alt));
  await expect(page.locator('#feedback')).not.toContainText(p.best);
  expect(await arrows(page)).toEqual({ best: [], yours: alt.split(' ') });
  // After a hint: solved, the streak as it was.
  await expect(page.locator('#feedback')).toContainText(W.hinted);
  expect(await score(page)).toEqual({ streak: '1', solved: '2' });
  // The board shows the position the turn reached, with its arrows, not the puzzle's start.
  expect(await boardStacks(page)).toEqual(reached);
  await expect(page.locator('#pz-task')).toHaveText(W.task('black'));
  expect(await marked(page, 'last')).toEqual(expect.arrayContaining(['c4', 'f4', 'd2', 'd5']));
  await snap(page, join(ARTIFACTS, 'puzzles-solved.png'), { fullPage: true });
  expect(errors).toEqual([]);
});

test('a hint highlights the stack that moves first; Show the answer draws it', async ({ page }) => {
  const errors = watchErrors(page);
  const p = SET[2];
  await openPuzzles(page, p.id);
  const first = p.best.split(' ')[0];
  const square = first.startsWith('-') ? first.slice(1) : first.split('-')[0];
  await page.locator('#btn-hint').click();
  await expect(page.locator('#pz-hint')).toHaveText(W.hintText(square));
  expect(await marked(page, 'source')).toEqual([square]);
  await page.locator('#btn-show').click();
  await expect(page.locator('body')).toHaveAttribute('data-result', 'shown');
  await expect(page.locator('#feedback')).toContainText(W.best(p.best, pct(p.bestChance)));
  await expect(page.locator('#feedback')).toContainText(W.second(p.second, pct(p.secondChance)));
  expect(await arrows(page)).toEqual({ best: p.best.split(' '), yours: [] });
  expect(await score(page)).toEqual({ streak: '0', solved: '0' });
  // The filters: 10x10 sequenced puzzles only.
  await page.locator('#pz-size').selectOption('10');
  await page.locator('#pz-edition').selectOption('sequenced');
  const shown = await page.locator('body').getAttribute('data-puzzle');
  expect(SET.find((x) => x.id === shown)).toMatchObject({ size: 10, edition: 'sequenced' });
  await expect(page.locator('#pz-number')).toHaveText(
    W.puzzleOf(1, SET.filter((x) => x.size === 10 && x.edition === 'sequenced').length),
  );
  expect(errors).toEqual([]);
});

test('puzzles from a reviewed game: its blunder solved, another mistake failed', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  // Review a game with a blunder on the game page (as review.spec.mjs does).
  await open(page);
  await page.getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open a game record' });
  await dialog.getByLabel('Game record or link').fill(BLUNDER);
  await dialog.getByRole('button', { name: 'Open' }).click();
  await expect(dialog).toBeHidden();
  const n = BLUNDER.trim().split('\n').length - 2;
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.locator('#review')).toHaveAttribute('data-reviewed', String(n), { timeout: 90_000 });
  const kept = () => page.evaluate(() => JSON.parse(localStorage.getItem('diablo.puzzles-mine.v1') ?? '[]'));
  await expect.poll(async () => (await kept()).length).toBeGreaterThan(0);
  const mine = await kept();
  const marks = await page.locator('#log li[data-mark=mistake], #log li[data-mark=blunder]').count();
  expect(mine.length).toBe(marks);
  // Turn 17: Black stepped away instead of capturing Green's last stack.
  const blunder = mine.find((p) => p.turn === 17);
  expect(blunder).toMatchObject({ mark: 'blunder', played: 'c2-d2 -d2', size: 4, edition: 'standard' });
  const other = mine.find((p) => p.turn !== 17);
  expect(other).toBeTruthy();

  await openPuzzles(page, blunder.id);
  await expect(page.locator('#pz-source')).toHaveValue('games');
  await expect(page.locator('#pz-from')).toHaveText(W.fromGame(17, 'blunder'));
  await playTurn(page, blunder.best);
  await expect(page.locator('body')).toHaveAttribute('data-result', 'right');
  await expect(page.locator('#feedback')).toContainText(W.inGame(blunder.played, pct(blunder.playedChance)));
  expect(await score(page)).toEqual({ streak: '1', solved: '1' });

  // Another: the turn played in the game again is not the best.
  await openPuzzles(page, other.id);
  await playTurn(page, other.played);
  await expect(page.locator('body')).toHaveAttribute('data-result', 'wrong');
  await expect(page.locator('body')).toHaveAttribute('data-valued', 'true', { timeout: 60_000 });
  await expect(page.locator('#feedback')).toContainText(W.yours(other.played, pct(other.playedChance)));
  await expect(page.locator('#feedback')).toContainText(W.best(other.best, pct(other.bestChance)));
  expect(await arrows(page)).toEqual({ best: other.best.split(' '), yours: other.played.split(' ') });
  expect(await score(page)).toEqual({ streak: '0', solved: '1' });
  await page.reload();
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  expect(await score(page)).toEqual({ streak: '0', solved: '1' });
  await expect(page.locator('body')).toHaveAttribute('data-puzzle', other.id);
  expect(errors).toEqual([]);
});

test('screenshots of a puzzle at phone and desktop size', async ({ page }) => {
  const errors = watchErrors(page);
  const eights = SET.filter((x) => x.size === 8);
  for (const [k, [name, size]] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 800 }],
  ].entries()) {
    await page.setViewportSize(size);
    await openPuzzles(page, (eights[k] ?? SET[k]).id);
    await snap(page, join(ARTIFACTS, `puzzles-${name}.png`), { fullPage: true });
    await page.locator('#btn-show').click();
    await expect(page.locator('body')).toHaveAttribute('data-result', 'shown');
    await snap(page, join(ARTIFACTS, `puzzles-${name}-answer.png`), { fullPage: true });
  }
  expect(errors).toEqual([]);
});
