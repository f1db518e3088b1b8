// Mark Steere's credit in the reader's language on every page: for each
// language (English, Polish, German, chosen by the browser's language) and
// each page (the game, the analysis board, the friend page, the illustrated
// rules, the iframe route's board, told the language by its address), the
// page shows the credit in its
// language ("Diablo, a game by Mark Steere", "Diablo, gra Marka Steere’a",
// "Diablo, ein Spiel von Mark Steere") and never another language's, in its
// visible text, its boards' shadow roots or its title.
import { test, expect } from '@playwright/test';
import { watchErrors } from './helpers.mjs';

/** Each language's credit, and the words that tell it from the others'. */
const CREDITS = {
  en: { credit: 'Diablo, a game by Mark Steere', mark: 'a game by Mark Steere' },
  pl: { credit: 'Diablo, gra Marka Steere’a', mark: 'gra Marka Steere’a' },
  de: { credit: 'Diablo, ein Spiel von Mark Steere', mark: 'ein Spiel von Mark Steere' },
};
const LOCALES = { en: 'en-US', pl: 'pl-PL', de: 'de-DE' };

const PAGES = [
  { name: 'the game', url: '/', ready: (page) => expect(page.locator('body')).toHaveAttribute('data-ready', 'true') },
  {
    name: 'the analysis board',
    url: 'web/analysis.html',
    ready: (page) => expect(page.locator('body')).toHaveAttribute('data-ready', 'true'),
  },
  {
    name: 'the friend page',
    url: 'web/friend.html',
    ready: (page) => expect(page.locator('body')).toHaveAttribute('data-ready', 'true'),
  },
  {
    name: 'your games',
    url: 'web/games.html',
    ready: (page) => expect(page.locator('body')).toHaveAttribute('data-ready', 'true'),
  },
  {
    name: 'the leaderboard',
    url: 'web/players.html',
    ready: (page) => expect(page.locator('body')).toHaveAttribute('data-ready', 'true'),
  },
  {
    name: 'the puzzles',
    url: 'web/puzzles.html',
    ready: (page) => expect(page.locator('body')).toHaveAttribute('data-ready', 'true'),
  },
  {
    name: 'the lessons',
    url: 'web/learn.html',
    ready: (page) => expect(page.locator('body')).toHaveAttribute('data-ready', 'true'),
  },
  { name: 'the illustrated rules', url: 'web/rules.html', ready: boardsReady },
  // The iframe route speaks the language its address names (an embedding page chooses).
  { name: 'a board on the iframe route', url: 'web/embed/frame.html?mode=diagram&size=6&lang=', ready: boardsReady },
];

/** Waits until every board of the page has drawn. */
async function boardsReady(page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('diablo-board')].every(
      (b) => b.shadowRoot?.querySelector('.root')?.dataset.state === 'ready',
    ),
  );
}

/** What a reader sees: the title, the visible text and the boards' shadow roots. */
function shown(page) {
  return page.evaluate(() => {
    const out = [document.title];
    /** @param {Node} node */
    const visit = (node) => {
      for (const child of node.childNodes) {
        if (child.nodeType === Node.TEXT_NODE) {
          const el = child.parentElement;
          if (el?.checkVisibility({ visibilityProperty: true }) && child.textContent.trim())
            out.push(child.textContent.trim());
        } else if (child instanceof Element && !['SCRIPT', 'STYLE', 'TEMPLATE'].includes(child.tagName)) {
          if (child.shadowRoot) visit(child.shadowRoot);
          visit(child);
        }
      }
    };
    visit(document.body);
    return out.join('\n');
  });
}

for (const [code, { credit }] of Object.entries(CREDITS)) {
  test(`in ${code}, every page credits Mark Steere in ${code} and in no other language`, async ({ browser }) => {
    const context = await browser.newContext({ locale: LOCALES[code] });
    const page = await context.newPage();
    const errors = watchErrors(page);
    for (const { name, url, ready } of PAGES) {
      await page.goto(url.endsWith('lang=') ? `${url}${code}` : url);
      await ready(page);
      await expect(page.locator('html'), name).toHaveAttribute('lang', code);
      const text = await shown(page);
      expect(text, `${name} shows its credit`).toContain(credit);
      for (const [other, { mark }] of Object.entries(CREDITS)) {
        if (other !== code) expect(text, `${name} shows the ${other} credit`).not.toContain(mark);
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  });
}
