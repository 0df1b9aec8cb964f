/**
 * Presentation rules shared by the panel and the footer: one view model from
 * one payload, so both always show the same sources, groups and counts.
 * Pure; no DOM.
 */
import { compactLocations, dedupeSources, isFallbackTitle } from './merge.js';
import { basename, extensionOf, isAbsolutePath, shortDirectory } from '../workspace/paths.js';
import { cleanProse, revealHidden, type CleanedText } from './text.js';
import { hostDisplay, readUrl, shortUrl, type HostDisplay } from './url.js';
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
  /** Minimum score of a visible source (inclusive). Default 50; NaN means the default, `-Infinity` shows everything. */
  threshold?: number;
  /** Build the items of the `Discovered` row (debug). Its count is always there. */
  showDiscovered?: boolean;
  /** Cards shown per group at first. Default 8; at least 1; fractions round down; `Infinity` shows every card. */
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
  /** Where activating this location opens the preview (a local source's file and the range), else null. */
  target: { path: string; range: QaLineRange | null } | null;
  /** The payload's location it comes from (raw strings). */
  source: QaSourceLocation;
}

/**
 * One source card. A read-only view: its display fields are computed on first
 * read (so a payload of thousands of sources costs only what is shown);
 * `JSON.stringify(item)` gives a plain copy of every field.
 */
