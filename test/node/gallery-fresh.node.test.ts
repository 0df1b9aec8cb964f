// `npm start` on a fresh clone: Vite's dependency cache is empty, so the dev
// server scans the gallery for the packages to pre-bundle before it serves it.
// A scan that fails (or misses a package) makes Vite discover packages while
// the page loads, answer the modules it already sent for with 504 and reload:
// the gallery's story import failed that way (`npm run screenshots` broke on a
// new machine). The real config, a real server on 127.0.0.1 with an empty
// cache directory, the gallery in headless Chromium.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'puppeteer-core';
import { createLogger, createServer, type ViteDevServer } from 'vite';
import { launchChromium, openPage, waitForColours } from '../examples/apps.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const WAIT = { timeout: 120_000, polling: 50 } as const;
let server: ViteDevServer;
let browser: Browser;
let origin: string;
let cacheDir: string;
const logged: string[] = [];

before(async () => {
  cacheDir = mkdtempSync(path.join(tmpdir(), 'qa-vite-cache-'));
  const logger = createLogger('info');
  for (const level of ['info', 'warn', 'warnOnce', 'error'] as const) {
    logger[level] = (msg: string) => void logged.push(`${level}: ${msg}`);
  }
  server = await createServer({
    configFile: `${root}vite.config.ts`,
    root,
    cacheDir,
    customLogger: logger,
    server: { host: '127.0.0.1', port: 0, strictPort: false, watch: null },
  });
  await server.listen();
  const address = server.httpServer!.address() as { port: number };
  origin = `http://127.0.0.1:${address.port}`;
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

/** Opens a story and waits until its preview is coloured inside `selector`; no reload, failure or error on the way. */
async function coloured(story: string, selector: string): Promise<void> {
  const { page, log, close } = await openPage(browser, `${origin}/index.html?story=${encodeURIComponent(story)}`);
  try {
    let loads = 0;
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) loads += 1;
    });
    await waitForColours(page, selector, WAIT);
    assert.equal(loads, 0, `${story}: the page was not reloaded; the server said:\n${logged.join('\n')}`);
    assert.deepEqual(log.failed, [], `${story}: no request failed`);
    assert.deepEqual(log.errors, [], `${story}: nothing threw`);
    const late = logged.filter((l) => /dependency scan|dependenc(y|ies) optimized|optimized dependencies changed/i.test(l));
    assert.deepEqual(late, [], `${story}: the scan found every package the page and its workers import`);
  } finally {
    await close();
  }
}

test('the gallery shows highlighted stories on the first load of a fresh dependency cache, without a reload', async () => {
  // Raw code first (the highlighter's worker), then rendered Markdown (the parser and renderer chunks, fenced code).
  await coloured('preview/code-raw', '[part~="raw"]');
  await coloured('preview/markdown-rendered', '[part~="markdown"] pre code');
});
