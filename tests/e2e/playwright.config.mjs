// Playwright configuration for the Diablo page. `cargo xtask test` builds the
// page first; the web server here only serves the repository root.
import { defineConfig } from '@playwright/test';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './port.mjs';

// The site's port: DIABLO_E2E_PORT, else one the system has free now,
// chosen once by the runner (its workers, which load this file again,
// inherit it), so two runs on one machine do not meet.
if (!Number(process.env.DIABLO_E2E_PORT)) {
  process.env.DIABLO_E2E_PORT = String(await freePort());
}
const PORT = Number(process.env.DIABLO_E2E_PORT);

// The web server keeps games and the lobby in a SQLite file of this run
// only, so no test sees an earlier run's challenges or games. The runner
// names it (with its process id) and removes the files of earlier runs
// that have ended; its workers, which load this file again, inherit the
// name.
const ARTIFACTS = fileURLToPath(new URL('artifacts/', import.meta.url));
/** Whether the process `pid` is still running. */
function running(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}
if (!process.env.DIABLO_E2E_DB) {
  mkdirSync(ARTIFACTS, { recursive: true });
  for (const name of readdirSync(ARTIFACTS)) {
    const pid = name.match(/^serve-\d+-(\d+)\.db/)?.[1];
    if (pid && !running(Number(pid))) rmSync(join(ARTIFACTS, name), { force: true });
  }
  process.env.DIABLO_E2E_DB = join(ARTIFACTS, `serve-${Date.now()}-${process.pid}.db`);
}
const DATABASE = `sqlite://${process.env.DIABLO_E2E_DB}`;

// The server and the command-line tool the native tests built
// (`cargo xtask test` names them; by hand, the checkout's debug builds,
// `target/work/debug/` as xtask builds them or `target/debug/` as a plain
// `cargo build` does): nothing compiles while the browsers run.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DEBUG = [process.env.CARGO_TARGET_DIR, join(ROOT, 'target', 'work'), join(ROOT, 'target')]
  .filter(Boolean)
  .map((dir) => join(dir, 'debug'));
const built = (name) => DEBUG.map((dir) => join(dir, name)).find((path) => existsSync(path)) ?? join(DEBUG[0], name);
process.env.DIABLO_SERVER_BIN ||= built('diablo-server');
process.env.DIABLO_CLI_BIN ||= built('diablo');
const SITE = process.env.DIABLO_DIST || join(ROOT, 'dist');

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.mjs',
  outputDir: 'artifacts/test-results',
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two workers (the machines have two cores): each spec file runs in one
  // worker, its tests in order; files share nothing but the server. No
  // test times the page (`cargo xtask bench` does), so none runs alone.
  workers: 2,
  // A retry would hide a race; a failure is a defect of the test or of the
  // product, and keeps its trace.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  use: {
    // A failure keeps its trace (artifacts/test-results/…/trace.zip, opened
    // with `npx playwright show-trace`); a pass keeps nothing.
    trace: 'retain-on-failure',
    baseURL: `http://127.0.0.1:${PORT}/`,
    browserName: 'chromium',
    locale: 'en-US',
    // Moves shown at once (prefers-reduced-motion, which the board honours):
    // a test waits for no animation it does not look at. The files about
    // motion (feel, feel-element, friend, fullgame) ask for it back.
    reducedMotion: 'reduce',
    viewport: { width: 1280, height: 860 },
    // Every test's browser has been here before (a stored key), so the game
    // page's first-visit welcome stays away; welcome.spec.mjs starts empty.
    storageState: {
      cookies: [],
      origins: [{ origin: `http://127.0.0.1:${PORT}`, localStorage: [{ name: 'diablo.visited', value: '1' }] }],
    },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: `'${process.env.DIABLO_SERVER_BIN}' --port ${PORT} --root '${SITE}' --database '${DATABASE}'`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
