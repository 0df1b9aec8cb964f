// The kit as users ship it: `examples/apps/` installs the tarball of `npm pack`
// with npm, builds five applications in production mode — React 18 + Vite,
// React 18 + webpack 5, esbuild, Rollup, and a page with no bundler — serves each on
// 127.0.0.1 and drives it in headless Chromium: the panel shows the payload,
// a footer chip opens the panel's group, the Markdown card opens rendered
// Markdown with coloured fenced code, the TypeScript card opens the raw view
// at its range with coloured tokens, both workers run, and no request fails
// and nothing throws. The Vite app runs under the README's strict CSP with
// Trusted Types; the webpack and Rollup apps run under a sub-path, and the
// Rollup app without its worker option colours on the main thread. Then the deployments
// are broken on purpose (missing worker, missing grammar, workers served as
// text/plain, a CSP without workers, a worker that never answers, a missing
// renderer chunk): each still shows readable text, says why in the console
// once, and throws nothing.
//
// Needs the kit's build (`npm test` runs it first).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import {
  APPS,
  type AppName,
  type Breakage,
  type PageLog,
  STRICT_CSP,
  appsDir,
  root,
  filesContaining,
  launchChromium,
  openPage,
  prepareApps,
  serve,
  type ServeOptions,
  shippedSizes,
  waitForColours,
} from './apps.ts';

/** Generous: the machine may be busy; every wait ends as soon as its condition holds. */
const WAIT = { timeout: 60_000, polling: 50 } as const;

let browser: Browser;

before(async () => {
  const prepared = await prepareApps();
  const times = Object.entries(prepared.times).map(([step, ms]) => `${step} ${(ms / 1000).toFixed(1)} s`);
  console.log(
    `# example apps: ${prepared.installedDependencies ? 'dependencies installed, ' : ''}built ${prepared.built.join(', ') || 'nothing (cached)'} (${times.join(', ')})`,
  );
  for (const [app, out] of Object.entries(prepared.logs)) if (out?.trim()) console.log(`# ${app}: ${out.trim().split('\n').join('\n# ')}`);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
});

/** Opens an app's build, served with `options`, runs `body`, closes everything. */
async function withApp(app: AppName, options: ServeOptions, body: (page: Page, log: PageLog) => Promise<void>, file = ''): Promise<PageLog> {
  const server = await serve(app, options);
  const { page, log, close } = await openPage(browser, server.url + file);
  try {
    await body(page, log);
    return log;
  } finally {
    await close();
    await server.close();
  }
}

/** The panel shows the payload's three cards under `heading`, and the footer counts them under the same word. */
async function panelShowsPayload(page: Page, heading = 'Sources'): Promise<void> {
  await page.waitForFunction(
    () => (document.querySelector('qa-sources-panel')?.shadowRoot?.querySelectorAll('[part~="card-control"]').length ?? 0) === 3,
    WAIT,
  );
  assert.equal(await panelHeading(page), heading);
  const footer = await page.evaluate(() => document.querySelector('qa-source-footer')?.shadowRoot?.textContent?.replace(/\s+/g, ' ') ?? '');
  assert.match(footer, new RegExp(`${heading}\\s*3`), 'the footer counts the same three sources');
}

/** The panel's heading as shown, or null before it renders. */
function panelHeading(page: Page): Promise<string | null> {
  return page.evaluate(() => document.querySelector('qa-sources-panel')?.shadowRoot?.querySelector('.heading')?.textContent?.trim() ?? null);
}

async function footerChipOpensGroup(page: Page): Promise<void> {
  // Collapse the Web group in the panel, then its footer chip opens it again and focuses its heading.
  const heading = await page.evaluateHandle(() =>
    document.querySelector('qa-sources-panel')!.shadowRoot!.querySelector<HTMLElement>('.group-toggle[data-kind="web"]')!,
  );
  await heading.click();
  await page.waitForFunction(
    () => document.querySelector('qa-sources-panel')!.shadowRoot!.querySelector('.group-toggle[data-kind="web"]')!.getAttribute('aria-expanded') === 'false',
    WAIT,
  );
  const chip = await page.evaluateHandle(() =>
    document.querySelector('qa-source-footer')!.shadowRoot!.querySelector<HTMLElement>('[part~="chip"][data-kind="web"]')!,
  );
  await chip.click();
  await page.waitForFunction(() => {
    const root = document.querySelector('qa-sources-panel')!.shadowRoot!;
    const h = root.querySelector('.group-toggle[data-kind="web"]')!;
    return h.getAttribute('aria-expanded') === 'true' && root.activeElement === h;
  }, WAIT);
}

