/**
 * The preview under a strict page policy: `style-src 'self'` (no inline
 * styles), no `unsafe-inline`/`unsafe-eval`, Trusted Types enforced with only
 * the kit's, Lit's and DOMPurify's policies allowed. Colours still show (token
 * classes from a constructable sheet), the worker starts through the kit's
 * policy, and nothing is reported as a violation. Without `worker-src` the
 * highlighter falls back to the main thread.
 */
import { expect } from 'chai';

const BASE_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; require-trusted-types-for 'script'; trusted-types qa-sources-kit lit-html dompurify";

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

async function inStrictFrame(policy: string): Promise<Report> {
  const frame = document.createElement('iframe');
  // In view of the test page: lazy highlighting waits for code to be visible.
  frame.style.cssText = 'position: fixed; inset: 0 auto auto 0; width: 800px; height: 600px; border: 0;';
  // A same-origin blob document (its location has this page's origin, unlike about:srcdoc).
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${policy}"></head><body><script type="module" src="${location.origin}/test/elements/preview/csp-page.ts"></script></body></html>`;
  const url = URL.createObjectURL(new Blob([page], { type: 'text/html' }));
  frame.src = url;
  document.body.append(frame);
  try {
    const start = performance.now();
    const win = () => frame.contentWindow as unknown as { qaReport?: Promise<Report> };
    while (!win().qaReport) {
      if (performance.now() - start > 150_000) throw new Error('the strict page did not start');
      await new Promise((r) => setTimeout(r, 20));
    }
    return await win().qaReport!;
  } finally {
    frame.remove();
    URL.revokeObjectURL(url);
  }
}

describe('<qa-file-preview> under a strict CSP with Trusted Types', function () {
  it('renders, colours through classes and starts its worker without a single violation', async () => {
    const r = await inStrictFrame(`${BASE_POLICY}; worker-src 'self'`);
    expect(r.errors).to.deep.equal([]);
    expect(r.violations).to.deep.equal([]);
    expect(r.worker).to.equal(true);
    expect(r.rawColoured).to.equal(true);
    expect(r.rawSpanStyles).to.equal(0);
    expect(r.keywordColour).to.not.equal(r.plainColour);
    expect(r.markdownHeading).to.contain('Retry policy');
    expect(r.fenceColoured).to.equal(true);
  });

  it('falls back to the main thread when the page allows no workers', async () => {
    const r = await inStrictFrame(`${BASE_POLICY}; worker-src 'none'`);
    expect(r.worker).to.equal(false);
    expect(r.rawColoured).to.equal(true);
    expect(r.keywordColour).to.not.equal(r.plainColour);
    expect(
      r.violations.every((v) => v.startsWith('worker-src')),
      r.violations.join('; '),
    ).to.equal(true);
  });
});
