/**
 * Presentation rules shared by the panel and the footer: one view model from
 * one payload, so both always show the same sources, groups and counts.
 * Pure; no DOM.
 */
import { compactLocations, dedupeSources } from './merge.js';
import { cleanProse, revealHidden } from './text.js';
import { describeHost, shortUrl, toOpenableUrl, type HostDisplay } from './url.js';
import {
  SOURCE_KINDS,
  type QaIncompleteOrigin,
  type QaSourceEvidence,
  type QaSourceKind,
  type QaSourceLocation,
  type QaSourceReference,
  type QaTurnSources,
} from './types.js';

/** Sources with a score below this are hidden from the main list. */
export const DEFAULT_THRESHOLD = 50;
/** Cards shown per group before `Show N more`. */
export const DEFAULT_MAX_PER_GROUP = 8;

/** Options of `presentSources`. */
export interface QaPresentOptions {
  /** Minimum score of a visible source (inclusive). Default 50. */
  threshold?: number;
  /** Build the items of the `Discovered` row (debug). Its count is always there. */
  showDiscovered?: boolean;
  /** Cards shown per group at first. Default 8. */
  maxPerGroup?: number;
}

/** An inclusive line range. */
export interface QaLineRange {
  lineStart: number;
  lineEnd: number;
}

/** One origin, ready for the `Used by` list. */
export interface QaOriginView {
  role: 'parent' | 'subagent';
  /** Subagent labels from the outermost to the innermost run; empty for the parent. */
  chain: string[];
  evidence: QaSourceEvidence;
  turn: number;
  step: number | null;
  toolName: string | null;
}

/** One location, ready for the details list. */
export interface QaLocationView {
  type: 'lines' | 'anchor' | 'jira' | 'confluence' | 'path';
  /** The formatted value: `197–218`, `#install`, `MDC-1`, a page id or a path. */
  text: string;
  /** Display path when the location names a file other than the source's own. */
  path: string | null;
}

/** One source card. */
export interface QaSourceItemView {
  id: string;
  kind: QaSourceKind;
  /** The merged source (raw strings: bind as text only). */
  source: QaSourceReference;
  /** Position of first use in the payload. */
  order: number;
  /** Display title, cleaned of bidi controls; elide it with CSS, show it whole on hover/focus. */
  title: string;
  /** Secondary line: shortened directory, domain, space or issue summary. */
  secondary: string;
  /** Short type badge for files and code (`MD`, `TS`), null for kinds shown by icon only. */
  badge: string | null;
  /** Jira issue key, when known. */
  issueKey: string | null;
  /** Jira summary (title without the key), when known. */
  summary: string | null;
  ranges: QaLineRange[];
  /** `197–218` (en dash), or `42` for one line. */
  rangeLabels: string[];
  /** True when every origin is a subagent. */
  subagent: boolean;
  /** True when `metadata.truncated` is true. */
  partial: boolean;
  /** Openable http/https/mailto URL of a remote source, else null. */
  href: string | null;
  /** True for local sources that open in the file preview. */
  local: boolean;
  /** Workspace path of a local source, for the preview. */
  path: string | null;
  host: HostDisplay | null;
  /** True when bidi controls, invisible characters or a look-alike host were found. */
  suspicious: boolean;
  firstLocation: QaSourceLocation | null;
  origins: QaOriginView[];
  locations: QaLocationView[];
}