async function openCard(page: Page, name: string): Promise<void> {
  const card = await page.evaluateHandle(
    (n) =>
      [...document.querySelector('qa-sources-panel')!.shadowRoot!.querySelectorAll<HTMLElement>('[part~="card-control"]')].find((c) =>
        c.textContent!.includes(n),
      )!,
    name,
  );
  await card.click();
}

async function markdownOpensRendered(page: Page, { coloured = true } = {}): Promise<void> {
  await openCard(page, 'retry-policy.md');
  await page.waitForFunction(
    () => document.querySelector('qa-file-preview')?.shadowRoot?.querySelector('[part~="markdown"] h1')?.textContent === 'Retry policy',
    WAIT,
  );
  const strong = await page.evaluate(() => document.querySelector('qa-file-preview')!.shadowRoot!.querySelector('[part~="markdown"] strong')?.textContent);
  assert.equal(strong, 'up to five times');
  // Named character references decode (the builds unpack their table on first use: scripts/entity-table.mjs).
  const quoted = await page.evaluate(() => document.querySelector('qa-file-preview')!.shadowRoot!.querySelector('[part~="markdown"] p')?.textContent);
  assert.ok(quoted?.includes('(\u201cfull jitter\u201d)'), `the page's parser decodes &ldquo; and &rdquo;: ${quoted}`);
  if (coloured) await waitForColours(page, '[part~="markdown"] pre code', WAIT);
  // A long document (the demo's 448 KB changelog, not one of the answer's sources) parses in the worker.
  await page.evaluate(() => {
    (document.querySelector('qa-file-preview') as HTMLElement & { path: string }).path = 'docs/changelog.md';
  });
  await page.waitForFunction(() => {
    const doc = document.querySelector('qa-file-preview')?.shadowRoot?.querySelector('[part~="markdown"]');
    return doc?.querySelector('h1')?.textContent === 'Changelog' && Array.from(doc.querySelectorAll('h2')).pop()?.textContent === '1.1.0';
  }, WAIT);
  const last = await page.evaluate(
    () => Array.from(document.querySelector('qa-file-preview')!.shadowRoot!.querySelectorAll('[part~="markdown"] li')).pop()?.textContent,
  );
  assert.ok(
    last?.endsWith('the policy \u00a7\u00a01.'),
    `the long document's parser (the worker, where the build starts one) decodes &sect; and &nbsp;: ${last}`,
  );
}

/** The raw view's text, one string per line shown (line numbers are generated content, not text). */
function rawText(page: Page): Promise<string> {
  return page.evaluate(() => document.querySelector('qa-file-preview')?.shadowRoot?.querySelector('[part~="raw"]')?.textContent ?? '');
}

async function codeOpensRawAtRange(page: Page, { coloured = true } = {}): Promise<void> {
  await openCard(page, 'backoff.ts');
  await page.waitForFunction(
    () => (document.querySelector('qa-file-preview')?.shadowRoot?.querySelector('[part~="raw"]')?.textContent ?? '').includes('export function backoff'),
    WAIT,
  );
  const facts = await page.evaluate(() => {
    const preview = document.querySelector('qa-file-preview') as HTMLElement & { path: string };
    const chip = preview.shadowRoot!.querySelector('[part~="chip"]')?.textContent?.replace(/\s+/g, ' ').trim();
    return { path: preview.path, chip, loading: !!preview.shadowRoot!.querySelector('[part~="skeleton"]') };
  });
  assert.equal(facts.path, 'src/net/backoff.ts');
  assert.ok(facts.chip?.startsWith('Referenced lines: 4–7'), `the chip names the range: ${facts.chip}`);
  assert.equal(facts.loading, false, 'no loading state left');
  // The rows' styles come with the raw view's chunk and fill a sheet the preview adopted at its first render.
  const styled = await page.evaluate(() => {
    const raw = document.querySelector('qa-file-preview')!.shadowRoot!.querySelector('[part~="raw"]')!;
    const row = raw.querySelector('.ln');
    const gutter = raw.querySelector('.raw-gutter');
    return { row: row && getComputedStyle(row).position, gutter: gutter && getComputedStyle(gutter).position };
  });
  assert.deepEqual(styled, { row: 'absolute', gutter: 'sticky' }, "the raw view's rows and gutter are styled");
  if (coloured) await waitForColours(page, '[part~="raw"]', WAIT);
}

