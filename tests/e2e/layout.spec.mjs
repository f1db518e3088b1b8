// Every page at phone and desktop widths (every page must be usable on a phone): the game page
// (after a roll and a move, so the dice and Confirm show; and with the
// game-over card), the friend page's form (the test server is the project's
// diablo-server, so its live.json names a relay and the form offers Play
// live), the analysis page, the lessons page, the rules page and the embed frame route — at
// 320 and 390 px wide (touch phones) and 1280 px in English, and at 320 px
// in German and Polish too (the longer words are what overflowed; the
// narrowest width is where they do). No visible button, link, select,
// input, textarea or text of the page may lie outside the viewport
// horizontally or under another element (what a tap at its centre hits
// must be it or inside it). One load and one pass a page: once the page is
// reached, the viewport is made as tall as the page, so every control and
// text is in view at once (one still below, on a page that grew, is
// scrolled to). Each offence is named by page, width and control.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, clickSquare, marked, open, snap, targets, watchErrors } from './helpers.mjs';

const RECORD = readFileSync(new URL('../data/review-4x4-blunder.txt', import.meta.url), 'utf8');

const WIDTHS = {
  320: { viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true },
  390: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  1280: { viewport: { width: 1280, height: 800 } },
};
/** Each width in English; the languages with longer words at the narrowest. */
const RUNS = [
  ['320', 'en'],
  ['390', 'en'],
  ['1280', 'en'],
  ['320', 'de'],
  ['320', 'pl'],
];

/**
 * Every visible control and run of text of the page, shadow roots included,
 * each scrolled into view and checked: inside [0, width] horizontally, and
 * on top at its centre. Returns the offences as lines of text and how many
 * of each kind were checked.
 * @param {import('@playwright/test').Page} page
 * @param {number} width the viewport's width as set (a phone's page may widen innerWidth)
 */
