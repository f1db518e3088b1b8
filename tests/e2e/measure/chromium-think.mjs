// The page's own search worker timed in Chromium: shared by think-time.mjs
// and share.mjs (measurements, not tests).

/**
 * Times `level`'s decisions on `rows` (`[size, code, a, b]` text, as
 * `diablo-lab think --codes` prints them) in a new page of
 * `browser` at `base`, with the page's own client of the search worker
 * (web/ai.js) and so the page's budgets. A warm-up decision comes first
 * (module and wasm instantiation are not think time).
 *
 * @param {import('@playwright/test').Browser} browser
 * @param {string} base
 * @param {string[][]} rows
 * @param {string} level
 * @param {string} edition
 * @returns {Promise<{ simd: boolean, sizes: { size: number, decisions: number, budget: number,
 *   median: number, p90: number, max: number, mnps: number }[] }>}
 */
export async function thinkInChromium(browser, base, rows, level, edition) {
  const page = await browser.newPage();
  await page.goto(base);
  const results = await page.evaluate(
    async ({ rows, level, edition }) => {
      const { AiClient } = await import(new URL('web/ai.js', document.baseURI).href);
      const client = new AiClient();
      const ask = (args) => client.request('choose', args);
      await ask({ code: rows[0][1], edition, roll: [Number(rows[0][2]), Number(rows[0][3])], level: 'easy', seed: 1 });
      const { simd } = (await client.request('build', {})).result;
      const out = [];
      for (const [size, code, a, b] of rows) {
        const start = performance.now();
        const r = await ask({ code, edition, roll: [Number(a), Number(b)], level, seed: 1 });
        out.push({ size: Number(size), ms: performance.now() - start, nodes: r.result.nodes, budget: r.result.budget });
      }
      client.worker?.terminate();
      return { out, simd };
    },
    { rows, level, edition },
  );
  await page.close();
  const sizes = [...new Set(results.out.map((r) => r.size))].map((size) => {
    const mine = results.out.filter((r) => r.size === size);
    const ms = mine.map((r) => r.ms).sort((x, y) => x - y);
    const at = (/** @type {number} */ q) => ms[Math.round((ms.length - 1) * q)];
    const nodes = mine.reduce((s, r) => s + r.nodes, 0);
    const total = ms.reduce((s, x) => s + x, 0);
    return {
      size,
      decisions: ms.length,
      budget: mine[0].budget,
      median: at(0.5),
      p90: at(0.9),
      max: at(1),
      mnps: nodes / total / 1000,
    };
  });
  return { simd: results.simd, sizes };
}
