// Playing against the computer: turns that alternate with the computer's,
// a click during its turn answered (and refused), the page handling a click
// while Hard's search still runs in its worker, hints that are legal
// turns, win chances, take-backs to the person's turn, reloads mid-game,
// "Continue from here" and the embed's players="computer". How fast the
// computer searches (per level and size, nodes a second) and how long a
// click waits meanwhile are measured by bench/computer.bench.mjs
// (`cargo xtask bench`), asserted nowhere. A whole game to the banner is
// fullgame.spec.mjs's (by clicks) and gameover.spec.mjs's (against the
// computer, from a finished record).
import { test, expect } from '@playwright/test';
import {
  cell,
  clickSquare,
  easyGamePositions,
  open,
  phase,
  playTurnByClicks,
  rng,
  shot,
  watchErrors,
} from './helpers.mjs';

// The search worker's script is routed through the gate below: it must come
// from the network (a service worker would answer from its cache).
test.use({ serviceWorkers: 'block' });

/**
 * Holds the search worker's answers to requests of `kinds` until the test
 * opens the gate. `busy`: the worker runs the real search again and again
 * meanwhile, each run a whole search on its thread, and answers the last
 * one once opened; else it searches once and waits, its thread idle. The
 * page's side (`window.gate`, from an init script) hears each run start
 * (`runs`) and opens the gate (`open()`). Everything the gate does not hold
 * goes through as it is.
 * @param {import('@playwright/test').Page} page
 * @param {string[]} kinds
 * @param {{ busy?: boolean }} [options]
 */
async function gateSearches(page, kinds, { busy = false } = {}) {
  await page.addInitScript(() => {
    const ch = new BroadcastChannel('diablo-test-gate');
    const gate = { runs: [], open: () => ch.postMessage('open') };
    ch.onmessage = (e) => gate.runs.push(e.data);
    window.gate = gate;
  });
  const prefix = `{
    const held = ${JSON.stringify(kinds)};
    const busy = ${JSON.stringify(busy)};
    const gate = new BroadcastChannel('diablo-test-gate');
    let opened = false;
    let open = () => {};
    const whenOpen = new Promise((r) => { open = r; });
    gate.onmessage = (e) => { if (e.data === 'open') { opened = true; open(); } };
    const add = self.addEventListener.bind(self);
    self.addEventListener = (type, listener, options) => {
      if (type !== 'message') return add(type, listener, options);
      return add(type, async (event) => {
        if (opened || !held.includes(event.data?.kind)) return listener(event);
        const post = self.postMessage.bind(self);
        let answer = null;
        self.postMessage = (m) => { answer = m; };
        try {
          for (let run = 1; !opened; run++) {
            gate.postMessage({ run, kind: event.data.kind });
            await listener(event);
            if (!busy) await whenOpen;
            // A task between runs, so that the gate's message can come in.
            else await new Promise((r) => setTimeout(r, 0));
          }
        } finally {
          self.postMessage = post;
        }
        post(answer);
      }, options);
    };
  }\n`;
  await page.route('**/web/ai-worker.js', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: prefix + (await response.text()) });
  });
}
const runs = (page) => page.evaluate(() => window.gate.runs.length);

