/**
 * Display rules of one source: its workspace path, title and secondary line,
 * type badge, Jira key, line ranges, origin chains and location entries, all
 * cleaned of bidi controls and invisible characters. Pure; no DOM.
 */
import { compactLocations, isFallbackTitle } from './merge.js';
import { basename, extensionOf, isAbsolutePath, shortDirectory } from '../workspace/paths.js';
import { cleanProse, revealHidden, type CleanedText } from './text.js';
import { hostDisplay, readUrl, shortUrl, type HostDisplay } from './url.js';
import { SOURCE_KINDS, type QaSourceEvidence, type QaSourceKind, type QaSourceLocation, type QaSourceReference } from './types.js';

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

const KIND_SET = new Set<string>(SOURCE_KINDS);

/** The kind a source is shown as: its own when the kit knows it, else `other`. */
export function kindOf(s: QaSourceReference): QaSourceKind {
  return KIND_SET.has(s.kind) ? s.kind : 'other';
}

const BADGES: Record<string, string> = {
  md: 'MD',
  markdown: 'MD',
  mdx: 'MDX',
  txt: 'TXT',
  rst: 'RST',
  adoc: 'ADOC',
  pdf: 'PDF',
  html: 'HTML',
  htm: 'HTML',
  ts: 'TS',
  tsx: 'TSX',
  mts: 'TS',
  cts: 'TS',
  js: 'JS',
  jsx: 'JSX',
  mjs: 'JS',
  cjs: 'JS',
  json: 'JSON',
  yaml: 'YML',
  yml: 'YML',
  toml: 'TOML',
  py: 'PY',
  rb: 'RB',
  go: 'GO',
  rs: 'RS',
  java: 'JAVA',
  kt: 'KT',
  cs: 'C#',
  fs: 'F#',
  cpp: 'C++',
  cc: 'C++',
  hpp: 'H++',
  c: 'C',
  h: 'H',
  swift: 'SWFT',
  php: 'PHP',
  sh: 'SH',
  bash: 'SH',
  sql: 'SQL',
  xml: 'XML',
  css: 'CSS',
  scss: 'SCSS',
  vue: 'VUE',
  svelte: 'SVLT',
  csv: 'CSV',
  ini: 'INI',
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
    chain.unshift(singleLine(info?.label ?? (current === runId ? (agentId ?? current) : current)).text);
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

function displayText(
  s: QaSourceReference,
  kind: QaSourceKind,
  path: string | null,
  issueKey: string | null,
  url: URL | null,
  host: HostDisplay | null,
): DisplayText {
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
  let title: string;
  let secondary: string;
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
      const explicit =
        isFallbackTitle(s.title, s) || (host !== null && (s.title.trim() === host.unicode || s.title.trim() === host.display)) ? '' : prose(s.title);
      const pageTitle = metaString(s, 'pageTitle');
      title = explicit || (pageTitle ? prose(pageTitle) : '') || fromUrl();
      const site = metaString(s, 'siteName');
      secondary = host ? name(host.display) : site ? prose(site) : '';
      break;
    }
    case 'jira': {
      let text = metaString(s, 'summary') ?? s.title;
      if (issueKey && text.trimStart().startsWith(issueKey))
        text = text
          .trimStart()
          .slice(issueKey.length)
          .replace(/^[\s:—–-]+/, '');
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
      const backend = metaString(s, 'collection') ?? metaString(s, 'backend') ?? (s.id.startsWith('knowledge:') ? (s.id.split(':')[1] ?? '') : '');
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

export function locationViews(locations: QaSourceLocation[], ownPath: string | null, local: boolean): QaLocationView[] {
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
    if (l.lineStart === undefined && !l.anchor && !l.jiraKey && !l.confluencePageId && otherPath)
      out.push({ type: 'path', text: otherPath, path: otherPath, target: at(null), source: l });
  }
  return out;
}

/** Everything on the face of a card, computed together. */
export interface Card {
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

/** The face of the card of `s`, shown as `kind`. */
export function buildCard(s: QaSourceReference, kind: QaSourceKind): Card {
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

/** The `Used by` entries of a source: one per origin, with its chain of subagent labels. */
export function originViews(s: QaSourceReference): QaOriginView[] {
  return s.origins.map((o) => ({
    role: o.role,
    chain: o.role === 'subagent' ? originChain(s, o.subagentRunId, o.agentId) : [],
    evidence: s.evidence,
    turn: o.turn,
    step: o.step ?? null,
    toolName: o.toolName ? singleLine(o.toolName).text : null,
  }));
}
