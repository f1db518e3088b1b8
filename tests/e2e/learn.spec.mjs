// The lessons page (web/learn.html): every lesson done by
// clicking the board, in English and in Polish, each after its wrong try —
// refused by the engine in its words (the status line) or, when legal,
// judged wrong with the lesson's own explanation; progress kept across a
// reload; a lesson played with the keys as on the game page; the page
// reachable from the game page's header, the friend page,
// the analysis board and the rules page; screenshots of a lesson at phone
// and desktop size. (The lessons' data is checked against the engine by
// crates/diablo-cli/tests/lessons.rs.)
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, cell, clickSquare, snap, watchErrors } from './helpers.mjs';

const LESSONS = JSON.parse(readFileSync(new URL('../../web/learn/lessons.json', import.meta.url), 'utf8'));
/**
 * A language's lesson words: the page's own module (it imports nothing),
 * loaded as ES module text (web/ has no package.json saying it is one).
 * @param {string} lang
 */
async function lessonWords(lang) {
  const text = readFileSync(new URL(`../../web/lib/i18n/${lang}/learn.js`, import.meta.url), 'utf8');
  return (await import(`data:text/javascript,${encodeURIComponent(text)}`)).default();
}
const WORDS = { en: await lessonWords('en'), pl: await lessonWords('pl') };
/** The start of a refusal in the status line (the page words' `illegal`). */
const NOT_ALLOWED = { en: 'Not allowed: ', pl: 'Niedozwolone: ' };
/** What the English engine words say of each refusal a lesson's wrong try meets. */
const REFUSED = {
  'wrong-distance': 'the stack would move',
  'taller-enemy': 'taller',
  'second-step': 'at most one step',
  'not-straight': 'straight along a rank or a file',
  'step-without-completion': 'first half of a sequenced move',
};
const LOCALE = { en: 'en-US', pl: 'pl-PL' };

/** Clicks a square on the board, brought into view first (the lesson's text may have scrolled it away). */
async function click(page, square) {
  await cell(page, square).scrollIntoViewIfNeeded();
  await clickSquare(page, square);
}

/** Clicks the squares of one action: a move's two squares, a removal's one. */
async function clickAction(page, action) {
  if (action.startsWith('-')) {
    await click(page, action.slice(1));
    return;
  }
  const [from, to] = action.split('-');
  await click(page, from);
  await click(page, to);
}

