/** Helpers of the strict pages (they run inside the strict frame). */

/** One recorded policy violation. */
export interface Violation {
  directive: string;
  blocked: string;
  sample: string;
  source: string;
  line: number;
  disposition: string;
}

/** What `first.js` records. */
export interface SecurityLog {
  violations: Violation[];
  errors: string[];
  rejections: string[];
  /** Trusted Types policies created, in order. */
  policies: string[];
  /** Trusted Types policies the page refused. */
  refusedPolicies: string[];
  /** The rule names (`createHTML`, `createScriptURL`, …) each policy was created with. */
  policyRules: Record<string, string[]>;
  /** Calls of those rules: which policy, which rule, and whether the input held `UNTRUSTED_MARKER`. */
  policyCalls: Array<{ policy: string; kind: string; length: number; marker: boolean; head: string }>;
}

/** Put this into untrusted test input: the first script notes every policy call whose input holds it. */
export const UNTRUSTED_MARKER = 'QA-UNTRUSTED';

/** The page's security log (fails loudly when the first script did not run). */
export function security(): SecurityLog {
  const log = (window as unknown as { __qaSecurity?: SecurityLog }).__qaSecurity;
  if (!log) throw new Error('the first script of the strict page did not run');
  return log;
}

/** Polls `check` every 20 ms until it holds or `ms` pass; resolves with the last answer. */
export async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = performance.now() + ms;
  for (;;) {
    if (check()) return true;
    if (performance.now() > end) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits for the pending updates of the given Lit elements (a few rounds: updates cause updates). */
export async function settleElements(elements: () => Element[]): Promise<void> {
  for (let round = 0; round < 3; round++) {
    await Promise.all(elements().map((el) => (el as unknown as { updateComplete?: Promise<unknown> }).updateComplete));
  }
  await new Promise((r) => setTimeout(r, 0));
}
