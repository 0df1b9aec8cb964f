import { basename, isAbsolutePath } from '../workspace/paths.js';
import type { QaSourceEvidence, QaSourceLocation, QaSourceOrigin, QaSourceReference } from './types.js';

const EVIDENCE_RANK: Record<QaSourceEvidence, number> = {
  read: 3,
  fetched: 3,
  queried: 3,
  reported: 2,
  inherited: 1,
  discovered: 0,
};

/** How strong a piece of evidence is: read/fetched/queried 3, reported 2, inherited 1, discovered 0. */
export function evidenceRank(e: QaSourceEvidence): number {
  return EVIDENCE_RANK[e] ?? 0;
}

/** True when a title only repeats what the source's path or URL already says (a fallback, not a real title). */
export function isFallbackTitle(title: string, s: Pick<QaSourceReference, 'path' | 'uri' | 'id'>): boolean {
  const t = title.trim();
  if (t === '') return true;
  if (s.path && (t === s.path || t === basename(s.path))) return true;
  if (s.uri) {
    if (t === s.uri) return true;
    try {
      const u = new URL(s.uri);
      const hostPath = `${u.host}${u.pathname}`;
      if (t === u.hostname || t === u.host || t === u.href || t === hostPath || t === hostPath.replace(/\/$/, '')) return true;
    } catch {
      // not a URL: nothing more to compare
    }
  }
  return t === s.id;
}

function locationKey(l: QaSourceLocation): string {
  return [l.path ?? '', l.anchor ?? '', l.jiraKey ?? '', l.confluencePageId ?? ''].join('\u0000');
}

function isEmptyLocation(l: QaSourceLocation): boolean {
  return l.lineStart === undefined && !l.path && !l.anchor && !l.jiraKey && !l.confluencePageId;
}

/**
 * Unions locations: equal entries collapse, and line ranges of the same place
 * (same path, anchor, issue and page) that overlap or touch (197–210 +
 * 211–218) become one range; a place without lines is dropped when the same
 * place also has ranges; locations that name nothing are dropped. Order:
 * first appearance of each place, ranges ascending within it. Returns new
 * objects; the input is not changed.
 */
export function compactLocations(locations: readonly QaSourceLocation[]): QaSourceLocation[] {
  if (locations.length <= 1) {
    const only = locations[0];
    if (!only || isEmptyLocation(only)) return [];
    return [only.lineStart !== undefined ? { ...only, lineEnd: Math.max(only.lineEnd ?? only.lineStart, only.lineStart) } : { ...only }];
  }
  const places = new Map<string, { plain: QaSourceLocation | null; ranges: QaSourceLocation[] }>();
  for (const loc of locations) {
    if (isEmptyLocation(loc)) continue;
    const key = locationKey(loc);
    let place = places.get(key);
    if (!place) {
      place = { plain: null, ranges: [] };
      places.set(key, place);
    }
    if (loc.lineStart !== undefined) place.ranges.push(loc);
    else place.plain ??= loc;
  }
  const out: QaSourceLocation[] = [];
  for (const place of places.values()) {
    if (place.ranges.length === 0) {
      if (place.plain) out.push({ ...place.plain });
      continue;
    }
    const sorted = place.ranges
      .map((r) => ({ ...r, lineEnd: Math.max(r.lineEnd ?? r.lineStart!, r.lineStart!) }))
      .sort((a, b) => a.lineStart! - b.lineStart! || a.lineEnd - b.lineEnd);
    let current = sorted[0]!;
    for (let i = 1; i < sorted.length; i++) {
      const next = sorted[i]!;
      if (next.lineStart! <= current.lineEnd + 1) current.lineEnd = Math.max(current.lineEnd, next.lineEnd);
      else {
        out.push(current);
        current = next;
      }
    }
    out.push(current);
  }
  return out;
}

function originKey(o: QaSourceOrigin): string {
  return [
    o.sessionId,
    o.turn,
    o.step ?? '',
    o.toolCallId ?? '',
    o.toolName ?? '',
    o.agentId ?? '',
    o.role,
    o.subagentRunId ?? '',
    o.subagentSessionId ?? '',
  ].join('\u0000');
}

