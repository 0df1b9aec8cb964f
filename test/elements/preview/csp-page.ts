/**
 * Runs inside a strict-CSP, Trusted-Types-enforcing frame (see
 * strict-csp.test.ts): opens a code file in Raw and a Markdown file in
 * Rendered and reports what it saw, including every CSP violation.
 */
import '../../../src/index.js';
import { configureWorkers } from '../../../src/render/workers.js';
import { createMemoryHost } from '../../../src/host/memory.js';
import { highlightElement, highlighterUsesWorker } from '../../../src/render/highlight/index.js';
import { sampleWorkspace } from '../../../stories/fixtures/preview-files.js';

interface Report {
  violations: string[];
  worker: boolean;
  rawColoured: boolean;
  rawSpanStyles: number;
  keywordColour: string;
  plainColour: string;
  markdownHeading: string;
  fenceColoured: boolean;
  errors: string[];
}

// Like the test page (web-test-runner.config.mjs): a crowded machine can take longer than the kit's
// 5 s to start a worker, and this page checks that the worker runs, not the fallback.
configureWorkers({ startTimeout: 60_000 });

const violations: string[] = [];
const errors: string[] = [];
document.addEventListener('securitypolicyviolation', (e) =>
  violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber} ${e.sample}`),
);
window.addEventListener('error', (e) => errors.push(String(e.message)));

async function until<T>(check: () => T | null | undefined | false, timeout = 45_000): Promise<T | null> {
  const start = performance.now();
  while (performance.now() - start < timeout) {
    const v = check();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
  return null;
}

async function run(): Promise<Report> {
  const host = createMemoryHost(sampleWorkspace());
  const raw = document.createElement('qa-file-preview');
  raw.host = host;
  raw.path = 'src/net/retry.ts';
  raw.ranges = [{ lineStart: 46, lineEnd: 62 }];
  document.body.append(raw);
  const row = await until(() => {
    const r = raw.shadowRoot?.querySelector('.ln[data-n="49"]');
    return r?.querySelector('span') ? r : null;
  });
  const keyword = row ? [...row.querySelectorAll('span')].find((s) => s.textContent === 'export') : undefined;

  const md = document.createElement('qa-file-preview');
  md.host = host;
  md.path = 'docs/retry-policy.md';
  md.mode = 'rendered';
  const rendered = new Promise((resolve) => md.addEventListener('qa-rendered', resolve, { once: true }));
  document.body.append(md);
  await rendered;
  const heading = md.shadowRoot!.querySelector('[part="markdown"] h1');
  // Fenced code as the Markdown renderer hands it over (it calls this when the code scrolls into view).
  const holder = document.createElement('div');
  document.body.append(holder);
  const code = document.createElement('code');
  code.textContent = 'const answer: number = 42; // fenced';
  holder.attachShadow({ mode: 'open' }).append(code);
  await highlightElement(code, 'ts');
  const fenceColoured = !!code.querySelector('span[class^="qa-tk-"]') && code.textContent === 'const answer: number = 42; // fenced';

  return {
    violations,
    worker: highlighterUsesWorker(),
    rawColoured: !!keyword,
    rawSpanStyles: raw.shadowRoot!.querySelectorAll('.ln span[style]').length,
    keywordColour: keyword ? getComputedStyle(keyword).color : '',
    plainColour: row ? getComputedStyle(row).color : '',
    markdownHeading: heading?.textContent ?? '',
    fenceColoured,
    errors,
  };
}

(window as unknown as { qaReport: Promise<Report> }).qaReport = run();
