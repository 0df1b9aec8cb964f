import { expect } from 'chai';
import { syntheticMarkdown } from './fixture.js';

interface FrameResult {
  ok: boolean;
  error?: string;
  blocks?: number;
  usedWorker?: boolean;
  text?: string;
  html?: string;
  violations: string[];
  pwned?: unknown;
}

const POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "worker-src 'self'",
  "require-trusted-types-for 'script'",
  'trusted-types qa-sources-kit dompurify lit-html',
].join('; ');

/** `worker`: how the frame sets worker parsing (`setWorkerParsing`), default: left alone. */
function renderInStrictFrame(doc: string, policy = POLICY, worker?: 'always'): Promise<FrameResult> {
  return new Promise((resolve, reject) => {
    const frame = document.createElement('iframe');
    const timer = setTimeout(() => reject(new Error('the frame did not answer')), 150_000);
    const onMessage = (e: MessageEvent) => {
      if (e.source !== frame.contentWindow || e.data?.type !== 'qa-csp-result') return;
      clearTimeout(timer);
      removeEventListener('message', onMessage);
      frame.remove();
      resolve(e.data as FrameResult);
    };
    addEventListener('message', onMessage);
    const page = `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${policy}"></head><body><script type="module" src="${location.origin}/test/render/markdown/csp-frame.ts"></script></body></html>`;
    const url = URL.createObjectURL(new Blob([page], { type: 'text/html' }));
    frame.src = `${url}#${new URLSearchParams({ doc, ...(worker ? { worker } : {}) })}`;
    document.body.append(frame);
  });
}

describe('Markdown rendering: strict CSP and Trusted Types', function () {
  it('renders a hostile document with workers, no inline styles and no policy violations', async () => {
    const doc = `# Title\n\n<img src=x onerror="window.__qaPwned=1"> <p style="color:red">styled</p>\n\n[x](javascript:alert(1))\n\n\`\`\`ts\nconst a = 1;\n\`\`\`\n\n${syntheticMarkdown(450_000)}`;
    const r = await renderInStrictFrame(doc);
    expect(r.error ?? null).to.equal(null);
    expect(r.ok).to.equal(true);
    expect(r.pwned).to.equal(null);
    expect(r.usedWorker).to.equal(true);
    expect(r.blocks).to.be.greaterThan(100);
    expect(r.text).to.contain('styled');
    expect(r.html).not.to.contain('onerror');
    expect(r.html).not.to.contain('style=');
    // Chromium reports inline handlers and styles in markup it parses (DOMPurify's inert document) even
    // though nothing runs or applies; anything else (workers, Trusted Types sinks, style sheets) must be clean.
    expect(r.violations.filter((v) => !/^(script|style)-src-attr: inline/.test(v))).to.deep.equal([]);
  });

  for (const worker of [undefined, 'always'] as const) {
    it(`renders a small document ${worker ? 'in the worker when asked to' : 'on the main thread by default'}, emoji table loaded there on demand`, async () => {
      const r = await renderInStrictFrame('# Small\n\n<b onclick="x()">bold</b> :tada:', POLICY, worker);
      expect(r.ok).to.equal(true);
      expect(r.usedWorker).to.equal(worker === 'always');
      expect(r.text).to.contain('bold 🎉');
      expect(r.html).not.to.contain('onclick');
      expect(r.violations.filter((v) => !/^(script|style)-src-attr: inline/.test(v))).to.deep.equal([]);
    });
  }

  it('renders on the main thread when the page forbids workers', async () => {
    const noWorkers = POLICY.replace("worker-src 'self'", "worker-src 'none'");
    const r = await renderInStrictFrame(`# Small\n\n<b onclick="x()">bold</b> :tada:\n\n${syntheticMarkdown(250_000)}`, noWorkers);
    expect(r.ok).to.equal(true);
    expect(r.usedWorker).to.equal(false);
    expect(r.text).to.contain('bold 🎉');
    expect(r.blocks).to.be.greaterThan(100);
    expect(r.html).not.to.contain('onclick');
    expect(r.html).not.to.contain('data-qa-provisional');
    const expected = (v: string) => /^(script|style)-src-attr: inline/.test(v) || /^worker-src/.test(v);
    expect(r.violations.filter((v) => !expected(v))).to.deep.equal([]);
  });
});