/** Resolves once `check()` holds (polled), or fails after a generous minute. */
async function until(check: () => boolean, what: string): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > WAIT.timeout) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, WAIT.polling));
  }
}

const kitWarnings = (log: PageLog) => log.warnings.filter((w) => w.startsWith('qa-sources-kit:'));

/** An app's page with the document in Russian. */
const inRussian = (html: string): string => {
  assert.match(html, /<html lang="en">/);
  return html.replace('<html lang="en">', '<html lang="ru">');
};

/**
 * Pages driven side by side: each test has its own server and browser context, and most of a test
 * is waiting (page loads, workers starting, a worker's start timeout), so two at a time cut the
 * wall time. Not more: each page starts two workers, and a healthy app's workers must answer
 * within the kit's default 5 s start timeout, which a crowded machine can miss.
 */
const SIDE_BY_SIDE = { concurrency: 2 } as const;

describe('example apps built for production from the packed tarball', SIDE_BY_SIDE, () => {
  const setups: Record<AppName, ServeOptions> = {
    'vite-react': { htmlHeaders: { 'content-security-policy': STRICT_CSP } },
    'webpack-react': { prefix: '/some/sub/path/' },
    esbuild: {},
    rollup: { prefix: '/apps/rollup/' },
    'no-bundler': { prefix: '/static/demo/' },
  };
  for (const app of APPS) {
    test(`${app}: panel, footer, rendered Markdown and raw code, coloured in workers, nothing fails`, async () => {
      const log = await withApp(app, setups[app], async (page) => {
        await panelShowsPayload(page);
        await footerChipOpensGroup(page);
        await markdownOpensRendered(page);
        await codeOpensRawAtRange(page);
      });
      assert.deepEqual(log.failed, [], 'no failed request');
      assert.deepEqual(log.errors, [], 'no page error, no console error (CSP reports included)');
      assert.deepEqual(kitWarnings(log), [], 'no warning from the kit');
      assert.equal(log.workers.filter((w) => /highlight\.worker/.test(w)).length, 1, `the highlighter worker ran (${log.workers.join(', ')})`);
      assert.equal(log.workers.filter((w) => /parse\.worker/.test(w)).length, 1, `the Markdown parser worker ran (${log.workers.join(', ')})`);
    });
  }

  for (const app of APPS) {
    test(`${app}: a page in Russian shows the panel and the footer in Russian (the terms are a lazy chunk of the build)`, async () => {
      const log = await withApp(app, { ...setups[app], rewriteHtml: inRussian }, (page) => panelShowsPayload(page, 'Источники'));
      assert.deepEqual(log.failed, [], 'no failed request');
      assert.deepEqual(log.errors, [], 'no page error, no console error');
      assert.deepEqual(kitWarnings(log), [], 'no warning from the kit');
    });
  }

  test('rollup without its worker option: both workers are missing where the bundle points, one warning each, colours and Markdown on the main thread', async () => {
    const log = await withApp(
      'rollup',
      {},
      async (page) => {
        await panelShowsPayload(page);
        await markdownOpensRendered(page);
        await codeOpensRawAtRange(page);
      },
      'zero-config.html',
    );
    assert.deepEqual(
      log.errors.filter((e) => e.startsWith('page error')),
      [],
      'nothing throws',
    );
    const warnings = kitWarnings(log);
    assert.equal(warnings.length, 2, warnings.join(' | '));
    for (const name of ['highlight', 'parse']) {
      assert.ok(
        warnings.some((w) => w.includes(`${name}.worker.js`) && /failed to load.*Working on the main thread instead/.test(w)),
        `${name}: ${warnings.join(' | ')}`,
      );
    }
    assert.deepEqual(
      log.failed.filter((f) => !/\/workers\/(highlight|parse)\.worker\.js$/.test(f)),
      [],
      'only the two worker scripts fail',
    );
  });

  test('webpack-react with its files on a CDN (another origin): workers start through a same-origin module, colours and Markdown as before', async () => {
    const cdn = await serve('webpack-react', { prefix: '/cdn/app/', cors: true });
    try {
      const log = await withApp('webpack-react', { rewriteHtml: (html) => html.replace(/src="\.\/assets\//g, `src="${cdn.url}assets/`) }, async (page) => {
        const script = await page.evaluate(() => document.querySelector('script[src]')!.getAttribute('src'));
        assert.ok(script!.startsWith(cdn.url), `the page loads its script from the CDN (${script})`);
        await panelShowsPayload(page);
        await markdownOpensRendered(page);
        await codeOpensRawAtRange(page);
      });
      assert.deepEqual(log.failed, []);
      assert.deepEqual(log.errors, []);
      assert.deepEqual(kitWarnings(log), [], 'no worker fell back to the main thread');
      assert.equal(log.workers.length, 2, `two workers (${log.workers.join(', ')})`);
    } finally {
      await cdn.close();
    }
  });
});

describe('a broken deployment degrades to readable text with one clear message', SIDE_BY_SIDE, () => {
  const app: AppName = 'vite-react';
  const isWorker = (file: string) => /(^|\/)(highlight|parse)\.worker[-.][^/]*\.js$/.test(file);
  const fallback = async (breaks: (file: string) => Breakage | null, htmlHeaders?: Record<string, string>) => {
    const log = await withApp(app, { breaks, htmlHeaders }, async (page) => {
      await panelShowsPayload(page);
      await markdownOpensRendered(page);
      await codeOpensRawAtRange(page);
    });
    assert.deepEqual(
      log.errors.filter((e) => e.startsWith('page error')),
      [],
      'nothing throws',
    );
    const moved = kitWarnings(log).filter((w) => /worker .*Working on the main thread instead/.test(w));
    assert.equal(moved.length, 2, `one warning per worker: ${kitWarnings(log).join(' | ')}`);
    return log;
  };

  test('workers missing (404): both move to the main thread, colours and Markdown as before', async () => {
    const log = await fallback((f) => (isWorker(f) ? { status: 404 } : null));
    assert.ok(kitWarnings(log).every((w) => /failed to load/.test(w)));
  });

  test('workers served as text/plain (module workers refuse them): main thread', async () => {
    const log = await fallback((f) => (isWorker(f) ? { contentType: 'text/plain' } : null));
    assert.equal(log.failed.length, 0, 'the requests themselves succeed');
  });

  test('a CSP that forbids workers: main thread, and the CSP report is the only console error', async () => {
    const log = await fallback(() => null, { 'content-security-policy': `${STRICT_CSP}; worker-src 'none'` });
    assert.ok(
      log.errors.every((e) => /worker-src|Content Security Policy/i.test(e)),
      log.errors.join(' | '),
    );
  });

  test('workers that never answer: after the start timeout, main thread', async () => {
    const log = await fallback((f) => (isWorker(f) ? { body: '// this worker never answers\n' } : null));
    assert.ok(kitWarnings(log).every((w) => /did not answer within/.test(w)));
  });

  /** Opens the code and the Markdown file with `missing` answering 404: both stay plain and readable, nothing throws; returns the kit's warnings. */
  const plainWithout = async (missing: string[], warning: RegExp): Promise<string[]> => {
    const log = await withApp(app, { breaks: (f) => (missing.includes(f) ? { status: 404 } : null) }, async (page, log) => {
      await panelShowsPayload(page);
      await codeOpensRawAtRange(page, { coloured: false });
      // Plain once the failure is known: every line is there as text, and nothing is coloured.
      await until(() => kitWarnings(log).some((w) => warning.test(w)), `a warning matching ${warning}`);
      const coloured = await page.evaluate(
        () => !!document.querySelector('qa-file-preview')!.shadowRoot!.querySelector('[part~="raw"] span[class^="qa-tk-"]:not(.qa-tk-0)'),
      );
      assert.equal(coloured, false);
      const text = await rawText(page);
      for (const line of ['export const BASE_MS = 200;', '  return Math.floor(random() * ceiling);']) assert.ok(text.includes(line), line);
      await markdownOpensRendered(page, { coloured: false });
    });
    assert.deepEqual(
      log.errors.filter((e) => e.startsWith('page error')),
      [],
    );
    return kitWarnings(log);
  };

  test('a grammar chunk missing: the code stays plain and readable, one warning, no stuck loading', async () => {
    const grammars = filesContaining(app, /scopeName:`source\.ts`|"scopeName":"source\.ts"/);
    assert.ok(grammars.length > 0, 'the TypeScript grammar chunk is found in the build');
    const warnings = await plainWithout(grammars, /typescript grammar/);
    assert.equal(warnings.length, 1, warnings.join(' | '));
    assert.match(warnings[0]!, /could not load the typescript grammar/);
  });

  test("the highlighter's client chunk missing: code and Markdown stay plain and readable, one warning, nothing throws", async () => {
    const client = filesContaining(app, /type:`warm`|type:"warm"|type:'warm'/).filter((f) => !isWorker(f));
    assert.equal(client.length, 1, `one client chunk: ${client.join(', ')}`);
    const warnings = await plainWithout(client, /could not load the highlighter/);
    assert.equal(warnings.length, 1, warnings.join(' | '));
    assert.match(warnings[0]!, /^qa-sources-kit: could not load the highlighter \(.*\); the code stays plain text\.$/);
  });

  /** The build's one chunk with the Russian terms. */
  const russianChunk = (): string => {
    const chunk = filesContaining(app, /Источники/).filter((f) => !isWorker(f));
    assert.equal(chunk.length, 1, `one Russian terms chunk: ${chunk.join(', ')}`);
    return chunk[0]!;
  };

  test('the Russian terms chunk missing: a page in Russian shows in English, one warning, nothing throws', async () => {
    const chunk = russianChunk();
    const log = await withApp(app, { breaks: (f) => (f === chunk ? { status: 404 } : null), rewriteHtml: inRussian }, async (page) => {
      await panelShowsPayload(page);
      await markdownOpensRendered(page);
    });
    assert.deepEqual(
      log.errors.filter((e) => e.startsWith('page error')),
      [],
      'nothing throws',
    );
    const warnings = kitWarnings(log);
    assert.equal(warnings.length, 1, warnings.join(' | '));
    assert.match(warnings[0]!, /^qa-sources-kit: could not load the ru terms \(.*\); showing English\.$/);
  });

  test('the Russian terms chunk slow: a page in Russian shows in English after a moment, then in Russian once the chunk arrives', async () => {
    const chunk = russianChunk();
    let release!: () => void;
    const until = new Promise<void>((resolve) => (release = resolve));
    const log = await withApp(app, { breaks: (f) => (f === chunk ? { until } : null), rewriteHtml: inRussian }, async (page) => {
      try {
        // The elements wait for their terms a moment (never forever), then show English.
        await panelShowsPayload(page);
      } finally {
        release();
      }
      await page.waitForFunction(
        () => document.querySelector('qa-sources-panel')!.shadowRoot!.querySelector('.heading')?.textContent?.trim() === 'Источники',
        WAIT,
      );
      await panelShowsPayload(page, 'Источники');
    });
    assert.deepEqual(log.errors, [], 'no page error, no console error');
    assert.deepEqual(kitWarnings(log), [], 'a slow chunk is no failure');
  });

  test('the find chunk missing: find says so where its bar goes, the file stays; Retry once it is back opens the bar', async () => {
    const chunk = filesContaining(app, /class="find-input"/).filter((f) => !isWorker(f));
    assert.equal(chunk.length, 1, `one find chunk: ${chunk.join(', ')}`);
    let broken = true;
    const log = await withApp(app, { breaks: (f) => (broken && f === chunk[0] ? { status: 404 } : null) }, async (page) => {
      await panelShowsPayload(page);
      await markdownOpensRendered(page);
      await page.evaluate(() => (document.querySelector('qa-file-preview') as HTMLElement & { openFind(q?: string): void }).openFind('Retry'));
      await page.waitForFunction(() => {
        const root = document.querySelector('qa-file-preview')!.shadowRoot!;
        const notice = root.querySelector('[part~="find"][role="alert"]');
        return !!notice && root.activeElement === notice.querySelector('button');
      }, WAIT);
      const shown = await page.evaluate(() => {
        const root = document.querySelector('qa-file-preview')!.shadowRoot!;
        return {
          notice: root.querySelector('[part~="find"]')!.textContent!.replace(/\s+/g, ' ').trim(),
          title: root.querySelector('[part~="markdown"] h1')?.textContent,
        };
      });
      assert.match(shown.notice, /^Find could not be loaded\. .*Retry$/);
      assert.equal(shown.title, 'Changelog', 'the document stays on screen');
      // Escape closes the notice like the bar; Retry, once the chunk is served again, opens the real bar with the query.
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('qa-file-preview')!.shadowRoot!.querySelector('[part~="find"]'), WAIT);
      await page.evaluate(() => (document.querySelector('qa-file-preview') as HTMLElement & { openFind(q?: string): void }).openFind('1.1.0'));
      await page.waitForFunction(() => !!document.querySelector('qa-file-preview')!.shadowRoot!.querySelector('[part~="find"][role="alert"] button'), WAIT);
      broken = false;
      await page.evaluate(() =>
        document.querySelector('qa-file-preview')!.shadowRoot!.querySelector<HTMLElement>('[part~="find"][role="alert"] button')!.click(),
      );
      await page.waitForFunction(() => {
        const root = document.querySelector('qa-file-preview')!.shadowRoot!;
        const input = root.querySelector<HTMLInputElement>('[part~="find"] input');
        return input?.value === '1.1.0' && root.activeElement === input && /\d+ of \d+/.test(root.querySelector('.find-status')?.textContent ?? '');
      }, WAIT);
    });
    assert.deepEqual(
      log.errors.filter((e) => e.startsWith('page error')),
      [],
    );
    const warnings = kitWarnings(log);
    assert.ok(warnings.length >= 1 && warnings.every((w) => /^qa-sources-kit: could not load find \(/.test(w)), warnings.join(' | '));
  });

  test('DOMPurify’s chunk missing: Markdown renders as before, as this browser sanitizes by itself', async () => {
    // DOMPurify's configuration keys; the renderer names one of them too (its configuration for DOMPurify).
    const renderer = filesContaining(app, /data-qa-estimate/);
    const purify = filesContaining(app, /SAFE_FOR_TEMPLATES/).filter((f) => !isWorker(f) && !renderer.includes(f));
    assert.equal(purify.length, 1, `one DOMPurify chunk: ${purify.join(', ')}`);
    const requested: string[] = [];
    const log = await withApp(
      app,
      {
        breaks: (f) => {
          requested.push(f);
          return f === purify[0] ? { status: 404 } : null;
        },
      },
      async (page) => {
        await panelShowsPayload(page);
        await markdownOpensRendered(page);
      },
    );
    assert.ok(!requested.includes(purify[0]!), 'DOMPurify’s chunk is never asked for');
    assert.deepEqual(
      log.errors.filter((e) => e.startsWith('page error')),
      [],
    );
    assert.deepEqual(kitWarnings(log), []);
  });

  test('the Markdown renderer chunk missing: the file opens in Raw with a notice', async () => {
    const renderer = filesContaining(app, /data-qa-estimate/).filter((f) => !isWorker(f));
    assert.equal(renderer.length, 1, `one renderer chunk: ${renderer.join(', ')}`);
    const log = await withApp(app, { breaks: (f) => (f === renderer[0] ? { status: 404 } : null) }, async (page) => {
      await panelShowsPayload(page);
      await openCard(page, 'retry-policy.md');
      await page.waitForFunction(() => {
        const root = document.querySelector('qa-file-preview')?.shadowRoot;
        return (root?.querySelector('[part~="raw"]')?.textContent ?? '').includes('# Retry policy') && !!root?.querySelector('[part~="notice"]');
      }, WAIT);
    });
    assert.deepEqual(
      log.errors.filter((e) => e.startsWith('page error')),
      [],
    );
  });
});

describe('sizes as an application ships them (gzip, from the production builds above)', () => {
  const KB = 1024;
  const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
  const check = async (app: AppName, entry: string, checkInitial: boolean) => {
    // @ts-expect-error a plain script module without type declarations
    const { BUDGET, LANGUAGE_EXCEPTIONS } = (await import('../../scripts/size-budget.mjs')) as {
      BUDGET: { initial: number; core: number; highlighter: number; language: number };
      LANGUAGE_EXCEPTIONS: Record<string, number>;
    };
    const initialBudget = checkInitial ? BUDGET.initial : null;
    const shipped = await shippedSizes(app, entry);
    const initial = shipped.initial.reduce((s, f) => s + f.gzip, 0);
    const rows = [`initial load (${shipped.initial.length} files)  ${kb(initial)}${initialBudget ? `  budget ${kb(initialBudget)}` : ''}`];
    for (const w of shipped.workers) rows.push(`worker ${path.basename(w.file)}  ${kb(w.gzip)}`);
    const largest = [...shipped.grammars].sort((a, b) => b.gzip - a.gzip);
    for (const g of largest.slice(0, 5)) rows.push(`grammar ${g.lang}  ${kb(g.gzip)}`);
    console.log(`# ${app}: ${shipped.grammars.length} grammar chunks\n# ${rows.join('\n# ')}`);
    if (initialBudget !== null) assert.ok(initial <= initialBudget, `${app}: the initial load is ${kb(initial)}, over ${kb(initialBudget)}`);
    assert.equal(shipped.workers.length, 2, 'both workers are in the build');
    for (const w of shipped.workers) {
      const budget = /highlight/.test(w.file) ? BUDGET.highlighter : BUDGET.core;
      assert.ok(w.gzip <= budget, `${w.file}: ${kb(w.gzip)} over ${kb(budget)}`);
    }
    assert.deepEqual(
      shipped.grammars.filter((g) => g.initial).map((g) => g.lang),
      [],
      'no grammar in the initial load',
    );
    assert.ok(shipped.grammars.length >= 60, `grammars come as lazy chunks (${shipped.grammars.length} files)`);
    for (const g of shipped.grammars) {
      const budget = Math.max(BUDGET.language, ...g.lang.split('+').map((l) => LANGUAGE_EXCEPTIONS[l] ?? 0));
      assert.ok(g.gzip <= budget, `grammar ${g.lang} (${g.file}): ${kb(g.gzip)} over ${kb(budget)}`);
    }
  };

  test('esbuild page (the kit and a few lines of wiring): initial load within budget, workers and grammars within budget', async () => {
    await check('esbuild', 'assets/main.js', true);
  });

  test('Rollup page (the kit and a few lines of wiring): initial load within budget, workers and grammars within budget', async () => {
    await check('rollup', 'assets/main.js', true);
  });

  test('React + Vite app: workers and grammar chunks within budget (the initial load is mostly React)', async () => {
    const html = readFileSync(path.join(appsDir, 'vite-react', 'dist', 'index.html'), 'utf8');
    const entry = /<script type="module" crossorigin src="\/([^"]+)"/.exec(html)?.[1];
    assert.ok(entry, 'the entry script in index.html');
    await check('vite-react', entry, false);
  });
});

test('the React component the README shows type-checks against the installed package (strict TypeScript)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'qa-example-types-'));
  try {
    const config = {
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'bundler',
        jsx: 'react-jsx',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        types: [],
        allowImportingTsExtensions: true,
        allowJs: true,
      },
      files: [path.join(appsDir, 'shared', 'AnswerSources.tsx')],
    };
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(config));
    const r = spawnSync(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', path.join(dir, 'tsconfig.json')], {
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
