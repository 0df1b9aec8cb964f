/**
 * The strict page policy of the security tests (shared by the test server,
 * which sends it, and the tests, which check they got it). It is the policy
 * the README recommends to hosts.
 */

/** Trusted Types policy names a page must allow for the kit: its own, Lit's and DOMPurify's. */
export const KIT_POLICY_NAMES = ['qa-sources-kit', 'lit-html', 'dompurify'] as const;

/** `Content-Security-Policy` of every strict page. */
export const STRICT_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "require-trusted-types-for 'script'",
  `trusted-types ${KIT_POLICY_NAMES.join(' ')}`,
].join('; ');
