// German, as the proof that a language is one folder (web/lib/i18n/de/)
// and one line (LANGUAGES): every page and every mode of <diablo-board>
// speaks it with no English left. What a reader meets is collected (the
// visible text, the shadow roots of the boards, every aria-label, title and
// option, the document's title; not notation: pre and code) and searched
// for English words that German does not share; the credit is the German
// one. Each page is shot at desktop and phone size (artifacts/german-*.png)
// and must not overflow the phone's width.
import { test, expect } from '@playwright/test';
import { clickSquare, layoutAtRest, shot, watchErrors } from './helpers.mjs';

const CREDIT = 'Diablo, ein Spiel von Mark Steere';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 860 };

/**
 * Words of the English UI that are not German (whole words, case as
 * written: "link" but not the German "Link", "computer" but not
 * "Computer"). Not "Start", "Standard", "Position", "Computer", "Browser",
 * "Engine", "Enter", "Link", "in", "an", "Die": German has them too.
 */
const ENGLISH = [
  'the',
  'The',
  'and',
  'of',
  'to',
  'on',
  'for',
  'by',
  'with',
  'from',
  'at',
  'or',
  'is',
  'are',
  'it',
  'not',
  'no',
  'as',
  'all',
  'one',
  'two',
  'first',
  'last',
  'your',
  'Your',
  'you',
  'You',
  'game',
  'Game',
  'a game by',
  'Roll',
  'roll',
  'rolled',
  'Confirm',
  'confirm',
  'Undo',
  'undo',
  'Take back',
  'Black',
  'Green',
  'black',
  'green',
  'turn',
  'Turn',
  'turns',
  'Turns',
  'move',
  'Move',
  'moves',
  'board',
  'Board',
  'New game',
  'Settings',
  'Rules',
  'Level',
  'Edition',
  'edition',
  'Sequenced',
  'sequenced',
  'dice',
  'Dice',
  'Copy',
  'copy',
  'link',
  'Review',
  'Analysis',
  'wins',
  'won',
  'stack',
  'stacks',
  'Stack',
  'checker',
  'checkers',
  'empty',
  'Empty',
  'played',
  'Played',
  'Step back',
  'Rank',
  'Show all',
  'Reload',
  'Dismiss',
  'Play',
  'Pause',
  'Restart',
  'Replay',
  'replay',
  'selected',
  'destinations',
  'destination',
  'Hint',
  'Cancel',
  'Close',
  'Keys',
  'Flip',
  'Rematch',
  'Resign',
  'Accept',
  'Invite',
  'invites',
  'position',
  'Start position',
  'Random',
  'Easy',
  'Medium',
  'Hard',
  'Beginner',
  'Players',
  'Colours',
  'Light',
  'Dark',
  'Mute',
  'square',
  'Size',
  'Height',
  'Side',
  'Clear',
  'Share',
  'Open',
  'Keyboard',
  'shortcuts',
  'Thinking',
  'computer',
  'merge',
  'capture',
  'step',
  'removal',
  'Marked',
  'Ringed',
  'Arrows',
  'Language',
  'Forward',
  'Back',
  'Back one turn',
  'Waiting',
  'friend',
  'Friend',
];
const escapeRegExp = (w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const STOP = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${ENGLISH.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}_])`, 'gu');

/**
 * Everything a reader meets on the page: visible text (not notation: pre,
 * code, textarea), the shadow roots of the boards (not their light DOM,
 * a replay's record), the aria-label, title and placeholder of every part
 * shown, every option of a picker shown, and the document's title.
 */
function readerText(page) {
  return page.evaluate(() => {
    const out = [document.title];
    const SKIP = new Set(['PRE', 'CODE', 'STYLE', 'SCRIPT', 'TEMPLATE', 'NOSCRIPT', 'TEXTAREA']);
    /** @param {Node} node */
    const visit = (node) => {
      for (const child of node.childNodes) {
        if (child.nodeType === Node.TEXT_NODE) {
          const el = child.parentElement;
          const text = child.textContent.trim();
          if (text && el?.checkVisibility({ visibilityProperty: true })) out.push(text);
        } else if (child instanceof Element) {
          if (SKIP.has(child.tagName)) continue;
          // Names and options of what is shown (a hidden part is met by no one).
          const shown = (child.tagName === 'OPTION' ? (child.closest('select') ?? child) : child).checkVisibility();
          for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
            if (shown && child.hasAttribute(name)) out.push(child.getAttribute(name));
          }
          if (shown && child.tagName === 'OPTION') out.push(child.textContent.trim());
          if (child.tagName === 'DIABLO-BOARD') {
            if (child.shadowRoot) visit(child.shadowRoot);
            continue;
          }
          visit(child);
        }
      }
    };
    visit(document.body);
    return out.filter(Boolean);
  });
}

/** The English words found, each with the text it is in. */
function englishIn(texts) {
  const found = [];
  for (const text of texts) {
    for (const m of text.matchAll(STOP)) found.push(`${m[0]} in “${text}”`);
  }
  return found;
}

/** Checks the page: German throughout, and the German credit where `credit` is true. */
async function checkGerman(page, { credit = true } = {}) {
  const texts = await readerText(page);
  expect(englishIn(texts)).toEqual([]);
  if (credit) expect(texts.join('\n')).toContain(CREDIT);
  expect(texts.join('\n')).not.toContain('Mark Steere’a');
  return texts;
}

/**
 * Shoots the page at desktop and phone size, and fails if the phone's page
 * is wider than the phone or a visible control's text overflows it. The
 * viewport is left at desktop size.
 */
async function shootBoth(page, name) {
  await page.setViewportSize(DESKTOP);
  await shot(page, `german-${name}-desktop`);
  await page.setViewportSize(PHONE);
  // Let a layout that follows the width (the boards' canvases) settle.
  await layoutAtRest(page);
  await shot(page, `german-${name}-phone`);
  const overflow = await page.evaluate(() => {
    const out = [];
    const width = document.documentElement.scrollWidth;
    if (width > innerWidth + 1) out.push(`the page is ${width}px wide`);
    /** @param {Document | ShadowRoot} root */
    const visit = (root) => {
      for (const el of root.querySelectorAll('button, summary, label, h1, h2, h3, .status, .turn, .who, .credit, a')) {
        // Not what is hidden, nor the visually hidden (a 1px box, read aloud only).
        if (!(el instanceof HTMLElement) || !el.checkVisibility() || el.clientWidth <= 1) continue;
        if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible') {
          out.push(
            `${el.tagName.toLowerCase()} “${el.textContent.trim()}” is clipped (${el.scrollWidth} > ${el.clientWidth})`,
          );
        }
        const box = el.getBoundingClientRect();
        // A row that scrolls sideways (the game page's places on a phone) is reached by scrolling it.
        const strip = el.closest('.places');
        const scrolls = strip && getComputedStyle(strip).overflowX === 'auto';
        if (box.width && box.right > innerWidth + 1 && !scrolls)
          out.push(`${el.tagName.toLowerCase()} “${el.textContent.trim()}” ends at ${Math.round(box.right)}px`);
      }
      for (const board of root.querySelectorAll('diablo-board')) if (board.shadowRoot) visit(board.shadowRoot);
    };
    visit(document);
    return out;
  });
  await page.setViewportSize(DESKTOP);
  expect(overflow, name).toEqual([]);
}

/** Waits until every board of the page has drawn. */
async function boardsReady(page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('diablo-board')].every(
      (b) => b.shadowRoot?.querySelector('.root')?.dataset.state === 'ready',
    ),
  );
}

test('the game page in German (from the browser language): start, New game, Rules, Keys, a roll and a selection', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'de-DE', viewport: DESKTOP });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.locator('#lang-select')).toHaveValue('de');
  await expect(page.locator('#lang-select option[value=de]')).toHaveText('Deutsch');
  await expect(page.locator('header .credit')).toHaveText(CREDIT);
  await expect(page).toHaveTitle('Diablo — ein Spiel von Mark Steere');
  await expect(page.locator('#status')).toContainText('Schwarz am Zug');
  await page.locator('details.settings summary').click();
  const texts = await checkGerman(page);
  // The board's squares are read too.
  expect(texts).toContain('a1, schwarzer Stapel, Höhe 1');
  await shootBoth(page, 'game');

  // The New game dialog, with the computer's choices shown.
  await page.getByRole('button', { name: 'Neues Spiel' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Neues Spiel' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Spieler').selectOption('computer');
  await expect(dialog.getByLabel('Spielstärke')).toBeVisible();
  await checkGerman(page);
  await shootBoth(page, 'game-new');
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();

  // The Rules dialog, its link to the German rules page.
  await page.getByRole('button', { name: 'Regeln' }).click();
  const rules = page.getByRole('dialog', { name: 'So wird Diablo gespielt' });
  await expect(rules).toBeVisible();
  await expect(rules.getByRole('link', { name: 'Illustrierte Regeln und Einführung' })).toHaveAttribute(
    'href',
    'web/rules.html?lang=de',
  );
  await expect(rules).toContainText(CREDIT);
  await checkGerman(page);
  await shootBoth(page, 'game-rules');
  await rules.getByRole('button', { name: 'Schließen' }).last().click();
  await expect(rules).toBeHidden();

  // The keyboard shortcuts.
  await page.getByRole('button', { name: 'Tasten' }).click();
  const keys = page.getByRole('dialog', { name: 'Tastenkürzel' });
  await expect(keys).toBeVisible();
  await checkGerman(page);
  await keys.getByRole('button', { name: 'Schließen' }).click();
  await expect(keys).toBeHidden();

  // A roll, then a stack selected: the status, dice and squares in German.
  await page.getByRole('button', { name: 'Würfeln' }).click();
  await expect(page.locator('#status')).toContainText('gewürfelt');
  await expect(page.locator('#dice .die').first()).toHaveAttribute('aria-label', /^Würfel 1: /);
  await checkGerman(page);
  const source = page.locator('[role=gridcell][data-marks~="source"]').first();
  const square = await source.getAttribute('data-square');
  await clickSquare(page, square);
  await expect(page.locator('#status')).toContainText(`${square} ausgewählt`);
  await checkGerman(page);
  await shootBoth(page, 'game-rolled');
  expect(errors).toEqual([]);
  await context.close();
});

test('the friend page in German (the language chosen on the game page): an invitation made, received, accepted, and the first roll', async ({
  browser,
}) => {
  const ctxA = await browser.newContext({ viewport: DESKTOP });
  const ctxB = await browser.newContext({ viewport: DESKTOP });
  const a = await ctxA.newPage();
  const b = await ctxB.newPage();
  const errors = [...[a, b].map(watchErrors)];
  for (const p of [a, b]) {
    // The choice made on the game page, saved in the settings.
    await p.goto('/');
    await expect(p.locator('body')).toHaveAttribute('data-ready', 'true');
    await p.locator('#lang-select').selectOption('de');
    await expect(p.locator('html')).toHaveAttribute('lang', 'de');
    await p.goto('web/friend.html');
    await expect(p.locator('body')).toHaveAttribute('data-ready', 'true');
    await expect(p.locator('html')).toHaveAttribute('lang', 'de');
  }
  await expect(a).toHaveTitle(`Gegen Freunde spielen — ${CREDIT}`);
  await checkGerman(a);
  await shootBoth(a, 'friend');
  await a.locator('#new-size').selectOption('6');
  await a.locator('#new-color').selectOption('green');
  await a.locator('#new-name').fill('Anna');
  // Played by links (the served site also offers live play, chosen by
  // default): Anna's page keeps off the relay, Ben's is live and alone.
  await a.getByLabel('Per Link spielen').check();
  await a.getByRole('button', { name: 'Einladung erstellen' }).click();
  await expect(a.locator('#send')).toBeVisible();
  await expect(a.locator('#games-list li')).toHaveCount(1);
  await checkGerman(a);
  await shootBoth(a, 'friend-invited');
  const link = await a.locator('#send-link').inputValue();

  await b.goto(link);
  await expect(b.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(b.locator('#incoming-text')).toContainText('Anna lädt dich zu einer Partie 6×6 ein');
  await checkGerman(b);
  await shootBoth(b, 'friend-invitation');
  await b.getByRole('button', { name: 'Annehmen' }).click();
  await expect(b.locator('#send')).toBeVisible();
  await checkGerman(b);
  // Anna (Green) receives the acceptance and sends the start link; Ben
  // (Black) opens it: his first roll, the board, dice and turns.
  await a.goto(await b.locator('#send-link').inputValue());
  await expect(a.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(a.locator('#send')).toBeVisible();
  // Her open tab takes the link on `hashchange`: the link to send is the start link once it has.
  await expect(a.locator('#send-link')).not.toHaveValue(link);
  await checkGerman(a);
  await b.goto(await a.locator('#send-link').inputValue());
  await expect(b.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(b.locator('body')).toHaveAttribute('data-phase', 'act');
  await expect(b.locator('#status')).toContainText('Erste Runde');
  // The board's dice group says its faces, as on the game page (lib/board/mount.js).
  await expect(b.locator('#dice')).toHaveAttribute('aria-label', /^Würfel: /);
  await checkGerman(b);
  await shootBoth(b, 'friend-game');
  for (const e of errors) expect(e).toEqual([]);
  await ctxA.close();
  await ctxB.close();
});

test('the analysis board in German: set-up, a ranking, a turn played, a refused code', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await page.locator('#lang-select').selectOption('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.goto('web/analysis.html');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page).toHaveTitle(`Analysebrett — ${CREDIT}`);
  await checkGerman(page);
  await page.getByLabel('Brettgröße').selectOption('6');
  await page.getByLabel('Würfel 1').fill('2');
  await page.getByLabel('Würfel 2').fill('1');
  await page.getByRole('button', { name: 'Runden bewerten' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-ranked', 'true');
  await expect(page.locator('#an-ranking li').first()).toBeVisible();
  await checkGerman(page);
  await shootBoth(page, 'analysis');
  await page.locator('#an-ranking li').first().getByRole('button').click();
  await expect(page.locator('#an-status')).toContainText('gespielt');
  await checkGerman(page);
  await page.getByLabel('Stellungscode').fill('gbgb/bgxb/gbgb/bgbg b 1');
  await page.getByRole('button', { name: 'Diesen Code verwenden' }).click();
  await expect(page.locator('#an-error')).toContainText('Diese Stellung wird nicht angenommen');
  await checkGerman(page);
  expect(errors).toEqual([]);
});

test('the illustrated rules page in German (?lang=de): every board in German', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('web/rules.html?lang=de');
  await boardsReady(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page).toHaveTitle('Diablo — illustrierte Regeln und Einführung');
  await expect(page.locator('header .credit')).toContainText(CREDIT);
  await expect(page.locator('diablo-board')).toHaveCount(16);
  await expect(page.locator('diablo-board:not([lang=de])')).toHaveCount(0);
  // The buttons the "try it" section names are the board's.
  const live = page.locator('#try-board');
  for (const name of ['Würfeln', 'Bestätigen', 'Rückgängig']) {
    await expect(page.locator('#try strong', { hasText: name })).toHaveCount(1);
    await expect(live.getByRole('button', { name })).toBeVisible();
  }
  await checkGerman(page);
  await live.getByRole('button', { name: 'Würfeln' }).click();
  await expect(live.getByRole('status')).toContainText('gewürfelt');
  await checkGerman(page);
  await shootBoth(page, 'rules');
  expect(errors).toEqual([]);
});

test('the iframe route in German: play mode, its title and a roll', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('web/embed/frame.html?lang=de&mode=play&size=6');
  await boardsReady(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page).toHaveTitle(`Brett — ${CREDIT}`);
  const el = page.locator('diablo-board');
  await expect(el.getByRole('grid', { name: 'Brett' })).toBeVisible();
  await checkGerman(page);
  await el.getByRole('button', { name: 'Würfeln' }).click();
  await expect(el.getByRole('status')).toContainText('gewürfelt');
  await checkGerman(page);
  await shootBoth(page, 'frame-play');
  expect(errors).toEqual([]);
});

/** A page of German boards, one of each kind, loading the element as any page would. */
const BOARDS = `<!doctype html>
<html lang="de">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Diablo-Bretter — ${CREDIT}</title>
  <script type="module" src="diablo-board.js"></script>
  <style>body { font: 16px system-ui, sans-serif; margin: 1rem; } diablo-board { display: block; max-width: 360px; margin: 0 0 1.5rem; }</style>
