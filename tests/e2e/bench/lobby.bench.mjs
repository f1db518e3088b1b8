// The lobby across two diablo-server instances on one PostgreSQL database
// (docs/deploy.md): how long a challenge posted in one instance's lobby
// takes to reach a lobby client of the other (the target is a second; each
// instance looks every 400 ms), and a taken one to be gone there. Was
// deploy.spec.mjs's bound; deploy.spec proves it arrives. Needs the tests'
// PostgreSQL (DIABLO_TEST_POSTGRES, which `cargo xtask bench` starts);
// without it, it says so and measures nothing.
import { test, expect } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { freePort, loadCorr, ownerText, player, psqlPath, startServer, stopServer } from '../live-helpers.mjs';
import { recordSpread } from './record.mjs';

const POSTS = 8;

/** A fresh database in the tests' PostgreSQL: its URL, and `drop()`. */
function freshDatabase(base) {
  const psql = psqlPath();
  const name = `diablo_bench_${process.pid}_${Date.now()}`;
  const sql = (text) => execFileSync(psql, [base, '-v', 'ON_ERROR_STOP=1', '-qAtc', text], { stdio: 'pipe' });
  sql(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => sql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

test('a challenge posted on one instance, seen on the other; withdrawn, gone there', async ({ page }) => {
  const base = process.env.DIABLO_TEST_POSTGRES;
  test.skip(!base, 'DIABLO_TEST_POSTGRES is not set: `cargo xtask bench` starts a PostgreSQL');
  const corr = await loadCorr();
  const database = freshDatabase(base);
  const ports = [await freePort(), await freePort()];
  const servers = [];
  try {
    // One at a time: the first makes the database's tables.
    for (const p of ports) servers.push(await startServer(p, ['--database', database.url]));
    // Two lobby clients in the page (the fresh page, never navigated: one
    // sent to about:blank may not open sockets to loopback), each frame kept with its arrival time.
    await page.evaluate(
      (urls) =>
        Promise.all(
          urls.map(
            (url, i) =>
              new Promise((resolve, reject) => {
                const ws = new WebSocket(url);
                window[`lobby${i}`] = { ws, frames: [] };
                ws.onmessage = (e) => window[`lobby${i}`].frames.push([performance.now(), e.data]);
                ws.onopen = resolve;
                ws.onerror = () => reject(new Error(`no lobby at ${url}`));
              }),
          ),
        ),
      ports.map((p) => `ws://127.0.0.1:${p}/lobby`),
    );
    /** When the other instance's client got a frame that `match` accepts (page clock), once it has. */
    const arrival = async (match) => {
      let at = null;
      await expect
        .poll(
          async () => {
            const frames = await page.evaluate(() => window.lobby1.frames);
            at = frames.find(([, data]) => match(JSON.parse(data)))?.[0] ?? null;
            return at !== null;
          },
          { timeout: 30_000, intervals: [20] },
        )
        .toBe(true);
      return at;
    };
    const send = (frame) =>
      page.evaluate((text) => {
        window.lobby0.ws.send(text);
        return performance.now();
      }, JSON.stringify(frame));
    const seen = [];
    const gone = [];
    for (let i = 0; i < POSTS; i++) {
      const who = player(`P${i}`);
      const clock = { initial: 300, increment: 5 };
      const owner = ownerText(who.key, { clock, rated: false });
      const invitation = JSON.parse(corr.corrInvite(8, 'standard', 'black', who.name, owner));
      const link = invitation.link;
      const sig = who.sign(`diablo hook ${link}`);
      const salt = corr.corrOwnerSalt(invitation.keys);
      const posted = await send({ post: { link, clock, rated: false, key: who.key, name: who.name, sig, salt } });
      seen.push((await arrival((f) => f.hook?.game === invitation.id)) - posted);
      const withdrawn = await send({ withdraw: invitation.id, sig: who.sign(`diablo withdraw ${invitation.id}`) });
      gone.push((await arrival((f) => f.gone === invitation.id)) - withdrawn);
    }
    recordSpread('lobby.postToOtherInstance', seen);
    recordSpread('lobby.withdrawToGoneOnOtherInstance', gone);
  } finally {
    for (const s of servers) await stopServer(s);
    try {
      database.drop();
    } catch (e) {
      console.warn(`cannot drop the bench database: ${e}`);
    }
  }
});