/** Starts a game against the computer through the New game dialog. */
async function newComputerGame(page, { size = 6, level = 'Easy', human = 'Black', edition = 'standard' } = {}) {
  await page.getByRole('button', { name: 'New game' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New game' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Board size').selectOption(String(size));
  await dialog.getByLabel('Edition').selectOption(edition);
  await dialog.getByLabel('Players').selectOption('computer');
  await dialog.getByLabel('Level').selectOption({ label: level });
  await dialog.getByLabel('You play').selectOption({ label: human === 'Black' ? 'Black (moves first)' : human });
  await dialog.getByRole('button', { name: 'Start' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('[role=gridcell]')).toHaveCount(size * size);
  await expect(page.locator('#game-info')).toContainText(`against the computer (${level})`);
}

/** Waits until the person may act (the computer's turn is over) or the game is over. */
async function humanTurn(page, timeout = 20_000) {
  await expect(page.locator('body[data-turn=human], body[data-phase=over]')).toHaveCount(1, { timeout });
}

const logLines = (page) => page.locator('#log li').allTextContents();

/** How many of 48 points on a ring around a square's centre have the hint colour (violet). */
async function hintPixels(page, square) {
  const box = await cell(page, square).boundingBox();
  return page.evaluate(({ x, y, width }) => {
    const canvas = document.getElementById('board');
    const rect = canvas.getBoundingClientRect();
    const scale = canvas.width / rect.width;
    const ctx = canvas.getContext('2d');
    let hits = 0;
    for (let k = 0; k < 48; k++) {
      const a = (k / 48) * 2 * Math.PI;
      const px = (x - rect.left + width / 2 + Math.cos(a) * width * 0.45) * scale;
      const py = (y - rect.top + width / 2 + Math.sin(a) * width * 0.45) * scale;
      const [r, g, b] = ctx.getImageData(Math.round(px), Math.round(py), 1, 1).data;
      if (b > 180 && r > 80 && r < 170 && g < 110) hits += 1;
    }
    return hits;
  }, box);
}

test('a 6x6 game against Easy by clicking: the turns alternate, and a click in the computer’s turn is answered', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await gateSearches(page, ['choose']);
  await open(page);
  await newComputerGame(page, { size: 6, level: 'Easy', human: 'Black' });
  const pick = rng(606);
  await playTurnByClicks(page, pick);
  // The computer's turn, held in its worker: the person is told to wait, and cannot roll.
  await expect(page.locator('body')).toHaveAttribute('data-turn', 'computer');
  await expect.poll(() => runs(page)).toBeGreaterThan(0);
  await clickSquare(page, 'c3');
  await expect(page.getByRole('status')).toContainText('It is the computer’s turn (Green): wait until it has played.');
  await expect(page.getByRole('button', { name: 'Roll' })).toBeDisabled();
  await shot(page, 'ai-computer-turn');
  // Let go, the computer plays its turn; then two more each.
  await page.evaluate(() => window.gate.open());
  let mine = 1;
  for (; mine < 3; mine++) {
    await humanTurn(page);
    if ((await phase(page)) === 'over') break;
    await playTurnByClicks(page, pick);
  }
  await humanTurn(page);
  // Black (the person) and Green (the computer) took turns, the computer's
  // turns played through the engine like the person's.
  const sides = await page
    .locator('#log li')
    .evaluateAll((lis) => lis.map((li) => li.className.match(/black|green/)[0]));
  expect(sides.length).toBeGreaterThanOrEqual(2 * mine - 1);
  expect(sides.length).toBeLessThanOrEqual(2 * mine);
  sides.forEach((side, i) => {
    expect(side).toBe(i % 2 === 0 ? 'black' : 'green');
  });
  const thinks = await page.evaluate(() => performance.getEntriesByName('diablo:think').map((e) => e.detail.level));
  expect(thinks.length).toBeGreaterThanOrEqual(mine);
  for (const level of thinks) expect(level).toBe('easy');
  expect(errors).toEqual([]);
});

test('the page handles a click while Hard’s search on 8x8 is still running in its worker', async ({ page }) => {
  const errors = watchErrors(page);
  await gateSearches(page, ['choose'], { busy: true });
  await open(page);
  const help = page.getByRole('button', { name: 'Keys' });
  await page.evaluate(() => {
    // Whether the computer was thinking when the click was handled, and
    // how many runs of its search had started then.
    window.clicks = [];
    document.addEventListener('click', (e) => {
      if (e.target.id !== 'btn-help') return;
      window.clicks.push({
        thinking: !document.getElementById('thinking').hidden,
        opened: document.getElementById('help-panel').open,
        runs: window.gate.runs.length,
      });
    });
  });
  // Green: the computer (Black) thinks at once; its answer is held until the gate opens.
  await newComputerGame(page, { size: 8, level: 'Hard', human: 'Green' });
  await expect(page.locator('#thinking')).toBeVisible();
  await expect(page.locator('#thinking')).toContainText('Thinking…');
  await expect(page.getByRole('status').filter({ hasText: 'Black (the computer) is thinking…' })).toHaveCount(1);
  await expect.poll(() => runs(page)).toBeGreaterThan(0);
  // A click where the button is when it is clicked: the header's "Play
  // online" entry, added a moment after the page is playable, moves it.
  await help.click();
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await shot(page, 'ai-hard-thinking');
  const [click] = await page.evaluate(() => window.clicks);
  // The order: the click was handled while the computer was thinking, its
  // search under way in the worker (a search on the page's thread would
  // hold every click until it ended and hid the indicator) …
  expect(click, 'the click was handled').toBeTruthy();
  expect(click.thinking).toBe(true);
  expect(click.opened).toBe(true);
  expect(click.runs).toBeGreaterThan(0);
  // … and the search went on after it: another whole run started, still no answer.
  await expect.poll(() => runs(page), { timeout: 60_000 }).toBeGreaterThan(click.runs);
  await expect(page.locator('body')).toHaveAttribute('data-turn', 'computer');
  await page.keyboard.press('Escape');
  // Let go: the computer's turn comes, searched at Hard.
  await page.evaluate(() => window.gate.open());
  await humanTurn(page, 60_000);
  await expect(page.locator('#thinking')).toBeHidden();
  expect(await logLines(page)).toHaveLength(1);
  const thinks = await page.evaluate(() => performance.getEntriesByName('diablo:think').map((e) => e.detail));
  expect(thinks.length).toBeGreaterThan(0);
  for (const t of thinks) expect(t.level).toBe('hard');
  expect(errors).toEqual([]);
});

/** Hard's choices in a fresh search worker (the page's own client,
 * web/computer.js) for each [code, a, b], with which build of the search module
 * the worker says it runs. */
function workerChoices(page, positions) {
  return page.evaluate(async (positions) => {
    const { AiClient } = await import('/web/computer.js');
    const client = new AiClient();
    const { simd } = (await client.request('build', {})).result;
    const choices = [];
    for (const [code, a, b] of positions) {
      const { result: c } = await client.request('choose', {
        code,
        edition: 'standard',
        roll: [a, b],
        level: 'hard',
        seed: 3,
        budget: 40_000,
      });
      choices.push(`${c.turn} ${c.nodes} ${c.winChance}`);
    }
    client.worker?.terminate();
    return { simd, choices };
  }, positions);
}

test.describe('the search module', () => {
  test('the worker searches with the SIMD build where wasm SIMD validates, the plain one elsewhere, and both choose alike', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    await open(page);
    // Positions along an Easy-vs-Easy game on 8x8.
    const positions = await easyGamePositions(page, 8, { every: 3, turns: 24 });
    expect(positions.length).toBeGreaterThan(4);
    const fetched = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    const simd = await workerChoices(page, positions);
    // Chromium has wasm SIMD.
    expect(simd.simd).toBe(true);
    // A browser without it: the worker's check answers no.
    await page.route('**/web/ai-worker.js', async (route) => {
      const response = await route.fetch();
      const body = `WebAssembly.validate = () => false;\n${await response.text()}`;
      await route.fulfill({ response, body });
    });
    const plain = await workerChoices(page, positions);
    expect(plain.simd).toBe(false);
    expect(plain.choices).toEqual(simd.choices);
    expect(fetched.filter((p) => p.endsWith('/diablo_wasm_ai_simd_bg.wasm'))).toHaveLength(1);
    expect(fetched.filter((p) => p.endsWith('/diablo_wasm_ai_bg.wasm')).length).toBeGreaterThan(0);
    console.log(`SIMD and plain builds: ${simd.choices.length} identical choices`);
    expect(errors).toEqual([]);
  });
});

