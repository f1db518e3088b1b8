// The page–engine contract: errors cross with a stable kind that the page
// words in every language, the iframe route passes on every attribute the
// element reads, and the type check of the page's JavaScript catches a
// wrong field name.
import { test, expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clickSquare, marked, open, shot, targets, watchErrors } from './helpers.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

test('every error kind the engine can send is worded in English and Polish', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  const report = await page.evaluate(async () => {
    const engine = await import('/web/engine.js');
    const i18n = await import('/web/i18n.js');
    await engine.loadEngine();
    // Polish loads on demand (an English page never fetches it: English's
    // page words are in the start code, its errors come with the first thing
    // the engine may refuse, every other language's sections are files of
    // their own); until then its errors are English's.
    const fetched = performance.getEntriesByType('resource').map((e) => e.name);
    if (fetched.some((u) => /\/(page|errors|plural)-\w+\.js$/.test(u)))
      throw new Error('words were loaded by an English page at its start');
    await i18n.loadLanguage('en', ['errors']);
    if (i18n.t('errors', 'pl') !== i18n.t('errors', 'en'))
      throw new Error('Polish words were loaded by an English page');
    await i18n.loadLanguage('pl');
    const ERROR_WORDS = { en: i18n.t('errors', 'en'), pl: i18n.t('errors', 'pl') };
    if (ERROR_WORDS.pl === ERROR_WORDS.en) throw new Error('Polish errors did not load');
    const kinds = engine.errorKinds();
    const missing = kinds.filter(
      (k) => typeof ERROR_WORDS.en[k] !== 'function' || typeof ERROR_WORDS.pl[k] !== 'function',
    );
    const extra = Object.keys(ERROR_WORDS.pl).filter((k) => !kinds.includes(k));
    // Real errors from the engine, made the ways the page can meet them.
    const wasm = await import('/web/pkg/diablo_wasm.js');
    const attempts = {
      move: () => {
        const g = new wasm.Game(4, 'standard');
        g.setRoll(2, 1);
        g.act('a1-d1');
      },
      foreign: () => {
        const g = new wasm.Game(4, 'standard');
        g.setRoll(2, 1);
        g.act('a2-a4');
      },
      diagonal: () => {
        const g = new wasm.Game(4, 'standard');
        g.setRoll(2, 1);
        g.act('a1-b2');
      },
      unrolled: () => {
        const g = new wasm.Game(4, 'standard');
        g.act('a1-a2');
      },
      size: () => new wasm.Game(7, 'standard'),
      edition: () => new wasm.Game(4, 'fancy'),
      code: () => wasm.Game.fromPosition('gbgb/bgxg/gbgb/bgbg b 1', 'standard'),
      record: () => wasm.Game.fromRecord('edition standard\nsize 4\n2,1: a1-a4\n'),
      header: () => wasm.Game.fromRecord('size 4\n2,1: a1-a2\n'),
      empty: () => wasm.Replay.fromLink(''),
      version: () => wasm.Replay.fromLink('9abc'),
      checksum: () => wasm.Replay.fromLink('1QQYMRdFcA3kd8uKpT5AKnXwe'),
      turn: () => wasm.Replay.fromLink('record=edition%20standard%0Asize%204%0A2,1:%20a1-a2%0A1,1:%20b2-b3%0A'),
      square: () => wasm.squareIndex('e1', 4),
    };
    const out = [];
    for (const [name, attempt] of Object.entries(attempts)) {
      try {
        attempt();
        out.push({ name, error: 'no error' });
      } catch (e) {
        const info = engine.errorInfo(e);
        if (!info) {
          out.push({ name, error: `not a DiabloError: ${e}` });
          continue;
        }
        i18n.setLanguage('en');
        const en = i18n.errorText(info);
        i18n.setLanguage('pl');
        const pl = i18n.errorText(info);
        out.push({ name, kind: info.kind, en, pl, refusal: engine.isRefusal(e) });
      }
    }
    // Every kind, worded with no parameters at all, never throws and says something.
    const bare = kinds
      .flatMap((k) =>
        ['en', 'pl'].map((lang) => {
          const text = ERROR_WORDS[lang][k]?.({}, () => '?');
          return typeof text === 'string' && text.length > 3 ? null : `${lang} ${k}`;
        }),
      )
      .filter(Boolean);
    i18n.setLanguage('en');
    return { count: kinds.length, missing, extra, out, bare };
  });
  expect(report.count).toBeGreaterThan(60);
  expect(report.missing).toEqual([]);
  expect(report.extra).toEqual([]);
  expect(report.bare).toEqual([]);
  const english = /\b(the|stack|move|dice|line|board|is not|cannot)\b/;
  for (const r of report.out) {
    expect(r.error, r.name).toBeUndefined();
    expect(r.refusal, r.name).toBe(true);
    expect(r.en.length, r.name).toBeGreaterThan(5);
    expect(r.pl, `${r.name} (${r.kind})`).not.toMatch(english);
    expect(r.pl).not.toBe(r.en);
  }
  const byName = Object.fromEntries(report.out.map((r) => [r.name, r]));
  expect(byName.foreign.kind).toBe('not-your-stack');
  expect(byName.foreign.pl).toContain('a2');
  expect(byName.turn.kind).toBe('link-turn');
  expect(byName.record.kind).toBe('record');
  expect(errors).toEqual([]);
});