/** Opens the lessons page and waits until the lesson is playable. */
async function openLearn(page, hash = '') {
  await page.goto(`web/learn.html${hash}`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
}

/**
 * Plays every lesson in order: its wrong try first (refused, or judged
 * wrong and tried again), then its first goal turn, each by clicking.
 * @param {import('@playwright/test').Page} page @param {'en' | 'pl'} lang
 */
async function playAll(page, lang) {
  const w = WORDS[lang];
  const status = page.locator('#status');
  const feedback = page.locator('#feedback');
  for (const [i, lesson] of LESSONS.entries()) {
    const words = w.lessons[lesson.id];
    await expect(page.locator('body')).toHaveAttribute('data-lesson', lesson.id);
    await expect(page.locator('#lesson-title')).toHaveText(words.title);
    await expect(page.locator('#lesson-number')).toHaveText(w.lessonOf(i + 1, LESSONS.length));
    // The hint, on request.
    await expect(page.locator('#lesson-hint')).toBeHidden();
    await page.locator('#btn-hint').click();
    await expect(page.locator('#lesson-hint')).toHaveText(words.hint);

    // The wrong try.
    const actions = lesson.wrong.turn.split(' ');
    if (lesson.wrong.refused) {
      for (const [k, a] of actions.entries()) {
        await clickAction(page, a);
        if (k < actions.length - 1) continue;
        await expect(status).toContainText(NOT_ALLOWED[lang]);
        if (lang === 'en') await expect(status).toContainText(REFUSED[lesson.wrong.refused]);
      }
      await expect(feedback).toBeHidden();
      // The refused move's stack stays selected, as in a game: Esc lets it go,
      // and the actions the engine took are undone.
      await page.keyboard.press('Escape');
      await expect(page.locator('[role=gridcell][data-marks~="selected"]')).toHaveCount(0);
      while (await page.locator('#btn-undo').isEnabled()) await page.locator('#btn-undo').click();
    } else {
      for (const a of actions) await clickAction(page, a);
      await page.locator('#btn-confirm').click();
      await expect(page.locator('body')).toHaveAttribute('data-result', 'wrong');
      await expect(feedback).toHaveAttribute('data-result', 'wrong');
      await expect(feedback).toContainText(words.wrong);
      await expect(page.locator('#btn-next')).toBeHidden();
      await expect(page.locator(`#lessons li[data-lesson="${lesson.id}"]`)).toHaveAttribute('data-done', 'false');
      await page.locator('#btn-again').click();
      await expect(feedback).toBeHidden();
    }

    // The right turn.
    for (const a of lesson.goals[0].turn.split(' ')) await clickAction(page, a);
    await page.locator('#btn-confirm').click();
    await expect(page.locator('body')).toHaveAttribute('data-result', 'right');
    await expect(feedback).toContainText(words.right);
    await expect(page.locator(`#lessons li[data-lesson="${lesson.id}"]`)).toHaveAttribute('data-done', 'true');
    if (i < LESSONS.length - 1) await page.locator('#btn-next').click();
    else await expect(feedback).toContainText(w.allDone);
  }
  await expect(page.locator('#progress')).toHaveText(w.progress(LESSONS.length, LESSONS.length));
}

for (const lang of /** @type {const} */ (['en', 'pl'])) {
  test.describe(`in ${lang}`, () => {
    test.use({ locale: LOCALE[lang] });

    test(`every lesson is done by clicking, after a wrong try refused with its explanation (${lang})`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const errors = watchErrors(page);
      await openLearn(page);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('.credit').first()).toHaveText(
        lang === 'en' ? 'Diablo, a game by Mark Steere' : /Mark/,
      );
      await expect(page.locator('#progress')).toHaveText(WORDS[lang].progress(0, LESSONS.length));
      await playAll(page, lang);

      // Kept across a reload: every tick, and the lesson on show.
      await page.reload();
      await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
      await expect(page.locator('#lessons li[data-done=true]')).toHaveCount(LESSONS.length);
      await expect(page.locator('#progress')).toHaveText(WORDS[lang].progress(LESSONS.length, LESSONS.length));
      await expect(page.locator('body')).toHaveAttribute('data-lesson', LESSONS[LESSONS.length - 1].id);

      // A lesson done can be played again, from the list.
      await page.locator(`#lessons li[data-lesson="${LESSONS[0].id}"] button`).click();
      await expect(page.locator('body')).toHaveAttribute('data-lesson', LESSONS[0].id);
      await expect(page.locator('#feedback')).toBeHidden();
      for (const a of LESSONS[0].goals[0].turn.split(' ')) await clickAction(page, a);
      await page.locator('#btn-confirm').click();
      await expect(page.locator('body')).toHaveAttribute('data-result', 'right');
      expect(errors).toEqual([]);
    });
  });
}

test('progress is partial across a reload: the first lesson not done opens', async ({ page }) => {
  const errors = watchErrors(page);
  await openLearn(page);
  const [first, second] = LESSONS;
  for (const a of first.goals[0].turn.split(' ')) await clickAction(page, a);
  await page.locator('#btn-confirm').click();
  await expect(page.locator('body')).toHaveAttribute('data-result', 'right');
  // A new visit (no lesson in the address) opens the first lesson not done.
  await page.goto('about:blank');
  await openLearn(page);
  await expect(page.locator('body')).toHaveAttribute('data-lesson', second.id);
  await expect(page.locator(`#lessons li[data-lesson="${first.id}"]`)).toHaveAttribute('data-done', 'true');
  await expect(page.locator(`#lessons li[data-lesson="${second.id}"]`)).toHaveAttribute('data-done', 'false');
  // A damaged store is a notice, and the lessons go on from the start.
  await page.evaluate(() => localStorage.setItem('diablo.learn.v1', '{"done": 7}'));
  await page.reload();
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('#notice')).toContainText(WORDS.en.storage('invalid'));
  await expect(page.locator('#lessons li[data-done=true]')).toHaveCount(0);
  expect(errors.filter((e) => !e.includes('storage:'))).toEqual([]);
});

