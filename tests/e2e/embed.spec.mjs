// <diablo-board> on other pages: the illustrated rules page (every board
// drawn, none broken), boards independent of each other, theming through CSS
// custom properties, the iframe route, clear messages for bad attributes, and
// stepping through a replay. Expected position codes come from the `diablo`
// CLI (cargo run -p diablo-cli -- play ...), not from the page.
import { test, expect } from '@playwright/test';
import { join } from 'node:path';
import { ARTIFACTS, shot, snap, watchErrors } from './helpers.mjs';

const START_4 = 'gbgb/bgbg/gbgb/bgbg b 1';
// diablo play --position "gbgb/bgbg/gbgb/bgbg b 1" --roll 1,1 --turn c1-d1
const AFTER_1 = 'gbgb/bgbg/gbgb/bg.b g 2';
// ... then --roll 2,1 --turn "a2-b2 b3-d3"
const AFTER_2 = 'gbgb/b.bg2/.ggb/bg.b b 3';
// diablo check on the record in web/rules.html: 13 turns, Black won
const FINAL = '..../..b./..b2./.... g 14';

/** Saves a screenshot of one part of the page under tests/e2e/artifacts/. */
async function shotOf(locator, name) {
  await snap(locator, join(ARTIFACTS, `${name}.png`));
}

/** Waits until every <diablo-board> on the page has drawn or shown an error. */
async function settled(page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('diablo-board')].every((b) => b.shadowRoot?.querySelector('.root')?.dataset.state),
  );
}

/** Pixels of a board's canvas: distinct colours on a 24 x 24 sample grid. */
function colourCount(board) {
  return board.evaluate((el) => {
    const c = el.shadowRoot.querySelector('canvas');
    const ctx = c.getContext('2d');
    const seen = new Set();
    for (let i = 0; i < 24; i++) {
      for (let j = 0; j < 24; j++) {
        const d = ctx.getImageData(
          Math.floor(((i + 0.5) / 24) * c.width),
          Math.floor(((j + 0.5) / 24) * c.height),
          1,
          1,
        ).data;
        seen.add(`${d[0]},${d[1]},${d[2]},${d[3]}`);
      }
    }
    return { colours: seen.size, width: c.width };
  });
}

/** The [r, g, b] of a board's canvas at a fraction (fx, fy) of its size. */
function pixel(board, fx, fy) {
  return board.evaluate(
    (el, [x, y]) => {
      const c = el.shadowRoot.querySelector('canvas');
      const d = c.getContext('2d').getImageData(Math.floor(c.width * x), Math.floor(c.height * y), 1, 1).data;
      return [d[0], d[1], d[2]];
    },
    [fx, fy],
  );
}

/** A whole-canvas fingerprint, to tell whether a board was redrawn differently. */
function picture(board) {
  return board.evaluate((el) => el.shadowRoot.querySelector('canvas').toDataURL());
}

/** Centre of square `sq` on an n x n board, as fractions of the canvas. */
function centre(sq, n) {
  const file = sq.charCodeAt(0) - 97;
  const rank = Number(sq.slice(1)) - 1;
  return [(file + 0.5) / n, (n - 1 - rank + 0.5) / n];
}

