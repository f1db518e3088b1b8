// One header on every page: each page of the site has
// the same places in its header's navigation, in the same order — Play
// (the game page is Play itself), Play online (shown when the site has a
// server), Learn, Puzzles, Your games, Analysis, Rules — and the language
// picker; each link goes where its name says, and a page marks itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync } from 'node:fs';

const ROOT = new URL('../../', import.meta.url);
const PLACES = ['link-play', 'link-online', 'link-learn', 'link-puzzles', 'link-games', 'link-analysis', 'link-rules'];
/** Where each place goes, from a page in web/ (the game page: from the root). */
const TARGET = {
  'link-play': '../index.html',
  'link-online': 'lobby.html',
  'link-learn': 'learn.html',
  'link-puzzles': 'puzzles.html',
  'link-games': 'games.html',
  'link-analysis': 'analysis.html',
  'link-rules': 'rules.html',
};

/** The site's pages: the game page and every page folder's page (the embed's frame is not a page of the site). */
function pages() {
  const out = ['index.html'];
  for (const dir of readdirSync(new URL('web/', ROOT), { withFileTypes: true })) {
    if (!dir.isDirectory() || dir.name === 'embed') continue;
    for (const f of readdirSync(new URL(`web/${dir.name}/`, ROOT))) {
      if (f.endsWith('.html')) out.push(`web/${dir.name}/${f}`);
    }
  }
  return out;
}

/** The header's navigation of a page: its elements' ids in order, with their hrefs. */
function nav(path) {
  const html = readFileSync(new URL(path, ROOT), 'utf8');
  const m = html.match(/<nav class="top-actions"[^>]*>([\s\S]*?)<\/nav>/);
  assert.ok(m, `${path} has a header navigation`);
  const items = [...m[1].matchAll(/<(a|button|select)\b([^>]*)>/g)].map(([, tag, attrs]) => ({
    tag,
    id: attrs.match(/\bid="([^"]+)"/)?.[1] ?? '',
    href: attrs.match(/\bhref="([^"]+)"/)?.[1] ?? null,
    current: /\baria-current="page"/.test(attrs),
  }));
  return items;
}

test('every page of the site has one header: the same places in the same order, and the language picker', () => {
  const list = pages();
  assert.ok(list.length >= 8, `pages found: ${list.join(', ')}`);
  for (const path of list) {
    const items = nav(path);
    const ids = items.map((i) => i.id);
    const game = path === 'index.html';
    // The game page is Play, and its Rules (a dialog) sit with the game's buttons.
    const want = game ? PLACES.filter((p) => p !== 'link-play' && p !== 'link-rules') : PLACES;
    if (game) assert.ok(ids.includes('btn-rules'), 'the game page: Rules');
    const places = ids.filter((id) => want.includes(id));
    assert.deepEqual(places, want, `${path}: the places, in order`);
    assert.ok(ids.includes('lang-select'), `${path}: a language picker`);
    for (const item of items) {
      const target = TARGET[item.id];
      if (!target || item.tag !== 'a') continue;
      assert.equal(item.href, game ? `web/${target}` : target, `${path}: where ${item.id} goes`);
    }
    // A page marks itself where it is one of the places.
    const self = Object.entries(TARGET).find(([, href]) => !game && path.endsWith(`/${href}`));
    if (self) assert.ok(items.find((i) => i.id === self[0])?.current, `${path} marks ${self[0]} as the current page`);
  }
  assert.ok(existsSync(new URL('web/lib/i18n/en/page.js', ROOT)));
});

test('the header is worded in every language: its words are page words', async () => {
  const { loadLanguage, t } = await import('../../web/lib/i18n/i18n.js');
  for (const code of ['en', 'pl', 'de']) {
    await loadLanguage(code, ['page']);
    const words = /** @type {Record<string, unknown>} */ (t('page', code));
    for (const key of ['navPlay', 'learn', 'navPuzzles', 'navGames', 'analysisBoard', 'rules', 'language']) {
      assert.equal(typeof words[key], 'string', `${code}: ${key}`);
      if (code !== 'en') assert.notEqual(words[key], t('page', 'en')[key], `${code}: ${key} is translated`);
    }
  }
});
