// Screenshot one page with headless Chromium, for a quick look while working:
//   node scripts/shot.mjs <url> <out.png> [viewportWidth=1200] [viewportHeight=900]
// Prints console errors and page errors. Full-page capture.
import puppeteer from 'puppeteer-core';
import { chromiumArgs, findChromium } from './env.mjs';

const [url, out, w = '1200', h = '900'] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: node scripts/shot.mjs <url> <out.png> [width] [height]');
  process.exit(2);
}
const browser = await puppeteer.launch({ executablePath: findChromium(), headless: true, args: chromiumArgs });
try {
  const page = await browser.newPage();
  await page.setViewport({ width: Number(w), height: Number(h), deviceScaleFactor: 1 });
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warn') && console.log(`[${m.type()}] ${m.text()}`));
  page.on('pageerror', (e) => console.log(`[pageerror] ${e.message}`));
  await page.goto(url, { waitUntil: 'networkidle0', timeout: 30_000 });
  await new Promise((r) => setTimeout(r, 400));
  await page.screenshot({ path: out, fullPage: true });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
}
