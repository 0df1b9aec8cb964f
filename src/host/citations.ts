/**
 * Citations in an answer the host renders itself: `linkCitations(root)`
 * walks the text of the rendered answer and replaces `[[source:<id>]]`
 * markers with `<qa-citation>` chips, numbered by first appearance.
 *
 * ```ts
 * const links = linkCitations(answerElement, { sources: payload, observe: true });
 * links.index.numbers.get('file:docs/a.md'); // 1
 * links(); // stop observing
 * ```
 *
 * Only text nodes are read and only text nodes and chips are written: answer
 * text is never parsed as HTML. Code (`pre`, `code`, `kbd`, `samp`), links,
 * form fields and editable regions are left alone.
 */
import '../elements/citation/define.js';
import type { QaCitation } from '../elements/citation/citation.js';
import { viewOf } from './payload.js';
import { NO_CITATIONS, citationTargets, mayHoldMarker, numberCitations, scanMarkers, type QaCitationIndex } from '../model/citations.js';

/** Elements whose text is never linked. */
const SKIP = new Set([
  'PRE',
  'CODE',
  'KBD',
  'SAMP',
  'A',
  'SCRIPT',
  'STYLE',
  'TEXTAREA',
  'INPUT',
  'SELECT',
  'OPTION',
  'BUTTON',
  'TEMPLATE',
  'SVG',
  'MATH',
  'QA-CITATION',
]);
const PENDING_ATTR = 'data-qa-citation-pending';

/** Options of `linkCitations`. */
export interface QaLinkCitationsOptions {
  /** The answer's `QaTurnSources` payload (object or JSON text); ids not in it get muted chips. */
  sources?: unknown;
  /** The answer is final: a marker still incomplete at its end shows as the text it is. Default false (streaming). */
  complete?: boolean;
  /** Watch `root` for changes and link again after each (a streaming answer). Default false. */
  observe?: boolean;
  /** Debug mode of the chips: unknown ids say why. */
  debug?: boolean;
  /** Language of the chips; default the nearest `lang`. */
  locale?: string | null;
  /** Called after every pass that changed the numbering. */
  onChange?(index: QaCitationIndex): void;
}

/** What `linkCitations` returns: call it to stop observing. */
export interface QaCitationLinks {
  (): void;
  /** The numbering after the latest pass. */
  readonly index: QaCitationIndex;
  /** Links again now (after the host changed the answer, or with new options such as a new payload). */
  refresh(options?: QaLinkCitationsOptions): QaCitationIndex;
}

/** Text nodes this code split: what it left in the node, and the nodes it added after it. */
interface Split {
  value: string;
  added: Node[];
}

interface RootState {
  splits: Map<Text, Split>;
  /** Pending tails: the hidden span → the text node before it and that node's value then. */
  pending: Map<HTMLElement, { prev: Text | null; value: string }>;
  /** The chips the latest pass left in the answer. */
  chips: Set<QaCitation>;
  /**
   * Chips of earlier passes that the host's re-render took out of the answer, by source and lines:
   * a pass puts them back for the same markers instead of making new ones (a streaming host renders
   * the whole answer again on every update, and a new chip costs its element, shadow root and first
   * render; row "Citations: 1,000 streaming updates, longest task" of the benchmark).
   */
  spare: Map<string, QaCitation[]>;
}

const states = new WeakMap<Node, RootState>();

function stateOf(root: Node): RootState {
  let s = states.get(root);
  if (!s) states.set(root, (s = { splits: new Map(), pending: new Map(), chips: new Set(), spare: new Map() }));
  return s;
}

/** Puts back what the previous pass hid or split when the host changed it since, so that this pass sees the text as the host wrote it. */
function restore(root: ParentNode, state: RootState): void {
  for (const [node, split] of state.splits) {
    if (!node.isConnected) {
      state.splits.delete(node);
      continue;
    }
    if (node.data === split.value) continue;
    // The host rewrote a text node this code had split (a framework sets the whole text again): what was split off is stale.
    for (const n of split.added) n.parentNode?.removeChild(n);
    state.splits.delete(node);
  }
  for (const [span, rec] of state.pending) {
    state.pending.delete(span);
    if (!span.parentNode) continue;
    const text = span.textContent ?? '';
    const prev = rec.prev;
    if (prev && prev.parentNode === span.parentNode && prev.nextSibling === span && prev.data === rec.value) {
      // The hidden tail joins its text again, so that what the host appends next can complete it.
      prev.data += text;
      const split = state.splits.get(prev);
      if (split) split.value = prev.data;
      span.remove();
    } else {
      span.replaceWith(document.createTextNode(text));
    }
  }
  // Hidden tails left by a pass whose state is gone.
  for (const span of root.querySelectorAll<HTMLElement>(`[${PENDING_ATTR}]`)) span.replaceWith(document.createTextNode(span.textContent ?? ''));
}

