// "Your games" (the record of what a person played here): every finished game is kept in the browser's
// database (web/lib/archive.js) and listed on web/games.html. Games end
// fast: a finished record is imported and played on from its last turn,
// against the computer or at one screen (as gameover.spec.mjs does). The
// archive keeps them across a reload, once each; the list shows them with
// the results and the rating against the computer; one opens in the review
// and one in the replay; the export is one records file that
// `diablo check --record` reads whole; delete asks first. A database that
// cannot be opened still lets a game finish, with a notice.
import { test, expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ARTIFACTS, open, playOnFinished as finish, snap, watchErrors } from './helpers.mjs';

const DATA = new URL('../data/', import.meta.url);
const SHORT = readFileSync(new URL('review-4x4-blunder.txt', DATA), 'utf8'); // 19 turns, Green won
const LONG = readFileSync(new URL('review-8x8.txt', DATA), 'utf8'); // 36 turns, Black won
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SHOTS = '/tmp/shots-games';

/** The ids and kinds the database holds, read in the page. */
function stored(page) {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const req = indexedDB.open('diablo-archive', 1);
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const db = req.result;
          const all = db.transaction('games').objectStore('games').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result.map((g) => `${g.kind} ${g.size} ${g.winner} ${g.turns}`).sort());
          };
        };
      }),
  );
}

/**
 * How many games the archive holds, read in the page without creating the
 * database (0 while the page has not made it yet).
 * @param {import('@playwright/test').Page} page
 */
function keptCount(page) {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'diablo-archive')) return 0;
    return new Promise((resolve) => {
      const req = indexedDB.open('diablo-archive');
      req.onerror = () => resolve(0);
      req.onsuccess = () => {
        const db = req.result;
        if (!db.objectStoreNames.contains('games')) {
          db.close();
          resolve(0);
          return;
        }
        const count = db.transaction('games').objectStore('games').count();
        count.onsuccess = () => {
          db.close();
          resolve(count.result);
        };
      };
    });
  });
}

/**
 * The CLI's check of a records file: its output, or a failure with stderr.
 * The `diablo` the native tests built (DIABLO_CLI_BIN, named by
 * playwright.config.mjs): nothing compiles while the browsers run.
 */
