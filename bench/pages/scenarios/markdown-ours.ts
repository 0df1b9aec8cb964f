/**
 * Ours: open a Markdown file in `<qa-file-preview>` (memory host, Rendered
 * mode) and measure the first screen painted, the whole document rendered
 * (`qa-rendered`) and painted, and the longest main-thread task meanwhile.
 * Falls back to `renderMarkdown` itself when the element is not there yet.
 * With `mainThread`, workers are off: the main-thread fallback parses. With
 * `second`, the preview has rendered a short document before (the page's
 * code is loaded and set up: what is left is the render itself).
 */
import { loadKit, newPreview } from '../kit.js';
import {
  countElements,
  deepQuery,
  longestTask,
  mark,
  measure,
  nextTask,
  painted,
  profileEnd,
  profileStart,
  SHORT_MARKDOWN,
  stage,
  whenDom,
  whenEvent,
  workload,
} from '../measure.js';
import type { Metrics } from '../types.js';

type RenderMarkdown = (
  container: HTMLElement,
  source: string,
  options: { path: string; idPrefix: string; onFirstChunk?: () => void },
) => Promise<{ blocks: number; marked: number; durationMs: number }>;

const renderer = import.meta.glob<{ renderMarkdown?: RenderMarkdown; markdownStyles?: unknown }>('../../../src/render/markdown/index.ts');
let missing: string[] = [];

export async function prepare(): Promise<string[]> {
  missing = await loadKit(['qa-file-preview']);
  if (missing.length === 0) return [];
  const mod = await Object.values(renderer)[0]?.();
  return mod?.renderMarkdown ? [] : [...missing, 'renderMarkdown'];
}

/** True once the rendered document shows text. */
function hasContent(root: Element): boolean {
  const doc = deepQuery(root, '[part~="markdown"]');
  return !!doc && (doc.textContent ?? '').trim().length > 0;
}

async function viaElement(path: string, text: string, second = false): Promise<Metrics> {
  const box = stage();
  const el = await newPreview(box, { [path]: text, 'docs/first.md': SHORT_MARKDOWN });
  if (second) {
    const done = whenEvent(el, 'qa-rendered', 60_000);
    el.path = 'docs/first.md';
    await done;
    await painted();
    await nextTask();
  }
  const t0 = performance.now();
  profileStart('first-screen');
  mark('ours-start');
  const rendered = whenEvent(el, 'qa-rendered', 60_000);
  const first = whenDom(el, () => hasContent(el), 60_000);
  el.path = path;
  const firstAt = await first;
  await painted();
  mark('ours-first');
  profileEnd('first-screen');
  profileStart('rest');
  const firstLongest = await longestTask(t0);
  await rendered;
  await painted();
  mark('ours-painted');
  profileEnd('rest');
  const doc = deepQuery(el, '[part~="markdown"]');
  return {
    via: 'qa-file-preview',
    firstScreen: measure('ours-first-screen', 'ours-start', 'ours-first'),
    // When the first content was in the DOM (before the frames that paint it).
    firstDom: Math.round((firstAt - t0) * 10) / 10,
    painted: measure('ours', 'ours-start', 'ours-painted'),
    firstLongestTask: firstLongest,
    longestTask: await longestTask(t0),
    dom: countElements(el),
    chunks: doc?.childElementCount ?? 0,
  };
}

async function viaRenderer(path: string, text: string): Promise<Metrics> {
  const mod = await Object.values(renderer)[0]!();
  const box = stage();
  const doc = document.createElement('div');
  doc.className = 'doc';
  box.append(doc);
  await painted();
  const t0 = performance.now();
  mark('ours-start');
  let first: Promise<number> | null = null;
  const result = await mod.renderMarkdown!(doc, text, {
    path,
    idPrefix: 'b-',
    onFirstChunk: () => {
      first = painted().then((t) => {
        mark('ours-first');
        return t;
      });
    },
  });
  await painted();
  mark('ours-painted');
  await first;
  return {
    via: 'renderMarkdown',
    firstScreen: first ? measure('ours-first-screen', 'ours-start', 'ours-first') : null,
    painted: measure('ours', 'ours-start', 'ours-painted'),
    longestTask: await longestTask(t0),
    dom: countElements(doc),
    blocks: result.blocks,
  };
}

const chunks = import.meta.glob<{ setWorkerParsing?: (mode: boolean) => void }>('../../../src/render/markdown/chunks.ts');
const highlighterClient = import.meta.glob<{ configureHighlighter?: (o: { worker?: boolean }) => void }>('../../../src/render/highlight/client.ts');

export async function run(params: Record<string, unknown>): Promise<Metrics> {
  // `mainThread`: the page allows no worker (a CSP without worker-src, say), so the parser runs on the main
  // thread in slices, and so does the highlighting of fenced code.
  if (params.mainThread) {
    (await Object.values(chunks)[0]?.())?.setWorkerParsing?.(false);
    (await Object.values(highlighterClient)[0]?.())?.configureHighlighter?.({ worker: false });
  }
  const { path, text } = await workload(String(params.w));
  return missing.length === 0 ? viaElement(path, text, params.second === true) : viaRenderer(path, text);
}