/** Runs of adjacent text nodes (as the host wrote them, possibly in pieces), in document order. */
function textRuns(root: Node): Text[][] {
  const runs: Text[][] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode(n) {
      if (n.nodeType === Node.TEXT_NODE) return NodeFilter.FILTER_ACCEPT;
      const el = n as Element;
      return SKIP.has(el.tagName.toUpperCase()) || el.hasAttribute(PENDING_ATTR) || (el as HTMLElement).isContentEditable
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_SKIP;
    },
  });
  let run: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const t = n as Text;
    if (run.length > 0 && run[run.length - 1]!.nextSibling !== t) {
      runs.push(run);
      run = [];
    }
    run.push(t);
  }
  if (run.length) runs.push(run);
  return runs;
}

const chipKey = (id: string, lines: string | null) => `${id}\n${lines ?? ''}`;

/** Moves the chips that are no longer in `root` to the spares of this pass (the previous pass's spares are dropped). */
function collectSpares(root: Node, state: RootState): void {
  state.spare.clear();
  for (const chip of state.chips) {
    if (root.contains(chip)) continue;
    state.chips.delete(chip);
    const key = chipKey(chip.getAttribute('source-id') ?? '', chip.getAttribute('lines'));
    const list = state.spare.get(key);
    if (list) list.push(chip);
    else state.spare.set(key, [chip]);
  }
  // Taken with pop(): the first chip of a source goes back to its first marker.
  for (const list of state.spare.values()) list.reverse();
}

function makeChip(id: string, range: { lineStart: number; lineEnd: number } | null, state: RootState): QaCitation {
  const lines = range ? (range.lineStart === range.lineEnd ? String(range.lineStart) : `${range.lineStart}-${range.lineEnd}`) : null;
  let chip = state.spare.get(chipKey(id, lines))?.pop();
  if (!chip) {
    chip = document.createElement('qa-citation');
    chip.setAttribute('source-id', id);
    if (lines) chip.setAttribute('lines', lines);
  }
  state.chips.add(chip);
  return chip;
}

/** Replaces the markers of one run of text nodes with chips; hides an incomplete marker at its end when `hideTail`. */
function linkRun(run: Text[], hideTail: boolean, state: RootState): void {
  let text = '';
  for (const t of run) text += t.data;
  if (!mayHoldMarker(text)) return;
  const scan = scanMarkers(text);
  const pending = hideTail ? scan.pending : -1;
  if (scan.markers.length === 0 && pending < 0) return;
  const first = run[0]!;
  // One text node for the run: the host's first node keeps the text before the first marker.
  for (let i = 1; i < run.length; i++) run[i]!.remove();
  const end = pending >= 0 ? pending : text.length;
  const added: Node[] = [];
  let cursor: Node = first;
  const put = (n: Node) => {
    cursor.parentNode!.insertBefore(n, cursor.nextSibling);
    cursor = n;
    added.push(n);
  };
  first.data = text.slice(0, scan.markers[0]?.start ?? end);
  let at = scan.markers[0]?.start ?? end;
  for (const m of scan.markers) {
    if (m.start > at) put(document.createTextNode(text.slice(at, m.start)));
    put(makeChip(m.id, m.range, state));
    at = m.end;
  }
  if (end > at) put(document.createTextNode(text.slice(at, end)));
  if (pending >= 0) {
    const span = document.createElement('span');
    span.setAttribute(PENDING_ATTR, '');
    span.hidden = true;
    span.textContent = text.slice(pending);
    const prev = cursor.nodeType === Node.TEXT_NODE ? (cursor as Text) : null;
    put(span);
    state.pending.set(span, { prev, value: prev?.data ?? '' });
  }
  const old = state.splits.get(first);
  state.splits.set(first, { value: first.data, added: old ? old.added.concat(added) : added });
}