export interface QaSourceItemView {
  readonly id: string;
  readonly kind: QaSourceKind;
  /** The merged source (raw strings: bind as text only). */
  readonly source: QaSourceReference;
  /** Position of first use in the payload. */
  readonly order: number;
  /** Display title, cleaned of bidi controls; elide it with CSS, show it whole on hover/focus. */
  readonly title: string;
  /** Secondary line: shortened directory, domain, space or issue summary. */
  readonly secondary: string;
  /**
   * Short type badge (`MD`, `TS`, `C#`) for a file or code source of a type in
   * the kit's table; null otherwise. The rule: a text badge names a known file
   * type, everything else (other kinds, unknown or dotted names such as
   * `.env.local`) shows its kind's icon.
   */
  readonly badge: string | null;
  /** Jira issue key, when known. */
  readonly issueKey: string | null;
  /** Jira summary (title without the key), when known. */
  readonly summary: string | null;
  readonly ranges: QaLineRange[];
  /** `197–218` (en dash), or `42` for one line. */
  readonly rangeLabels: string[];
  /** True when every origin is a subagent. */
  readonly subagent: boolean;
  /** True when `metadata.truncated` is true. */
  readonly partial: boolean;
  /** Openable http/https/mailto URL of a remote source, else null. */
  readonly href: string | null;
  /** True for local sources that open in the file preview. */
  readonly local: boolean;
  /** Workspace path of a local source, for the preview. */
  readonly path: string | null;
  readonly host: HostDisplay | null;
  /** True when bidi controls, invisible characters or a look-alike host were found. */
  readonly suspicious: boolean;
  readonly firstLocation: QaSourceLocation | null;
  readonly origins: QaOriginView[];
  readonly locations: QaLocationView[];
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

const KIND_SET = new Set<string>(SOURCE_KINDS);

const BADGES: Record<string, string> = {
  md: 'MD', markdown: 'MD', mdx: 'MDX', txt: 'TXT', rst: 'RST', adoc: 'ADOC', pdf: 'PDF', html: 'HTML', htm: 'HTML',
  ts: 'TS', tsx: 'TSX', mts: 'TS', cts: 'TS', js: 'JS', jsx: 'JSX', mjs: 'JS', cjs: 'JS', json: 'JSON', yaml: 'YML', yml: 'YML', toml: 'TOML',
  py: 'PY', rb: 'RB', go: 'GO', rs: 'RS', java: 'JAVA', kt: 'KT', cs: 'C#', fs: 'F#', cpp: 'C++', cc: 'C++', hpp: 'H++', c: 'C', h: 'H',
  swift: 'SWFT', php: 'PHP', sh: 'SH', bash: 'SH', sql: 'SQL', xml: 'XML', css: 'CSS', scss: 'SCSS', vue: 'VUE', svelte: 'SVLT', csv: 'CSV', ini: 'INI',
};

function metaString(s: QaSourceReference, key: string): string | null {
  const m = s.metadata;
  if (!m || !Object.prototype.hasOwnProperty.call(m, key)) return null;
  const v = m[key];
  return typeof v === 'string' && v.trim() !== '' ? v : null;
}

/** The workspace path of a local source: a relative `path` first, then a location's, then the `file:`/`code:` id. */
export function sourcePath(s: QaSourceReference): string | null {
  let fallback: string | null = null;
  const consider = (p: string | undefined): string | null => {
    if (typeof p !== 'string' || p.trim() === '') return null;
    if (!isAbsolutePath(p)) return p;
    fallback ??= p;
    return null;
  };
  const direct = consider(s.path);
  if (direct) return direct;
  for (const l of s.locations) {
    const p = consider(l.path);
    if (p) return p;
  }
  const idPath = s.id.startsWith('file:') ? s.id.slice(5) : s.id.startsWith('code:') ? s.id.slice(5) : undefined;
  return consider(idPath) ?? fallback;
}

const JIRA_KEY = /^[A-Z][A-Z0-9_]+-\d+$/;
const JIRA_KEY_IN_TEXT = /\b([A-Z][A-Z0-9_]+-\d+)\b/;

function jiraKeyOf(s: QaSourceReference): string | null {
  const candidates: Array<string | null | undefined> = [
    ...s.locations.map((l) => l.jiraKey),
    s.id.startsWith('jira:') ? s.id.slice(5) : null,
    metaString(s, 'key'),
    metaString(s, 'issueKey'),
  ];
  for (const c of candidates) if (c && JIRA_KEY.test(c)) return c;
  const inTitle = s.title.match(JIRA_KEY_IN_TEXT)?.[1];
  if (inTitle) return inTitle;
  // Not shaped like a key, but named as one: shown as given (revealed).
  return s.locations.find((l) => l.jiraKey && l.jiraKey.trim() !== '')?.jiraKey ?? null;
}

/** Formats a line range with an en dash: `197–218`, or `42` for one line. */
export function formatRange(r: QaLineRange): string {
  return r.lineStart === r.lineEnd ? String(r.lineStart) : `${r.lineStart}–${r.lineEnd}`;
}

function subagentInfo(s: QaSourceReference, runId: string): { label?: string; parentRunId?: string } | null {
  const table = s.metadata?.subagents;
  if (!table || typeof table !== 'object' || Array.isArray(table) || !Object.prototype.hasOwnProperty.call(table, runId)) return null;
  const entry = (table as Record<string, unknown>)[runId];
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return null;
  const e = entry as Record<string, unknown>;
  return {
    label: typeof e.label === 'string' && e.label.trim() !== '' ? e.label : undefined,
    parentRunId: typeof e.parentRunId === 'string' ? e.parentRunId : undefined,
  };
}

/** Longest chain of nested subagents shown for one origin. */
export const MAX_ORIGIN_CHAIN = 8;

function originChain(s: QaSourceReference, runId: string | undefined, agentId: string | undefined): string[] {
  const chain: string[] = [];
  const seen = new Set<string>();
  let current = runId;
  while (current && !seen.has(current) && chain.length < MAX_ORIGIN_CHAIN) {
    seen.add(current);
    const info = subagentInfo(s, current);
    chain.unshift(singleLine(info?.label ?? (current === runId ? agentId ?? current : current)).text);
    current = info?.parentRunId;
  }
  if (chain.length === 0 && agentId) chain.push(singleLine(agentId).text);
  return chain;
}

const SPACES = /\s+/g;

/** Prose for one line (titles, labels): cleaned, whitespace collapsed, trimmed. */
function singleLine(t: string): CleanedText {
  const c = cleanProse(t);
  const text = /\s\s|[^\S ]|^\s|\s$/.test(c.text) ? c.text.replace(SPACES, ' ').trim() : c.text;
  return { text, suspicious: c.suspicious };
}

interface DisplayText {
  title: string;
  secondary: string;
  summary: string | null;
  suspicious: boolean;
}

function displayText(s: QaSourceReference, kind: QaSourceKind, path: string | null, issueKey: string | null, url: URL | null, host: HostDisplay | null): DisplayText {
  let suspicious = false;
  const prose = (t: string) => {
    const c = singleLine(t);
    suspicious ||= c.suspicious;
    return c.text;
  };
  const name = (t: string) => {
    const c = revealHidden(t);
    suspicious ||= c.suspicious;
    return c.text;
  };
  const fromUrl = () => (url ? name(shortUrl(url)) : s.uri ? name(s.uri) : '');
  let title = '';
  let secondary = '';
  let summary: string | null = null;
  switch (kind) {
    case 'file':
    case 'code':
      if (path) {
        title = name(basename(path));
        secondary = name(shortDirectory(path));
      } else {
        title = prose(s.title) || fromUrl();
        secondary = host ? name(host.display) : '';
      }
      break;
    case 'web': {
      const explicit = isFallbackTitle(s.title, s) || (host !== null && (s.title.trim() === host.unicode || s.title.trim() === host.display)) ? '' : prose(s.title);
      const pageTitle = metaString(s, 'pageTitle');
      title = explicit || (pageTitle ? prose(pageTitle) : '') || fromUrl();
      const site = metaString(s, 'siteName');
      secondary = host ? name(host.display) : site ? prose(site) : '';
      break;
    }
    case 'jira': {
      let text = metaString(s, 'summary') ?? s.title;
      if (issueKey && text.trimStart().startsWith(issueKey)) text = text.trimStart().slice(issueKey.length).replace(/^[\s:—–-]+/, '');
      const cleaned = prose(text);
      if (issueKey) {
        title = name(issueKey);
        secondary = cleaned;
        summary = cleaned || null;
      } else {
        title = cleaned || fromUrl();
        secondary = host ? name(host.display) : '';
      }
      break;
    }
    case 'confluence': {
      const space = metaString(s, 'spaceName') ?? metaString(s, 'spaceKey');
      title = prose(s.title) || (metaString(s, 'pageTitle') ? prose(metaString(s, 'pageTitle')!) : '') || fromUrl();
      secondary = space ? prose(space) : host ? name(host.display) : '';
      break;
    }
    case 'knowledge': {
      const backend = metaString(s, 'collection') ?? metaString(s, 'backend') ?? (s.id.startsWith('knowledge:') ? s.id.split(':')[1] ?? '' : '');
      title = prose(s.title) || fromUrl();
      secondary = prose(backend);
      break;
    }
    default:
      title = prose(s.title) || (path ? name(basename(path)) : '') || fromUrl();
      secondary = host ? name(host.display) : path ? name(shortDirectory(path)) : '';
  }
  if (!title) title = name(s.id);
  return { title, secondary, summary, suspicious };
}

function locationViews(locations: QaSourceLocation[], ownPath: string | null, local: boolean): QaLocationView[] {
  const out: QaLocationView[] = [];
  for (const l of locations) {
    const otherPath = l.path && l.path !== ownPath ? revealHidden(l.path).text : null;
    // A local source's location opens in the preview: its own file, or another workspace file it names (never an absolute host path).
    const file = !local ? null : !l.path || l.path === ownPath ? ownPath : isAbsolutePath(l.path) ? null : l.path;
    const range = l.lineStart !== undefined ? { lineStart: l.lineStart, lineEnd: l.lineEnd ?? l.lineStart } : null;
    const at = (r: QaLineRange | null) => (file ? { path: file, range: r } : null);
    if (range) out.push({ type: 'lines', text: formatRange(range), path: otherPath, target: at(range), source: l });
    if (l.anchor) out.push({ type: 'anchor', text: `#${revealHidden(l.anchor.replace(/^#/, '')).text}`, path: otherPath, target: at(null), source: l });
    if (l.jiraKey) out.push({ type: 'jira', text: revealHidden(l.jiraKey).text, path: null, target: null, source: l });
    if (l.confluencePageId) out.push({ type: 'confluence', text: revealHidden(l.confluencePageId).text, path: null, target: null, source: l });
    if (l.lineStart === undefined && !l.anchor && !l.jiraKey && !l.confluencePageId && otherPath) out.push({ type: 'path', text: otherPath, path: otherPath, target: at(null), source: l });
  }
  return out;
}

/** Everything on the face of a card, computed together on first read. */
interface Card {
  title: string;
  secondary: string;
  badge: string | null;
  issueKey: string | null;
  summary: string | null;
  ranges: QaLineRange[];
  rangeLabels: string[];
  href: string | null;
  local: boolean;
  path: string | null;
  ownPath: string | null;
  host: HostDisplay | null;
  suspicious: boolean;
  locations: QaSourceLocation[];
}

function buildCard(s: QaSourceReference, kind: QaSourceKind): Card {
  const localKind = kind === 'file' || kind === 'code';
  const path = localKind || kind === 'other' ? sourcePath(s) : null;
  const local = localKind && path !== null;
  const { url, href } = s.uri !== undefined ? readUrl(s.uri) : { url: null, href: null };
  const host = !local && url ? hostDisplay(url.hostname) : null;
  const issueKey = kind === 'jira' ? jiraKeyOf(s) : null;
  const text = displayText(s, kind, path, issueKey, url, host);
  // A line range without a path belongs to the source's own file.
  const own = local ? s.locations.map((l) => (l.path === undefined && l.lineStart !== undefined ? { ...l, path: path! } : l)) : s.locations;
  const locations = compactLocations(own);
  const ranges: QaLineRange[] = [];
  for (const l of locations) {
    if (l.lineStart !== undefined && (!l.path || !path || l.path === path)) ranges.push({ lineStart: l.lineStart, lineEnd: l.lineEnd ?? l.lineStart });
  }
  const ext = local ? extensionOf(path!) : '';
  return {
    title: text.title,
    secondary: text.secondary,
    // Only known types get a text badge: a cut-off guess (`.env.local` as LOCA) reads as a word it is not.
    badge: localKind && Object.prototype.hasOwnProperty.call(BADGES, ext) ? BADGES[ext]! : null,
    issueKey: issueKey ? revealHidden(issueKey).text : null,
    summary: text.summary,
    ranges,
    rangeLabels: ranges.map(formatRange),
    href: local ? null : href,
    local,
    path: local ? path : null,
    ownPath: path,
    host,
    suspicious: text.suspicious || (host?.confusable ?? false),
    locations,
  };
}

/** The fields of `QaSourceItemView` that are computed on first read. */
const LAZY_FIELDS = [
  'title', 'secondary', 'badge', 'issueKey', 'summary', 'ranges', 'rangeLabels', 'subagent', 'partial',
  'href', 'local', 'path', 'host', 'suspicious', 'firstLocation', 'origins', 'locations',
] as const;

class SourceItemView implements QaSourceItemView {
  readonly id: string;
  readonly kind: QaSourceKind;
  readonly source: QaSourceReference;
  readonly order: number;
  #card: Card | undefined;
  #origins: QaOriginView[] | undefined;
  #locations: QaLocationView[] | undefined;

