// `node bench/purify-calls.mjs [--runs N]`: DOMPurify as published and as the
// kit ships it (scripts/purify-calls.mjs), each unminified and minified by
// Vite, sanitizing the benchmark's 100 KB document (markdown-it's HTML, in
// 20 pieces as the kit sanitizes it) in a fresh headless Chromium page:
// the first time (a page's first document) and again on the same page.
// The four run in turn, in alternating order; medians are printed with the
// load average.
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import MarkdownIt from 'markdown-it';
import { build } from 'vite';
import { chromiumArgs, findChromium, root } from '../scripts/env.mjs';
import { purifyCallsPlugin } from '../scripts/purify-calls.mjs';
import { syntheticMarkdown } from './workloads.mjs';
import { stats } from './rows.mjs';

const argv = process.argv.slice(2);
const at = argv.indexOf('--runs');
const RUNS = at >= 0 ? Math.max(1, Number(argv[at + 1])) : 12;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

const dir = mkdtempSync(path.join(os.tmpdir(), 'qa-purify-bench-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

const VARIANTS = {
  published: { rewrite: false, minify: false },
  'published, minified': { rewrite: false, minify: true },
  rewritten: { rewrite: true, minify: false },
  'rewritten, minified': { rewrite: true, minify: true },
};
const files = {};
for (const [name, { rewrite, minify }] of Object.entries(VARIANTS)) {
  const outDir = path.join(dir, String(Object.keys(files).length));
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: rewrite ? [purifyCallsPlugin()] : [],
    build: {
      outDir,
      emptyOutDir: true,
      minify,
      target: 'es2022',
      lib: { entry: path.join(root, 'node_modules/dompurify/dist/purify.es.mjs'), formats: ['es'], fileName: () => 'purify.js' },
    },
  });
  files[name] = readFileSync(path.join(outDir, 'purify.js'));
}

const html = new MarkdownIt({ html: true, linkify: true }).render(syntheticMarkdown(100_000, 11));
const server = createServer((req, res) => {
  const name = decodeURIComponent(req.url.slice(1));
  if (files[name]) {
    res.writeHead(200, { 'content-type': 'text/javascript' });
    res.end(files[name]);
  } else {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><div id="out"></div>');
  }
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await puppeteer.launch({ executablePath: findChromium(), headless: true, args: chromiumArgs });

console.log(`load average at start ${load()} (${os.cpus().length} cores); ${RUNS} pages per variant`);
const times = Object.fromEntries(Object.keys(VARIANTS).map((name) => [name, { first: [], again: [] }]));
const names = Object.keys(VARIANTS);
for (let i = 0; i < RUNS; i++) {
  for (const name of i % 2 ? [...names].reverse() : names) {
    const page = await browser.newPage();
    await page.goto(base);
    const [first, again] = await page.evaluate(
      async (url, markup) => {
        const { default: purify } = await import(url);
        const pieces = [];
        const size = Math.ceil(markup.length / 20);
        for (let start = 0; start < markup.length;) {
          let end = markup.indexOf('\n<', start + size);
          if (end < 0) end = markup.length;
          pieces.push(markup.slice(start, end));
          start = end;
        }
        const out = document.getElementById('out');
        const pass = () => {
          const t0 = performance.now();
          for (const piece of pieces) out.append(purify.sanitize(piece, { RETURN_DOM_FRAGMENT: true }));
          const t = performance.now() - t0;
          out.replaceChildren();
          return t;
        };
        return [pass(), pass()];
      },
      base + encodeURIComponent(name),
      html,
    );
    times[name].first.push(first);
    times[name].again.push(again);
    await page.close();
  }
}
await browser.close();
server.close();

const median = (list) => stats(list).median;
console.log('\nDOMPurify                | first document on a page | again');
console.log('-------------------------|--------------------------|------');
for (const name of names)
  console.log(`${name.padEnd(24)} | ${median(times[name].first).toFixed(1).padStart(21)} ms | ${median(times[name].again).toFixed(1)} ms`);
console.log(`\nload average at end ${load()}`);
