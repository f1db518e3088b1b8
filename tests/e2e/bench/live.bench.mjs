// Live play's speed through the project's server: from one page's Confirm
// to the other page showing the turn, over a whole 6x6 game (in the pages'
// own clocks, comparable on one machine: Confirm → the link frame arrived
// there, frame → turn shown); and from Take in the lobby to both boards
// showing the game. Were live.spec.mjs's median bound and lobby-game's
// printed time; those tests prove each turn arrives, this measures.
import { test, expect } from '@playwright/test';
import { rng } from '../helpers.mjs';
import { accept, invite, person, playOut, postChallenge, takeChallenge } from '../live-helpers.mjs';
import { record, recordSpread } from './record.mjs';

test('Confirm → the other page shows the turn, over a whole live 6x6 game', async ({ browser }) => {
  const A = await person(browser);
  const B = await person(browser);
  const [a, b] = [A.page, B.page];
  const link = await invite(a, { size: 6, color: 'black', name: 'Ann' });
  await accept(b, link);
  await expect(a.locator('body')).toHaveAttribute('data-phase', 'act');
  const times = await playOut(a, b, rng(39));
  const part = (key) => times.map((t) => t[key]);
  recordSpread('live.confirmToShown', part('total'));
  recordSpread('live.confirmToFrame', part('relay'));
  recordSpread('live.frameToShown', part('page'));
  await Promise.all([A.ctx.close(), B.ctx.close()]);
});

test('Take in the lobby → both boards show the game (with the name dialog and the page load)', async ({ browser }) => {
  const A = await person(browser);
  const B = await person(browser);
  const [a, b] = [A.page, B.page];
  await postChallenge(a, { name: 'Ann', size: 4, color: 'black', seconds: 120, rated: false });
  const took = Date.now();
  await takeChallenge(b, { poster: 'Ann', name: 'Bo' });
  await expect(a.locator('body')).toHaveAttribute('data-phase', 'act');
  await expect(b.locator('body')).toHaveAttribute('data-phase', 'wait');
  record('lobby.takeToBothBoards', Date.now() - took, 'ms');
  await Promise.all([A.ctx.close(), B.ctx.close()]);
});