function check(path) {
  const cli = process.env.DIABLO_CLI_BIN;
  expect(cli && existsSync(cli), `the command-line tool is built (DIABLO_CLI_BIN=${cli})`).toBe(true);
  const run = spawnSync(cli, ['check', '--record', path], { encoding: 'utf8', timeout: 60_000 });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

test('finished games are kept once across a reload, listed, rated, reviewed, exported and deleted', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  mkdirSync(SHOTS, { recursive: true });
  await open(page);
  // Against the computer: the person plays Black, Green wins the record (a loss).
  await finish(page, SHORT, { human: 'Black (moves first)' });
  await expect(page.locator('#gameover-text')).toHaveText('You lost: Green (the computer) won.');
  // Kept: the card links to the list.
  const link = page.locator('#gameover a.gameover-games');
  await expect(link).toHaveText('Your games');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => scrollTo(0, 0));
  await snap(page, join(SHOTS, 'gameover-card-390x844.png'));
  await page.setViewportSize({ width: 1280, height: 860 });
  // At one screen.
  await finish(page, LONG);
  await expect(link).toBeVisible();
  await expect(page.locator('#gameover')).toHaveAttribute('data-loaded', 'true');
  expect(await stored(page)).toEqual(['computer 4 green 19', 'hotseat 8 black 36']);
  // A reload shows the finished game (and its card) again: not kept twice.
  await page.reload();
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('#gameover a.gameover-games')).toBeVisible();
  expect(await stored(page)).toEqual(['computer 4 green 19', 'hotseat 8 black 36']);

  // The list, newest first, from the card's link.
  await page.locator('#gameover a.gameover-games').click();
  await expect(page).toHaveURL(/web\/games\.html$/);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('h2')).toHaveText('Your games');
  await expect(page.locator('header .credit')).toHaveText('Diablo, a game by Mark Steere');
  const rows = page.locator('#games-list li');
  await expect(rows).toHaveCount(2);
  await expect(page.locator('#count')).toHaveText('2 games');
  await expect(rows.nth(0)).toContainText('Two players at one screen');
  await expect(rows.nth(0)).toContainText('Black won');
  await expect(rows.nth(0)).toContainText('8\u00a0×\u00a08, standard · 36 turns');
  await expect(rows.nth(1)).toContainText('You (Black) against the computer (Medium)');
  await expect(rows.nth(1)).toContainText('You lost');
  await expect(rows.nth(1)).toContainText('19 turns');
  // Results by level and the rating: one loss to Medium (1628) from 1500,
  // K = 32: 1500 − 32 × 1/(1 + 10^(−128/400)) = 1489.6.
  await expect(page.locator('#levels tr[data-level=medium] td')).toHaveText(['Medium', '0', '1', '1628']);
  await expect(page.locator('#levels tr[data-level=hard] td')).toHaveText(['Hard', '0', '0', '1738']);
  await expect(page.locator('#rating')).toHaveText('1490 after 1 game');
  await expect(page.locator('#rating-how')).toContainText('K = 32');

  // Filters.
  await page.getByLabel('Opponent').selectOption('hotseat');
  await expect(rows).toHaveCount(1);
  await expect(page.locator('#count')).toHaveText('1 of 2 games');
  await page.getByLabel('Opponent').selectOption('computer:medium');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('against the computer');
  await page.getByLabel('Opponent').selectOption('computer:hard');
  await expect(page.locator('#count')).toHaveText('No game fits these filters.');
  await page.getByLabel('Opponent').selectOption('');
  await page.getByLabel('Result').selectOption('lost');
  await expect(rows).toHaveCount(1);
  await page.getByLabel('Result').selectOption('black');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Two players');
  await page.getByLabel('Result').selectOption('');
  await page.getByLabel('Board').selectOption('4');
  await expect(rows).toHaveCount(1);
  await page.getByLabel('Board').selectOption('');
  await page.getByLabel('Edition').selectOption('sequenced');
  await expect(rows).toHaveCount(0);
  await page.getByLabel('Edition').selectOption('');
  await expect(rows).toHaveCount(2);

  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ]) {
    await page.setViewportSize({ width, height });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await snap(page, join(SHOTS, `games-${width}x${height}.png`), { fullPage: true });
  }

  // Export: one records file that the command line reads whole.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export all (records file)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^diablo-games-\d{4}-\d\d-\d\d\.txt$/);
  const file = join(ARTIFACTS, 'games-export.txt');
  await download.saveAs(file);
  const text = readFileSync(file, 'utf8');
  expect(text).toContain(SHORT.trim());
  expect(text).toContain(LONG.trim());
  const out = check(file);
  expect(out.split('\n').filter((l) => l.startsWith('game '))).toEqual([
    expect.stringMatching(/^game 1 \(line \d+\): 19 turns, standard, Green won$/),
    expect.stringMatching(/^game 2 \(line \d+\): 36 turns, standard, Black won$/),
  ]);
  expect(out.startsWith('2 games\n')).toBe(true);
  // The Rust test of the CLI reads the page's export from tests/data when asked to refresh it.
  if (process.env.DIABLO_SAVE_EXPORT) copyFileSync(file, join(ROOT, 'tests/data/games-export.txt'));

  // Open in the review: the game page judges the game turn by turn.
  await rows.nth(1).getByRole('button', { name: 'Review' }).click();
  await expect(page).toHaveURL(/index\.html#/);
  await expect(page.locator('#review')).toBeVisible();
  await expect(page.locator('#review')).toHaveAttribute('data-reviewed', '19', { timeout: 90_000 });
  await expect(page.locator('#replay-bar')).toBeVisible();
  // And in the replay, from its start (even the game the page holds now).
  await page.goto('/web/games.html');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await rows.nth(0).getByRole('button', { name: 'Replay' }).click();
  await expect(page.locator('#replay-bar')).toBeVisible();
  await expect(page.locator('#review')).toHaveCount(0);
  await expect(page.locator('#rp-slider')).toHaveAttribute('max', '36');
  await expect(page.locator('#rp-slider')).toHaveValue('0');

  // Delete one (asked first; Cancel keeps it), then all.
  await page.goto('/web/games.html');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await rows.nth(0).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.locator('#confirm-dialog');
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('Delete this game from Your games?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(rows).toHaveCount(2);
  await rows.nth(0).getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('against the computer');
  await page.reload();
  await expect(rows).toHaveCount(1);
  await page.getByRole('button', { name: 'Delete all' }).click();
  await expect(confirm).toContainText('Delete all 1 game from Your games? This cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(rows).toHaveCount(0);
  await expect(page.locator('#count')).toHaveText(/^No games kept yet/);
  await expect(page.locator('#rating')).toHaveText('Finish a game against the computer to get a rating.');
  expect(await stored(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('a database that cannot open never stops a game: a notice says it was not kept', async ({ page }) => {
  // The browser refuses the database (as a private window or a blocked site may).
  await page.addInitScript(() => {
    Object.defineProperty(IDBFactory.prototype, 'open', {
      value() {
        throw new DOMException('refused by the test', 'SecurityError');
      },
    });
  });
  await open(page);
  await finish(page, SHORT, { human: 'Green' });
  await expect(page.locator('#gameover-text')).toHaveText('You won with Green!');
  await expect(page.locator('#notice')).toBeVisible();
  await expect(page.locator('#notice-text')).toHaveText(
    /^This game was not kept in Your games: the browser's database is unavailable/,
  );
  await expect(page.getByRole('button', { name: 'Rematch' })).toBeEnabled();
  // The game goes on: a rematch starts.
  await page.getByRole('button', { name: 'Rematch' }).click();
  await expect(page.locator('#gameover')).toBeHidden();
  // The list says it cannot show the games.
  await page.goto('/web/games.html');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('#notice-text')).toHaveText(/^Your games cannot be shown/);
  await expect(page.locator('#count')).toHaveText(/^No games kept yet/);
});

test('a database another version holds (newer), one without its store, a damaged entry: notices, and the games go on', async ({
  page,
}) => {
  const errors = watchErrors(page);
  // Another tab of a newer site has the database at a later version: this one cannot open it.
  await page.goto('/web/games.html');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const req = indexedDB.open('diablo-archive', 7);
        req.onsuccess = () => {
          req.result.close();
          resolve(null);
        };
      }),
  );
  await open(page);
  await finish(page, LONG);
  await expect(page.locator('#notice-text')).toHaveText(/^This game was not kept in Your games/);
  await expect(page.locator('#gameover a.gameover-games')).toBeVisible();
  // What the card still loads (the review's graph and words) is not cut off by the reloads below.
  const cardLoaded = () => expect(page.locator('#gameover')).toHaveAttribute('data-loaded', 'true');
  await cardLoaded();
  // A database of this version without its store (damaged): a notice that says so.
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const del = indexedDB.deleteDatabase('diablo-archive');
        del.onsuccess = () => {
          const req = indexedDB.open('diablo-archive', 1);
          req.onsuccess = () => {
            req.result.close();
            resolve(null);
          };
        };
      }),
  );
  await page.reload();
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('#notice-text')).toHaveText(
    "This game was not kept in Your games: the browser's database is damaged.",
  );
  await expect(page.locator('#gameover')).toBeVisible();
  await cardLoaded();
  // A database of this version holding one damaged entry.
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const del = indexedDB.deleteDatabase('diablo-archive');
        del.onsuccess = () => {
          const req = indexedDB.open('diablo-archive', 1);
          req.onupgradeneeded = () => req.result.createObjectStore('games', { keyPath: 'id' }).createIndex('at', 'at');
          req.onsuccess = () => {
            const db = req.result;
            const tx = db.transaction('games', 'readwrite');
            tx.objectStore('games').put({ id: 'broken', v: 1, kind: 'computer', level: 'godlike' });
            tx.oncomplete = () => {
              db.close();
              resolve(null);
            };
          };
        };
      }),
  );
  await page.reload();
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  // The finished game, seen again, is kept now.
  await expect(page.locator('#gameover a.gameover-games')).toBeVisible();
  await cardLoaded();
  await page.goto('/web/games.html');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('#notice-text')).toHaveText('1 damaged entry left out.');
  await expect(page.locator('#games-list li')).toHaveCount(1);
  await expect(page.locator('#games-list li')).toContainText('Two players at one screen');
  expect(errors).toEqual([]);
});

