// Share links, replays and records, used as a person would: the address
// bar always holds the game's link, a link opens the same game in a fresh
// browser, a replay steps with buttons and keys, "Continue from here" plays
// on, records go out as a file or text and come back in, and bad links get
// the engine's message without breaking the page.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, newGame, open, phase, playTurnByClicks, rng, shot, watchErrors } from './helpers.mjs';

/** The 81-turn 8x8 game of docs/links.md. */
const LONG =
  '1A1ERnaf0KFYvesk4dAZU3TLwXj_mlMsGHIgBy5ZMgDpvfNbrdccKgrgu-FP8I_uOkDSm6f6_b6aPjbN-fQ8U6V4Pv8QTS3N_UEtdGK_degCnTAUFbyzFCfy4glC3ryLnLOhQwxxkcvL2GFHf-LEMsdiwEiUQOgcJ7qChcUU';
const START8 = 'gbgbgbgb/bgbgbgbg/gbgbgbgb/bgbgbgbg/gbgbgbgb/bgbgbgbg/gbgbgbgb/bgbgbgbg b 1';

const fragmentOf = (url) => new URL(url).hash.slice(1);
const code = (page) => page.getByLabel('Position code').inputValue();
const logLines = (page) => page.locator('#log li').allTextContents();
const where = (page) => page.locator('#replay-where');

