/**
 * Citation markers in an answer's text: `[[source:<id>]]`, optionally
 * narrowed to lines with `[[source:<id>#L10-L20]]`. Parsing (including a
 * marker still being written at the end of a streaming answer), numbering by
 * first appearance (one number per source, shared by every surface) and the
 * cited / also-used split. Pure; no DOM.
 */
import type { QaLineRange } from './display.js';
import { itemsUpTo } from './group.js';
import { presentItem, type QaSourceItemView } from './item.js';
import type { QaSourcesView } from './present.js';
import { presentCitedSections } from './sections.js';
import { revealHidden } from './text.js';
import type { QaTurnSources } from './types.js';

/** What opens a marker. */
export const MARKER_OPEN = '[[source:';
/** What closes a marker. */
export const MARKER_CLOSE = ']]';
/** Ids longer than this (in UTF-16 units) are not markers: the text stays as it is. */
export const MAX_CITATION_ID_LENGTH = 2048;
/** Line numbers above this are not a range (the marker cites the whole source). */
export const MAX_CITATION_LINE = 10_000_000;

/** One marker found in a text. */
export interface QaCitationMarker {
  /** The source id as written, trimmed (raw: compare, never display; see `citationIdLabel`). */
  id: string;
  /** The cited lines, when the marker names them and they are valid. */
  range: QaLineRange | null;
  /** Offset of `[[` in the text. */
  start: number;
  /** Offset just after `]]`. */
  end: number;
  /** A problem with the marker (an unreadable range), for debug display; null when none. */
  problem: string | null;
}

/** The markers of a text and, at its end, the start of a marker not yet complete (streaming). */
export interface QaMarkerScan {
  markers: QaCitationMarker[];
  /** Offset where an incomplete marker starts at the very end of the text (hide from there while streaming), else -1. */
  pending: number;
}

// Inside a marker: no brackets, no line breaks, no NUL. `]]` ends it.
/** `[`, `]`, CR, LF, NUL, U+2028, U+2029 (compared by code: the scan reads every character of every id). */
function forbiddenInId(code: number): boolean {
  return code === 0x5b || code === 0x5d || code === 0x0d || code === 0x0a || code === 0 || code === 0x2028 || code === 0x2029;
}
const RANGE_SUFFIX = /#L(\d{1,9})(?:-L?(\d{1,9}))?$/;

function readRange(id: string): { id: string; range: QaLineRange | null; problem: string | null } {
  const m = RANGE_SUFFIX.exec(id);
  if (!m) return { id, range: null, problem: null };
  const base = id.slice(0, m.index).trim();
  let a = Number(m[1]);
  let b = m[2] === undefined ? a : Number(m[2]);
  if (a < 1 || b < 1 || a > MAX_CITATION_LINE || b > MAX_CITATION_LINE) return { id: base, range: null, problem: `line range ${m[0]} is out of bounds` };
  if (b < a) [a, b] = [b, a];
  return { id: base, range: { lineStart: a, lineEnd: b }, problem: null };
}

/**
 * Finds every complete marker in `text`, in order, and where an incomplete
 * one starts at its very end (`[`, `[[sour`, `[[source:file:a.m`, `…]`).
 * A `[[source:` with a forbidden character (a bracket, a line break) or an id
 * over `MAX_CITATION_ID_LENGTH` before its `]]` is plain text. Linear in the
 * length of the text.
 */
export function scanMarkers(text: string): QaMarkerScan {
  const markers: QaCitationMarker[] = [];
  let pending = -1;
  let from = 0;
  for (;;) {
    const start = text.indexOf('[[', from);
    if (start < 0) {
      // A lone `[` as the last character may become `[[`.
      if (text.endsWith('[') && text.length - 1 >= from) pending = text.length - 1;
      break;
    }
    const head = text.slice(start, start + MARKER_OPEN.length);
    if (head.length < MARKER_OPEN.length) {
      // `[[`, `[[so` … at the end: maybe the start of a marker.
      if (MARKER_OPEN.startsWith(head)) {
        pending = start;
        break;
      }
      from = start + 1;
      continue;
    }
    if (head !== MARKER_OPEN) {
      from = start + 1;
      continue;
    }
    const bodyStart = start + MARKER_OPEN.length;
    const limit = Math.min(text.length, bodyStart + MAX_CITATION_ID_LENGTH + 1);
    let i = bodyStart;
    let closed = -1;
    let open = false;
    for (; i < limit; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x5d) {
        if (text.charCodeAt(i + 1) === 0x5d) closed = i;
        // A lone `]` as the last character may be the first half of `]]`.
        else open = i + 1 === text.length;
        break;
      }
      if (forbiddenInId(c)) break;
    }
    // Ran to the end of the text with nothing forbidden: still being written.
    if (i === text.length && i - bodyStart <= MAX_CITATION_ID_LENGTH) open = true;
    if (closed < 0) {
      if (open) {
        pending = start;
        break;
      }
      from = start + 2;
      continue;
    }
    const rawId = text.slice(bodyStart, closed).trim();
    if (rawId === '') {
      from = closed + 2;
      continue;
    }
    const { id, range, problem } = readRange(rawId);
    if (id === '') {
      from = closed + 2;
      continue;
    }
    markers.push({ id, range, start, end: closed + 2, problem });
    from = closed + 2;
  }
  return { markers, pending };
}