/** Clicks the centre of a square on a play board's canvas. */
async function clickBoardSquare(page, board, sq) {
  const box = await board.locator(`[role=gridcell][data-square="${sq}"]`).boundingBox();
  if (!box) throw new Error(`no box for ${sq}`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

test('the illustrated rules page draws every board, with credit and no errors', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/web/rules.html');
  await settled(page);
  await expect(page.getByText('Diablo, a game by Mark Steere').first()).toBeVisible();
  const boards = page.locator('diablo-board');
  const count = await boards.count();
  expect(count).toBeGreaterThanOrEqual(12);
  for (let i = 0; i < count; i++) {
    const board = boards.nth(i);
    await board.scrollIntoViewIfNeeded();
    expect(await board.evaluate((el) => el.error), `board ${i} error`).toBe('');
    await expect(board.locator('.error')).toBeHidden();
    const { colours, width } = await colourCount(board);
    expect(width, `board ${i} canvas width`).toBeGreaterThan(100);
    // Two square colours and stacks at the very least.
    expect(colours, `board ${i} colours`).toBeGreaterThanOrEqual(3);
    expect(await board.evaluate((el) => el.position), `board ${i} position`).toMatch(/^[.bg0-9/]+ [bg] \d+$/);
  }
  // Diagrams are described for assistive technology, marks included.
  await expect(
    page.getByRole('img', { name: /c3 selected; destinations: e3 \(capture\), a3 \(step\), c5 \(merge\)/ }),
  ).toHaveCount(1);
  await expect(
    page.getByRole('img', { name: /sequenced edition.*Can lose a checker: a1\. Position code: \.\.g3/ }),
  ).toHaveCount(1);
  // The live board and the replay are there.
  await expect(page.locator('#try-board').getByRole('button', { name: 'Roll' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Forward one turn' })).toBeEnabled();
  await shot(page, 'embed-rules');
  expect(errors).toEqual([]);
});

test("the game's rules panel links to the illustrated rules, in English and Polish", async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await page.getByRole('button', { name: 'Rules' }).click();
  const rules = page.getByRole('dialog', { name: 'How to play Diablo' });
  await expect(rules.getByRole('link', { name: 'Illustrated rules and tutorial' })).toHaveAttribute(
    'href',
    'web/rules.html?lang=en',
  );
  await rules.getByRole('button', { name: 'Close' }).last().click();
  await page.locator('#lang-select').selectOption('pl');
  await page.getByRole('button', { name: 'Zasady' }).click();
  await expect(page.getByRole('link', { name: 'Zasady z ilustracjami i samouczek' })).toHaveAttribute(
    'href',
    'web/rules.html?lang=pl',
  );
  await page.locator('#rules-panel').getByRole('button', { name: 'Zamknij' }).last().click();
  await page.locator('#lang-select').selectOption('en');
  expect(errors).toEqual([]);
});

test('boards are independent: a move on the live board leaves the diagrams alone', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/web/rules.html');
  await settled(page);
  const diagrams = page.locator('diablo-board:not([mode=play])');
  const before = [];
  for (let i = 0; i < (await diagrams.count()); i++) {
    const d = diagrams.nth(i);
    before.push({ position: await d.evaluate((el) => el.position), picture: await picture(d) });
  }
  const live = page.locator('#try-board');
  await live.evaluate((el) => {
    window.turns = [];
    el.addEventListener('turnplayed', (e) => window.turns.push(e.detail));
  });
  await live.scrollIntoViewIfNeeded();
  await expect(live.getByRole('status')).toContainText('Black to move');
  await live.getByRole('button', { name: 'Roll' }).click();
  await expect(live.getByRole('status')).toContainText(/Black rolled [1-3] and [1-3]/);
  const sources = await live
    .locator('[role=gridcell][data-marks~="source"]')
    .evaluateAll((c) => c.map((x) => x.dataset.square));
  expect(sources.length).toBeGreaterThan(0);
  await clickBoardSquare(page, live, sources[0]);
  await expect(live.locator(`[role=gridcell][data-square="${sources[0]}"]`)).toHaveAttribute('data-marks', /selected/);
  const dest = live.locator('[role=gridcell][data-marks*="target-"]').first();
  const to = await dest.getAttribute('data-square');
  await clickBoardSquare(page, live, to);
  // Black's first turn is a single move: it now waits for Confirm.
  await live.getByRole('button', { name: 'Confirm' }).click();
  await expect(live.getByRole('status')).toContainText('Green to move');
  const turns = await page.evaluate(() => window.turns);
  expect(turns).toHaveLength(1);
  expect(turns[0].turn).toBe(`${sources[0]}-${to}`);
  expect(turns[0].roll).toHaveLength(2);
  expect(turns[0].position).toMatch(/ g 2$/);
  expect(await live.evaluate((el) => el.position)).toBe(turns[0].position);
  await shotOf(page.locator('#try'), 'embed-play');

  for (let i = 0; i < before.length; i++) {
    const d = diagrams.nth(i);
    expect(await d.evaluate((el) => el.position), `diagram ${i} position`).toBe(before[i].position);
    expect(await picture(d), `diagram ${i} picture`).toBe(before[i].picture);
  }
  expect(errors).toEqual([]);
});

test('theming variables change the colours; boards without them keep the defaults', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/web/rules.html');
  await settled(page);
  const board = page.locator('diablo-board').first(); // the 6x6 start
  // c2 is a light square, a1 holds a Black stack, b1 a Green one.
  const lightCorner = [(2 + 0.12) / 6, (4 + 0.12) / 6];
  expect(await pixel(board, ...lightCorner)).toEqual([239, 227, 200]);
  const blackBefore = await pixel(board, ...centre('a1', 6));
  await board.evaluate((el) =>
    el.setAttribute(
      'style',
      '--diablo-light: rgb(255, 0, 0); --diablo-black: #0000ff; --diablo-green: rgb(250, 250, 0)',
    ),
  );
  await expect.poll(() => pixel(board, ...lightCorner)).toEqual([255, 0, 0]);
  const black = await pixel(board, ...centre('a1', 6));
  expect(black).not.toEqual(blackBefore);
  expect(black[2]).toBeGreaterThan(200);
  expect(black[0]).toBeLessThan(60);
  const green = await pixel(board, ...centre('b1', 6));
  expect(green[0]).toBeGreaterThan(200);
  expect(green[1]).toBeGreaterThan(200);
  // Variables set by a style sheet on an ancestor apply after refresh().
  await page.addStyleTag({ content: 'main { --diablo-dark: rgb(0, 128, 0); }' });
  const darkCorner = [(1 + 0.12) / 6, (4 + 0.12) / 6]; // b2
  await board.evaluate((el) => el.refresh());
  expect(await pixel(board, ...darkCorner)).toEqual([0, 128, 0]);
  await board.scrollIntoViewIfNeeded();
  await shotOf(board, 'embed-theme');
  // Another board keeps the default light squares (c4 of the moves diagram is light and empty).
  const other = page.locator('diablo-board').nth(1);
  expect(await pixel(other, (2 + 0.12) / 6, (2 + 0.12) / 6)).toEqual([239, 227, 200]);

  // The game's own page draws exactly the default colours.
  await page.goto('/');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  const main = await page.locator('#board').evaluate((c) => {
    const n = document.querySelectorAll('[role=gridcell]').length ** 0.5;
    const d = c
      .getContext('2d')
      .getImageData(Math.floor(c.width * (1.12 / n)), Math.floor(c.height * ((n - 1 + 0.12) / n)), 1, 1).data;
    return [d[0], d[1], d[2]];
  });
  expect(main).toEqual([239, 227, 200]); // b1, a light square, as COLORS.light
  expect(errors).toEqual([]);
});

test('the iframe route renders one board from its query', async ({ page, baseURL }) => {
  const errors = watchErrors(page);
  const position = '....../..b.../....../..b2.g2./....../..g3... b 5';
  const query = new URLSearchParams({
    mode: 'diagram',
    size: '6',
    position,
    arrows: 'c3-c5 c3-e3',
    highlight: 'c3',
    caption: 'From the iframe',
    light: '#ffffff',
  });
  const src = new URL(`/web/embed/frame.html?${query}`, baseURL).href;
  await page.goto(src);
  await settled(page);
  const board = page.locator('diablo-board');
  await expect(board).toHaveCount(1);
  expect(await board.evaluate((el) => el.position)).toBe(position);
  await expect(page.getByRole('img', { name: /From the iframe.*Arrows: c3-c5 c3-e3/ })).toBeVisible();
  expect((await colourCount(board)).colours).toBeGreaterThanOrEqual(3);
  expect(await pixel(board, (2 + 0.12) / 6, (2 + 0.12) / 6)).toEqual([255, 255, 255]); // c4

  // The same page inside an iframe of another page.
  await page.setContent(
    `<iframe src="${src.replace(/"/g, '&quot;')}" width="380" height="460" title="Diablo board"></iframe>`,
  );
  const frame = page.frameLocator('iframe');
  await expect(frame.getByRole('img', { name: /From the iframe/ })).toBeVisible();
  const box = await frame.locator('diablo-board').boundingBox();
  expect(box.width).toBeGreaterThan(250);
  await shot(page, 'embed-frame');
  expect(errors).toEqual([]);
});

test('bad attributes show a message inside the element and fire diablo-error', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/web/rules.html');
  await settled(page);
  const cases = [
    [{ position: 'gbgb/bgxg/gbgb/bgbg b 1' }, /position: rank 3: unknown token 'x'/],
    [{ size: '7' }, /size: board size 7 is not allowed/],
    [{ size: 'big' }, /size: "big" is not a number/],
    [{ mode: 'movie' }, /mode: "movie" is not one of diagram, replay, play/],
    [{ size: '6', arrows: 'c3-h9' }, /arrows: h9 is not on this board/],
    [{ size: '6', roll: '4,1' }, /roll: /],
    [{ mode: 'replay', record: 'edition standard\nsize 4\n2,1: a1-a4' }, /record: line 3: /],
    [{ position: '<img src=x onerror="window.hacked=1">' }, /^position: /],
  ];
  const host = page.locator('#try');
  for (const [attrs, message] of cases) {
    const result = await page.evaluate(
      (a) =>
        new Promise((resolve) => {
          const el = document.createElement('diablo-board');
          el.className = 'bad-board';
          document.getElementById('try').append(el);
          el.addEventListener('diablo-error', (e) => resolve({ detail: e.detail.message, shown: el.error }), {
            once: true,
          });
          for (const [k, v] of Object.entries(a)) el.setAttribute(k, v);
        }),
      attrs,
    );
    expect(result.detail, JSON.stringify(attrs)).toMatch(message);
    expect(result.shown).toBe(`Diablo board: ${result.detail}`);
    const alert = host.locator('diablo-board.bad-board').last().getByRole('alert');
    await expect(alert).toBeVisible();
    await expect(alert).toHaveText(`Diablo board: ${result.detail}`);
  }
  // Text from attributes is never markup.
  expect(await page.evaluate(() => window.hacked)).toBeUndefined();
  await expect(host.locator('diablo-board.bad-board').last().locator('img')).toHaveCount(0);
  await shotOf(host, 'embed-error');
  // A corrected attribute brings the board back.
  const fixed = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const el = document.querySelector('diablo-board.bad-board');
        el.addEventListener('diablo-ready', () => resolve({ error: el.error, position: el.position }), { once: true });
        el.setAttribute('position', 'gbgb/bgbg/gbgb/bgbg b 1');
      }),
  );
  expect(fixed).toEqual({ error: '', position: START_4 });
  expect(errors).toEqual([]);
});

