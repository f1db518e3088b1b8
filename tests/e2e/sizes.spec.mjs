// One list of board sizes, the engine's, everywhere (no page may offer a size another refuses):
// the game page's New game dialog, the friend page's invitation and the
// rules page (in every language) name the same sizes; and "8 × 8" never
// breaks between its parts, on a phone or a desktop.
import { test, expect } from '@playwright/test';
import { watchErrors } from './helpers.mjs';

/** The engine's sizes, asked of the engine module the site serves. */
function engineSizes(page) {
  return page.evaluate(async () => {
    const engine = await import('/web/engine.js');
    await engine.loadEngine();
    return engine.boardSizes();
  });
}

/** The values of a picker's options, as numbers, and their texts. */
function picker(page, selector) {
  return page
    .locator(`${selector} option`)
    .evaluateAll((options) => options.map((o) => [Number(o.value), o.textContent]));
}

/**
 * Every "N × N" the page shows (text, option and caption of the boards),
 * with whether it uses non-breaking spaces and how many lines it takes.
 */
function sizeTexts(page) {
  return page.evaluate(() => {
    const out = [];
    const PATTERN = /[0-9N]+[ \u00a0]×[ \u00a0][0-9N]+/g;
    /** @param {Node} root */
    const visit = (root) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        if (!el || ['SCRIPT', 'STYLE'].includes(el.tagName)) continue;
        for (const m of node.textContent.matchAll(PATTERN)) {
          let lines = 1;
          if (el.tagName !== 'OPTION' && el.checkVisibility()) {
            const range = document.createRange();
            range.setStart(node, m.index);
            range.setEnd(node, m.index + m[0].length);
            const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
            lines = tops.size;
          }
          out.push({ text: m[0], nbsp: !/ /.test(m[0]), lines });
        }
      }
      for (const board of root.querySelectorAll?.('diablo-board') ?? []) if (board.shadowRoot) visit(board.shadowRoot);
    };
    visit(document.body);
    return out;
  });
}

/** @param {{ text: string, nbsp: boolean, lines: number }[]} found */
function expectUnbroken(found) {
  expect(found.length).toBeGreaterThan(0);
  for (const f of found) {
    expect(f.nbsp, `"${f.text}" has non-breaking spaces`).toBe(true);
    expect(f.lines, `"${f.text}" is on one line`).toBeLessThanOrEqual(1);
  }
}

test('the game page and the friend page offer the engine\'s sizes, "8 × 8" unbroken', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  const sizes = await engineSizes(page);
  expect(sizes[0]).toBeGreaterThan(0);
  const game = await picker(page, '#ng-size');
  expect(game.map(([n]) => n)).toEqual(sizes);
  for (const [n, text] of game) expect(text).toBe(`${n}\u00a0×\u00a0${n}`);
  await expect(page.locator('#game-info')).toHaveText('Standard edition, 8\u00a0×\u00a08');

  await page.goto('/web/friend.html');
  await expect(page.locator('#new-size option')).not.toHaveCount(0);
  const friend = await picker(page, '#new-size');
  expect(friend.map(([n]) => n)).toEqual(sizes);
  for (const [n, text] of friend) expect(text).toBe(`${n}\u00a0×\u00a0${n}`);
  expect(errors).toEqual([]);
});

for (const lang of ['en', 'pl', 'de']) {
  test(`the rules page (${lang}) names the engine's first and last size`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto(`/web/rules.html?lang=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
    const sizes = await engineSizes(page);
    const first = `${sizes[0]}\u00a0×\u00a0${sizes[0]}`;
    const last = `${sizes.at(-1)}\u00a0×\u00a0${sizes.at(-1)}`;
    const text = await page.locator('#board').textContent();
    expect(text).toContain(first);
    expect(text).toContain(last);
    // No other range of sizes is claimed.
    expect(text).not.toContain('16\u00a0×\u00a016');
    expect(text).not.toContain('16 × 16');
    expect(errors).toEqual([]);
  });
}

for (const [name, viewport, touch] of [
  ['phone', { width: 390, height: 844 }, true],
  ['desktop', { width: 1280, height: 800 }, false],
]) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport, hasTouch: touch, isMobile: touch });

    test('no "N × N" breaks across lines, on the game page or the rules pages', async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto('/');
      await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
      expectUnbroken(await sizeTexts(page));
      await page.getByRole('button', { name: 'Rules' }).click();
      await expect(page.locator('#rules-body')).toContainText('N\u00a0×\u00a0N');
      expectUnbroken(await sizeTexts(page));
      for (const lang of ['en', 'pl', 'de']) {
        await page.goto(`/web/rules.html?lang=${lang}`);
        await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
        await page.waitForFunction(() =>
          [...document.querySelectorAll('diablo-board')].every(
            (b) => b.shadowRoot?.querySelector('.root')?.dataset.state === 'ready',
          ),
        );
        expectUnbroken(await sizeTexts(page));
      }
      expect(errors).toEqual([]);
    });
  });
}