/** One pass over `root`: markers to chips, then every chip numbered and given its source. */
function linkOnce(root: ParentNode & Node, options: QaLinkCitationsOptions): QaCitationIndex {
  const state = stateOf(root);
  restore(root, state);
  collectSpares(root, state);
  const runs = textRuns(root);
  // Only the last text with something visible in it can end in a marker still being written.
  let last = -1;
  if (!options.complete) {
    for (let i = runs.length - 1; i >= 0 && last < 0; i--) if (runs[i]!.some((t) => t.data.trim() !== '')) last = i;
  }
  runs.forEach((run, i) => linkRun(run, i === last, state));
  state.spare.clear();

  const chips = [...root.querySelectorAll<QaCitation>('qa-citation')];
  if (chips.length === 0) return NO_CITATIONS;
  const { payload, view } = viewOf(options.sources ?? null);
  const targets = citationTargets(payload, view);
  const index = numberCitations(
    chips.map((c) => c.sourceId || (c.getAttribute('source-id') ?? '')),
    (id) => targets.has(id),
  );
  for (const chip of chips) {
    const id = chip.sourceId || (chip.getAttribute('source-id') ?? '');
    chip.item = targets.get(id) ?? null;
    chip.number = index.numbers.get(id) ?? 0;
    if (options.debug !== undefined) chip.debug = options.debug;
    if (options.locale !== undefined) chip.locale = options.locale;
  }
  return index;
}

function sameIndex(a: QaCitationIndex, b: QaCitationIndex): boolean {
  if (a.cited.length !== b.cited.length || a.unknown.length !== b.unknown.length) return false;
  for (let i = 0; i < a.cited.length; i++) if (a.cited[i] !== b.cited[i] || a.counts.get(a.cited[i]!) !== b.counts.get(b.cited[i]!)) return false;
  for (let i = 0; i < a.unknown.length; i++) if (a.unknown[i] !== b.unknown[i]) return false;
  return true;
}

/**
 * Turns the citation markers in an already-rendered answer into
 * `<qa-citation>` chips and numbers them by first appearance. Safe to call
 * again on every update of a streaming answer: chips already made stay, a
 * marker split over several updates (or text nodes) is found once complete,
 * and a marker still incomplete at the end shows as nothing until it is
 * (unless `complete`). With `observe`, it links again after every change to
 * `root` by itself; call the returned function to stop.
 */
export function linkCitations(root: ParentNode & Node, options: QaLinkCitationsOptions = {}): QaCitationLinks {
  let opts = { ...options };
  let observer: MutationObserver | null = null;
  let scheduled = false;
  const links: { (): void; index: QaCitationIndex; refresh: QaCitationLinks['refresh'] } = Object.assign(
    () => {
      observer?.disconnect();
      observer = null;
    },
    {
      index: linkOnce(root, opts),
      refresh: (next?: QaLinkCitationsOptions) => {
        if (next) opts = { ...opts, ...next };
        return pass();
      },
    },
  );
  opts.onChange?.(links.index);

  const pass = (): QaCitationIndex => {
    const next = linkOnce(root, opts);
    // What this pass changed is not a change to react to.
    observer?.takeRecords();
    const changed = !sameIndex(next, links.index);
    links.index = next;
    if (changed) opts.onChange?.(next);
    return next;
  };

  if (opts.observe && typeof MutationObserver !== 'undefined') {
    observer = new MutationObserver(() => {
      if (scheduled) return;
      scheduled = true;
      queueMicrotask(() => {
        scheduled = false;
        if (observer) pass();
      });
    });
    observer.observe(root, { childList: true, characterData: true, subtree: true });
  }

  return links;
}

// --- highlighting ------------------------------------------------------------

/** Name of the CSS highlight that marks the claims of a highlighted source. */
export const CLAIM_HIGHLIGHT = 'qa-citation-claim';
const CLAIM_BLOCKS = new Set(['P', 'LI', 'TD', 'TH', 'BLOCKQUOTE', 'DD', 'DT', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'FIGCAPTION', 'DIV', 'SECTION', 'ARTICLE']);
const claimSheets = new WeakSet<Document>();

function claimStyles(doc: Document): void {
  if (claimSheets.has(doc) || typeof CSSStyleSheet === 'undefined' || !('adoptedStyleSheets' in doc)) return;
  claimSheets.add(doc);
  const sheet = new CSSStyleSheet();
  // A constructed sheet: allowed under a strict CSP, no inline style.
  sheet.replaceSync(
    `::highlight(${CLAIM_HIGHLIGHT}) { background-color: var(--qa-citation-claim-background, light-dark(rgb(255 214 92 / 0.45), rgb(210 153 34 / 0.35))); color: inherit; }`,
  );
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
}

