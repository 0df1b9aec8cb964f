/**
 * The kit's one Trusted Types policy, `qa-sources-kit`. It creates script
 * URLs for the kit's own Web Workers only (same origin, or the exact module
 * URLs the bundler emitted) and never creates HTML: untrusted HTML only ever
 * reaches the DOM as DOMPurify's sanitized fragments.
 *
 * Pages that enforce Trusted Types must allow the policy names
 * `qa-sources-kit`, `lit-html` (Lit's templates) and `dompurify` (DOMPurify's
 * parser input).
 */
export const TRUSTED_TYPES_POLICY = 'qa-sources-kit';

interface ScriptUrlPolicy {
  createScriptURL(url: string): unknown;
}

let policy: ScriptUrlPolicy | null | undefined;

function getPolicy(): ScriptUrlPolicy | null {
  if (policy !== undefined) return policy;
  const tt = (globalThis as { trustedTypes?: { createPolicy(name: string, rules: object): ScriptUrlPolicy } }).trustedTypes;
  if (!tt) return (policy = null);
  try {
    policy = tt.createPolicy(TRUSTED_TYPES_POLICY, {
      createScriptURL(url: string) {
        const u = new URL(url, location.href);
        if (u.origin !== location.origin && u.protocol !== 'blob:') throw new TypeError('qa-sources-kit: refusing a cross-origin worker URL');
        return u.href;
      },
    });
  } catch {
    // The page's CSP does not allow this policy name: workers fall back to the main thread.
    policy = null;
  }
  return policy;
}

/**
 * A script URL for one of the kit's own workers: a `TrustedScriptURL` from
 * the kit's policy when Trusted Types are on, else the URL itself. Throws
 * when the page enforces Trusted Types without allowing the policy.
 */
export function workerScriptUrl(href: string): string {
  const tt = getPolicy();
  return tt ? (tt.createScriptURL(href) as string) : href;
}