test('a replay steps forward and back, by buttons, keys and autoplay', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/web/rules.html');
  await settled(page);
  const replay = page.locator('diablo-board[mode=replay]');
  await replay.scrollIntoViewIfNeeded();
  const position = () => replay.evaluate((el) => el.position);
  const label = () => replay.getByRole('img').getAttribute('aria-label');
  expect(await position()).toBe(START_4);
  expect(await label()).toContain('Replay, position 0 of 13');
  await expect(replay.locator('.counter')).toHaveText('0 / 13');
  await expect(replay.getByRole('button', { name: 'Back one turn' })).toBeDisabled();
  const start = await picture(replay);

  await replay.getByRole('button', { name: 'Forward one turn' }).click();
  expect(await position()).toBe(AFTER_1);
  expect(await label()).toContain(`position 1 of 13`);
  expect(await label()).toContain(`Position code: ${AFTER_1}`);
  await expect(replay.locator('.turn')).toHaveText('1. Black 1,1: c1-d1');
  await replay.getByRole('button', { name: 'Forward one turn' }).click();
  expect(await position()).toBe(AFTER_2);
  await expect(replay.locator('.turn')).toHaveText('2. Green 2,1: a2-b2 b3-d3');
  await shotOf(page.locator('#notation'), 'embed-replay');
  await replay.getByRole('button', { name: 'Back one turn' }).click();
  expect(await position()).toBe(AFTER_1);
  await replay.getByRole('button', { name: 'First position' }).click();
  expect(await position()).toBe(START_4);
  expect(await picture(replay)).toBe(start);

  await replay.evaluate((el) => {
    window.over = null;
    el.addEventListener('gameover', (e) => {
      window.over = e.detail;
    });
  });
  await replay.getByRole('button', { name: 'Last position' }).click();
  expect(await position()).toBe(FINAL);
  await expect(replay.locator('.counter')).toHaveText('13 / 13');
  await expect(replay.locator('.turn')).toContainText('Black wins');
  expect(await page.evaluate(() => window.over)).toEqual({ winner: 'black', turns: 13, position: FINAL });
  // Keys, with the focus inside the element.
  await replay.getByRole('button', { name: 'Back one turn' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(replay.locator('.counter')).toHaveText('12 / 13');
  await page.keyboard.press('Home');
  expect(await position()).toBe(START_4);

  // Autoplay on a replay made from the same record, at 100 ms a turn.
  const auto = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const src = document.querySelector('diablo-board[mode=replay]');
        const el = document.createElement('diablo-board');
        el.setAttribute('mode', 'replay');
        el.setAttribute('interval', '100');
        el.setAttribute('autoplay', '');
        el.setAttribute('record', src.textContent);
        const steps = [];
        el.addEventListener('replaystep', (e) => steps.push(e.detail.step));
        el.addEventListener('gameover', () => resolve({ steps, position: el.position }), { once: true });
        document.getElementById('try').append(el);
      }),
  );
  expect(auto.steps).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  expect(auto.position).toBe(FINAL);
  expect(errors).toEqual([]);
});