/** Opens the page at a link and waits until it is drawn. */
async function openLink(page, link) {
  await page.goto(`/#${link}`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
}

test('every turn updates the link, and the link opens the same game in a fresh browser', async ({ page, browser }) => {
  const errors = watchErrors(page);
  await open(page);
  await newGame(page, { size: 6 });
  const links = [fragmentOf(page.url())];
  expect(links[0]).toMatch(/^1[A-Za-z0-9_-]+$/);
  const pick = rng(5);
  for (let i = 0; i < 4; i++) {
    await playTurnByClicks(page, pick);
    await expect.poll(() => fragmentOf(page.url())).not.toBe(links.at(-1));
    links.push(fragmentOf(page.url()));
  }
  // A roll and a half-played turn are not part of the link.
  await page.getByRole('button', { name: 'Roll' }).click();
  expect(fragmentOf(page.url())).toBe(links.at(-1));
  const link = links.at(-1);
  await expect(page.getByLabel('Link to this game')).toHaveValue(page.url());
  await expect(page.locator('#share-length')).toHaveText(`${link.length} characters`);
  const before = { code: await code(page), log: await logLines(page) };
  const finished = before.log.slice(0, 4);

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  const otherErrors = watchErrors(other);
  await openLink(other, link);
  await expect(other.locator('#replay-bar')).toBeVisible();
  await expect(where(other)).toHaveText('Turn 4 of 4');
  await expect(other.getByRole('status')).toContainText('Replay, turn 4 of 4');
  expect(await logLines(other)).toEqual(finished);
  // The position before the roll: the same code as the first browser's.
  const st = await other.getByLabel('Position code').inputValue();
  expect(st.split(' ').slice(0, 2)).toEqual(before.code.split(' ').slice(0, 2));
  expect(st).toBe(before.code);
  await expect(other.getByRole('button', { name: 'Roll' })).toBeHidden();
  await shot(other, 'share-opened-in-fresh-browser');
  expect(otherErrors).toEqual([]);
  await fresh.close();
  expect(errors).toEqual([]);
});

test('a replay steps with buttons and keys, jumps, and autoplays', async ({ page }) => {
  const errors = watchErrors(page);
  // The page's clock is Playwright's: autoplay's steps come when the test moves it on.
  await page.clock.install();
  await openLink(page, LONG);
  await expect(where(page)).toHaveText('Turn 81 of 81');
  await expect(page.locator('#share-length')).toHaveText('168 characters');
  await expect(page.getByRole('status')).toContainText('wins!');
  await expect(page.locator('#gameover')).toBeHidden();
  const end = await code(page);
  expect(end).toMatch(/ 82$/);

  const back = page.getByRole('button', { name: 'Back one turn' });
  await back.click();
  await expect(where(page)).toHaveText('Turn 80 of 81');
  const at80 = await code(page);
  expect(at80).not.toBe(end);
  expect(at80).toMatch(/ 81$/);
  await expect(page.locator('#log li.viewed')).toHaveText(/^80\. /);
  await page.keyboard.press('ArrowLeft');
  await expect(where(page)).toHaveText('Turn 79 of 81');
  const at79 = await code(page);
  const link79 = fragmentOf(page.url());
  await page.keyboard.press('ArrowRight');
  await expect(where(page)).toHaveText('Turn 80 of 81');
  expect(await code(page)).toBe(at80);

  await page.keyboard.press('Home');
  await expect(where(page)).toHaveText('Start (of 81 turns)');
  expect(await code(page)).toBe(START8);
  await expect(page.getByRole('button', { name: 'Back one turn' })).toBeDisabled();
  await page.keyboard.press('End');
  await expect(where(page)).toHaveText('Turn 81 of 81');
  expect(await code(page)).toBe(end);
  await page.getByRole('button', { name: 'Go to the start' }).click();
  expect(await code(page)).toBe(START8);
  await page.getByRole('button', { name: 'Forward one turn' }).click();
  await expect(where(page)).toHaveText('Turn 1 of 81');
  await page.getByRole('button', { name: 'Go to the end' }).click();
  await expect(where(page)).toHaveText('Turn 81 of 81');
  // A click on a log line jumps there.
  await page.locator('#log li').nth(9).click();
  await expect(where(page)).toHaveText('Turn 10 of 81');

  // Autoplay runs on by itself, a turn each 900 ms of the page's time, and
  // stops when paused: the clock held, then moved on by hand.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
  const autoplay = page.getByRole('button', { name: 'Autoplay' });
  await autoplay.click();
  await expect(autoplay).toHaveAttribute('aria-pressed', 'true');
  await page.clock.runFor(900);
  await expect(where(page)).toHaveText('Turn 11 of 81');
  await page.clock.runFor(900);
  await expect(where(page)).toHaveText('Turn 12 of 81');
  await page.keyboard.press(' ');
  await expect(autoplay).toHaveAttribute('aria-pressed', 'false');
  await page.clock.runFor(5000);
  await expect(where(page)).toHaveText('Turn 12 of 81');
  await page.clock.resume();
  await shot(page, 'share-replay-paused');

  // The viewed turn is in the address bar: opening it shows the same position.
  await openLink(page, link79);
  await expect(where(page)).toHaveText('Turn 79 of 81');
  expect(await code(page)).toBe(at79);
  expect(errors).toEqual([]);
});

test('continue from an earlier move plays on, and the saved game waits behind a link', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  await newGame(page, { size: 6 });
  const pick = rng(11);
  for (let i = 0; i < 2; i++) await playTurnByClicks(page, pick);
  const mine = { code: await code(page), log: await logLines(page) };

  // A link opened on top of a game in progress: the replay is shown, and
  // leaving it brings the saved game back untouched.
  await page.goto(`/#${LONG}`);
  await expect(where(page)).toHaveText('Turn 81 of 81');
  await page.getByRole('button', { name: 'Leave replay' }).click();
  await expect(page.locator('#replay-bar')).toBeHidden();
  expect(await code(page)).toBe(mine.code);
  expect(await logLines(page)).toEqual(mine.log);
  expect(await phase(page)).toBe('roll');

  await openLink(page, LONG);
  const slider = page.getByRole('slider', { name: 'Position in the game' });
  await slider.fill('40');
  await expect(where(page)).toHaveText('Turn 40 of 81');
  const at40 = await code(page);
  const log40 = (await logLines(page)).slice(0, 40);
  await page.getByRole('button', { name: 'Continue from here' }).click();
  const dialog = page.getByRole('dialog', { name: 'Continue from here' });
  await expect(dialog).toContainText('cut after turn 40 of 81');
  await expect(dialog.getByLabel('Players')).toHaveValue('hotseat');
  await dialog.getByRole('button', { name: 'Play on' }).click();
  await expect(page.locator('#replay-bar')).toBeHidden();
  expect(await code(page)).toBe(at40);
  expect(await logLines(page)).toEqual(log40);
  expect(await phase(page)).toBe('roll');
  const cut = fragmentOf(page.url());
  expect(cut).not.toBe(LONG);
  await playTurnByClicks(page, pick);
  await expect(page.locator('#log li')).toHaveCount(41);
  await expect.poll(() => fragmentOf(page.url())).not.toBe(cut);

  // Its own link in the address bar: a reload goes on playing, not replaying.
  await page.reload();
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('#replay-bar')).toBeHidden();
  await expect(page.locator('#log li')).toHaveCount(41);
  expect(await phase(page)).toBe('roll');
  await shot(page, 'share-continued');
  expect(errors).toEqual([]);
});