</head>
<body>
  <h1>Diablo</h1>
  <diablo-board id="roll" lang="de" mode="diagram" position="....../..b.../....../..b2.g2./....../..g3... b 5" roll="2,2" select="c3"
    caption="Schwarz am Zug mit 2 und 2."></diablo-board>
  <diablo-board id="removal" lang="de" mode="diagram" position="..g3..b2/....../g4...../.....g3/....../b3..g4.. b 11" roll="3,3" options arrows="a1-a4"></diablo-board>
  <diablo-board id="won" lang="de" mode="diagram" position="b...../....../...g2../....../...b3../...... b 21" roll="2,1" actions="d2-d4"></diablo-board>
  <diablo-board id="replay" lang="de" mode="replay">
edition standard
size 4
1,1: c1-d1
2,1: a2-b2 b3-d3
2,1: c3-c4 d2-d4
  </diablo-board>
  <diablo-board id="play" lang="de" mode="play" size="6" players="two"></diablo-board>
  <diablo-board id="computer" lang="de" mode="play" size="6" players="computer" level="easy"></diablo-board>
</body>
</html>`;

test('<diablo-board lang="de"> in every mode: diagrams (roll, selection, removals, arrows, a last capture), replay, play, against the computer', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.route('**/web/embed/german-boards.html', (route) =>
    route.fulfill({ contentType: 'text/html', body: BOARDS }),
  );
  await page.goto('web/embed/german-boards.html');
  await boardsReady(page);
  const board = (id) => page.locator(`diablo-board#${id}`);
  await expect(board('computer').locator('.who')).toHaveText('Du spielst Schwarz gegen den Computer (Leicht).');
  const diagram = await board('roll').locator('canvas').getAttribute('aria-label');
  expect(diagram).toContain('Diablo-Brett 6×6, Standardfassung, Schwarz am Zug, Runde 5');
  expect(diagram).toContain('c3 ausgewählt; Ziele:');
  expect(await board('won').locator('canvas').getAttribute('aria-label')).toContain('Grün: 0 Steine in 0 Stapeln');
  await expect(board('replay').getByRole('button', { name: 'Abspielen' })).toBeVisible();
  await checkGerman(page);
  await board('replay').getByRole('button', { name: 'Letzte Stellung' }).click();
  await expect(board('replay').locator('.turn')).toContainText('Schwarz');
  await board('play').getByRole('button', { name: 'Würfeln' }).click();
  await expect(board('play').getByRole('status')).toContainText('gewürfelt');
  await board('computer').getByRole('button', { name: 'Würfeln' }).click();
  await expect(board('computer').getByRole('status')).toContainText('gewürfelt');
  await checkGerman(page);
  await shootBoth(page, 'boards');
  expect(errors).toEqual([]);
});
