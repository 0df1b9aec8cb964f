import { html, type TemplateResult } from 'lit';
import { cssProps } from './css-props.js';
import { createMemoryHost, type QaMemoryHostOptions } from '../src/host/memory.js';
import type { QaSourcesHost } from '../src/host/types.js';
import type { QaLineRange } from '../src/model/display.js';
import type { QaPreviewMode } from '../src/events.js';
import type { Story, StoryContext, StoryGroup } from './types.js';
import { corpusFiles, generatedCode, sampleWorkspace } from './fixtures/preview-files.js';
import { findPart } from '../src/elements/file-preview/lazy-parts.js';

/** How a story opens the preview. */
interface PreviewArgs {
  path: string;
  ranges?: QaLineRange[];
  mode?: QaPreviewMode;
  host?: QaSourcesHost;
  hostOptions?: QaMemoryHostOptions;
  maxBytes?: number;
  maxMarkdownRenderBytes?: number;
  height?: number;
  /** Opens the find bar with this query once the file is shown. */
  find?: string;
  /** Goes to this line once the file is shown. */
  goTo?: number;
  /** Wrap long lines in Raw. */
  wrap?: boolean;
  /** Opens the `?` popover of keys once the file is shown. */
  keysHelp?: boolean;
  /** Find's chunk fails to load once, as on a deployment that lacks it: `find` then shows its notice, and Retry loads it. */
  findUnavailable?: boolean;
}

/** The next load of find's chunk fails, as when the file is missing from a deployment; later loads are real. */
function failFindOnce(): void {
  const { load, loaded } = findPart;
  findPart.loaded = () => null;
  findPart.load = () => {
    findPart.load = load;
    findPart.loaded = loaded;
    return Promise.reject(new Error('find-bar.js: 404 (simulated by the story)'));
  };
}

/** Once the file is shown: the find bar with `args.find`, or go to `args.goTo`. */
function afterRendered(args: PreviewArgs): { handleEvent(e: Event): void; once: true } | null {
  if (args.find === undefined && args.goTo === undefined && !args.keysHelp) return null;
  return {
    once: true,
    handleEvent: (e: Event) => {
      const el = e.currentTarget as HTMLElement & { openFind(q?: string): void; goToLine(n: number): void; showKeys(open: boolean): void };
      if (args.keysHelp) el.showKeys(true);
      if (args.goTo !== undefined) el.goToLine(args.goTo);
      if (args.findUnavailable) failFindOnce();
      if (args.find !== undefined) el.openFind(args.find);
    },
  };
}

const frame = (height: number) =>
  cssProps({ blockSize: `${height}px`, border: '1px solid var(--g-border, #e1e5ea)', borderRadius: '10px', overflow: 'hidden' });

/** The preview as a host page shows it: a fixed-height pane. Tests render the same template. */
export function renderPreview(args: PreviewArgs, ctx: StoryContext): TemplateResult {
  const host = args.host ?? createMemoryHost(sampleWorkspace(), args.hostOptions);
  return html`<div style=${frame(args.height ?? 560)}>
    <qa-file-preview
      .host=${host}
      session-id="story"
      .path=${args.path}
      .ranges=${args.ranges ?? []}
      .mode=${args.mode}
      .wrap=${args.wrap}
      .maxBytes=${args.maxBytes ?? 2_000_000}
      .maxMarkdownRenderBytes=${args.maxMarkdownRenderBytes ?? 1_000_000}
      .locale=${ctx.locale}
      @qa-rendered=${afterRendered(args)}
    ></qa-file-preview>
  </div>`;
}

function story(id: string, name: string, args: PreviewArgs | (() => PreviewArgs)): Story {
  return { id, name, render: (ctx) => renderPreview(typeof args === 'function' ? args() : args, ctx) };
}

let bigFile: string | null = null;
/** 50,000 lines of TypeScript, generated once. */
export function bigCode(): string {
  bigFile ??= generatedCode(50_000);
  return bigFile;
}

/**
 * Code that reads one way and runs another (Trojan Source, CVE-2021-42574):
 * direction overrides and isolates inside a comment and a string make an
 * editor show the admin check as commented out while it runs, and a comment
 * as if it closed the string.
 */
