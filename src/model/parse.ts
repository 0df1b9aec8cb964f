import {
  PAYLOAD_VERSION,
  SOURCE_EVIDENCE,
  SOURCE_KINDS,
  type QaIncompleteOrigin,
  type QaSourceEvidence,
  type QaSourceKind,
  type QaSourceLocation,
  type QaSourceOrigin,
  type QaSourceReference,
  type QaTurnSources,
} from './types.js';

/** One thing wrong with a payload: where (a JSON path) and why. */
export interface QaPayloadProblem {
  /** JSON path of the offending value, e.g. `sources[3].locations[0].lineStart`; `''` is the payload itself. */
  path: string;
  message: string;
  /** `error`: the value was dropped or replaced; `warning`: kept, best effort. */
  severity: 'error' | 'warning';
}

/** The result of `parseTurnSources`: what was valid, and what was not. */
export interface QaParseResult {
  value: QaTurnSources | null;
  problems: QaPayloadProblem[];
}

/** At most this many entries of `sources` (and of `discovered`) are read. */
export const MAX_SOURCES = 20_000;
/** At most this many entries of a source's `locations` / `origins` (and of `incompleteOrigins`) are read. */
export const MAX_ENTRIES_PER_SOURCE = 1_000;
/** Metadata deeper than this is cut. */
export const MAX_METADATA_DEPTH = 8;
/** At most this many values (objects, arrays and scalars together) are copied from one source's metadata. */
export const MAX_METADATA_VALUES = 5_000;
/** At most this many problems are listed; the rest are counted. */
export const MAX_PROBLEMS = 200;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const KIND_SET = new Set<string>(SOURCE_KINDS);
const EVIDENCE_SET = new Set<string>(SOURCE_EVIDENCE);

/** Every field name the parser reads; if any of them is inherited from a polluted `Object.prototype`, objects are copied before reading. */
const FIELD_NAMES = [
  'version', 'sessionId', 'turn', 'sources', 'discovered', 'complete', 'incompleteOrigins', 'reason', 'provider',
  'id', 'kind', 'title', 'uri', 'path', 'snippet', 'locations', 'evidence', 'origins', 'score', 'metadata',
  'lineStart', 'lineEnd', 'anchor', 'jiraKey', 'confluencePageId',
  'step', 'toolCallId', 'toolName', 'agentId', 'role', 'subagentRunId', 'subagentSessionId',
];

class Problems {
  readonly list: QaPayloadProblem[] = [];
  private dropped = 0;
  add(path: string, message: string, severity: 'error' | 'warning' = 'error'): void {
    if (this.list.length < MAX_PROBLEMS) this.list.push({ path, message, severity });
    else this.dropped += 1;
  }
  finish(): QaPayloadProblem[] {
    if (this.dropped > 0) this.list.push({ path: '', message: `${this.dropped} more problems not listed`, severity: 'warning' });
    return this.list;
  }
}

type Plain = Record<string, unknown>;

/** Per-parse state: the problem list and whether plain objects can be read directly. */
interface Ctx {
  p: Problems;
  /** False when `Object.prototype` carries one of the field names (polluted by someone else): then every object is copied first. */
  protoClean: boolean;
}

function isObject(v: unknown): v is object {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The object to read fields from: `v` itself when only its own properties can
 * answer (a JSON object, or a prototype-free one), otherwise a prototype-free
 * view whose fields read `v`'s own properties only, when they are read (so
 * inherited values are never seen, and the parser touches exactly the same
 * fields, in the same order, as it would on a clean page).
 */
function record(v: object, ctx: Ctx): Plain {
  const proto = Object.getPrototypeOf(v);
  if (proto === null || (proto === Object.prototype && ctx.protoClean)) return v as Plain;
  const view = Object.create(null) as Plain;
  for (const key of FIELD_NAMES) {
    Object.defineProperty(view, key, {
      get: () => (Object.prototype.hasOwnProperty.call(v, key) ? (v as Plain)[key] : undefined),
    });
  }
  return view;
}