  constructor(source: QaSourceReference, order: number) {
    this.id = source.id;
    this.kind = KIND_SET.has(source.kind) ? source.kind : 'other';
    this.source = source;
    this.order = order;
  }

  #face(): Card {
    return (this.#card ??= buildCard(this.source, this.kind));
  }

  get title(): string {
    return this.#face().title;
  }
  get secondary(): string {
    return this.#face().secondary;
  }
  get badge(): string | null {
    return this.#face().badge;
  }
  get issueKey(): string | null {
    return this.#face().issueKey;
  }
  get summary(): string | null {
    return this.#face().summary;
  }
  get ranges(): QaLineRange[] {
    return this.#face().ranges;
  }
  get rangeLabels(): string[] {
    return this.#face().rangeLabels;
  }
  get subagent(): boolean {
    const origins = this.source.origins;
    return origins.length > 0 && origins.every((o) => o.role === 'subagent');
  }
  get partial(): boolean {
    return this.source.metadata?.truncated === true;
  }
  get href(): string | null {
    return this.#face().href;
  }
  get local(): boolean {
    return this.#face().local;
  }
  get path(): string | null {
    return this.#face().path;
  }
  get host(): HostDisplay | null {
    return this.#face().host;
  }
  get suspicious(): boolean {
    return this.#face().suspicious;
  }
  get firstLocation(): QaSourceLocation | null {
    return this.#face().locations[0] ?? null;
  }
  get origins(): QaOriginView[] {
    const s = this.source;
    return (this.#origins ??= s.origins.map((o) => ({
      role: o.role,
      chain: o.role === 'subagent' ? originChain(s, o.subagentRunId, o.agentId) : [],
      evidence: s.evidence,
      turn: o.turn,
      step: o.step ?? null,
      toolName: o.toolName ? singleLine(o.toolName).text : null,
    })));
  }
  get locations(): QaLocationView[] {
    const card = this.#face();
    return (this.#locations ??= locationViews(card.locations, card.ownPath, card.local));
  }

  /** A plain copy of every field. */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { id: this.id, kind: this.kind, source: this.source, order: this.order };
    for (const key of LAZY_FIELDS) out[key] = this[key];
    return out;
  }
}