test('a hint marks a legal turn, and the win chance shows when asked for', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  await newComputerGame(page, { size: 6, level: 'Medium', human: 'Black' });
  await page.locator('.settings summary').click();
  await page.getByLabel('Show the estimated chance of winning').check();
  await expect(page.locator('#win-chance')).toContainText(/Black to move: about \d+% to win \(estimate\)\./);
  const hintButton = page.getByRole('button', { name: 'Hint' });
  await expect(hintButton).toBeDisabled();
  await page.getByRole('button', { name: 'Roll' }).click();
  await hintButton.click();
  const wrap = page.locator('#board-wrap');
  await expect(wrap).toHaveAttribute('data-hint', /\S/, { timeout: 20_000 });
  const turn = await wrap.getAttribute('data-hint');
  await expect(page.locator('#advice')).toHaveText(`Hint: ${turn}`);
  // The board draws it: dashed hint-coloured rings around its squares.
  const first = turn.split(' ')[0].replace(/^-/, '').split('-')[0];
  expect(await hintPixels(page, first)).toBeGreaterThan(4);
  await shot(page, 'ai-hint');
  // Following the hint by clicking: the engine takes every action.
  for (const action of turn.split(' ')) {
    if (action.startsWith('-')) {
      await clickSquare(page, action.slice(1));
    } else {
      const [from, to] = action.split('-');
      await clickSquare(page, from);
      await expect(cell(page, from)).toHaveAttribute('data-marks', /selected/);
      await clickSquare(page, to);
    }
  }
  expect(await phase(page)).toBe('confirm');
  await page.getByRole('button', { name: 'Confirm' }).click();
  expect((await logLines(page))[0]).toMatch(new RegExp(`^1\\. \\d,\\d: ${turn}$`));
  // The hint is gone with its turn; the win chance follows the player to move.
  await expect(page.locator('#advice')).toHaveText('');
  expect(await hintPixels(page, first)).toBe(0);
  await humanTurn(page);
  await expect(page.locator('#win-chance')).toContainText(/Black to move: about \d+% to win/);
  expect(errors).toEqual([]);
});