function offences(page, width) {
  return page.evaluate(async (vw) => {
    const CONTROLS = 'button, a[href], select, input:not([type=hidden]), textarea, summary';
    /** Elements of a root and of every open shadow root below it. */
    const all = (root, sel) => {
      const out = [...root.querySelectorAll(sel)];
      for (const el of root.querySelectorAll('*')) if (el.shadowRoot) out.push(...all(el.shadowRoot, sel));
      return out;
    };
    /** Text nodes of a root and of every open shadow root below it. */
    const texts = (root) => {
      const out = [];
      const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) if (n.textContent.trim()) out.push(n);
      for (const el of root.querySelectorAll('*')) if (el.shadowRoot) out.push(...texts(el.shadowRoot));
      return out;
    };
    /** The element a tap at (x, y) reaches, through shadow roots. */
    const hitAt = (x, y) => {
      let hit = document.elementFromPoint(x, y);
      while (hit?.shadowRoot) {
        const inner = hit.shadowRoot.elementFromPoint(x, y);
        if (!inner || inner === hit) break;
        hit = inner;
      }
      return hit;
    };
    /** Whether an element sits inside a box that scrolls sideways (reachable by scrolling it). */
    const scrollsSideways = (el) => {
      for (
        let a = el.parentElement ?? el.getRootNode().host;
        a && a !== document.documentElement;
        a = a.parentElement ?? a.getRootNode().host
      ) {
        const o = getComputedStyle(a).overflowX;
        if ((o === 'auto' || o === 'scroll') && a.scrollWidth > a.clientWidth) return true;
      }
      return false;
    };
    /** Shown to a person: rendered, not visually hidden (a 1px clip), not transparent. */
    const shown = (el, r) =>
      el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })
      && r.width > 1
      && r.height > 1
      && !(getComputedStyle(el).clipPath !== 'none' || getComputedStyle(el).clip.startsWith('rect'));
    const label = (el) => {
      const tag =
        el.tagName.toLowerCase()
        + (el.id ? `#${el.id}` : '')
        + (el.type && el.tagName === 'INPUT' ? `[${el.type}]` : '');
      const words = (el.getAttribute('aria-label') || el.textContent || el.value || '')
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 40);
      return `${tag} "${words}"`;
    };
    const found = [];
    let at = null;
    const push = (line) => {
      found.push(line);
      at ??= scrollY;
    };
    const checked = { controls: 0, texts: 0 };
    const settle = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    /** Where the page and every box around an element are scrolled to. */
    const offsets = (el) => {
      const out = [scrollX, scrollY];
      for (let a = el.parentElement ?? el.getRootNode().host; a; a = a.parentElement ?? a.getRootNode().host)
        out.push(a.scrollLeft, a.scrollTop);
      return out.join(' ');
    };
    /**
     * Scrolls into view vertically only (the page's own sideways scroll is
     * put back to 0), and a box around it that scrolls (a row of links, a
     * card's table) to it; waits for the frame only when something moved.
     * The viewport is as tall as the page: the page itself rarely does.
     */
    const view = async (el) => {
      const before = offsets(el);
      el.scrollIntoView({ block: 'center', inline: 'nearest' });
      if (scrollX !== 0) scrollTo(0, scrollY);
      if (offsets(el) !== before) await settle();
    };
    const sideways = (r) => r.left < -0.5 || r.right > vw + 0.5;

    for (const el of all(document, CONTROLS)) {
      if (!shown(el, el.getBoundingClientRect())) continue;
      await view(el);
      const r = el.getBoundingClientRect();
      if (sideways(r) && !scrollsSideways(el))
        push(`${label(el)} lies outside the viewport (${Math.round(r.left)}..${Math.round(r.right)} of ${vw})`);
      // A page's header keeps every place in view: none found only by scrolling a row sideways.
      if (el.closest('header') && scrollsSideways(el)) push(`${label(el)} is in a header row that scrolls sideways`);
      // On a phone a field under 16 px makes an iPhone zoom in when it is tapped.
      const size = parseFloat(getComputedStyle(el).fontSize);
      if (vw <= 480 && el.matches('input:not([type=radio]):not([type=checkbox]), select, textarea') && size < 16)
        push(`${label(el)} has text of ${size} px, under 16 px`);
      // A link that wraps has a box per line: the centre of each is tapped.
      for (const f of el.getClientRects()) {
        if (f.width < 1 || f.height < 1) continue;
        const hit = hitAt(Math.min(Math.max(f.left + f.width / 2, 0), vw - 1), f.top + f.height / 2);
        if (!hit || !(el === hit || el.contains(hit))) {
          push(`${label(el)} is under ${hit ? label(hit) : 'nothing'}`);
          break;
        }
      }
      checked.controls += 1;
    }
    for (const node of texts(document)) {
      const parent = node.parentElement;
      if (
        !parent
        || parent.closest(
          'script, style, template, noscript, option, select, textarea, button, a, summary, [aria-hidden=true]',
        )
      )
        continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if (!shown(parent, range.getBoundingClientRect())) continue;
      await view(parent);
      const words = `text "${node.textContent.trim().replace(/\s+/g, ' ').slice(0, 40)}" (in ${label(parent).split(' ')[0]})`;
      checked.texts += 1;
      for (let i = 0; i < range.getClientRects().length; i += 1) {
        // A line of a tall paragraph may still be off the screen: it is brought to the middle.
        let r = range.getClientRects()[i];
        if (r.width < 1) continue;
        if (r.top < 0 || r.bottom > innerHeight) {
          scrollBy(0, r.top + r.height / 2 - innerHeight / 2);
          await settle();
          r = range.getClientRects()[i];
        }
        if (sideways(r) && !scrollsSideways(parent)) {
          push(`${words} lies outside the viewport (${Math.round(r.left)}..${Math.round(r.right)} of ${vw})`);
          break;
        }
        const hit = hitAt(Math.min(Math.max(r.left + r.width / 2, 0), vw - 1), r.top + r.height / 2);
        // On top: the hit is the text's element, inside it, or an ancestor (the element lets taps through).
        if (!hit || !(parent === hit || parent.contains(hit) || hit.contains(parent))) {
          push(`${words} is under ${hit ? label(hit) : 'nothing'}`);
          break;
        }
      }
    }
    scrollTo(0, 0);
    return { found, checked, at };
  }, width);
}

/** The game page after a roll and one move: the dice and Confirm show. */
async function gameRolled(page) {
  await open(page);
  await page.locator('#btn-roll').click();
  const [source] = await marked(page, 'source');
  await clickSquare(page, source);
  const [[target]] = await targets(page);
  await clickSquare(page, target);
  await expect(page.locator('#btn-confirm')).toBeVisible();
  await expect(page.locator('#dice .die')).toHaveCount(2);
}

