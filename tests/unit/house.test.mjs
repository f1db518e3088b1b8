// The house's own rules, checked over every tracked file: code, tests and
// docs name no tracker numbers (an issue's words go into the code's own
// words, and the tracker's numbering is not the reader's).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(rs|js|mjs|md|toml|html|css)$/.test(f));

test('no file names a tracker number', () => {
  // "issue", a space, maybe "#", digits; another project's threads
  // (lila#6391) are named as their repository spells them.
  const number = /\b[Ii]ssues? #?\d+\b/;
  const found = [];
  for (const f of tracked) {
    const lines = readFileSync(join(root, f), 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (number.test(line)) found.push(`${f}:${i + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(found, []);
});