/** True when `text` contains something that may be (or become) a marker: a cheap test before any work. */
export function mayHoldMarker(text: string): boolean {
  return text.includes('[');
}

/** The id of a marker as it may be shown (debug): hidden and direction-changing characters as visible markers. */
export function citationIdLabel(id: string): string {
  return revealHidden(id).text;
}

/** How the citations of one answer are numbered. */
export interface QaCitationIndex {
  /** Source id → its number (1, 2, …), by first appearance; only ids of known sources. */
  numbers: ReadonlyMap<string, number>;
  /** Known source ids in number order. */
  cited: readonly string[];
  /** Cited ids that name no source of the payload, in order of first appearance. */
  unknown: readonly string[];
  /** How many times each known id is cited. */
  counts: ReadonlyMap<string, number>;
}

/** The index of no citations. */
export const NO_CITATIONS: QaCitationIndex = Object.freeze({ numbers: new Map(), cited: [], unknown: [], counts: new Map() });

/**
 * Numbers cited ids by first appearance: one number per known source id, the
 * same however often it is cited. Ids `isKnown` rejects are listed in
 * `unknown` and get no number (they never shift the numbers of real sources).
 */
export function numberCitations(ids: Iterable<string>, isKnown: (id: string) => boolean): QaCitationIndex {
  const numbers = new Map<string, number>();
  const counts = new Map<string, number>();
  const cited: string[] = [];
  const unknown: string[] = [];
  const unknownSeen = new Set<string>();
  for (const id of ids) {
    if (numbers.has(id)) {
      counts.set(id, counts.get(id)! + 1);
      continue;
    }
    if (unknownSeen.has(id)) continue;
    if (isKnown(id)) {
      cited.push(id);
      numbers.set(id, cited.length);
      counts.set(id, 1);
    } else {
      unknownSeen.add(id);
      unknown.push(id);
    }
  }
  return { numbers, cited, unknown, counts };
}

/** Sources a citation can point at: every source of a payload (visible or under the threshold) and its discovered entries, by id. */
export interface QaCitationTargets {
  get(id: string): QaSourceItemView | undefined;
  has(id: string): boolean;
}

const targetCache = new WeakMap<object, QaCitationTargets>();

/**
 * The sources of a parsed payload by id, as card views (built on first use,
 * cached per payload). A repeated id keeps its first entry's place; the
 * merged view of a visible source is the one the panel shows.
 */
export function citationTargets(payload: QaTurnSources | null | undefined, view?: QaSourcesView): QaCitationTargets {
  if (!payload) return { get: () => undefined, has: () => false };
  const cached = targetCache.get(payload);
  if (cached) return cached;
  const raw = new Map<string, { order: number; source: QaTurnSources['sources'][number] }>();
  const all = [...(Array.isArray(payload.sources) ? payload.sources : []), ...(Array.isArray(payload.discovered) ? payload.discovered : [])];
  all.forEach((source, order) => {
    if (!raw.has(source.id)) raw.set(source.id, { order, source });
  });
  const made = new Map<string, QaSourceItemView>();
  if (view) for (const g of view.groups) for (const item of itemsUpTo(g, g.count)) made.set(item.id, item);
  const targets: QaCitationTargets = {
    has: (id) => raw.has(id),
    get: (id) => {
      let item = made.get(id);
      if (!item) {
        const entry = raw.get(id);
        if (!entry) return undefined;
        made.set(id, (item = presentItem(entry.source, entry.order)));
      }
      return item;
    },
  };
  targetCache.set(payload, targets);
  return targets;
}

/** The cards of a view split into those the answer cites (by number) and the rest (in their groups). */
export interface QaCitedSplit {
  /** Visible sources the answer cites, in citation-number order. */
  cited: QaSourceItemView[];
  /** Visible sources the answer does not cite. */
  alsoUsed: number;
}

/**
 * Splits the visible sources of a view by the answer's citations: the cited
 * ones in number order, and how many others there are (the counts of the
 * panel's sections, `presentCitedSections`). With no citations, nothing is
 * cited and every source is "also used".
 */
export function splitCited(view: QaSourcesView, index: QaCitationIndex): QaCitedSplit {
  const sections = presentCitedSections(view, index.numbers);
  if (!sections) return { cited: [], alsoUsed: view.count };
  return { cited: sections.cited.items.slice(), alsoUsed: sections.alsoUsed.count };
}

/** The lines a citation opens at: its own range, else every range of its source. */
export function citedRanges(item: Pick<QaSourceItemView, 'ranges'> | null | undefined, range: QaLineRange | null): QaLineRange[] {
  if (range) return [{ ...range }];
  return item ? item.ranges.map((r) => ({ ...r })) : [];
}