/** Puts games straight into the database (the page made it on its first visit). */
function seed(page, games) {
  return page.evaluate(
    (list) =>
      new Promise((resolve, reject) => {
        const req = indexedDB.open('diablo-archive', 1);
        req.onsuccess = () => {
          const db = req.result;
          const tx = db.transaction('games', 'readwrite');
          for (const g of list) tx.objectStore('games').put(g);
          tx.oncomplete = () => {
            db.close();
            resolve(null);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    games,
  );
}

const SEEDED = [
  {
    v: 1,
    id: 'gseed1',
    at: Date.UTC(2026, 10, 20, 18, 5),
    kind: 'computer',
    level: 'medium',
    you: 'black',
    names: { black: '', green: '' },
    size: 4,
    edition: 'standard',
    winner: 'green',
    resigned: false,
    turns: 19,
    record: SHORT,
  },
  {
    v: 1,
    id: 'fseed2',
    at: Date.UTC(2026, 10, 21, 9, 30),
    kind: 'friend',
    level: null,
    you: 'green',
    names: { black: 'Ann', green: 'Bo' },
    size: 8,
    edition: 'standard',
    winner: 'green',
    resigned: true,
    turns: 36,
    record: LONG,
  },
];

for (const [lang, words] of Object.entries({
  pl: {
    title: 'Twoje partie',
    credit: 'Diablo, gra Marka Steere’a',
    play: 'Graj',
    none: /^Nie ma jeszcze zapisanych partii/,
    count: '2 partie',
    lost: 'Przegrana',
    vs: 'Ty czarnymi przeciw komputerowi (średni)',
    meta: '4\u00a0×\u00a04, standardowa · 19 tur',
    friend: 'Ty zielonymi przeciw: Ann',
    won: 'Wygrana (przez poddanie)',
    rating: '1490 po 1 partii',
  },
  de: {
    title: 'Deine Partien',
    credit: 'Diablo, ein Spiel von Mark Steere',
    play: 'Spielen',
    none: /^Noch keine Partien aufbewahrt/,
    count: '2 Partien',
    lost: 'Verloren',
    vs: 'Du (Schwarz) gegen den Computer (Mittel)',
    meta: '4\u00a0×\u00a04, Standardfassung · 19 Runden',
    friend: 'Du (Grün) gegen Ann',
    won: 'Gewonnen (durch Aufgabe)',
    rating: '1490 nach 1 Partie',
  },
})) {
  test(`the list speaks ${lang === 'pl' ? 'Polish' : 'German'}`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto(`/web/games.html?lang=${lang}`);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
    await expect(page.locator('h2')).toHaveText(words.title);
    await expect(page.locator('header .credit')).toHaveText(words.credit);
    await expect(page.locator('#count')).toHaveText(words.none);
    await expect(page.locator('#link-play')).toHaveText(words.play);
    await seed(page, SEEDED);
    await page.reload();
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
    const rows = page.locator('#games-list li');
    await expect(page.locator('#count')).toHaveText(words.count);
    await expect(rows.nth(0)).toContainText(words.friend);
    await expect(rows.nth(0)).toContainText(words.won);
    await expect(rows.nth(1)).toContainText(words.lost);
    await expect(rows.nth(1)).toContainText(words.vs);
    await expect(rows.nth(1)).toContainText(words.meta);
    await expect(page.locator('#rating')).toHaveText(words.rating);
    await page.setViewportSize({ width: 390, height: 844 });
    // Nothing wider than a phone (long German and Polish headings once were).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snap(page, join(SHOTS, `games-${lang}-390x844.png`), { fullPage: true });
    expect(errors).toEqual([]);
  });
}

test('a game with a friend by link, ended by a resignation, is kept on both devices', async ({ browser }) => {
  /** A person on a site with no live relay (as friend.spec.mjs). */
  const person = async () => {
    const ctx = await browser.newContext();
    await ctx.route('**/live.json', (r) => r.fulfill({ json: { url: null } }));
    const page = await ctx.newPage();
    page.on('dialog', (d) => d.accept());
    return page;
  };
  const [ann, bo] = [await person(), await person()];
  await ann.goto('/web/friend.html');
  await expect(ann.locator('body')).toHaveAttribute('data-ready', 'true');
  await ann.locator('#new-size').selectOption('6');
  await ann.locator('#new-color').selectOption('black');
  await ann.locator('#new-name').fill('Ann');
  await ann.getByRole('button', { name: 'Create the invitation' }).click();
  await expect(ann.locator('#send')).toBeVisible();
  await bo.goto(await ann.locator('#send-link').inputValue());
  await bo.locator('#accept-name').fill('Bo');
  await bo.getByRole('button', { name: 'Accept' }).click();
  await expect(bo.locator('#send')).toBeVisible();
  await ann.goto(await bo.locator('#send-link').inputValue());
  await expect(ann.locator('body')).toHaveAttribute('data-ready', 'true');
  // Ann resigns at her first turn.
  await ann.getByRole('button', { name: 'Resign' }).click();
  await expect(ann.locator('body')).toHaveAttribute('data-phase', 'over');
  await expect(ann.locator('#send')).toBeVisible();
  const last = await ann.locator('#send-link').inputValue();
  await bo.goto(last);
  await expect(bo.locator('body')).toHaveAttribute('data-phase', 'over');
  // Each page keeps the game once it has seen it over, after a moment
  // (the archive loads on demand): not cut off by leaving the page.
  for (const page of [ann, bo]) await expect.poll(() => keptCount(page)).toBe(1);
  for (const [page, result, other] of [
    [ann, 'You lost (by resignation)', 'You (Black) against Bo'],
    [bo, 'You won (by resignation)', 'You (Green) against Ann'],
  ]) {
    await page.goto('/web/games.html');
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
    const row = page.locator('#games-list li');
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-kind', 'friend');
    await expect(row).toContainText(result);
    await expect(row).toContainText(other);
    await expect(row).toContainText('6\u00a0×\u00a06, standard');
    // Against a friend: no rating against the computer.
    await expect(page.locator('#rating')).toHaveText('Finish a game against the computer to get a rating.');
    await page.getByLabel('Opponent').selectOption('friend');
    await expect(row).toHaveCount(1);
  }
});

/**
 * Runs code over web/lib/archive.js, rating.js and game-filters.js in Node (their pure functions, as `a`),
 * returning what it prints as JSON.
 */
function inNode(body) {
  const urls = ['archive.js', 'rating.js', 'game-filters.js'].map(
    (m) => new URL(`../../web/lib/${m}`, import.meta.url).href,
  );
  const imports = urls.map((u) => `await import(${JSON.stringify(u)})`).join(', ');
  const script = `const a = Object.assign({}, ${imports}); console.log(JSON.stringify(await (async () => { ${body} })()));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`node failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

test("the rating is Elo against the levels' fixed ratings, oldest game first; the export keeps every comment on one line", () => {
  const out = inNode(`
    const game = (at, level, won, kind = 'computer') => a.localGame({ record: 'edition standard\\nsize 4\\n' + at, size: 4, edition: 'standard',
      winner: won ? 'black' : 'green', turns: 1, computer: kind === 'computer' ? { level, human: 'black' } : null, at });
    const games = [game(3, 'hard', false), game(1, 'medium', true), game(2, 'beginner', true), game(4, null, true, 'hotseat')];
    const friend = a.friendGame({ id: 'ab12', size: 6, edition: 'sequenced', you: 'green', blackName: 'Eve\\nedition standard', greenName: 'Me',
      color: 'black', resigned: false, turns: 7, record: 'edition sequenced\\nsize 6\\n' });
    const text = a.exportText([friend], 'all\\nof them', (g) => 'against ' + g.names.black);
    return {
      none: a.rating([games[3]]), rating: a.rating(games), byLevel: a.resultsByLevel(games), ids: new Set(games.map((g) => g.id)).size,
      same: a.localGame({ record: 'x', size: 4, edition: 'standard', winner: 'black', turns: 0, computer: null, at: 1 }).id
        === a.localGame({ record: 'x', size: 4, edition: 'standard', winner: 'black', turns: 0, computer: null, at: 2 }).id,
      otherPlayers: a.localGame({ record: 'x', size: 4, edition: 'standard', winner: 'black', turns: 0, computer: null }).id
        === a.localGame({ record: 'x', size: 4, edition: 'standard', winner: 'black', turns: 0, computer: { level: 'easy', human: 'black' } }).id,
      hotseat: a.filterGames(games, { opponent: 'hotseat', size: '', edition: '', result: '' }).length,
      won: a.filterGames(games, { opponent: 'computer', size: '4', edition: 'standard', result: 'won' }).length,
      valid: games.every((g) => a.validGame(g)) && a.validGame(friend) != null && a.validGame({ ...friend, winner: 'red' }) == null,
      text,
    };
  `);
  // Independently: from 1500, K = 32; beat Medium (1628), then Beginner (700), then lose to Hard (1738).
  const e = (r, o) => 1 / (1 + 10 ** ((o - r) / 400));
  let r = 1500;
  r += 32 * (1 - e(r, 1628));
  r += 32 * (1 - e(r, 700));
  r += 32 * (0 - e(r, 1738));
  expect(out.none).toBeNull();
  expect(out.rating).toBe(Math.round(r));
  expect(out.byLevel).toEqual({
    beginner: { won: 1, lost: 0 },
    easy: { won: 0, lost: 0 },
    medium: { won: 1, lost: 0 },
    hard: { won: 0, lost: 1 },
  });
  expect(out.ids).toBe(4);
  expect(out.same).toBe(true);
  expect(out.otherPlayers).toBe(false);
  expect(out.hotseat).toBe(1);
  expect(out.won).toBe(2);
  expect(out.valid).toBe(true);
  // A name with a line break cannot start a line of the records file.
  expect(out.text).toBe('# all of them\n\n# against Eve edition standard\nedition sequenced\nsize 6\n');
});
