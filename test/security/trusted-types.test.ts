/**
 * Untrusted HTML reaches the DOM only as DOMPurify fragments. On a page that
 * enforces Trusted Types and allows exactly the `qa-sources-kit`,
 * `lit-html` and `dompurify` policies, the three elements render untrusted
 * payloads, a hostile document and code: no other policy is created, no
 * default policy is needed, untrusted text goes through DOMPurify's policy
 * only (never Lit's, which would mean a string laundered into HTML), and the
 * kit's own policy creates worker URLs only.
 */
import { expect } from 'chai';
import { KIT_POLICY_NAMES, STRICT_CSP } from './policy.js';
import { openStrictPage } from './strict-frame.js';
import type { TrustedTypesReport } from './pages/trusted-types.js';

describe('Trusted Types: only the kit’s, Lit’s and DOMPurify’s policies', function () {
  let r: TrustedTypesReport;
  let policy: string;

  before(async function () {
    sessionStorage.setItem('qa-sources-kit:preview-mode:md', 'raw');
    const page = await openStrictPage<Promise<TrustedTypesReport>>('trusted-types', 'qaTrustedTypes');
    policy = page.policy;
    try {
      r = await page.api;
    } finally {
      page.remove();
    }
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

  it('creates exactly the three documented policies, once each', () => {
    expect([...r.policies].sort()).to.deep.equal([...KIT_POLICY_NAMES].sort());
    expect(r.refusedPolicies).to.deep.equal([]);
  });

  it('the kit’s own policy can only make script URLs (for its workers)', () => {
    expect(r.policyRules['qa-sources-kit']).to.deep.equal(['createScriptURL']);
    expect(r.calls.filter((c) => c.startsWith('qa-sources-kit.'))).to.not.be.empty;
  });

  it('untrusted text passes through DOMPurify’s policy only, never Lit’s', () => {
    expect(r.markedCalls).to.include('dompurify.createHTML');
    expect(r.markedCalls.filter((c) => !c.startsWith('dompurify.'))).to.deep.equal([]);
  });
});