export const trojanSourceFile = [
  '// Who may open the admin console.',
  'export function canOpenConsole(user) {',
  '  let allowed = false;',
  '  /*\u202E } \u2066if (user.isAdmin)\u2069 \u2066 only admins below */',
  '    allowed = true;',
  '  /* only admins above \u202E { \u2066*/',
  '  const role = "guest\u202E \u2066// keep the role as sent\u2069 \u2066";',
  '  const label = "\u05D0\u05D3\u05DE\u05D9\u05DF\u200F";',
  '  return allowed || role === "admin";',
  '}',
  '',
].join('\n');

/** Code with invisible characters that hide a difference, and emoji whose joiners and flag tags draw something. */
export const invisibleCharsFile = [
  '// Who may open the admin console.',
  'const ADMIN = "admin";',
  'const ADMIN\u200B = "guest"; // a second constant, named like the first',
  'export const canOpen = (role) => role === ADMIN\u200B;',
  '\uFEFFconst note = "soft\u00ADhyphen, word\u2060joiner, filler\u3164";',
  'const tagged = "ok\u{E0041}\u{E0042}";',
  'const team = "\u{1F468}\u200D\u{1F469}\u200D\u{1F467} \u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}";',
  '',
].join('\n');

/** Markdown built to be expensive: 300 unclosed formatting elements the HTML parser would rebuild in each of 300 paragraphs. */
export const tooComplexMarkdown = `# Release notes\n\n<p>${Array.from({ length: 300 }, (_, i) => `<b id=${i}>`).join('')}</p>${'<p>x</p>'.repeat(300)}\n`;

let hugeFile: string | null = null;
function hugeCode(): string {
  hugeFile ??= generatedCode(60_000);
  return hugeFile;
}

const corpusStories: Story[] = corpusFiles.map((name) =>
  story(`corpus-${name.replace(/\.md$/, '')}`, `Corpus: ${name}`, { path: `corpus/${name}`, ranges: [{ lineStart: 12, lineEnd: 24 }] }),
);

