/**
 * Quick local measurement of the Markdown renderer against the naive
 * baseline (markdown-it + DOMPurify + one insert). Query: `?doc=synthetic|spec|changelog&mode=kit|baseline`.
 * Results land in `window.__probe` (milliseconds from the start of the render).
 */
import markdownIt from 'markdown-it';
import DOMPurify from 'dompurify';
import { base, tokens } from '../src/elements/shared/styles.js';
import { markdownStyles, renderMarkdown, warmMarkdown } from '../src/render/markdown/index.js';

interface ProbeResult {
  doc: string;
  mode: string;
  bytes: number;
  firstScreen: number;
  /** When the first chunk was in the container (before paint). */
  firstChunk: number;
  painted: number;
  longestTask: number;
  tasksOver50: number;
  usedWorker?: boolean;
}

function synthetic(bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const s = `## Section ${i}\n\nParagraph ${i} with **bold**, _emphasis_, \`inline code\`, a [link](https://example.com/${i}) and [a relative one](../x-${i % 9}.md). More words follow so the line wraps.\n\n- item one\n- item two with \`code\`\n  - nested\n- [ ] a task\n\n| a | b | c |\n|---|:-:|--:|\n| ${i} | b | c |\n\n\`\`\`ts\nexport const f${i} = (a: number) => a * ${i};\n\`\`\`\n\n> Quote ${i}.\n\n`;
    parts.push(s);
    size += s.length;
  }
  return parts.join('');
}

const afterPaint = () => new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));

async function main(): Promise<void> {
  const q = new URLSearchParams(location.search);
  const doc = q.get('doc') ?? 'synthetic';
  const mode = q.get('mode') ?? 'kit';
  // `kit` warms the parser while the document loads, as the preview does while reading a file; `kit-cold` does not.
  if (mode === 'kit') warmMarkdown();
  const source =
    doc === 'spec'
      ? await (await fetch('/stories/fixtures/corpus/commonmark-spec.md')).text()
      : doc === 'changelog'
        ? await (await fetch('/stories/fixtures/corpus/changelog-long-jest.md')).text()
        : doc.endsWith('.md')
          ? await (await fetch(`/stories/fixtures/corpus/${encodeURIComponent(doc)}`)).text()
          : synthetic(1_000_000);

  const host = document.getElementById('host')!;
  // For looking at it: `&scheme=dark`, `&lang=ru`, `&width=320`, `&ranges=10-20`.
  if (q.get('scheme') === 'dark') {
    document.documentElement.style.colorScheme = 'dark';
    document.body.style.background = '#16181d';
  }
  if (q.get('lang')) host.lang = q.get('lang')!;
  if (q.get('width')) host.style.inlineSize = `${Number(q.get('width'))}px`;
  const ranges = (q.get('ranges') ?? '')
    .split(',')
    .filter(Boolean)
    .map((r) => {
      const [a, b] = r.split('-').map(Number);
      return { lineStart: a!, lineEnd: b ?? a! };
    });
  const root = host.attachShadow({ mode: 'open' });
  root.adoptedStyleSheets = [tokens.styleSheet!, base.styleSheet!, markdownStyles.styleSheet!];
  const container = document.createElement('div');
  container.className = 'qa-markdown';
  root.append(container);

  // Long animation frame entries (not in TypeScript's DOM types yet).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const frames: any[] = [];
  new PerformanceObserver((list) => frames.push(...list.getEntries())).observe({ type: 'long-animation-frame', buffered: false });
  const tasks: PerformanceEntry[] = [];
  new PerformanceObserver((list) => tasks.push(...list.getEntries())).observe({ type: 'longtask', buffered: false });
  await afterPaint();

  const start = performance.now();
  let firstScreen: number;
  let firstChunk = 0;
  if (mode === 'baseline') {
    const md = markdownIt({ html: true, linkify: true });
    const fragment = DOMPurify.sanitize(md.render(source), { RETURN_DOM_FRAGMENT: true });
    container.append(fragment);
    firstScreen = (await afterPaint()) - start;
  } else {
    let first: Promise<number> | null = null;
    await renderMarkdown(container, source, {
      path: 'docs/probe.md',
      idPrefix: 'p-',
      ranges,
      resolveLink: async (p) => (p.includes('secret') ? null : p),
      onFirstChunk: () => {
        firstChunk = performance.now() - start;
        first = afterPaint();
      },
    });
    firstScreen = (await first!) - start;
  }
  const painted = (await afterPaint()) - start;
  await new Promise((r) => setTimeout(r, 100));
  const mine = tasks.filter((t) => t.startTime >= start - 1);
  const result: ProbeResult = {
    doc,
    mode,
    bytes: source.length,
    firstScreen: Math.round(firstScreen),
    firstChunk: Math.round(firstChunk),
    painted: Math.round(painted),
    longestTask: Math.round(Math.max(0, ...mine.map((t) => t.duration))),
    tasksOver50: mine.filter((t) => t.duration > 50).length,
    highlighted: container.querySelectorAll('code[data-qa-highlighted]').length,
    codeBlocks: container.querySelectorAll('pre > code').length,
  } as ProbeResult;
  (window as unknown as { __probe: ProbeResult }).__probe = result;
  if (q.has('frames')) {
    (window as unknown as { __frames: unknown }).__frames = frames
      .filter((f) => f.duration > 50)
      .map((f) => ({
        d: Math.round(f.duration),
        block: Math.round(f.blockingDuration),
        style: Math.round(f.styleAndLayoutStart ? f.startTime + f.duration - f.styleAndLayoutStart : 0),
        scripts: f.scripts.map(
          (s: { invoker: string; sourceFunctionName: string; sourceURL: string; duration: number }) =>
            `${s.invoker} ${s.sourceFunctionName}@${String(s.sourceURL).split('/').pop()} ${Math.round(s.duration)}ms`,
        ),
      }));
  }
  if (q.get('scroll')) host.scrollTop = Number(q.get('scroll'));
  document.title = 'done';
}

void main();