test('take-back returns to the person’s turn, and a reload mid-game continues against the computer', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await open(page);
  await newComputerGame(page, { size: 6, level: 'Easy', human: 'Black' });
  const pick = rng(31);
  await playTurnByClicks(page, pick);
  await humanTurn(page);
  expect(await logLines(page)).toHaveLength(2);
  const rolled = (await logLines(page))[0].match(/^1\. (\d,\d):/)[1];

  // Take back: the computer's reply and the person's turn go, the dice stay.
  await page.getByRole('button', { name: 'Take back turn' }).click();
  await expect(page.locator('#log li')).toHaveText([`1. ${rolled}: playing…`]);
  await expect(page.getByRole('status')).toContainText('Took back your turn');
  expect(await phase(page)).toBe('act');

  // Reload while the computer plays: it plays its turn after the reload.
  await playTurnByClicks(page, pick);
  await expect(page.locator('body')).toHaveAttribute('data-turn', 'computer');
  await page.reload();
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('#game-info')).toContainText('against the computer (Easy)');
  await humanTurn(page);
  const after = await logLines(page);
  expect(after).toHaveLength(2);
  expect(after[0]).toMatch(new RegExp(`^1\\. ${rolled}: `));
  expect(await page.locator('#log li').last().getAttribute('class')).toContain('green');

  // And at the person's turn: still against the computer.
  await page.reload();
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('#game-info')).toContainText('against the computer (Easy)');
  expect(await logLines(page)).toEqual(after);
  await playTurnByClicks(page, pick);
  await humanTurn(page);
  expect(await logLines(page)).toHaveLength(4);
  expect(errors).toEqual([]);
});

