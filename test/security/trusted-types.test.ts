/**
 * Untrusted HTML reaches the DOM only as sanitized fragments. On a page that
 * enforces Trusted Types and allows exactly the `qa-sources-kit`,
 * `lit-html` and `dompurify` policies, the three elements render untrusted
 * payloads, a hostile document and code, once with the browser's own
 * sanitizer and once with DOMPurify: no other policy is created, no default
 * policy is needed, untrusted text never goes through Lit's policy (which
 * would mean a string laundered into HTML), only through DOMPurify's when
 * DOMPurify sanitizes (the browser's `setHTML` takes text), and the kit's
 * own policy creates worker URLs only.
 */
import { expect } from 'chai';
import { KIT_POLICY_NAMES, STRICT_CSP } from './policy.js';
import { openStrictPage } from './strict-frame.js';
import type { TrustedTypesReport } from './pages/trusted-types.js';

for (const engine of ['native', 'dompurify'] as const) {
  describe(`Trusted Types: only the kit’s, Lit’s and DOMPurify’s policies (sanitizer: ${engine})`, function () {
    let r: TrustedTypesReport;
    let policy: string;

    before(async function () {
      sessionStorage.setItem('qa-sources-kit:preview-mode:md', 'raw');
      const page = await openStrictPage<Promise<TrustedTypesReport>>('trusted-types', 'qaTrustedTypes', { query: `?engine=${engine}` });
      policy = page.policy;
      try {
        r = await page.api;
      } finally {
        page.remove();
      }
    });

    it('sanitized with the engine asked for (this Chromium has the HTML Sanitizer API)', () => {
      expect(r.engine).to.equal(engine);
    });

    it('the page enforces Trusted Types: a string sink throws, another policy name is refused', () => {
      expect(policy).to.equal(STRICT_CSP);
      expect(r.stringSinkThrows).to.equal(true);
      expect(r.otherPolicyThrows).to.equal(true);
    });

    it('renders everything without a violation, an error or a default policy', () => {
      expect(r.violations).to.deep.equal([]);
      expect(r.errors).to.deep.equal([]);
      expect(r.rejections).to.deep.equal([]);
      expect(r.defaultPolicy).to.equal(false);
      expect(r.pwned).to.equal(false);
      expect(r.markdownRendered, 'the document rendered').to.equal(true);
      expect(r.rawColoured, 'the code was coloured').to.equal(true);
      expect(r.shownMarkers, 'untrusted text is shown').to.be.at.least(5);
    });

    it('creates only the documented policies, once each (DOMPurify’s only when DOMPurify sanitizes)', () => {
      const expected = engine === 'dompurify' ? [...KIT_POLICY_NAMES] : KIT_POLICY_NAMES.filter((n) => n !== 'dompurify');
      expect([...r.policies].sort()).to.deep.equal(expected.sort());
      expect(r.refusedPolicies).to.deep.equal([]);
    });

    it('the kit’s own policy can only make script URLs (for its workers)', () => {
      expect(r.policyRules['qa-sources-kit']).to.deep.equal(['createScriptURL']);
      expect(r.calls.filter((c) => c.startsWith('qa-sources-kit.'))).to.not.be.empty;
    });

    it('untrusted text never passes through Lit’s policy: through DOMPurify’s, or through none (the browser’s sanitizer takes text)', () => {
      if (engine === 'dompurify') expect(r.markedCalls).to.include('dompurify.createHTML');
      expect(r.markedCalls.filter((c) => !c.startsWith('dompurify.'))).to.deep.equal([]);
    });
  });
}