// The computed fields are enumerable, like plain data (for...in, deep equality in tests).
for (const key of LAZY_FIELDS) {
  const d = Object.getOwnPropertyDescriptor(SourceItemView.prototype, key)!;
  Object.defineProperty(SourceItemView.prototype, key, { ...d, enumerable: true });
}

/** Builds the card view of one (already merged) source; `order` is its position of first use. */
export function presentItem(s: QaSourceReference, order: number): QaSourceItemView {
  return new SourceItemView(s, order);
}

/** The order of cards within a group: score descending, then first use, then title. */
export function compareSourceItems(a: QaSourceItemView, b: QaSourceItemView): number {
  if (a.source.score !== b.source.score) return b.source.score - a.source.score;
  if (a.order !== b.order) return a.order - b.order;
  return a.title < b.title ? -1 : a.title > b.title ? 1 : 0;
}

/**
 * A group whose cards are built when they are read: `items` builds and sorts
 * them all; `itemsUpTo(group, n)` only the first `n` (a selection, not a sort
 * of the whole group). A panel of thousands of sources shows a few cards per
 * group and a footer only counts, so neither pays for cards nobody sees. Its
 * sources come in order of first use, so within one score that order stands
 * (the title never decides: no two cards have the same first use).
 */
class SourceGroupView implements QaSourceGroupView {
  kind: QaSourceKind;
  count: number;
  declare items: QaSourceItemView[];
  initial: number;
  readonly #sources: QaSourceReference[];
  readonly #orders: number[];
  /** Cards built so far, by position in `#sources` (the same card object on every read). */
  readonly #made: Array<QaSourceItemView | undefined> = [];
  /** The sorted cards known so far: all of them once `#complete`. */
  #sorted: QaSourceItemView[] = [];
  #complete = false;