test('a refused move and a broken link are explained in Polish', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'pl-PL' });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await open(page);
  await page.getByRole('button', { name: 'Rzuć' }).click();
  // Select a stack that can move, then click a square it cannot reach.
  const from = (await marked(page, 'source'))[0];
  await clickSquare(page, from);
  const dests = new Set((await targets(page)).map(([sq]) => sq));
  const sources = new Set(await marked(page, 'source'));
  const squares = await page
    .locator('#grid [role=gridcell]')
    .evaluateAll((cells) => cells.map((c) => c.dataset.square));
  const elsewhere = squares.find((sq) => sq !== from && !dests.has(sq) && !sources.has(sq));
  await clickSquare(page, elsewhere);
  const status = page.getByRole('status');
  await expect(status).toContainText(`Niedozwolone: ${from}-${elsewhere}: `);
  expect(await status.textContent()).not.toMatch(/\b(the|stack|move|dice|illegal)\b/);
  await shot(page, 'contract-polish-refusal');

  await page.goto('/#9abc');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  const banner = page.locator('#link-error');
  await expect(banner).toContainText('Nie można otworzyć tego linku: ');
  expect(await banner.textContent()).not.toMatch(/\b(unknown|version|link starting)\b/);
  expect(errors).toEqual([]);
  await context.close();
});