/** One group of cards, in the fixed group order. */
export interface QaSourceGroupView {
  kind: QaSourceKind;
  count: number;
  items: QaSourceItemView[];
  /** How many items show before `Show N more`. */
  initial: number;
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

const GROUP_INDEX = new Map(SOURCE_KINDS.map((k, i) => [k, i]));

const BADGES: Record<string, string> = {
  md: 'MD', markdown: 'MD', mdx: 'MDX', txt: 'TXT', rst: 'RST', adoc: 'ADOC', pdf: 'PDF', html: 'HTML', htm: 'HTML',
  ts: 'TS', tsx: 'TSX', mts: 'TS', cts: 'TS', js: 'JS', jsx: 'JSX', mjs: 'JS', cjs: 'JS', json: 'JSON', yaml: 'YML', yml: 'YML', toml: 'TOML',
  py: 'PY', rb: 'RB', go: 'GO', rs: 'RS', java: 'JAVA', kt: 'KT', cs: 'C#', fs: 'F#', cpp: 'C++', cc: 'C++', hpp: 'H++', c: 'C', h: 'H',
  swift: 'SWFT', php: 'PHP', sh: 'SH', bash: 'SH', sql: 'SQL', xml: 'XML', css: 'CSS', scss: 'SCSS', vue: 'VUE', svelte: 'SVLT', csv: 'CSV', ini: 'INI',
};

function isAbsolute(p: string): boolean {
  return p.startsWith('/') || p.startsWith('~') || /^[A-Za-z]:[\\/]/.test(p) || p.startsWith('\\\\');
}

function segments(p: string): string[] {
  return p.split(/[\\/]+/).filter((s) => s !== '' && s !== '.');
}

/** The last segment of a path. */
export function basename(p: string): string {
  const parts = segments(p);
  return parts[parts.length - 1] ?? p;
}

/** File extension in lower case, without the dot (`md`), or '' when none. */
export function extensionOf(p: string): string {
  const base = basename(p);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/**
 * The directory of a path, shortened for a secondary line:
 * `docs / User_Guide / … / EAM`. An absolute path keeps only its last parts.
 */
export function shortDirectory(p: string, maxSegments = 3): string {
  const parts = segments(p).slice(0, -1);
  if (parts.length === 0) return '';
  const abs = isAbsolute(p);
  if (abs && parts.length > 2) return ['…', ...parts.slice(-2)].join(' / ');
  if (parts.length <= maxSegments) return parts.join(' / ');
  return [parts[0]!, '…', ...parts.slice(-(maxSegments - 1))].join(' / ');
}

function metaString(s: QaSourceReference, key: string): string | null {
  const v = s.metadata?.[key];
  return typeof v === 'string' && v.trim() !== '' ? v : null;
}

/** The workspace path of a local source: a relative `path` first, then a location's, then the `file:` id. */
export function sourcePath(s: QaSourceReference): string | null {
  const candidates = [s.path, ...s.locations.map((l) => l.path), s.id.startsWith('file:') ? s.id.slice(5) : undefined].filter(
    (p): p is string => typeof p === 'string' && p.trim() !== '',
  );
  return candidates.find((p) => !isAbsolute(p)) ?? candidates[0] ?? null;
}

const JIRA_KEY = /\b([A-Z][A-Z0-9_]+-\d+)\b/;

function jiraKeyOf(s: QaSourceReference): string | null {
  for (const l of s.locations) if (l.jiraKey) return l.jiraKey;
  if (s.id.startsWith('jira:')) return s.id.slice(5);
  const m = metaString(s, 'key') ?? s.title.match(JIRA_KEY)?.[1] ?? null;
  return m;
}

function rangeLabel(r: QaLineRange): string {
  return r.lineStart === r.lineEnd ? String(r.lineStart) : `${r.lineStart}–${r.lineEnd}`;
}

/** Formats a line range with an en dash: `197–218`, or `42` for one line. */
export function formatRange(r: QaLineRange): string {
  return rangeLabel(r);
}

interface SubagentInfo {
  label?: string;
  parentRunId?: string;
}

function subagentInfo(s: QaSourceReference, runId: string): SubagentInfo | null {
  const table = s.metadata?.subagents;
  if (!table || typeof table !== 'object' || Array.isArray(table)) return null;
  const entry = (table as Record<string, unknown>)[runId];
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return null;
  const e = entry as Record<string, unknown>;
  return {
    label: typeof e.label === 'string' ? e.label : undefined,
    parentRunId: typeof e.parentRunId === 'string' ? e.parentRunId : undefined,
  };
}

function originChain(s: QaSourceReference, runId: string | undefined, agentId: string | undefined): string[] {
  const chain: string[] = [];
  const seen = new Set<string>();
  let current = runId;
  while (current && !seen.has(current) && chain.length < 8) {
    seen.add(current);
    const info = subagentInfo(s, current);
    chain.unshift(cleanProse(info?.label ?? (current === runId ? agentId ?? current : current)).text);
    current = info?.parentRunId;
  }
  if (chain.length === 0 && agentId) chain.push(cleanProse(agentId).text);
  return chain;
}

function displayTitle(s: QaSourceReference, path: string | null, issueKey: string | null): { title: string; secondary: string; summary: string | null; suspicious: boolean } {
  let suspicious = false;
  const prose = (t: string) => {
    const c = cleanProse(t);
    suspicious ||= c.suspicious;
    return c.text.trim();
  };
  const name = (t: string) => {
    const c = revealHidden(t);
    suspicious ||= c.suspicious;
    return c.text;
  };
  switch (s.kind) {
    case 'file':
    case 'code': {
      if (path) return { title: name(basename(path)), secondary: name(shortDirectory(path)), summary: null, suspicious };
      return { title: prose(s.title) || name(s.id), secondary: '', summary: null, suspicious };
    }
    case 'web': {
      const host = s.uri ? describeHost(s.uri) : null;
      const title = s.title.trim();
      const isFallback = !title || title === s.uri || (host && (title === host.ascii || title === host.unicode));
      const pageTitle = metaString(s, 'pageTitle');
      const shown = !isFallback ? prose(title) : pageTitle ? prose(pageTitle) : s.uri ? name(shortUrl(s.uri)) : name(s.id);
      const site = metaString(s, 'siteName');
      const secondary = host ? name(host.display) : site ? prose(site) : '';
      return { title: shown || name(s.uri ?? s.id), secondary, summary: null, suspicious };
    }
    case 'jira': {
      const key = issueKey ?? '';
      let summary = metaString(s, 'summary') ?? s.title;
      if (key && summary.startsWith(key)) summary = summary.slice(key.length).replace(/^[\s:—–-]+/, '');
      const cleaned = prose(summary);
      return { title: key ? name(key) : cleaned || name(s.id), secondary: key ? cleaned : '', summary: key && cleaned ? cleaned : null, suspicious };
    }
    case 'confluence': {
      const space = metaString(s, 'spaceName') ?? metaString(s, 'spaceKey');
      return { title: prose(s.title) || name(s.id), secondary: space ? prose(space) : '', summary: null, suspicious };
    }
    case 'knowledge': {
      const backend = metaString(s, 'collection') ?? metaString(s, 'backend') ?? (s.id.startsWith('knowledge:') ? s.id.split(':')[1] ?? '' : '');
      return { title: prose(s.title) || name(s.id), secondary: prose(backend), summary: null, suspicious };
    }
    default: {
      const host = s.uri ? describeHost(s.uri) : null;
      return { title: prose(s.title) || (path ? name(basename(path)) : name(s.id)), secondary: host ? name(host.display) : path ? name(shortDirectory(path)) : '', summary: null, suspicious };
    }
  }
}

function locationViews(locations: QaSourceLocation[], ownPath: string | null): QaLocationView[] {
  const out: QaLocationView[] = [];
  for (const l of locations) {
    const otherPath = l.path && l.path !== ownPath ? revealHidden(l.path).text : null;
    if (l.lineStart !== undefined) out.push({ type: 'lines', text: rangeLabel({ lineStart: l.lineStart, lineEnd: l.lineEnd ?? l.lineStart }), path: otherPath });
    if (l.anchor) out.push({ type: 'anchor', text: `#${cleanProse(l.anchor).text.replace(/^#/, '')}`, path: otherPath });
    if (l.jiraKey) out.push({ type: 'jira', text: revealHidden(l.jiraKey).text, path: null });
    if (l.confluencePageId) out.push({ type: 'confluence', text: revealHidden(l.confluencePageId).text, path: null });
    if (l.lineStart === undefined && !l.anchor && !l.jiraKey && !l.confluencePageId && otherPath) out.push({ type: 'path', text: otherPath, path: otherPath });
  }
  return out;
}

/** Builds the card view of one (already merged) source. */
export function presentItem(s: QaSourceReference, order: number): QaSourceItemView {
  const localKind = s.kind === 'file' || s.kind === 'code';
  const path = localKind || s.kind === 'other' ? sourcePath(s) : null;
  const href = toOpenableUrl(s.uri);
  const local = localKind && path !== null;
  const issueKey = s.kind === 'jira' ? jiraKeyOf(s) : null;
  const text = displayTitle(s, path, issueKey);
  const locations = compactLocations(s.locations);
  const ranges: QaLineRange[] = [];
  for (const l of locations) {
    if (l.lineStart !== undefined && (!l.path || !path || l.path === path)) ranges.push({ lineStart: l.lineStart, lineEnd: l.lineEnd ?? l.lineStart });
  }
  const host = !local && s.uri ? describeHost(s.uri) : null;
  const ext = path ? extensionOf(path) : '';
  const badge = localKind ? (BADGES[ext] ?? (ext ? ext.slice(0, 4).toUpperCase() : null)) : null;
  const origins: QaOriginView[] = s.origins.map((o) => ({
    role: o.role,
    chain: o.role === 'subagent' ? originChain(s, o.subagentRunId, o.agentId) : [],
    evidence: s.evidence,
    turn: o.turn,
    step: o.step ?? null,
    toolName: o.toolName ? cleanProse(o.toolName).text : null,
  }));
  return {
    id: s.id,
    kind: s.kind,
    source: s,
    order,
    title: text.title,
    secondary: text.secondary,
    badge,
    issueKey: issueKey ? revealHidden(issueKey).text : null,
    summary: text.summary,
    ranges,
    rangeLabels: ranges.map(rangeLabel),
    subagent: s.origins.length > 0 && s.origins.every((o) => o.role === 'subagent'),
    partial: s.metadata?.truncated === true,
    href: local ? null : href,
    local,
    path: local ? path : null,
    host,
    suspicious: text.suspicious || (host?.confusable ?? false),
    firstLocation: locations[0] ?? null,
    origins,
    locations: locationViews(locations, path),
  };
}

function compareItems(a: QaSourceItemView, b: QaSourceItemView): number {
  if (a.source.score !== b.source.score) return b.source.score - a.source.score;
  if (a.order !== b.order) return a.order - b.order;
  return a.title < b.title ? -1 : a.title > b.title ? 1 : 0;
}

const EMPTY_VIEW: QaSourcesView = Object.freeze({
  sessionId: '',
  turn: 0,
  count: 0,
  empty: true,
  groups: [],
  discovered: { count: 0, items: [] },
  complete: true,
  incompleteOrigins: [],
  threshold: DEFAULT_THRESHOLD,
}) as QaSourcesView;

/**
 * The view model of a parsed payload: visible sources (score >= threshold,
 * deduplicated by id), grouped in the fixed order, sorted by score, first use
 * and title. `presentSources(null)` is the empty view.
 */
export function presentSources(payload: QaTurnSources | null | undefined, options: QaPresentOptions = {}): QaSourcesView {
  const threshold = Number.isFinite(options.threshold) ? (options.threshold as number) : DEFAULT_THRESHOLD;
  const maxPerGroup = Math.max(1, Math.floor(Number.isFinite(options.maxPerGroup) ? (options.maxPerGroup as number) : DEFAULT_MAX_PER_GROUP));
  if (!payload) return { ...EMPTY_VIEW, threshold };

  const merged = dedupeSources(payload.sources);
  const buckets = new Map<QaSourceKind, QaSourceItemView[]>();
  const visibleIds = new Set<string>();
  const hidden: QaSourceReference[] = [];
  merged.forEach((s, order) => {
    if (!(s.score >= threshold)) {
      hidden.push(s);
      return;
    }
    visibleIds.add(s.id);
    const kind = GROUP_INDEX.has(s.kind) ? s.kind : 'other';
    let list = buckets.get(kind);
    if (!list) buckets.set(kind, (list = []));
    list.push(presentItem(s, order));
  });
  const groups: QaSourceGroupView[] = [];
  for (const kind of SOURCE_KINDS) {
    const items = buckets.get(kind);
    if (!items) continue;
    items.sort(compareItems);
    groups.push({ kind, count: items.length, items, initial: Math.min(items.length, maxPerGroup) });
  }

  const discoveredAll = dedupeSources([...hidden, ...(payload.discovered ?? [])]).filter((s) => !visibleIds.has(s.id));
  const discoveredItems = options.showDiscovered
    ? discoveredAll.map((s, i) => presentItem(s, i)).sort(compareItems)
    : [];

  return {
    sessionId: payload.sessionId,
    turn: payload.turn,
    count: visibleIds.size,
    empty: visibleIds.size === 0,
    groups,
    discovered: { count: discoveredAll.length, items: discoveredItems },
    complete: payload.complete,
    incompleteOrigins: payload.incompleteOrigins ?? [],
    threshold,
  };
}