  constructor(kind: QaSourceKind, sources: QaSourceReference[], orders: number[], maxPerGroup: number) {
    this.kind = kind;
    this.count = sources.length;
    // An own, enumerable property like plain data (JSON, deep equality); replaceable like one.
    Object.defineProperty(this, 'items', {
      enumerable: true,
      configurable: true,
      get: () => this.#all(),
      set: (value: QaSourceItemView[]) => Object.defineProperty(this, 'items', { value, writable: true, enumerable: true, configurable: true }),
    });
    this.initial = Math.min(sources.length, maxPerGroup);
    this.#sources = sources;
    this.#orders = orders;
  }

  #item(i: number): QaSourceItemView {
    return (this.#made[i] ??= presentItem(this.#sources[i]!, this.#orders[i]!));
  }

  #all(): QaSourceItemView[] {
    if (!this.#complete) {
      const sources = this.#sources;
      const positions = sources.map((_, i) => i);
      // Stable: equal scores keep their order of first use.
      positions.sort((a, b) => sources[b]!.score - sources[a]!.score || a - b);
      this.#sorted = positions.map((i) => this.#item(i));
      this.#complete = true;
    }
    return this.#sorted;
  }

  /** The ids of the group's sources, in order of first use (no card is built). */
  sourceIds(): string[] {
    return this.#sources.map((s) => s.id);
  }

  /** The cards of the sources with these ids (built only for them). */
  itemsWithIds(ids: ReadonlySet<string>): QaSourceItemView[] {
    const out: QaSourceItemView[] = [];
    this.#sources.forEach((s, i) => {
      if (ids.has(s.id)) out.push(this.#item(i));
    });
    return out;
  }

  /** The first `n` cards in order (fewer when the group is smaller). */
  upTo(n: number): QaSourceItemView[] {
    const count = this.#sources.length;
    if (n >= count || this.#complete) return n >= count ? this.#all() : this.#sorted.slice(0, n);
    if (n <= this.#sorted.length) return this.#sorted.slice(0, n);
    // Past half the group a sort is cheaper than a selection.
    if (n * 2 >= count) return this.#all().slice(0, n);
    const sources = this.#sources;
    // The best n positions, kept sorted: score descending, then position (first use).
    const top: number[] = [];
    for (let i = 0; i < count; i++) {
      const score = sources[i]!.score;
      if (top.length === n && !(score > sources[top[n - 1]!]!.score)) continue;
      // After every kept position with a score >= this one (those came first).
      let lo = 0;
      let hi = top.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (sources[top[mid]!]!.score >= score) lo = mid + 1;
        else hi = mid;
      }
      top.splice(lo, 0, i);
      if (top.length > n) top.pop();
    }
    this.#sorted = top.map((i) => this.#item(i));
    return this.#sorted.slice();
  }
}

