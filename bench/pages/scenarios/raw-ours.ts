/**
 * Ours: open a code file in `<qa-file-preview>` (memory host, Raw mode).
 * Measures open → painted with line numbers, DOM size, visible lines
 * coloured, whole-file highlighting (total time and longest main-thread task
 * from the open on), then a jump to a far range (scroll + highlight: until its
 * rows are in the DOM, then painted; on screen checked after the frame). With
 * `longLine`, checks that the 20,000-character line is there in full. With
 * `sources`, finally adds a panel and a footer with that many sources (the
 * runner reads the JS heap before and after the run). With `warm`, a small
 * file of the same language is opened and coloured first (the highlighter is
 * warm, as for the second file a reader opens) and the whole-file pass is
 * not waited for; with `read` as well, the file opens that many
 * milliseconds after the small one is coloured (a reader who looked at the
 * first file for a moment). With `otherLanguage`, a small JSON file is opened and
 * coloured first: the worker and the themes are ready but the file's own
 * grammar is not, so the colours measure the first use of a language
 * (grammar import, compiling its patterns, the first slice). With `again`,
 * the measured file is opened and coloured first, then the small file, and
 * the measured open is the file's second (its colours kept on the page). With
 * `mainThread`, workers are off: the main-thread fallback does the work.
 * With `hover`, the pointer rests on the file's card in a panel for 300 ms
 * before the file opens (the card warms the file's colouring). With `idle`,
 * the preview has been on the page for that many milliseconds, with nothing
 * open, before the file opens (a reader who opens a code file some time
 * after the preview appeared). With `shown`, the file's card has been in a
 * panel that long when the file opens, with no hover before (a tap or a key).
 */
import { generatedPayload } from '../../../stories/fixtures/payloads.js';
import { loadKit, newPreview, sourcesElement } from '../kit.js';
import { countElements, deepQuery, longestTask, mark, measure, painted, profileEnd, profileStart, stage, whenDom, whenEvent, workload } from '../measure.js';
import type { Metrics, PreviewElement } from '../types.js';
import { recentTokensHeld } from '../../../src/render/highlight/recent.js';

export function prepare(): Promise<string[]> {
  return loadKit(['qa-file-preview', 'qa-sources-panel', 'qa-source-footer']).then((m) => m.filter((tag) => tag === 'qa-file-preview'));
}

/** The raw view's scroller. */
const rawOf = (el: Element) => deepQuery(el, '[part~="raw"]');

/** Rows (one per line in the DOM) of the raw view. */
function rows(el: Element): HTMLElement[] {
  const raw = rawOf(el);
  return raw ? Array.from(raw.querySelectorAll<HTMLElement>('[data-n]')) : [];
}

/** Rows inside the scroller's visible box. */
function visibleRows(el: Element): HTMLElement[] {
  const raw = rawOf(el);
  if (!raw) return [];
  const box = raw.getBoundingClientRect();
  return rows(el).filter((r) => {
    const b = r.getBoundingClientRect();
    return b.bottom > box.top && b.top < box.bottom;
  });
}

/** The row of line 1, showing the document's first line `first`, is in `list`. */
const hasFirstRow = (list: HTMLElement[], first: string) => list.some((r) => r.dataset.n === '1' && r.textContent === first);

/** Numbered rows of the document whose first line is `first` are on screen (reads the layout). */
const hasNumbers = (el: Element, first: string) => hasFirstRow(visibleRows(el), first);

/** Colours reached the screen: at least 80% of the visible lines with text carry token spans (some lines are plain text). */
function coloured(el: Element): boolean {
  // Rows without any token yet (the colours are still coming) are told apart without reading the layout.
  if (!rows(el).some((r) => r.querySelector('[class*="qa-tk-"]') !== null)) return false;
  const vis = visibleRows(el).filter((r) => (r.textContent ?? '').trim().length > 0);
  const withTokens = vis.filter((r) => r.querySelector('[class*="qa-tk-"]') !== null).length;
  return vis.length > 0 && withTokens >= 0.8 * vis.length;
}

/** Added elements that can change the checks: numbered rows and token spans. */
const isRow = (n: Element) => n.hasAttribute('data-n');
const isRowOrToken = (n: Element) => isRow(n) || n.className.includes('qa-tk-');