/** Stories of <qa-file-preview>. */
export const previewStories: StoryGroup = {
  id: 'preview',
  title: 'File preview',
  element: 'qa-file-preview',
  stories: [
    story('markdown-rendered', 'Markdown, rendered with a range', { path: 'docs/retry-policy.md', ranges: [{ lineStart: 27, lineEnd: 36 }] }),
    { ...story('markdown-hostile', 'Markdown, hostile document (markup, URLs, spoofed links, bidi)', { path: 'docs/hostile.md' }), hostile: true },
    story('markdown-raw-ranges', 'Markdown, raw with ranges', {
      path: 'docs/retry-policy.md',
      mode: 'raw',
      ranges: [
        { lineStart: 14, lineEnd: 21 },
        { lineStart: 31, lineEnd: 35 },
      ],
    }),
    story('code-raw', 'Code with a referenced range', { path: 'src/net/retry.ts', ranges: [{ lineStart: 46, lineEnd: 62 }] }),
    story('navigator-three-ranges', 'Navigator: three ranges (F8 / Shift+F8)', {
      path: 'src/net/retry.ts',
      ranges: [
        { lineStart: 3, lineEnd: 6 },
        { lineStart: 29, lineEnd: 33 },
        { lineStart: 46, lineEnd: 62 },
      ],
    }),
    story('navigator-rendered', 'Navigator in Rendered: three ranges', {
      path: 'docs/retry-policy.md',
      ranges: [
        { lineStart: 5, lineEnd: 8 },
        { lineStart: 14, lineEnd: 21 },
        { lineStart: 27, lineEnd: 36 },
      ],
    }),
    story('selection', 'Lines selected by their numbers (open at #L10-L14 or click a number)', {
      path: 'src/net/retry.ts',
      ranges: [{ lineStart: 29, lineEnd: 33 }],
    }),
    story('code-plain', 'Code without ranges', { path: 'scripts/latency_report.py' }),
    story('long-path', 'Long path (elided breadcrumb)', {
      path: 'services/billing/internal/adapters/payments/providers/stripe/webhooks/handlers/refund-succeeded.ts',
      ranges: [{ lineStart: 20, lineEnd: 20 }],
    }),
    story('loading', 'Loading', { path: 'src/net/retry.ts', hostOptions: { latencyMs: 3_600_000 } }),
    story('too-large', 'Too large (2.2 MB)', () => ({ path: 'generated/huge.ts', host: createMemoryHost({ 'generated/huge.ts': hugeCode() }) })),
    story('render-limit', 'Markdown over the render limit', {
      path: 'corpus/changelog-long-jest.md',
      maxMarkdownRenderBytes: 100_000,
      ranges: [{ lineStart: 40, lineEnd: 52 }],
    }),
    story('partial', 'Partial content', { path: 'docs/retry-policy.md', hostOptions: { maxBytes: 900 } }),
    story('binary', 'Binary content', () => ({
      path: 'assets/logo.png',
      host: createMemoryHost({ 'assets/logo.png': '\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR' }),
    })),
    story('error', 'Error', { path: 'docs/moved.md', hostOptions: { fail: { 'docs/moved.md': 'not-found' } } }),
    story('timeout', 'Timeout', { path: 'docs/slow.md', hostOptions: { fail: { 'docs/slow.md': 'timeout' } } }),
    story('empty', 'Empty file', { path: 'empty.txt' }),
    story('big-code', '50,000 lines, range at 40,000', () => ({
      path: 'generated/steps.ts',
      host: createMemoryHost({ 'generated/steps.ts': bigCode() }),
      ranges: [{ lineStart: 40_000, lineEnd: 40_020 }],
    })),
    story('long-line', 'A 20,000-character line', { path: 'data/long-line.json', ranges: [{ lineStart: 3, lineEnd: 3 }] }),
    story('wrap-long-line', 'Wrap lines: the 20,000-character line (Alt+Z)', {
      path: 'data/long-line.json',
      ranges: [{ lineStart: 3, lineEnd: 3 }],
      wrap: true,
    }),
    story('wrap-code', 'Wrap lines: code with a range', { path: 'src/net/retry.ts', ranges: [{ lineStart: 46, lineEnd: 62 }], wrap: true }),
    story('keys-help', 'Keyboard shortcuts (?): every key, each with its button', {
      path: 'src/net/retry.ts',
      ranges: [
        { lineStart: 3, lineEnd: 6 },
        { lineStart: 46, lineEnd: 62 },
      ],
      keysHelp: true,
    }),
    story('code-bidi', 'Code with direction controls (Trojan Source)', () => ({
      path: 'src/auth/console.js',
      host: createMemoryHost({ 'src/auth/console.js': trojanSourceFile }),
      ranges: [{ lineStart: 4, lineEnd: 6 }],
    })),
    story('code-invisible', 'Code with invisible characters', () => ({
      path: 'src/auth/roles.js',
      host: createMemoryHost({ 'src/auth/roles.js': invisibleCharsFile }),
    })),
    story('markdown-too-complex', 'Markdown over its work budget', () => ({
      path: 'docs/release-notes.md',
      host: createMemoryHost({ 'docs/release-notes.md': tooComplexMarkdown }),
    })),
    story('find-no-match', 'Find: no match', { path: 'src/net/retry.ts', find: 'jitterSeed' }),
    story('find-many', 'Find: many matches in 50,000 lines (marked on the overview ruler)', () => ({
      path: 'generated/steps.ts',
      host: createMemoryHost({ 'generated/steps.ts': bigCode() }),
      ranges: [{ lineStart: 40_000, lineEnd: 40_020 }],
      find: 'factor = 3',
    })),
    story('find-rendered', 'Find in Rendered Markdown', { path: 'docs/retry-policy.md', find: 'retry' }),
    story('find-unavailable', "Find's code could not be loaded (Retry)", { path: 'src/net/retry.ts', find: 'retry', findUnavailable: true }),
    story('go-to-line', 'Go to line 40,000 (Ctrl+G, or :40000 in the find bar)', () => ({
      path: 'generated/steps.ts',
      host: createMemoryHost({ 'generated/steps.ts': bigCode() }),
      goTo: 40_000,
    })),
    ...corpusStories,
  ],
};