test('the lessons page is linked from the game page, the friend page, the analysis board and the rules page', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('header a#link-learn')).toHaveText('Learn');
  await page.locator('header a#link-learn').click();
  await expect(page).toHaveURL(/\/web\/learn\.html(#\w+)?$/);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  // Its own header: the game, the puzzles, your games, the rules.
  const nav = page.locator('header nav');
  await expect(nav.getByRole('link', { name: 'Play', exact: true })).toHaveAttribute('href', '../index.html');
  await expect(nav.getByRole('link', { name: 'Puzzles' })).toHaveAttribute('href', 'puzzles.html');
  await expect(nav.getByRole('link', { name: 'Your games' })).toHaveAttribute('href', 'games.html');
  await expect(nav.getByRole('link', { name: 'Rules' })).toHaveAttribute('href', 'rules.html?lang=en');
  for (const url of ['web/friend.html', 'web/analysis.html', 'web/rules.html']) {
    await page.goto(url);
    await expect(page.locator('a#link-learn')).toHaveAttribute('href', 'learn.html');
  }
  await page.goto('web/rules.html?lang=de');
  await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('a#link-learn')).toHaveAttribute('href', 'learn.html');
});

for (const [name, viewport, touch] of /** @type {const} */ ([
  ['phone', { width: 390, height: 844 }, true],
  ['desktop', { width: 1280, height: 800 }, false],
])) {
  test(`a lesson at ${name} size, with its hint and a judged turn`, async ({ browser }) => {
    const context = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch, locale: 'en-US' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await openLearn(page, '#capture');
    await page.locator('#btn-hint').click();
    await clickAction(page, 'a1-a2');
    await expect(page.locator('#status')).toContainText('taller');
    await snap(page, join(ARTIFACTS, `learn-${name}-refused.png`), { fullPage: true });
    await page.keyboard.press('Escape');
    const lesson = LESSONS.find((l) => l.id === 'capture');
    for (const a of lesson.goals[0].turn.split(' ')) await clickAction(page, a);
    await page.locator('#btn-confirm').click();
    await expect(page.locator('body')).toHaveAttribute('data-result', 'right');
    await snap(page, join(ARTIFACTS, `learn-${name}-right.png`), { fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('a lesson is played with the keyboard as on the game page: arrows, Enter, Esc', async ({ page }) => {
  const errors = watchErrors(page);
  await openLearn(page, '#move');
  await page.locator('[role=gridcell][data-square=a1]').focus();
  const selected = page.locator('[role=gridcell][data-marks~="selected"]');
  // a1 selected, Esc lets it go, Enter takes it again.
  await page.keyboard.press('Enter');
  await expect(selected).toHaveAttribute('data-square', 'a1');
  await page.keyboard.press('Escape');
  await expect(selected).toHaveCount(0);
  await page.keyboard.press('Enter');
  // Up two squares to a3 (a step), then a3 up one to a4 (the capture).
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page.locator('[role=gridcell][data-square=a3]')).toHaveAttribute('data-stack', /b2/);
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page.locator('#btn-confirm')).toBeEnabled();
  // Enter confirms the complete turn, which the engine's position judges.
  await page.keyboard.press('Enter');
  await expect(page.locator('body')).toHaveAttribute('data-result', 'right');
  expect(errors).toEqual([]);
});

for (const [width, height] of [
  [390, 844],
  [1280, 800],
]) {
  test(`at ${width}x${height} the dice and Confirm keep clear of the board's bottom edge, on the lessons and the puzzles`, async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await page.setViewportSize({ width, height });
    for (const url of ['web/learn.html', 'web/puzzles.html']) {
      await page.goto(url);
      await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
      const board = await page.locator('#board-wrap').boundingBox();
      for (const sel of ['#btn-confirm', '#dice']) {
        const box = await page.locator(sel).boundingBox();
        expect(box.y - (board.y + board.height), `${url}: ${sel} below the board`).toBeGreaterThanOrEqual(6);
      }
    }
    expect(errors).toEqual([]);
  });
}
