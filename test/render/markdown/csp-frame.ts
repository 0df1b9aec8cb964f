/**
 * Runs inside a frame that enforces a strict CSP with Trusted Types (see
 * csp.test.ts): renders a document and reports back to the parent.
 */
import { markdownStyles, renderMarkdown } from '../../../src/render/markdown/index.js';
import { lastStreamUsedWorker, setWorkerParsing } from '../../../src/render/markdown/chunks.js';
import { configureWorkers } from '../../../src/render/workers.js';

// Like the test page (web-test-runner.config.mjs): a crowded machine can take longer than the kit's
// 5 s to start a worker, and this frame reports whether the worker parsed.
configureWorkers({ startTimeout: 60_000 });

const violations: string[] = [];
document.addEventListener('securitypolicyviolation', (e) => violations.push(`${e.violatedDirective}: ${e.blockedURI} ${e.sample}`));

async function run(): Promise<void> {
  const host = document.createElement('div');
  const root = host.attachShadow({ mode: 'open' });
  root.adoptedStyleSheets = [markdownStyles.styleSheet!];
  const container = document.createElement('div');
  root.append(container);
  document.body.append(host);
  const params = new URLSearchParams(location.hash.slice(1));
  const source = params.get('doc') ?? '';
  if (params.get('worker') === 'always') setWorkerParsing('always');
  try {
    const result = await renderMarkdown(container, source, { path: 'docs/a.md', idPrefix: 'f-' });
    await new Promise((r) => setTimeout(r, 100));
    parent.postMessage(
      {
        type: 'qa-csp-result',
        ok: true,
        blocks: result.blocks,
        usedWorker: lastStreamUsedWorker,
        text: container.textContent,
        html: container.innerHTML,
        violations,
        pwned: (window as { __qaPwned?: unknown }).__qaPwned ?? null,
      },
      '*',
    );
  } catch (error) {
    parent.postMessage({ type: 'qa-csp-result', ok: false, error: String(error), violations }, '*');
  }
}

void run();