/** The block a chip's claim lives in: its list item, paragraph or cell (never above `root`). */
function claimBlock(chip: Element, root: Node): Element | null {
  for (let e = chip.parentElement; e; e = e.parentElement) {
    if (CLAIM_BLOCKS.has(e.tagName)) return e;
    if (e === root) return e;
  }
  return null;
}

let segmenters = new Map<string, Intl.Segmenter>();

/**
 * The range of the claim a chip supports: the whole list item when the chip
 * is in one, else the sentence just before the chip (the one it ends), else
 * the sentence after it when the chip opens its block.
 */
export function claimRange(chip: Element, root: Node): Range | null {
  const block = claimBlock(chip, root);
  if (!block) return null;
  const range = document.createRange();
  if (block.tagName === 'LI') {
    range.selectNodeContents(block);
    return range;
  }
  // The block's text, with where each text node starts, and where the chip sits.
  const nodes: Array<{ node: Text; start: number }> = [];
  let text = '';
  const walker = document.createTreeWalker(block, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (n) =>
      n.nodeType === Node.ELEMENT_NODE && ((n as Element).localName === 'qa-citation' || (n as Element).hasAttribute(PENDING_ATTR))
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  });
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.nodeType === Node.TEXT_NODE) {
      nodes.push({ node: n as Text, start: text.length });
      text += (n as Text).data;
    }
  }
  // The chip's offset: the text before it.
  const before = document.createRange();
  before.selectNodeContents(block);
  before.setEndBefore(chip);
  const chipAt = before.toString().length;
  if (text.trim() === '') return null;
  const lang = (chip.closest('[lang]')?.getAttribute('lang') ?? document.documentElement.lang) || 'en';
  let seg = segmenters.get(lang);
  if (!seg) {
    try {
      seg = new Intl.Segmenter(lang, { granularity: 'sentence' });
    } catch {
      seg = new Intl.Segmenter('en', { granularity: 'sentence' });
    }
    if (segmenters.size > 8) segmenters = new Map();
    segmenters.set(lang, seg);
  }
  let start = 0;
  let end = text.length;
  let probe = chipAt;
  while (probe > 0 && /\s/.test(text[probe - 1]!)) probe--;
  if (probe > 0) {
    const s = seg.segment(text).containing(probe - 1);
    if (s) {
      start = s.index;
      end = s.index + s.segment.length;
    }
  } else {
    const s = seg.segment(text).containing(chipAt);
    if (s) {
      start = s.index;
      end = s.index + s.segment.length;
    }
  }
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  while (start < end && /\s/.test(text[start]!)) start++;
  if (end <= start) return null;
  const locate = (offset: number, isEnd: boolean): [Text, number] | null => {
    for (let i = 0; i < nodes.length; i++) {
      const { node, start: s } = nodes[i]!;
      const e = s + node.data.length;
      if (offset < e || (isEnd && offset === e)) return [node, offset - s];
    }
    return null;
  };
  const a = locate(start, false);
  const b = locate(end, true);
  if (!a || !b) return null;
  range.setStart(a[0], a[1]);
  range.setEnd(b[0], b[1]);
  return range;
}

/**
 * Highlights the chips of one source in `root` (their `highlighted`
 * property) and the claims they belong to (a CSS highlight: no element is
 * added or styled, so nothing moves). `id: null` clears it. Returns the
 * chips highlighted; with `scroll`, the first one is scrolled into view.
 */
export function highlightCitations(root: ParentNode & Node, id: string | null, options: { scroll?: boolean } = {}): QaCitation[] {
  const chips = [...root.querySelectorAll<QaCitation>('qa-citation')];
  const on: QaCitation[] = [];
  for (const chip of chips) {
    const match = id !== null && chip.sourceId === id;
    chip.highlighted = match;
    if (match) on.push(chip);
  }
  const registry = typeof CSS !== 'undefined' ? (CSS as unknown as { highlights?: Map<string, unknown> }).highlights : undefined;
  const HighlightCtor = (globalThis as unknown as { Highlight?: new (...ranges: Range[]) => unknown }).Highlight;
  if (registry && HighlightCtor) {
    if (on.length === 0) registry.delete(CLAIM_HIGHLIGHT);
    else {
      claimStyles(root.ownerDocument ?? document);
      const ranges = on.map((c) => claimRange(c, root)).filter((r): r is Range => r !== null);
      registry.set(CLAIM_HIGHLIGHT, new HighlightCtor(...ranges));
    }
  }
  if (options.scroll && on[0]) on[0].scrollIntoView({ block: 'nearest', inline: 'nearest' });
  return on;
}