test('continue from here against the computer: level and colour, then it plays', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  await page.getByRole('button', { name: 'New game' }).first().click();
  const ng = page.getByRole('dialog', { name: 'New game' });
  await ng.getByLabel('Board size').selectOption('6');
  await expect(ng.getByLabel('Level')).toBeHidden();
  await ng.getByRole('button', { name: 'Start' }).click();
  const pick = rng(5);
  for (let i = 0; i < 3; i++) await playTurnByClicks(page, pick);
  const link = await page.locator('#share-link').inputValue();
  const played = await logLines(page);
  await page.getByRole('button', { name: 'New game' }).first().click();
  await ng.getByRole('button', { name: 'Start' }).click();
  await page
    .getByRole('dialog', { name: 'Leave this game?' })
    .getByRole('button', { name: 'Start the new game' })
    .click();
  await page.goto(link);
  await expect(page.locator('#replay-bar')).toBeVisible();

  await page.getByRole('button', { name: 'Continue from here' }).click();
  const dialog = page.getByRole('dialog', { name: 'Continue from here' });
  const players = dialog.getByLabel('Players');
  await expect(players).toHaveValue('hotseat');
  await expect(dialog.getByLabel('Level')).toBeHidden();
  await players.selectOption('computer');
  await dialog.getByLabel('Level').selectOption({ label: 'Hard' });
  await dialog.getByLabel('You play').selectOption({ label: 'Black (moves first)' });
  await shot(page, 'ai-continue-dialog');
  await dialog.getByRole('button', { name: 'Play on' }).click();
  await expect(page.locator('#replay-bar')).toBeHidden();
  await expect(page.locator('#game-info')).toContainText('against the computer (Hard)');
  // Three turns were played: Green, the computer, is to move and plays.
  await humanTurn(page);
  const log = await logLines(page);
  expect(log.slice(0, 3)).toEqual(played);
  expect(log).toHaveLength(4);
  expect(await page.locator('body').getAttribute('data-side')).toBe('black');
  expect(errors).toEqual([]);
});

test('the embedded board plays against the computer with players="computer"', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/web/rules.html');
  const board = page.locator('#try');
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const el = document.createElement('diablo-board');
        el.id = 'versus';
        window.turns = [];
        el.addEventListener('turnplayed', (e) => window.turns.push(e.detail));
        el.addEventListener('diablo-ready', () => resolve(), { once: true });
        el.setAttribute('mode', 'play');
        el.setAttribute('size', '4');
        el.setAttribute('players', 'computer');
        el.style.maxWidth = '360px';
        document.getElementById('try').append(el);
      }),
  );
  const el = board.locator('#versus');
  await el.scrollIntoViewIfNeeded();
  await el.getByRole('button', { name: 'Roll' }).click();
  const [from] = await el
    .locator('[role=gridcell][data-marks~="source"]')
    .evaluateAll((c) => c.map((x) => x.dataset.square));
  const at = async (sq) => {
    const target = el.locator(`[role=gridcell][data-square="${sq}"]`);
    await target.scrollIntoViewIfNeeded();
    const box = await target.boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  };
  await at(from);
  const to = await el.locator('[role=gridcell][data-marks*="target-"]').first().getAttribute('data-square');
  await at(to);
  await el.getByRole('button', { name: 'Confirm' }).click();
  // Green is the computer: it rolls, plays and confirms by itself.
  await expect.poll(() => page.evaluate(() => window.turns.length), { timeout: 15_000 }).toBe(2);
  const turns = await page.evaluate(() => window.turns);
  expect(turns.map((x) => x.side)).toEqual(['black', 'green']);
  expect(turns[1].position).toMatch(/ b 3$/);
  await expect(el.getByRole('status')).toContainText('Black to move');
  expect(errors).toEqual([]);
});