/** A short quoted excerpt of an untrusted string, for a problem message. */
function quote(s: string): string {
  return JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…` : s);
}

function describe(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'number') return Number.isFinite(v) ? `the number ${v}` : String(v);
  if (typeof v === 'string') return `the string ${quote(v)}`;
  if (typeof v === 'object') return 'an object';
  return `a ${typeof v}`;
}

/** `base.key`, or `base["odd key"]` for keys that are not identifiers. */
function keyPath(base: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? (base ? `${base}.${key}` : key) : `${base}[${JSON.stringify(key)}]`;
}

/** Reads an optional string field; a wrong type is a problem and the field is left out. */
function optString(v: unknown, key: string, path: string, ctx: Ctx): string | undefined {
  if (typeof v === 'string') return v;
  if (v === undefined || v === null) return undefined;
  ctx.p.add(keyPath(path, key), `expected a string, got ${describe(v)}; ignored`);
  return undefined;
}

/** Reads an optional whole number >= min; a wrong type or value is a problem and the field is left out. */
function optInt(v: unknown, key: string, path: string, ctx: Ctx, min: number): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= min) return v;
  ctx.p.add(keyPath(path, key), `expected a whole number >= ${min}, got ${describe(v)}; ignored`);
  return undefined;
}

interface CopyBudget {
  left: number;
  cut: boolean;
}

/** Copies JSON-like data into prototype-free objects, dropping hostile keys, cycles and anything not JSON. */
function copyJson(v: unknown, path: string, ctx: Ctx, depth: number, budget: CopyBudget, parents: object[]): unknown {
  if (budget.left <= 0) {
    budget.cut = true;
    return undefined;
  }
  budget.left -= 1;
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') {
    if (Number.isFinite(v)) return v;
    ctx.p.add(path, `expected a finite number, got ${v}; dropped`);
    return undefined;
  }
  if (typeof v !== 'object') {
    ctx.p.add(path, `expected JSON data, got ${describe(v)}; dropped`);
    return undefined;
  }
  if (parents.includes(v)) {
    ctx.p.add(path, 'refers to itself; dropped');
    return undefined;
  }
  if (depth >= MAX_METADATA_DEPTH) {
    ctx.p.add(path, `nested deeper than ${MAX_METADATA_DEPTH} levels; cut`, 'warning');
    return undefined;
  }
  parents.push(v);
  try {
    if (Array.isArray(v)) {
      const out: unknown[] = [];
      const n = Math.min(v.length, MAX_ENTRIES_PER_SOURCE);
      for (let i = 0; i < n; i++) {
        const c = copyJson(v[i], `${path}[${i}]`, ctx, depth + 1, budget, parents);
        if (c !== undefined) out.push(c);
      }
      if (v.length > n) ctx.p.add(path, `more than ${MAX_ENTRIES_PER_SOURCE} entries; the rest were ignored`, 'warning');
      return out;
    }
    const out = Object.create(null) as Plain;
    for (const key of Object.keys(v)) {
      if (FORBIDDEN_KEYS.has(key)) {
        ctx.p.add(keyPath(path, key), 'forbidden key ignored');
        continue;
      }
      const c = copyJson((v as Plain)[key], keyPath(path, key), ctx, depth + 1, budget, parents);
      if (c !== undefined) out[key] = c;
    }
    return out;
  } finally {
    parents.pop();
  }
}

function parseLocation(raw: unknown, path: string, ctx: Ctx): QaSourceLocation | null {
  if (!isObject(raw)) {
    ctx.p.add(path, `expected an object, got ${describe(raw)}; dropped`);
    return null;
  }
  const v = record(raw, ctx);
  const loc: QaSourceLocation = {};
  const locPath = optString(v.path, 'path', path, ctx);
  if (locPath !== undefined) loc.path = locPath;
  const start = optInt(v.lineStart, 'lineStart', path, ctx, 1);
  let end = optInt(v.lineEnd, 'lineEnd', path, ctx, 1);
  if (start !== undefined) {
    if (end !== undefined && end < start) {
      ctx.p.add(keyPath(path, 'lineEnd'), `lineEnd ${end} is before lineStart ${start}; read as ${start}`);
      end = start;
    }
    loc.lineStart = start;
    loc.lineEnd = end ?? start;
  } else if (end !== undefined) {
    ctx.p.add(keyPath(path, 'lineEnd'), 'lineEnd without lineStart; ignored');
  }
  const anchor = optString(v.anchor, 'anchor', path, ctx);
  if (anchor !== undefined) loc.anchor = anchor;
  const jiraKey = optString(v.jiraKey, 'jiraKey', path, ctx);
  if (jiraKey !== undefined) loc.jiraKey = jiraKey;
  const pageId = optString(v.confluencePageId, 'confluencePageId', path, ctx);
  if (pageId !== undefined) loc.confluencePageId = pageId;
  return loc;
}

function parseOrigin(raw: unknown, path: string, ctx: Ctx): QaSourceOrigin | null {
  if (!isObject(raw)) {
    ctx.p.add(path, `expected an object, got ${describe(raw)}; dropped`);
    return null;
  }
  const v = record(raw, ctx);
  const role = v.role;
  if (role !== 'parent' && role !== 'subagent') {
    ctx.p.add(keyPath(path, 'role'), `expected "parent" or "subagent", got ${describe(role)}; origin dropped`);
    return null;
  }
  let sessionId = optString(v.sessionId, 'sessionId', path, ctx);
  if (sessionId === undefined) {
    if (v.sessionId === undefined || v.sessionId === null) ctx.p.add(keyPath(path, 'sessionId'), 'missing', 'warning');
    sessionId = '';
  }
  let turn = optInt(v.turn, 'turn', path, ctx, 0);
  if (turn === undefined) {
    if (v.turn === undefined || v.turn === null) ctx.p.add(keyPath(path, 'turn'), 'missing', 'warning');
    turn = 0;
  }
  const origin: QaSourceOrigin = { sessionId, turn, role };
  const step = optInt(v.step, 'step', path, ctx, 0);
  if (step !== undefined) origin.step = step;
  const toolCallId = optString(v.toolCallId, 'toolCallId', path, ctx);
  if (toolCallId !== undefined) origin.toolCallId = toolCallId;
  const toolName = optString(v.toolName, 'toolName', path, ctx);
  if (toolName !== undefined) origin.toolName = toolName;
  const agentId = optString(v.agentId, 'agentId', path, ctx);
  if (agentId !== undefined) origin.agentId = agentId;
  const runId = optString(v.subagentRunId, 'subagentRunId', path, ctx);
  if (runId !== undefined) origin.subagentRunId = runId;
  const childSession = optString(v.subagentSessionId, 'subagentSessionId', path, ctx);
  if (childSession !== undefined) origin.subagentSessionId = childSession;
  return origin;
}

/** Reads a list field; its entries are parsed by `item`, invalid ones dropped. */
function parseList<T>(
  v: unknown,
  listPath: string,
  ctx: Ctx,
  item: (v: unknown, path: string, ctx: Ctx) => T | null,
  requiredSeverity: 'error' | 'warning' | null,
): T[] {
  if (v === undefined || v === null) {
    if (requiredSeverity) ctx.p.add(listPath, 'missing; read as empty', requiredSeverity);
    return [];
  }
  if (!Array.isArray(v)) {
    ctx.p.add(listPath, `expected an array, got ${describe(v)}; read as empty`);
    return [];
  }
  const n = Math.min(v.length, MAX_ENTRIES_PER_SOURCE);
  const out: T[] = [];
  for (let i = 0; i < n; i++) {
    const path = `${listPath}[${i}]`;
    try {
      const parsed = item(v[i], path, ctx);
      if (parsed !== null) out.push(parsed);
    } catch {
      // A throwing getter or proxy: this entry is lost, the rest of the list is not.
      ctx.p.add(path, 'could not be read; dropped');
    }
  }
  if (v.length > n) ctx.p.add(listPath, `${v.length} entries; only the first ${MAX_ENTRIES_PER_SOURCE} were read`, 'warning');
  return out;
}

/** Parses one source entry; returns null (with problems) when it has no usable `id` or `score`. */
function parseSource(raw: unknown, path: string, ctx: Ctx): QaSourceReference | null {
  const p = ctx.p;
  if (!isObject(raw)) {
    p.add(path, `expected a source object, got ${describe(raw)}; entry dropped`);
    return null;
  }
  const v = record(raw, ctx);
  const id = v.id;
  if (typeof id !== 'string' || id.trim() === '') {
    p.add(`${path}.id`, `expected a non-empty string, got ${describe(id)}; entry dropped`);
    return null;
  }
  const score = v.score;
  if (typeof score !== 'number' || !Number.isFinite(score)) {
    p.add(`${path}.score`, `expected a finite number, got ${describe(score)}; entry dropped`);
    return null;
  }
  const rawKind = v.kind;
  let kind: QaSourceKind = 'other';
  if (typeof rawKind === 'string' && KIND_SET.has(rawKind)) kind = rawKind as QaSourceKind;
  else if (typeof rawKind === 'string') p.add(`${path}.kind`, `unknown kind ${quote(rawKind)}; shown as "other"`, 'warning');
  else p.add(`${path}.kind`, `expected a string, got ${describe(rawKind)}; shown as "other"`);

  let title = v.title;
  if (typeof title !== 'string') {
    if (title === undefined || title === null) p.add(`${path}.title`, 'missing; a title is derived for display', 'warning');
    else p.add(`${path}.title`, `expected a string, got ${describe(title)}; a title is derived for display`);
    title = '';
  }
  const rawEvidence = v.evidence;
  let evidence: QaSourceEvidence = 'reported';
  if (typeof rawEvidence === 'string' && EVIDENCE_SET.has(rawEvidence)) evidence = rawEvidence as QaSourceEvidence;
  else p.add(`${path}.evidence`, `expected one of ${SOURCE_EVIDENCE.join(', ')}, got ${describe(rawEvidence)}; read as "reported"`);

  const source: QaSourceReference = {
    id,
    kind,
    title: title as string,
    locations: parseList(v.locations, `${path}.locations`, ctx, parseLocation, 'warning'),
    evidence,
    origins: parseList(v.origins, `${path}.origins`, ctx, parseOrigin, 'warning'),
    score,
  };
  const uri = optString(v.uri, 'uri', path, ctx);
  if (uri !== undefined) source.uri = uri;
  const localPath = optString(v.path, 'path', path, ctx);
  if (localPath !== undefined) source.path = localPath;
  const snippet = optString(v.snippet, 'snippet', path, ctx);
  if (snippet !== undefined) source.snippet = snippet;
  const meta = v.metadata;
  if (meta !== undefined && meta !== null) {
    if (isObject(meta)) {
      const budget: CopyBudget = { left: MAX_METADATA_VALUES, cut: false };
      source.metadata = copyJson(meta, `${path}.metadata`, ctx, 0, budget, []) as Record<string, unknown>;
      if (budget.cut) p.add(`${path}.metadata`, `more than ${MAX_METADATA_VALUES} values; the rest were ignored`, 'warning');
    } else {
      p.add(`${path}.metadata`, `expected an object, got ${describe(meta)}; ignored`);
    }
  }
  return source;
}

function parseSources(v: unknown, key: 'sources' | 'discovered', ctx: Ctx, required: boolean): QaSourceReference[] | undefined {
  if (v === undefined || v === null) {
    if (required) ctx.p.add(key, 'missing; read as empty');
    return required ? [] : undefined;
  }
  if (!Array.isArray(v)) {
    ctx.p.add(key, `expected an array, got ${describe(v)}; read as empty`);
    return required ? [] : undefined;
  }
  const n = Math.min(v.length, MAX_SOURCES);
  const out: QaSourceReference[] = [];
  for (let i = 0; i < n; i++) {
    const path = `${key}[${i}]`;
    try {
      const s = parseSource(v[i], path, ctx);
      if (s) out.push(s);
    } catch {
      ctx.p.add(path, 'could not be read; entry dropped');
    }
  }
  if (v.length > n) ctx.p.add(key, `${v.length} entries; only the first ${MAX_SOURCES} were read`, 'warning');
  return out;
}

function parseIncomplete(raw: unknown, path: string, ctx: Ctx): QaIncompleteOrigin | null {
  if (!isObject(raw)) {
    ctx.p.add(path, `expected an object, got ${describe(raw)}; dropped`);
    return null;
  }
  const v = record(raw, ctx);
  let reason = optString(v.reason, 'reason', path, ctx);
  if (reason === undefined) {
    if (v.reason === undefined || v.reason === null) ctx.p.add(keyPath(path, 'reason'), 'missing', 'warning');
    reason = '';
  }
  const entry: QaIncompleteOrigin = { reason };
  const run = optString(v.subagentRunId, 'subagentRunId', path, ctx);
  if (run !== undefined) entry.subagentRunId = run;
  const provider = optString(v.provider, 'provider', path, ctx);
  if (provider !== undefined) entry.provider = provider;
  return entry;
}

/**
 * Parses an untrusted `QaTurnSources` payload (an object, or its JSON text).
 * Never throws. Keeps every valid source, names each problem by JSON path,
 * ignores unknown fields, never reads inherited properties and never copies
 * `__proto__`/`constructor`/`prototype` keys; `metadata` becomes a
 * prototype-free copy. A string score is a problem, never a number.
 * `value` is null only when nothing usable is there (not an object).
 */
export function parseTurnSources(input: unknown): QaParseResult {
  const p = new Problems();
  let protoClean = true;
  for (const name of FIELD_NAMES) if (name in Object.prototype) protoClean = false;
  const ctx: Ctx = { p, protoClean };
  try {
    return { value: parsePayload(input, ctx), problems: p.finish() };
  } catch {
    p.add('', 'the payload could not be read');
    return { value: null, problems: p.finish() };
  }
}

function parsePayload(input: unknown, ctx: Ctx): QaTurnSources | null {
  const p = ctx.p;
  let data = input;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data.charCodeAt(0) === 0xfeff ? data.slice(1) : data);
    } catch (e) {
      p.add('', `not valid JSON: ${String((e as Error)?.message).slice(0, 120)}`);
      return null;
    }
  }
  if (!isObject(data)) {
    p.add('', `expected a QaTurnSources object, got ${describe(data)}`);
    return null;
  }
  const v = record(data, ctx);
  const version = v.version;
  if (version === undefined || version === null) p.add('version', `missing; read as version ${PAYLOAD_VERSION}`, 'warning');
  else if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) p.add('version', `expected a whole number >= 1, got ${describe(version)}; read as version ${PAYLOAD_VERSION}`);
  else if (version > PAYLOAD_VERSION) p.add('version', `version ${version} is newer than this kit (${PAYLOAD_VERSION}); shown best effort`, 'warning');

  let sessionId = v.sessionId;
  if (typeof sessionId !== 'string') {
    p.add('sessionId', sessionId === undefined || sessionId === null ? 'missing' : `expected a string, got ${describe(sessionId)}`);
    sessionId = '';
  }
  let turn = v.turn;
  if (typeof turn !== 'number' || !Number.isSafeInteger(turn) || turn < 0) {
    p.add('turn', turn === undefined || turn === null ? 'missing; read as 0' : `expected a whole number >= 0, got ${describe(turn)}; read as 0`);
    turn = 0;
  }
  let complete = v.complete;
  if (typeof complete !== 'boolean') {
    const missing = complete === undefined || complete === null;
    p.add('complete', missing ? 'missing; read as true' : `expected a boolean, got ${describe(complete)}; read as true`, missing ? 'warning' : 'error');
    complete = true;
  }
  const payload: QaTurnSources = {
    version: 1,
    sessionId: sessionId as string,
    turn: turn as number,
    sources: parseSources(v.sources, 'sources', ctx, true) ?? [],
    complete: complete as boolean,
  };
  const discovered = parseSources(v.discovered, 'discovered', ctx, false);
  if (discovered) payload.discovered = discovered;
  if (v.incompleteOrigins !== undefined && v.incompleteOrigins !== null) {
    payload.incompleteOrigins = parseList(v.incompleteOrigins, 'incompleteOrigins', ctx, parseIncomplete, null);
  }
  return payload;
}
