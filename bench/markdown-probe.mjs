// Runs bench/markdown-probe.html in headless Chromium (fresh page per run) and prints medians:
//   node bench/markdown-probe.mjs http://127.0.0.1:5175 [runs=5]
import puppeteer from 'puppeteer-core';
import { chromiumArgs, findChromium } from '../scripts/env.mjs';

const [origin = 'http://127.0.0.1:5175', runsArg = '5'] = process.argv.slice(2);
const runs = Number(runsArg);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const browser = await puppeteer.launch({ executablePath: findChromium(), headless: true, args: chromiumArgs });
try {
  const docs = process.env.QA_PROBE_DOCS?.split(',') ?? ['synthetic', 'spec', 'changelog'];
  const modes = process.env.QA_PROBE_MODES?.split(',') ?? ['kit', 'kit-cold', 'baseline'];
  for (const doc of docs) {
    for (const mode of modes) {
      const results = [];
      for (let i = 0; i < runs + 1; i++) {
        const page = await browser.newPage();
        await page.setViewport({ width: 1000, height: 800 });
        page.on('pageerror', (e) => console.log(`[pageerror] ${e.message}`));
        await page.goto(`${origin}/bench/markdown-probe.html?doc=${doc}&mode=${mode}`);
        await page.waitForFunction('window.__probe', { timeout: 60_000 });
        const r = await page.evaluate('window.__probe');
        if (i > 0) results.push(r); // the first load warms the server's module cache
        await page.close();
      }
      const pick = (k) => median(results.map((r) => r[k]));
      console.log(
        `${doc.padEnd(10)} ${mode.padEnd(9)} ${String(results[0].bytes).padStart(8)} B  first chunk ${String(pick('firstChunk')).padStart(5)} ms  first screen ${String(pick('firstScreen')).padStart(5)} ms  painted ${String(pick('painted')).padStart(5)} ms  longest task ${String(pick('longestTask')).padStart(4)} ms  tasks>50ms ${pick('tasksOver50')}`,
      );
    }
  }
} finally {
  await browser.close();
}