test('a replay reads a share link through the engine, in the element and the iframe route', async ({ page }) => {
  const errors = watchErrors(page);
  // From docs/links.md (checked by crates/diablo-core/tests/link.rs): a 4x4
  // set-up start, 6 turns, viewing the start.
  const link = '1QQYMRdFcu3kd8uKpT5AKnXwe';
  const setUp = '..b3./g2..g/.b.g2/b2g.b2 g 12';
  await page.goto('/web/rules.html');
  await settled(page);
  const read = (attrs) =>
    page.evaluate(
      (a) =>
        new Promise((resolve) => {
          const el = document.createElement('diablo-board');
          for (const [k, v] of Object.entries(a)) el.setAttribute(k, v);
          el.addEventListener(
            'diablo-ready',
            () => resolve({ position: el.position, step: el.step, turns: el.turns }),
            { once: true },
          );
          el.addEventListener('diablo-error', (e) => resolve({ error: e.detail.message }), { once: true });
          document.getElementById('try').append(el);
        }),
      attrs,
    );
  expect(await read({ mode: 'replay', link })).toEqual({ position: setUp, step: 0, turns: 6 });
  // A whole URL may be pasted; `view` overrides the link's own view.
  expect(await read({ mode: 'replay', link: `https://example.org/#${link}`, view: '6' })).toMatchObject({
    step: 6,
    turns: 6,
  });
  // One changed character is caught by the engine's checksum.
  const broken = await read({ mode: 'replay', link: `${link.slice(0, 10)}A${link.slice(11)}` });
  expect(broken.error).toMatch(/^link: /);

  await page.goto(`/web/embed/frame.html#${link}`);
  await settled(page);
  expect(await page.locator('diablo-board').evaluate((el) => [el.position, el.turns])).toEqual([setUp, 6]);
  await page.getByRole('button', { name: 'Forward one turn' }).click();
  await expect(page.locator('diablo-board .turn')).toHaveText('12. Green 2,1: d2-d4 d4-d3');
  expect(errors).toEqual([]);
});