test('a record exports as a file and as text, and imports by file and by paste', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const errors = watchErrors(page);
  await open(page);
  await newGame(page, { size: 6, edition: 'sequenced' });
  const pick = rng(3);
  for (let i = 0; i < 3; i++) await playTurnByClicks(page, pick);
  const played = { code: await code(page), log: await logLines(page) };

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download .txt' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^diablo-6x6-sequenced-\d{4}-\d\d-\d\d\.txt$/);
  const file = join(ARTIFACTS, 'share-record.txt');
  await download.saveAs(file);
  const text = readFileSync(file, 'utf8');
  const lines = text.trim().split('\n');
  expect(lines.slice(0, 2)).toEqual(['edition sequenced', 'size 6']);
  expect(lines.slice(2)).toEqual(played.log.map((l) => l.replace(/^\d+\. /, '')));

  await page.getByRole('button', { name: 'Copy record' }).click();
  await expect(page.locator('.copied-note').first()).toHaveText('Copied ✓');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);

  // Import by file: the game opens in the replay view at its end.
  await newGame(page, { size: 8 });
  await page.getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open a game record' });
  await dialog.getByLabel('Choose a file').setInputFiles(file);
  await expect(dialog).toBeHidden();
  await expect(where(page)).toHaveText('Turn 3 of 3');
  expect(await code(page)).toBe(played.code);
  expect(await logLines(page)).toEqual(played.log);

  // A bad record by paste: the line is named and nothing changes.
  await page.getByRole('button', { name: 'Import…' }).click();
  const bad = `${text}1,1: a1-f6\n`;
  await dialog.getByLabel('Game record or link').fill(bad);
  await dialog.getByRole('button', { name: 'Open' }).click();
  await expect(dialog.getByRole('alert')).toContainText('This cannot be opened: line 6:');
  await expect(dialog).toBeVisible();
  await shot(page, 'share-import-error');
  // The good record by paste, then.
  await dialog.getByLabel('Game record or link').fill(text);
  await dialog.getByRole('button', { name: 'Open' }).click();
  await expect(dialog).toBeHidden();
  await expect(where(page)).toHaveText('Turn 3 of 3');
  expect(await code(page)).toBe(played.code);
  expect(errors).toEqual([]);
});

/** Changes one character in the middle of a link. */
function flip(link) {
  const i = Math.floor(link.length / 2);
  return link.slice(0, i) + (link[i] === 'A' ? 'B' : 'A') + link.slice(i + 1);
}

for (const [name, link, message] of [
  ['one character changed', flip(LONG), 'checksum does not match'],
  // 100 characters after the version are 75 whole bytes; 99 end inside one.
  ['cut short', LONG.slice(0, 101), 'checksum does not match'],
  ['cut inside a byte', LONG.slice(0, 100), 'the last character has stray bits'],
  ['of an unknown version', `9${LONG.slice(1)}`, 'it is not a game link: perhaps it was changed when it was copied'],
  ['with a bad character', `${LONG.slice(0, 20)}*${LONG.slice(21)}`, "bad character '*' at position 21"],
]) {
  test(`a link ${name} shows the engine's message and no game from it`, async ({ page }) => {
    const errors = watchErrors(page);
    await openLink(page, link);
    const banner = page.locator('#link-error');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('This link cannot be opened');
    await expect(banner).toContainText(message);
    await expect(banner).toContainText('Ask whoever sent it to send it again.');
    if (name === 'one character changed') await shot(page, 'share-bad-link');
    // Never a silent wrong game: the page shows its own (new) game, playable.
    await expect(page.locator('#replay-bar')).toBeHidden();
    expect(await code(page)).toBe(START8);
    // The address bar holds a valid link again.
    expect(fragmentOf(page.url())).not.toBe(link);
    await playTurnByClicks(page, rng(2));
    await expect(page.locator('#log li')).toHaveCount(1);
    // The banner offers a new game.
    await banner.getByRole('button', { name: 'New game' }).click();
    await expect(page.getByRole('dialog', { name: 'New game' })).toBeVisible();
    await expect(banner).toBeHidden();
    expect(errors).toEqual([]);
  });
}