/** Unions origins, keeping the first of each identical entry, in order of appearance. */
export function unionOrigins(a: readonly QaSourceOrigin[], b: readonly QaSourceOrigin[]): QaSourceOrigin[] {
  const seen = new Set<string>();
  const out: QaSourceOrigin[] = [];
  for (const o of [...a, ...b]) {
    const k = originKey(o);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(o);
  }
  return out;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function copyInto(out: Record<string, unknown>, from: Record<string, unknown>): void {
  for (const k of Object.keys(from)) if (k !== '__proto__') out[k] = from[k];
}

/**
 * Merges metadata: `a` wins per key, except that the `subagents` label tables
 * are unioned (`a` wins per run id) and `truncated` is true only when no side
 * reports a complete read (`truncated: false` on either side wins).
 */
export function mergeMetadata(a: Record<string, unknown> | undefined, b: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!a) return b;
  if (!b) return a;
  const out = Object.create(null) as Record<string, unknown>;
  copyInto(out, b);
  copyInto(out, a);
  if (typeof a.truncated === 'boolean' && typeof b.truncated === 'boolean') out.truncated = a.truncated && b.truncated;
  if (isRecord(a.subagents) && isRecord(b.subagents)) {
    const runs = Object.create(null) as Record<string, unknown>;
    copyInto(runs, b.subagents);
    copyInto(runs, a.subagents);
    out.subagents = runs;
  }
  return out;
}

/**
 * Merges two entries of the same source (same `id`), as the reference design's
 * dedupe rules say: explicit title over a fallback, locations unioned and
 * compacted, origins unioned, the best non-empty snippet, the highest score,
 * the strongest evidence (fetched/read/queried > reported > inherited > discovered).
 * `a` is the earlier entry: it wins ties.
 */
export function mergeSources(a: QaSourceReference, b: QaSourceReference): QaSourceReference {
  const rankA = evidenceRank(a.evidence);
  const rankB = evidenceRank(b.evidence);
  const strong = rankB > rankA ? b : a;
  const weak = strong === a ? b : a;

  // A title is a fallback when it only repeats either side's path, URL or id.
  const aFallback = isFallbackTitle(a.title, a) || isFallbackTitle(a.title, b);
  const bFallback = isFallbackTitle(b.title, b) || isFallbackTitle(b.title, a);
  let title = a.title;
  if (aFallback && !bFallback) title = b.title;
  else if (aFallback && bFallback && a.title.trim() === '') title = b.title;

  let path = a.path ?? b.path;
  if (a.path && b.path && isAbsolutePath(a.path) && !isAbsolutePath(b.path)) path = b.path;

  const snippets = [strong.snippet, weak.snippet].filter((s): s is string => !!s && s.trim() !== '');
  const snippet = snippets.length === 0 ? undefined : rankA === rankB ? snippets.reduce((x, y) => (y.length > x.length ? y : x)) : snippets[0];

  const merged: QaSourceReference = {
    id: a.id,
    kind: a.kind === 'other' ? b.kind : a.kind,
    title,
    locations: compactLocations([...a.locations, ...b.locations]),
    evidence: strong.evidence,
    origins: unionOrigins(a.origins, b.origins),
    score: Math.max(a.score, b.score),
  };
  const uri = strong.uri ?? weak.uri;
  if (uri !== undefined) merged.uri = uri;
  if (path !== undefined) merged.path = path;
  if (snippet !== undefined) merged.snippet = snippet;
  const metadata = mergeMetadata(a.metadata, b.metadata);
  if (metadata !== undefined) merged.metadata = metadata;
  return merged;
}

/** One entry per `id`, merged with `mergeSources`, in order of first appearance. */
export function dedupeSources(sources: readonly QaSourceReference[]): QaSourceReference[] {
  const byId = new Map<string, QaSourceReference>();
  for (const s of sources) {
    const prev = byId.get(s.id);
    byId.set(s.id, prev ? mergeSources(prev, s) : s);
  }
  return [...byId.values()];
}