test('the iframe route passes on every attribute the element reads', async ({ page }) => {
  const errors = watchErrors(page);
  const position = '....../..b.../....../..b2.g2./....../..g3... b 5';
  const record = 'edition standard\nsize 4\n2,1: a1-a2\n1,1: b1-c1 c1-d1\n2,2: a2-a4 a4-c4\n';
  // Together these use every attribute (checked against the element's own list below).
  const configs = [
    {
      mode: 'diagram',
      size: '6',
      edition: 'standard',
      position,
      arrows: 'c3-c5 -e6',
      highlight: 'e3',
      marks: 'a3:step',
      caption: 'One',
      roll: '2,2',
      select: 'c3',
      coords: 'false',
      credit: 'off',
    },
    { mode: 'diagram', position, roll: '2,2', actions: 'c3-c5', options: 'true' },
    { mode: 'replay', record, view: '2', autoplay: 'true', interval: '60000', lang: 'pl' },
    { mode: 'replay', link: '1QQYMRdFcu3kd8uKpT5AKnXwe', view: '1' },
    { mode: 'play', size: '4', edition: 'sequenced', players: 'computer', color: 'black', level: 'easy' },
  ];
  /** What an element shows, read the same way in both places. */
  const read = (el) => {
    const root = el.shadowRoot;
    const visible = (sel) => {
      const node = root.querySelector(sel);
      return Boolean(node && !node.hidden && node.textContent);
    };
    return {
      label: root.querySelector('canvas').getAttribute('aria-label'),
      position: el.position,
      step: el.step,
      turns: el.turns,
      error: el.error,
      credit: visible('.credit'),
      caption: root.querySelector('.caption').hidden ? '' : root.querySelector('.caption').textContent,
      dice: [...root.querySelectorAll('.diagram-dice .die')].map((d) => d.dataset.value),
      playing: root.querySelector('[data-cmd=toggle]').getAttribute('aria-pressed'),
      status: root.querySelector('.status').textContent,
    };
  };
  await page.goto('/web/rules.html');
  await expect(page.locator('diablo-board').first()).toBeVisible();
  const attributes = await page.evaluate(async () => (await import('/web/embed/config.js')).ATTRIBUTES);
  const used = new Set(configs.flatMap((c) => Object.keys(c)));
  expect([...attributes].sort()).toEqual([...used].sort());

  const direct = [];
  for (const attrs of configs) {
    direct.push(
      await page.evaluate(
        ([a, readText]) =>
          new Promise((resolve) => {
            const readEl = new Function(`return (${readText})`)();
            const el = document.createElement('diablo-board');
            for (const [k, v] of Object.entries(a)) el.setAttribute(k, v);
            // Read once the element has drawn after it is ready (two animation frames).
            el.addEventListener(
              'diablo-ready',
              () => requestAnimationFrame(() => requestAnimationFrame(() => resolve(readEl(el)))),
              { once: true },
            );
            el.addEventListener('diablo-error', (e) => resolve({ error: e.detail.message }), { once: true });
            document.getElementById('try').append(el);
          }),
        [attrs, read.toString()],
      ),
    );
  }
  // The attributes did what they say (so the comparison below means something).
  expect(direct[0]).toMatchObject({ credit: false, caption: 'One', dice: ['2', '2'], error: '' });
  expect(direct[0].label).toMatch(/c3 selected; destinations: .*Ringed: e3/);
  expect(direct[1].label).toMatch(/Played this turn: c3-c5.*Ringed: /);
  expect(direct[2]).toMatchObject({ step: 2, turns: 3, playing: 'true' });
  expect(direct[3]).toMatchObject({ step: 1, turns: 6 });
  expect(direct[4].label).toBeNull();
  expect(direct[4].status).toMatch(/computer|Black/);

  for (const [i, attrs] of configs.entries()) {
    await page.goto(`/web/embed/frame.html?${new URLSearchParams(attrs)}`);
    const board = page.locator('diablo-board');
    await expect(board).toHaveCount(1);
    await page.waitForFunction(
      () => document.querySelector('diablo-board')?.shadowRoot?.querySelector('.root')?.dataset.state,
    );
    for (const [k, v] of Object.entries(attrs)) expect(await board.getAttribute(k), `${k} in frame ${i}`).toBe(v);
    // Read as above: once the element has drawn after it is ready.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const framed = await board.evaluate((el, readText) => new Function(`return (${readText})`)()(el), read.toString());
    expect(framed, JSON.stringify(attrs)).toEqual(direct[i]);
  }
  expect(errors).toEqual([]);
});

test('the type check rejects a wrong field name at the boundary', () => {
  const dir = mkdtempSync(join(ROOT, 'web', '.typecheck-'));
  try {
    writeFileSync(
      join(dir, 'wrong.js'),
      [
        "import { Session } from '../lib/engine/engine.js';",
        "const s = Session.create(8, 'standard');",
        '// `sizee` is not a field of GameState.',
        'export const n = s.state.sizee;',
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(dir, 'jsconfig.json'),
      JSON.stringify({ extends: '../../jsconfig.json', include: ['wrong.js'] }),
    );
    const tsc = join(ROOT, 'tests', 'e2e', 'node_modules', '.bin', 'tsc');
    const bad = spawnSync(tsc, ['--noEmit', '-p', join(dir, 'jsconfig.json')], { encoding: 'utf8' });
    expect(bad.status).not.toBe(0);
    expect(bad.stdout).toContain("Property 'sizee' does not exist on type 'GameState'");
    // The same file with the right name passes.
    writeFileSync(
      join(dir, 'wrong.js'),
      "import { Session } from '../lib/engine/engine.js';\nexport const n = Session.create(8, 'standard').state.size;\n",
    );
    const good = spawnSync(tsc, ['--noEmit', '-p', join(dir, 'jsconfig.json')], { encoding: 'utf8' });
    expect(good.stdout).toBe('');
    expect(good.status).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
