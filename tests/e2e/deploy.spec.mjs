// Several servers behind nginx (docs/deploy.md, section 4), for real on
// loopback: two diablo-server instances, nginx routing each game's live
// connections by its id with a consistent hash, two browsers in one live
// game; the instance holding the room is killed mid-game, nginx sends the
// pages' reconnections to the other one, the room is rebuilt from their
// links, and the game finishes with nothing lost.
import { test, expect } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rng } from './helpers.mjs';
import {
  FRIEND,
  accept,
  clean,
  freePort,
  invite,
  liveTurn,
  mark,
  notReloaded,
  person,
  playOut,
  startServer,
  stopServer,
} from './live-helpers.mjs';

const NGINX = '/usr/sbin/nginx';

/** The nginx configuration of docs/deploy.md, on loopback ports, logging which instance took each request. */
function nginxConf(dir, port, upstreams) {
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  return `${user}
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  log_format upstream '$uri $upstream_addr $status';
  access_log ${dir}/access.log upstream;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  map $uri $diablo_game {
    "~/live/(?<id>[0-9a-f]{32})$" $id;
    default "";
  }
  upstream diablo_live {
    hash $diablo_game consistent;
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
  }
  map $http_upgrade $connection_upgrade {
    default upgrade;
    "" close;
  }
  server {
    listen 127.0.0.1:${port};
    location /live/ {
      proxy_pass http://diablo_live;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_next_upstream error timeout;
      proxy_read_timeout 120s;
    }
    location / {
      proxy_pass http://diablo_live;
    }
  }
}
`;
}

async function startNginx(dir, port) {
  const child = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null)
      throw new Error(`nginx exited: ${stderr} ${readFileSync(join(dir, 'error.log'), 'utf8')}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/live.json`)).ok) return child;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`nginx did not answer: ${stderr}`);
}

test('two servers behind nginx: the one holding the game dies mid-game, and the game finishes on the other', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const dir = mkdtempSync(join(tmpdir(), 'diablo-nginx-'));
  const [p1, p2, front] = [await freePort(), await freePort(), await freePort()];
  const servers = { [p1]: await startServer(p1, ['--trust-proxy']), [p2]: await startServer(p2, ['--trust-proxy']) };
  writeFileSync(join(dir, 'nginx.conf'), nginxConf(dir, front, [p1, p2]));
  const nginx = await startNginx(dir, front);
  try {
    const site = `http://127.0.0.1:${front}/`;
    const A = await person(browser);
    const B = await person(browser);
    const [a, b] = [A.page, B.page];
    /** @type {string[]} */
    const sockets = [];
    a.on('websocket', (ws) => sockets.push(ws.url()));
    const link = await invite(a, { size: 6, color: 'black', url: `${site}${FRIEND}` });
    await accept(b, link);
    await expect(a.locator('body')).toHaveAttribute('data-phase', 'act');
    await expect(a.locator('#live')).toHaveAttribute('data-state', 'open');
    await Promise.all([mark(a), mark(b)]);
    const pick = rng(44);
    await liveTurn(a, b, pick);
    await liveTurn(b, a, pick);

    // Which instance holds the game: nginx routes a plain request for the
    // game's live address like its connections, and logs where it went at
    // once (an open connection is logged only when it ends).
    const id = sockets.map((u) => u.match(/\/live\/([0-9a-f]{32})$/)?.[1]).find(Boolean);
    expect(id, sockets.join(' ')).toBeTruthy();
    const routedTo = async () => {
      const logged = () =>
        readFileSync(join(dir, 'access.log'), 'utf8')
          .trim()
          .split('\n')
          .filter((l) => l.startsWith(`/live/${id} `));
      const before = logged().length;
      await (await fetch(`${site}live/${id}`)).text();
      // nginx logs a request when it has finished it, a moment later.
      await expect.poll(() => logged().length).toBeGreaterThan(before);
      // "$uri $upstream_addr $status", the address a list when nginx tried
      // more than one ("a, b"): the last is the one that answered.
      const tried = (logged().at(-1) ?? '').split(' ').slice(1, -1).join(' ').split(', ');
      return Number(tried.at(-1)?.split(':')[1]);
    };
    const killed = await routedTo();
    expect([p1, p2], readFileSync(join(dir, 'access.log'), 'utf8')).toContain(killed);
    await stopServer(servers[killed]);

    // The pages notice, reconnect through nginx to the other instance and
    // rebuild the room there from their links; the game goes on live.
    await expect(a.locator('#live')).toHaveAttribute('data-state', 'open', { timeout: 30_000 });
    await expect(b.locator('#live')).toHaveAttribute('data-state', 'open', { timeout: 30_000 });
    expect(await routedTo()).toBe(killed === p1 ? p2 : p1);
    await playOut(a, b, pick);
    for (const p of [a, b]) await notReloaded(p);
    // Nothing lost: both pages hold the same whole game.
    expect(a.url().split('#')[1]).toBe(b.url().split('#')[1]);
    expect(clean(A.errors)).toEqual([]);
    expect(clean(B.errors)).toEqual([]);
    await Promise.all([A.ctx.close(), B.ctx.close()]);
  } finally {
    nginx.kill('SIGKILL');
    for (const s of Object.values(servers)) await stopServer(s);
  }
});
