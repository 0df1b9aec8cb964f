/**
 * Presentation rules shared by the panel and the footer: one view model from
 * one payload, so both always show the same sources, groups and counts.
 * Pure; no DOM.
 */
import { kindOf } from './display.js';
import { SourceGroupView, type QaSourceGroupView } from './group.js';
import { compareSourceItems, presentItem, type QaSourceItemView } from './item.js';
import { dedupeSources } from './merge.js';
import { SOURCE_KINDS, type QaIncompleteOrigin, type QaSourceKind, type QaSourceReference, type QaTurnSources } from './types.js';

/** Sources with a score below this are hidden from the main list. */
export const DEFAULT_THRESHOLD = 50;
/** Cards shown per group before `Show N more`. */
export const DEFAULT_MAX_PER_GROUP = 8;

/** Options of `presentSources`. */
export interface QaPresentOptions {
  /** Minimum score of a visible source (inclusive). Default 50; NaN means the default, `-Infinity` shows everything. */
  threshold?: number;
  /** Build the items of the `Discovered` row (debug). Its count is always there. */
  showDiscovered?: boolean;
  /** Cards shown per group at first. Default 8; at least 1; fractions round down; `Infinity` shows every card. */
  maxPerGroup?: number;
}

/** Everything the panel and the footer render. */
export interface QaSourcesView {
  sessionId: string;
  turn: number;
  /** Number of visible sources: the `Sources · N` count. */
  count: number;
  empty: boolean;
  groups: QaSourceGroupView[];
  /** Entries of `discovered` plus sources under the threshold; never counted in `count`. */
  discovered: { count: number; items: QaSourceItemView[] };
  complete: boolean;
  incompleteOrigins: QaIncompleteOrigin[];
  threshold: number;
}

/** The view of no payload (or of a payload that could not be read): count 0, nothing to show. */
export function emptyView(threshold = DEFAULT_THRESHOLD): QaSourcesView {
  return {
    sessionId: '',
    turn: 0,
    count: 0,
    empty: true,
    groups: [],
    discovered: { count: 0, items: [] },
    complete: true,
    incompleteOrigins: [],
    threshold,
  };
}

function readThreshold(v: unknown): number {
  return typeof v === 'number' && !Number.isNaN(v) ? v : DEFAULT_THRESHOLD;
}

/** `maxPerGroup` as given, or the default; at least 1, whole, or Infinity. */
export function readMaxPerGroup(v: unknown): number {
  if (typeof v !== 'number' || Number.isNaN(v)) return DEFAULT_MAX_PER_GROUP;
  return v === Infinity ? Infinity : Math.max(1, Math.floor(v));
}

/**
 * The view model of a parsed payload: visible sources (score >= threshold,
 * deduplicated by id), grouped in the fixed order, sorted by score, first use
 * and title. Sources under the threshold and `discovered` entries are only
 * counted in `discovered`. `presentSources(null)` is the empty view.
 * Options: `threshold` (default 50; `-Infinity` shows everything),
 * `maxPerGroup` (default 8, at least 1; `Infinity` shows every card at once),
 * `showDiscovered` (build the discovered items).
 */
export function presentSources(payload: QaTurnSources | null | undefined, options: QaPresentOptions = {}): QaSourcesView {
  const threshold = readThreshold(options.threshold);
  const maxPerGroup = readMaxPerGroup(options.maxPerGroup);
  if (!payload || !Array.isArray(payload.sources)) return emptyView(threshold);

  // One entry per id (merged, in order of first appearance). Ids seldom repeat: a set finds out, and only then are entries merged.
  const sources = payload.sources;
  const seen = new Set<string>();
  for (let i = 0; i < sources.length && seen.size === i; i++) seen.add(sources[i]!.id);
  const repeated = seen.size !== sources.length;
  const merged = repeated ? dedupeSources(sources) : sources;

  // Visible sources by kind, with their position of first use; the cards are built on demand.
  const byKind = new Map<QaSourceKind, { sources: QaSourceReference[]; orders: number[] }>();
  const hidden: QaSourceReference[] = [];
  let count = 0;
  for (let order = 0; order < merged.length; order++) {
    const s = merged[order]!;
    if (!(s.score >= threshold)) {
      hidden.push(s);
      continue;
    }
    count += 1;
    const kind = kindOf(s);
    let bucket = byKind.get(kind);
    if (!bucket) byKind.set(kind, (bucket = { sources: [], orders: [] }));
    bucket.sources.push(s);
    bucket.orders.push(order);
  }
  const groups: QaSourceGroupView[] = [];
  for (const kind of SOURCE_KINDS) {
    const bucket = byKind.get(kind);
    if (bucket) groups.push(new SourceGroupView(kind, bucket.sources, bucket.orders, maxPerGroup));
  }

  const extra = Array.isArray(payload.discovered) ? payload.discovered : [];
  let discoveredAll: QaSourceReference[] = [];
  if (hidden.length > 0 || extra.length > 0) {
    const visibleIds = new Set<string>();
    for (const s of merged) if (s.score >= threshold) visibleIds.add(s.id);
    discoveredAll = dedupeSources(hidden.concat(extra)).filter((s) => !visibleIds.has(s.id));
  }
  const discoveredItems = options.showDiscovered ? discoveredAll.map((s, i) => presentItem(s, i)).sort(compareSourceItems) : [];

  return {
    sessionId: payload.sessionId,
    turn: payload.turn,
    count,
    empty: count === 0,
    groups,
    discovered: { count: discoveredAll.length, items: discoveredItems },
    complete: payload.complete,
    incompleteOrigins: payload.incompleteOrigins ?? [],
    threshold,
  };
}
