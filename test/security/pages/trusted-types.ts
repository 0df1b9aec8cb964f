/**
 * Strict page (`/__qa/csp/trusted-types.html`): Trusted Types enforced, only
 * the kit's, Lit's and DOMPurify's policies allowed. `?engine=dompurify`
 * makes the sanitizer use DOMPurify where the browser's own would do the
 * work (see src/render/sanitize.ts). Renders the three
 * elements over untrusted input that carries `UNTRUSTED_MARKER` (payload
 * strings, a hostile Markdown document, a code file) and reports which
 * policies were created, what passed through them, and whether the page
 * really enforces Trusted Types.
 */
import '../../../src/index.js';
import { forceSanitizerEngine, sanitizerEngine } from '../../../src/render/sanitize.js';
import { createMemoryHost } from '../../../src/host/memory.js';
import { hostileMarkdown } from '../../../stories/fixtures/preview-files.js';
import { hostilePayload } from '../../../stories/fixtures/payloads.js';
import { security, settleElements, until, UNTRUSTED_MARKER as M } from './shared.js';

/** What the page reports. */
export interface TrustedTypesReport {
  /** The engine that sanitized the document. */
  engine: 'native' | 'dompurify';
  policies: string[];
  refusedPolicies: string[];
  policyRules: Record<string, string[]>;
  /** Rule calls whose input held the marker, as `policy.rule`. */
  markedCalls: string[];
  /** Every rule call, as `policy.rule`. */
  calls: string[];
  defaultPolicy: boolean;
  violations: string[];
  errors: string[];
  rejections: string[];
  /** The markers the page shows (as text). */
  shownMarkers: number;
  /** Did the worker and the DOMPurify path really run? */
  rawColoured: boolean;
  markdownRendered: boolean;
  /** Enforcement probes, run last: each must throw. */
  stringSinkThrows: boolean;
  otherPolicyThrows: boolean;
  pwned: boolean;
}

const payload = {
  ...hostilePayload,
  sources: [
    ...hostilePayload.sources,
    {
      id: `web:https://example.com/${M}`,
      kind: 'web',
      title: `<b onmouseover="window.__qaPwned=1">${M} title</b>`,
      uri: `https://example.com/${M}`,
      locations: [],
      evidence: 'fetched',
      origins: [],
      score: 90,
    },
    {
      id: `file:docs/${M}.md`,
      kind: 'file',
      title: `${M}.md`,
      path: `docs/${M}.md`,
      locations: [{ lineStart: 1, lineEnd: 3 }],
      evidence: 'read',
      origins: [],
      score: 90,
    },
  ],
};

const files = {
  'docs/untrusted.md': `${hostileMarkdown}\n\n## ${M} heading\n\n<p title="${M}">${M} <b>bold</b></p>\n\n\`\`\`ts\nconst marker = '${M}';\n\`\`\`\n`,
  'src/untrusted.ts': `// ${M}\nexport const marker: string = '${M}';\nexport function f(n: number): number {\n  return n * 2;\n}\n`,
};

function deepText(root: ParentNode): string {
  let text = '';
  for (const el of root.querySelectorAll('*')) if (el.shadowRoot) text += deepText(el.shadowRoot) + (el.shadowRoot.textContent ?? '');
  return text;
}

async function run(): Promise<TrustedTypesReport> {
  const log = security();
  if (new URLSearchParams(location.search).get('engine') === 'dompurify') forceSanitizerEngine('dompurify');
  const host = createMemoryHost(files);
  const panel = document.createElement('qa-sources-panel');
  panel.sources = payload;
  const footer = document.createElement('qa-source-footer');
  footer.sources = payload;
  footer.expanded = true;
  const md = document.createElement('qa-file-preview');
  md.host = host;
  md.path = 'docs/untrusted.md';
  md.mode = 'rendered';
  const raw = document.createElement('qa-file-preview');
  raw.host = host;
  raw.path = 'src/untrusted.ts';
  raw.mode = 'raw';
  for (const el of [md, raw]) el.style.setProperty('block-size', '400px');
  const rendered = new Set<EventTarget>();
  document.addEventListener('qa-rendered', (e) => rendered.add(e.target!));
  document.body.append(panel, footer, md, raw);
  await settleElements(() => [panel, footer, md, raw]);
  await until(() => rendered.has(md) && rendered.has(raw), 15_000);
  const rawColoured = await until(() => !!raw.shadowRoot?.querySelector('.ln span[class^="qa-tk-"]'), 10_000);
  await new Promise((r) => setTimeout(r, 200));

  const text = deepText(document.body);
  const report: TrustedTypesReport = {
    engine: sanitizerEngine(),
    policies: [...log.policies],
    refusedPolicies: [...log.refusedPolicies],
    policyRules: log.policyRules,
    markedCalls: log.policyCalls.filter((c) => c.marker).map((c) => `${c.policy}.${c.kind}`),
    calls: log.policyCalls.map((c) => `${c.policy}.${c.kind}`),
    defaultPolicy: !!(window as unknown as { trustedTypes: { defaultPolicy: unknown } }).trustedTypes.defaultPolicy,
    violations: log.violations.map((v) => `${v.directive} ${v.blocked} ${v.sample}`),
    errors: [...log.errors],
    rejections: [...log.rejections],
    shownMarkers: text.split(M).length - 1,
    rawColoured,
    markdownRendered: !!md.shadowRoot?.querySelector('[part="markdown"] h2'),
    stringSinkThrows: false,
    otherPolicyThrows: false,
    pwned: (window as { __qaPwned?: unknown }).__qaPwned !== undefined,
  };
  // Probes, after the report's log was read: each one files a violation of its own.
  try {
    document.createElement('div').innerHTML = '<b>x</b>';
  } catch (e) {
    report.stringSinkThrows = e instanceof TypeError;
  }
  try {
    (window as unknown as { trustedTypes: { createPolicy(n: string, r: object): unknown } }).trustedTypes.createPolicy('qa-other', {
      createHTML: (s: string) => s,
    });
  } catch (e) {
    report.otherPolicyThrows = e instanceof TypeError;
  }
  return report;
}

(window as unknown as { qaTrustedTypes: Promise<TrustedTypesReport> }).qaTrustedTypes = run();