test('a link with an illegal turn shows the message and replays the valid turns', async ({ page }) => {
  const errors = watchErrors(page);
  const record = 'edition standard\nsize 4\n2,1: a1-a2\n1,1: b1-c1 c1-d1\n2,2: a2-a4 b2-b4\n1,1: b2-b3\n';
  const link = `record=${encodeURIComponent(record)}`;
  await openLink(page, link);
  const banner = page.locator('#link-error');
  await expect(banner).toContainText(
    'This link cannot be opened: turn 4 cannot be played: line 6: b2-b3: there is no stack on b2',
  );
  await expect(banner).toContainText('Showing the 3 valid turns as a replay.');
  await expect(where(page)).toHaveText('Turn 3 of 3');
  await expect(page.locator('#log li')).toHaveCount(3);
  await page.keyboard.press('Home');
  await expect(where(page)).toHaveText('Start (of 3 turns)');
  await shot(page, 'share-bad-turn-prefix');
  expect(errors).toEqual([]);
});

test('text from a link is shown as text, never as HTML', async ({ page }) => {
  const errors = watchErrors(page);
  const link = `record=${encodeURIComponent('<img src=x onerror="window.hacked=1">\n')}`;
  await openLink(page, link);
  const banner = page.locator('#link-error');
  await expect(banner).toContainText('<img src=x onerror="window.hacked=1">');
  await expect(banner.locator('img')).toHaveCount(0);
  expect(await page.evaluate(() => window.hacked)).toBeUndefined();
  expect(errors).toEqual([]);
});

test('copying falls back to a dialog when the clipboard is unavailable', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined });
    document.execCommand = () => false;
  });
  const errors = watchErrors(page);
  await open(page);
  await page.getByRole('button', { name: 'Copy link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy by hand' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox')).toHaveValue(page.url());
  await expect(page.getByRole('status')).toContainText('copy the selected text by hand');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Copy position code' }).click();
  await expect(dialog.getByRole('textbox')).toHaveValue(START8);
  expect(errors).toEqual([]);
});

test('the link of an 8x8 game played in the page opens the same position in a fresh browser', async ({
  page,
  browser,
}) => {
  // A few turns by clicks (a whole game's link is the 81-turn one above,
  // 168 characters; links of whole games are measured in docs/links.md).
  const errors = watchErrors(page);
  await open(page);
  await newGame(page, { size: 8 });
  const pick = rng(8);
  let turns = 0;
  for (; turns < 6 && (await phase(page)) !== 'over'; turns++) await playTurnByClicks(page, pick);
  await expect(page.locator('#log li')).toHaveCount(turns);
  const link = fragmentOf(page.url());
  const shown = Number(await page.locator('#share-length').getAttribute('data-length'));
  expect(shown).toBe(link.length);
  expect(shown).toBeLessThan(400);
  const final = await code(page);

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await openLink(other, link);
  await expect(where(other)).toHaveText(`Turn ${turns} of ${turns}`);
  expect(await other.getByLabel('Position code').inputValue()).toBe(final);
  await fresh.close();
  expect(errors).toEqual([]);
});

test('an embedded board replays a share link through the same decoder', async ({ page }) => {
  const errors = watchErrors(page);
  await openLink(page, LONG);
  await page.keyboard.press('ArrowLeft');
  await expect(where(page)).toHaveText('Turn 80 of 81');
  const at80 = await code(page);
  const link80 = fragmentOf(page.url());

  await page.goto(`/web/embed/frame.html#${link80}`);
  const board = page.locator('diablo-board');
  await expect.poll(() => board.evaluate((el) => el.position)).toBe(at80);
  // A new document (changing only the fragment would not reload the frame).
  await page.goto('about:blank');
  await page.goto(`/web/embed/frame.html#${flip(LONG)}`);
  await expect(board.getByRole('alert')).toContainText('checksum does not match');
  expect(errors).toEqual([]);
});
