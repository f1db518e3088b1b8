// How long Confirm waits for the tutor (web/play/tutor.js) in Chromium: a
// whole game at one screen on the game page with the tutor on, each turn
// played by clicks (a seeded random legal turn, so mistakes are common),
// timed from the Confirm click to the tutor's dialog or the turn in the
// log. A measurement, not a test: it prints the median, p90 and max.
//
// usage (from tests/e2e, with the site served, e.g. `cargo xtask serve --port 8300`):
//   node measure/tutor-latency.mjs http://127.0.0.1:8300/ [size] [turns]

import { chromium } from '@playwright/test';

const [base, size = '8', turns = '40'] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.addInitScript((n) => {
  if (sessionStorage.getItem('seeded')) return;
  localStorage.setItem('diablo.visited', '1');
  localStorage.setItem('diablo.settings.v1', JSON.stringify({ tutor: true, players: 'hotseat', size: n }));
  sessionStorage.setItem('seeded', '1');
}, Number(size));
await page.goto(base);
await page.waitForSelector('body[data-ready=true]');
let seed = 7;
const pick = (n) => {
  seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
  return seed % n;
};
const marked = (mark) =>
  page.locator(`[role=gridcell][data-marks~="${mark}"]`).evaluateAll((c) => c.map((x) => x.dataset.square));
const click = async (sq) => {
  const box = await page.locator(`[role=gridcell][data-square="${sq}"]`).boundingBox();
  if (box) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
};
const phase = () => page.locator('body').getAttribute('data-phase');
/** @type {{ ms: number, warned: boolean }[]} */
const times = [];
for (let t = 0; t < Number(turns) && (await phase()) !== 'over'; t++) {
  if ((await phase()) === 'roll') await page.getByRole('button', { name: 'Roll' }).click();
  for (let g = 0; g < 4 && (await phase()) === 'act'; g++) {
    const removable = await marked('removable');
    if (removable.length) {
      await click(removable[pick(removable.length)]);
      continue;
    }
    const sources = await marked('source');
    await click(sources[pick(sources.length)]);
    const dests = await page
      .locator('[role=gridcell][data-marks*="target-"]')
      .evaluateAll((c) => c.map((x) => x.dataset.square));
    await click(dests[pick(dests.length)]);
  }
  if ((await phase()) !== 'confirm') continue;
  const logged = await page.locator('#log li:not(.current)').count();
  const start = Date.now();
  await page.getByRole('button', { name: 'Confirm' }).click();
  const warned = await Promise.race([
    page
      .locator('#tutor-dialog[open]')
      .waitFor()
      .then(() => true),
    page
      .waitForFunction((k) => document.querySelectorAll('#log li:not(.current)').length > k, logged)
      .then(() => false),
  ]);
  times.push({ ms: Date.now() - start, warned });
  if (warned) await page.getByRole('button', { name: 'Play it anyway' }).click();
  await page.waitForFunction((k) => document.querySelectorAll('#log li:not(.current)').length > k, logged);
}
await browser.close();
const ms = times.map((x) => x.ms).sort((a, b) => a - b);
const at = (q) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))];
console.log(
  `${size}x${size}: ${ms.length} turns confirmed with the tutor on, ${times.filter((x) => x.warned).length} warned; `
    + `ms from Confirm to the answer: median ${at(0.5)} p90 ${at(0.9)} max ${ms.at(-1)}`,
);
