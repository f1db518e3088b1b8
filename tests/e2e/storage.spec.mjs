// Storage that fails never breaks a page (web/lib/storage.js): for each
// page (the game, the friend page, the analysis board, the rules) and each
// failure (storage full, corrupt JSON in a stored key, a value of the
// wrong shape, storage blocked), the page still works, says what was lost
// when something was, and throws nothing.
import { test, expect } from '@playwright/test';
import { clickSquare, marked, phase, targets, watchErrors } from './helpers.mjs';

test.describe.configure({ mode: 'parallel' });

/** Values of the wrong shape, by key. */
const WRONG = {
  'diablo.settings.v1': '{"theme":"purple","coords":false}',
  'diablo.ai.v1': '[1,2]',
  'diablo.game.v1': '{"v":1,"record":7}',
  'diablo.corr.v1': '{"x":{"keys":5,"at":1}}',
};

/** The failures, as init scripts (run before any of the page's scripts, in every frame). */
const FAILURES = {
  full: {
    script: () => {
      Storage.prototype.setItem = function setItem() {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    },
    text: /full/,
  },
  corrupt: {
    seed: (key) => [key, '{oops'],
    text: /damaged|could not be restored/,
  },
  invalid: {
    // Wrong as a whole, or in a field (the others are kept).
    seed: (key) => [key, WRONG[key]],
    text: /expected form|could not be restored/,
  },
  blocked: {
    script: () => {
      Object.defineProperty(window, 'localStorage', {
        configurable: true,
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    },
    text: /does not let the page store/,
  },
};

/**
 * The pages: where they are, the keys they read at start, where they show a
 * notice, how to see they work (`use` may store something: then a full
 * storage has lost it).
 */
const PAGES = {
  game: {
    url: '/',
    keys: ['diablo.settings.v1', 'diablo.ai.v1', 'diablo.game.v1'],
    notice: '#notice',
    // The game is saved at start: a full storage has lost it at once.
    writes: true,
    async use(page) {
      await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
      await expect(page.locator('[role=gridcell]')).toHaveCount(64);
      await page.getByRole('button', { name: 'Roll' }).click();
      await expect(page.locator('body')).toHaveAttribute('data-phase', 'act');
      const [from] = await marked(page, 'source');
      await clickSquare(page, from);
      const [[to]] = await targets(page);
      await clickSquare(page, to);
      await expect(page.locator('.die[data-used="true"]')).not.toHaveCount(0);
      expect(await phase(page)).toMatch(/act|confirm/);
    },
  },
  friend: {
    url: 'web/friend.html',
    keys: ['diablo.settings.v1', 'diablo.corr.v1'],
    notice: '#notice',
    // use() makes an invitation, whose keys a full storage loses.
    writes: true,
    async use(page, failure) {
      await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
      await expect(page.getByRole('button', { name: 'Create the invitation' })).toBeVisible();
      if (failure !== 'full') return;
      // An invitation is made and offered even when its keys cannot be kept.
      await page.getByRole('button', { name: 'Create the invitation' }).click();
      await expect(page.locator('#send-link')).toHaveValue(/#c[A-Za-z0-9_-]+$/);
    },
  },
  analysis: {
    url: 'web/analysis.html',
    keys: ['diablo.settings.v1'],
    notice: '#notice',
    async use(page) {
      await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
      await expect(page.locator('#board')).toBeVisible();
      await expect(page.locator('[role=gridcell]')).toHaveCount(64);
    },
  },
  rules: {
    url: 'web/rules.html',
    keys: ['diablo.settings.v1'],
    notice: '#notice',
    async use(page) {
      await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
      await expect(page.locator('diablo-board').first()).toBeVisible();
      await page.waitForFunction(() =>
        [...document.querySelectorAll('diablo-board')].every(
          (b) => b.shadowRoot?.querySelector('.root')?.dataset.state === 'ready',
        ),
      );
    },
  },
};

for (const [pageName, p] of Object.entries(PAGES)) {
  for (const [failure, f] of Object.entries(FAILURES)) {
    // Something is lost: what was stored (unreadable) or what could not be kept.
    const lost = failure !== 'full' || Boolean(p.writes);
    test(`${pageName} page, storage ${failure}: still works${lost ? ', with a notice' : ', nothing to say'}`, async ({
      page,
    }) => {
      const errors = watchErrors(page);
      if (f.script) await page.addInitScript(f.script);
      const seeds = f.seed ? p.keys.map(f.seed) : [];
      if (seeds.length) {
        await page.addInitScript((pairs) => {
          if (sessionStorage.getItem('seeded')) return;
          for (const [k, v] of pairs) localStorage.setItem(k, v);
          sessionStorage.setItem('seeded', '1');
        }, seeds);
      }
      await page.goto(p.url);
      await p.use(page, failure);
      const notice = page.locator(p.notice);
      if (lost) {
        await expect(notice).toBeVisible();
        await expect(notice).toContainText(f.text);
      } else {
        await expect(notice).toBeHidden();
      }
      if (failure === 'full' && pageName === 'game') {
        // One notice however often the game fails to save.
        await page
          .getByRole('button', { name: /Confirm|Undo/ })
          .first()
          .click();
        const text = await notice.textContent();
        expect(text?.match(/full/g)).toHaveLength(1);
      }
      if (seeds.length) {
        // An unusable value is dropped once read (said once, not at every visit).
        const left = await page.evaluate((keys) => keys.map((k) => localStorage.getItem(k)), p.keys);
        expect(left.filter((v, i) => v === seeds[i][1])).toEqual([]);
        // The good fields of the settings are kept (written back).
        if (failure === 'invalid') expect(JSON.parse(left[0] ?? '{}').coords).toBe(false);
      }
      expect(errors).toEqual([]);
    });
  }
}

// The notice speaks the page's language, like every other word of it.
for (const [lang, url, text] of [
  ['de', 'web/friend.html?lang=de', /Dieser Browser erlaubt der Seite nicht, etwas zu speichern/],
  ['pl', '/?lang=pl', /Przeglądarka nie pozwala tej stronie niczego zapisać/],
]) {
  test(`storage blocked, in ${lang}: the notice is in the page's language`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.addInitScript(FAILURES.blocked.script);
    await page.goto(url);
    const notice = page.locator('#notice');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(text);
    await expect(notice).not.toContainText('This browser');
    expect(errors).toEqual([]);
  });
}