/**
 * The first `n` cards of a group of `presentSources`, in order: the same cards
 * as `group.items.slice(0, n)`, built without sorting the whole group.
 */
export function itemsUpTo(group: QaSourceGroupView, n: number): QaSourceItemView[] {
  return group instanceof SourceGroupView ? group.upTo(Math.max(0, Math.floor(n))) : group.items.slice(0, n);
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

function readMaxPerGroup(v: unknown): number {
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
    const kind: QaSourceKind = KIND_SET.has(s.kind) ? s.kind : 'other';
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

// --- cited vs also used --------------------------------------------------------

/** Cited sources shown at once in the `Cited in the answer` section (at least `maxPerGroup`). */
export const MAX_CITED_INITIAL = 50;

/** One section of a view split by the answer's citations: `Cited in the answer` or `Also used`. */
export interface QaSourceSectionView {
  key: 'cited' | 'also';
  count: number;
  /** Every card of the section in order (built when read). */
  items: QaSourceItemView[];
  /** How many items show before `Show N more`. */
  initial: number;
}

/**
 * The visible sources of a view split by the answer's citations: the cited
 * ones in citation-number order, then every other one in the order of the
 * groups (kind, then score). Panel and footer derive it from the same view.
 */
export interface QaCitedSectionsView {
  cited: QaSourceSectionView;
  alsoUsed: QaSourceSectionView;
}

class CitedSectionView implements QaSourceSectionView {
  readonly key = 'cited' as const;
  readonly count: number;
  readonly items: QaSourceItemView[];
  readonly initial: number;
  constructor(items: QaSourceItemView[], initial: number) {
    this.items = items;
    this.count = items.length;
    this.initial = initial;
  }
}

/** The groups' cards in order, without the cited ones; built only as far as they are read. */
class AlsoUsedSectionView implements QaSourceSectionView {
  readonly key = 'also' as const;
  readonly count: number;
  declare items: QaSourceItemView[];
  readonly initial: number;
  readonly #groups: QaSourceGroupView[];
  /** Cited ids per group (their cards are skipped). */
  readonly #citedIn: Array<Set<string>>;

  constructor(groups: QaSourceGroupView[], citedIn: Array<Set<string>>, count: number, maxPerGroup: number) {
    this.count = count;
    this.initial = Math.min(count, maxPerGroup);
    this.#groups = groups;
    this.#citedIn = citedIn;
    Object.defineProperty(this, 'items', { enumerable: true, configurable: true, get: () => this.upTo(this.count) });
  }

  /** The first `n` cards in order. */
  upTo(n: number): QaSourceItemView[] {
    const out: QaSourceItemView[] = [];
    for (let gi = 0; gi < this.#groups.length && out.length < n; gi++) {
      const g = this.#groups[gi]!;
      const skip = this.#citedIn[gi]!;
      const cards = itemsUpTo(g, Math.min(g.count, n - out.length + skip.size));
      for (const item of cards) {
        if (out.length >= n) break;
        if (!skip.has(item.id)) out.push(item);
      }
    }
    return out;
  }
}

/** The first `n` cards of a section of `presentCitedSections`, in order. */
export function sectionItemsUpTo(section: QaSourceSectionView, n: number): QaSourceItemView[] {
  const k = Math.max(0, Math.floor(n));
  return section instanceof AlsoUsedSectionView ? section.upTo(k) : section.items.slice(0, k);
}

const sectionCache = new WeakMap<QaSourcesView, WeakMap<ReadonlyMap<string, number>, QaCitedSectionsView | null>>();

/**
 * Splits the visible sources of `view` by the answer's citation numbers
 * (source id → number, e.g. `linkCitations(…).index.numbers`). Null when no
 * visible source is cited: the view is then shown grouped, exactly as
 * without citations. Cached per view and numbers.
 */
export function presentCitedSections(view: QaSourcesView, numbers: ReadonlyMap<string, number> | null | undefined, maxPerGroup: number = DEFAULT_MAX_PER_GROUP): QaCitedSectionsView | null {
  if (!numbers || numbers.size === 0 || view.count === 0) return null;
  let byNumbers = sectionCache.get(view);
  if (!byNumbers) sectionCache.set(view, (byNumbers = new WeakMap()));
  if (byNumbers.has(numbers)) return byNumbers.get(numbers)!;
  const max = readMaxPerGroup(maxPerGroup);
  const cited: Array<{ n: number; item: QaSourceItemView }> = [];
  const citedIn: Array<Set<string>> = [];
  for (const g of view.groups) {
    const ids = new Set<string>();
    citedIn.push(ids);
    // Only the group's sources are read here; the cards of the cited ones are built, no other.
    const sources = g instanceof SourceGroupView ? g.sourceIds() : g.items.map((i) => i.id);
    let any = false;
    for (const id of sources) if (numbers.has(id)) (any = true), ids.add(id);
    if (!any) continue;
    for (const item of g instanceof SourceGroupView ? g.itemsWithIds(ids) : g.items.filter((i) => ids.has(i.id))) cited.push({ n: numbers.get(item.id)!, item });
  }
  let result: QaCitedSectionsView | null = null;
  if (cited.length > 0) {
    cited.sort((a, b) => a.n - b.n);
    const items = cited.map((c) => c.item);
    result = {
      cited: new CitedSectionView(items, Math.min(items.length, Math.max(max, MAX_CITED_INITIAL))),
      alsoUsed: new AlsoUsedSectionView(view.groups, citedIn, view.count - items.length, max),
    };
  }
  byNumbers.set(numbers, result);
  return result;
}
