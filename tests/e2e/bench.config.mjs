// The browser benchmarks (`cargo xtask bench`): tests/e2e/bench/*.bench.mjs,
// one at a time (one worker), against the same server and site as the
// tests (the default configuration's web server). They measure and print,
// one line a number, and merge {name: value} into artifacts/bench.json;
// they assert no time: the functional tests (*.spec.mjs) prove what
// happens and in what order, these say how fast it happened here, today.
import { defineConfig } from '@playwright/test';
import base from './playwright.config.mjs';

// The tests' projects (if any) are theirs: a benchmark runs once, alone.
const { projects: _projects, ...shared } = base;

export default defineConfig({
  ...shared,
  testDir: './bench',
  testMatch: '*.bench.mjs',
  outputDir: 'artifacts/bench-results',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 300_000,
  // Measured as most people see the page: moves shown moving.
  use: { ...shared.use, reducedMotion: 'no-preference' },
});