/** The game page with the game-over card: a finished 4x4 record, played on from its end. */
async function gameOver(page) {
  await open(page);
  await page.locator('#btn-import').click();
  await page.locator('#import-text').fill(RECORD);
  await page.locator('#import-open').click();
  await expect(page.locator('#import-dialog')).toBeHidden();
  await page.locator('#rp-continue').click();
  await page.locator('#continue-players').selectOption('hotseat');
  await page.locator('#continue-start').click();
  await expect(page.locator('body')).toHaveAttribute('data-phase', 'over');
  await expect(page.locator('#gameover')).toBeVisible();
}

/**
 * The pages whose header gains "Play online" once they find the test
 * server's lobby (web/lib/header/online.js). The header is measured after it has come: a link that
 * comes mid-pass pushes the row of places sideways under the pass's feet
 * (CI once found the language picker off its scrolled row that way). The
 * game page loads it 2 s after it is playable: its page clock is moved on.
 */
const ONLINE = new Set(['game', 'game over', 'friend', 'analysis', 'learn', 'rules']);
const DEFERRED = new Set(['game', 'game over']);

const ROLL = { en: 'Roll', de: 'Würfeln', pl: 'Rzuć' };
const LOCALE = { en: 'en-US', de: 'de-DE', pl: 'pl-PL' };

/** How each page is reached, in a language (the pages take it from the browser's; the frame from its query). */
const PAGES = {
  game: gameRolled,
  'game over': gameOver,
  friend: async (page) => {
    await page.goto('web/friend.html');
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
    await expect(page.locator('#mode-live')).toBeVisible();
  },
  analysis: async (page) => {
    await page.goto('web/analysis.html');
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  },
  learn: async (page) => {
    await page.goto('web/learn.html#capture');
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
    await page.locator('#btn-hint').click();
  },
  rules: async (page) => {
    await page.goto('web/rules.html');
    await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
  },
  embed: async (page, lang) => {
    await page.goto(`web/embed/frame.html?mode=play&players=two&lang=${lang}`);
    await expect(page.locator('diablo-board .root')).toHaveAttribute('data-state', 'ready');
    await page.locator('diablo-board').getByRole('button', { name: ROLL[lang], exact: true }).click();
    await expect(page.locator('diablo-board [role=gridcell][data-marks~="source"]').first()).toBeAttached();
  },
};

/** Until the page's own finite transitions and animations (a dialog's, the card's) are over. */
async function settled(page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/**
 * Makes the viewport as tall as the page (again while the page grows with
 * it: a height in vh), so that one pass sees every part of it in view.
 */
async function tallAsThePage(page, width) {
  for (let i = 0; i < 3; i++) {
    const height = await page.evaluate(() =>
      Math.ceil(Math.max(document.documentElement.scrollHeight, document.body?.scrollHeight ?? 0)),
    );
    if (height <= (page.viewportSize()?.height ?? 0)) return;
    await page.setViewportSize({ width, height });
    await settled(page);
  }
}

for (const [width, lang] of RUNS) {
  const w = { name: width, use: WIDTHS[width] };
  test.describe(`${w.name} px wide, ${lang}`, () => {
    test.use({ ...w.use, locale: LOCALE[lang] });
    for (const [name, reach] of Object.entries(PAGES)) {
      test(`${name} page at ${w.name} px (${lang}): every control and text inside the width and on top`, async ({
        page,
      }) => {
        const errors = watchErrors(page);
        if (DEFERRED.has(name)) await page.clock.install();
        await reach(page, lang);
        if (DEFERRED.has(name)) await page.clock.fastForward(2000);
        if (ONLINE.has(name)) await expect(page.locator('#link-online')).toBeVisible({ timeout: 15_000 });
        await settled(page);
        await tallAsThePage(page, w.use.viewport.width);
        const { found: raw, checked, at } = await offences(page, w.use.viewport.width);
        const found = raw.map((o) => `${name} page, ${w.name} px, ${lang}: ${o}`);
        console.log(
          `${name} page, ${w.name} px, ${lang}: ${checked.controls} controls and ${checked.texts} runs of text checked`,
        );
        expect(checked.controls, 'the pass sees the page').toBeGreaterThan(2);
        if (found.length) {
          console.log(found.join('\n'));
          // The screen where the first offence was found.
          await page.evaluate((y) => scrollTo(0, y), at);
          await snap(page, join(ARTIFACTS, `layout-${name.replace(' ', '-')}-${w.name}-${lang}.png`));
        }
        expect(found).toEqual([]);
        expect(errors.filter((e) => !/WebSocket/.test(e))).toEqual([]);
      });
    }
  });
}