/** The highlighter's job for the open document, when the element exposes its raw document. */
function wholeFileDone(el: PreviewElement): Promise<string> | null {
  const doc = (el as unknown as { doc?: { highlight?: (w: null) => Promise<string> } }).doc;
  return typeof doc?.highlight === 'function' ? doc.highlight(null) : null;
}

/** How long the pointer rests on the card before the click (`hover`). */
const HOVER_DWELL_MS = 300;

const highlighterClient = import.meta.glob<{ configureHighlighter?: (o: { worker?: boolean }) => void }>('../../../src/render/highlight/client.ts');

export async function run(params: Record<string, unknown>): Promise<Metrics> {
  // `mainThread`: the page allows no worker, so the kit's time-sliced main-thread fallback colours the file.
  if (params.mainThread) (await Object.values(highlighterClient)[0]?.())?.configureHighlighter?.({ worker: false });
  const { path, text } = await workload(String(params.w));
  const box = stage();
  const warmPath = path.replace(/(\.[a-z]+)$/, '.warm$1');
  const otherPath = 'data/settings.json';
  // One entry per line: lines that hold only punctuation (`{`, `},`) have the
  // theme's default colour and carry no token class, so a file pretty-printed
  // with one field per line (a third of its lines bare braces) never passes
  // the 80% check of `coloured` however well it is highlighted.
  const entries = Array.from({ length: 60 }, (_, i) => `    ${JSON.stringify({ id: i, name: `item ${i}`, on: i % 2 === 0, ratio: i / 7 })}`);
  const otherText = `{\n  "settings": [\n${entries.join(',\n')}\n  ]\n}\n`;
  // Another part of the same file, so that its rows never look like the measured file's.
  const el = await newPreview(box, { [path]: text, [warmPath]: text.split('\n').slice(1_000, 1_200).join('\n'), [otherPath]: otherText });
  const first = text.slice(0, text.indexOf('\n'));
  el.mode = 'raw';
  // `wrap`: long lines wrap (rows of varying height), set before the file opens.
  if (params.wrap) (el as PreviewElement & { wrap?: boolean }).wrap = true;
  await el.updateComplete;
  if (typeof params.idle === 'number') await new Promise((r) => setTimeout(r, params.idle as number));
  if (params.warm) {
    const ready = whenDom(el, () => coloured(el) && hasNumbers(el, text.split('\n')[1_000]!), 30_000, isRowOrToken);
    el.path = warmPath;
    await ready;
    await painted();
    if (typeof params.read === 'number') await new Promise((r) => setTimeout(r, params.read as number));
  }
  // `again`: what the page keeps of the file's colours once another file is open.
  let keptBytes = 0;
  if (params.again) {
    // The file itself in colour first (its first screen; the rest is not waited for), then another file.
    const ready = whenDom(el, () => coloured(el) && hasNumbers(el, first), 60_000, isRowOrToken);
    el.path = path;
    await ready;
    await painted();
    const other = whenDom(el, () => hasNumbers(el, text.split('\n')[1_000]!), 30_000, isRow);
    el.path = warmPath;
    await other;
    await painted();
    keptBytes = recentTokensHeld().bytes;
  }
  if (params.otherLanguage) {
    const ready = whenDom(el, () => coloured(el) && hasNumbers(el, otherText.split('\n')[0]!), 30_000, isRowOrToken);
    el.path = otherPath;
    await ready;
    await painted();
  }

  if ((params.hover || typeof params.shown === 'number') && customElements.get('qa-sources-panel')) {
    // A reader points at the file's card in the panel and clicks it a moment later (HOVER_DWELL_MS: a
    // person's pause, not the machine's; a quicker click finds less of the highlighter ready). With
    // `shown`, the card is on screen that long and the click comes without a hover (touch, keyboard).
    const panel = sourcesElement('qa-sources-panel', {
      version: 1,
      sessionId: 'bench',
      turn: 1,
      sources: [
        { id: `file:${path}`, kind: 'code', path, score: 90, evidence: 'read', origins: [{ sessionId: 'bench', turn: 1, role: 'parent' }], locations: [] },
      ],
    });
    stage(420, 300).append(panel);
    await panel.updateComplete;
    await painted();
    if (params.hover) {
      const card = deepQuery(panel, '.card');
      card?.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, composed: true }));
      await new Promise((r) => setTimeout(r, HOVER_DWELL_MS));
    } else await new Promise((r) => setTimeout(r, params.shown as number));
  }
  const t0 = performance.now();
  profileStart('open');
  mark('raw-start');
  // The rows are timed from when they are in the DOM, found without reading the layout (a read there
  // would force a layout the kit's own code does not ask for); that they are on screen is checked after
  // the frame, and a run where they are not does not count. `qa-rendered`, which the view sends after
  // the frame that lays it out, is timed on its own.
  const rendered = whenEvent(el, 'qa-rendered', 30_000).then(() => performance.now());
  const numbers = whenDom(el, () => hasFirstRow(rows(el), first), 30_000, isRow);
  let colouredAt = 0;
  const colour = whenDom(el, () => coloured(el) && hasNumbers(el, first), 60_000, isRowOrToken).then(
    async () => {
      await painted();
      colouredAt = performance.now();
      mark('raw-coloured');
    },
    () => undefined,
  );
  el.path = path;
  const numbersAt = await numbers;
  await painted();
  mark('raw-painted');
  profileEnd('open');
  const renderedAt = await rendered;
  profileStart('highlight');
  const onScreen = hasNumbers(el, first);
  const out: Metrics = {
    painted: onScreen ? measure('raw-open', 'raw-start', 'raw-painted') : NaN,
    // When the numbered rows were in the DOM (before the frames that paint them).
    ready: Math.round((numbersAt - t0) * 10) / 10,
    // When the preview sent `qa-rendered` (after the frame that laid the view out).
    renderedEvent: Math.round((renderedAt - t0) * 10) / 10,
    dom: countElements(el),
    rows: rows(el).length,
  };
  if (params.again) out.keptMB = Math.round((keptBytes / 2 ** 20) * 10) / 10;

  const skipWhole = params.warm || params.again || params.otherLanguage || params.hover || typeof params.idle === 'number' || typeof params.shown === 'number';
  const done = skipWhole ? null : wholeFileDone(el);
  out.wholeOutcome = skipWhole ? 'not waited for' : done ? await done : 'not observable';
  mark('raw-whole');
  profileEnd('highlight');
  if (done) out.wholeFile = measure('raw-whole-file', 'raw-start', 'raw-whole');
  await Promise.race([colour, new Promise((r) => setTimeout(r, 2_000))]);
  out.coloured = colouredAt ? measure('raw-visible-coloured', 'raw-start', 'raw-coloured') : null;
  out.longestTask = await longestTask(t0);

  if (params.longLine) {
    const longest = text.split('\n').reduce((a, b) => (b.length > a.length ? b : a), '');
    const row = rows(el).find((r) => (r.textContent ?? '').length >= longest.length);
    out.readable = !!row && row.textContent === longest;
    out.longLineTokens = row ? row.querySelectorAll('[class*="qa-tk-"]').length : 0;
  }

  if (typeof params.jump === 'number') {
    const line = params.jump;
    const marked = (list: HTMLElement[]) => list.some((r) => r.dataset.n === String(line) && r.classList.contains('ref'));
    // Timed until the range's first row is in the DOM, marked: a check of where it is on screen would force a
    // layout the kit's own code does not, so it is made after the frame, as for "Go to line".
    const target = () => marked(rows(el));
    await painted();
    const t1 = performance.now();
    profileStart('jump');
    mark('jump-start');
    const ready = whenDom(el, target, 10_000, isRow);
    el.ranges = [{ lineStart: line, lineEnd: line + 20 }];
    await ready;
    mark('jump-ready');
    await painted();
    mark('jump-painted');
    profileEnd('jump');
    // Counted only when the range is then on screen.
    const onScreen = marked(visibleRows(el));
    out.jump = onScreen ? measure('jump', 'jump-start', 'jump-ready') : NaN;
    out.jumpPainted = onScreen ? measure('jump-painted', 'jump-start', 'jump-painted') : NaN;
    out.jumpLongestTask = await longestTask(t1);
    out.domAfterJump = countElements(el);
  }

  if (typeof params.sources === 'number' && customElements.get('qa-sources-panel') && customElements.get('qa-source-footer')) {
    const payload: unknown = JSON.parse(JSON.stringify(generatedPayload(params.sources)));
    const side = stage(420, 900);
    const panel = sourcesElement('qa-sources-panel', payload);
    const footer = sourcesElement('qa-source-footer', payload);
    side.append(panel, footer);
    await Promise.all([panel.updateComplete, footer.updateComplete]);
    await painted();
    out.pageDom = countElements(document.body);
  }
  return out;
}
