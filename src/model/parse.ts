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

// The fields each kind of object is read for: the optional strings (copied
// when they are strings, reported otherwise) and the rest.
const LOCATION_PATH = ['path'] as const;
const LOCATION_STRINGS = ['anchor', 'jiraKey', 'confluencePageId'] as const;
const LOCATION_FIELDS = [...LOCATION_PATH, 'lineStart', 'lineEnd', ...LOCATION_STRINGS];
const ORIGIN_STRINGS = ['toolCallId', 'toolName', 'agentId', 'subagentRunId', 'subagentSessionId'] as const;
const ORIGIN_FIELDS = ['role', 'sessionId', 'turn', 'step', ...ORIGIN_STRINGS];
const SOURCE_STRINGS = ['uri', 'path', 'snippet'] as const;
const SOURCE_FIELDS = ['id', 'score', 'kind', 'title', 'evidence', 'locations', 'origins', ...SOURCE_STRINGS, 'metadata'];
const INCOMPLETE_STRINGS = ['subagentRunId', 'provider'] as const;
const INCOMPLETE_FIELDS = ['reason', ...INCOMPLETE_STRINGS];
const PAYLOAD_FIELDS = ['version', 'sessionId', 'turn', 'complete', 'sources', 'discovered', 'incompleteOrigins'];

/** Every field name the parser reads; if any of them is inherited from a polluted `Object.prototype`, objects are copied before reading. */
const FIELD_NAMES = [...new Set([...PAYLOAD_FIELDS, ...SOURCE_FIELDS, ...LOCATION_FIELDS, ...ORIGIN_FIELDS, ...INCOMPLETE_FIELDS])];

class Problems {
  readonly list: QaPayloadProblem[] = [];
  private dropped = 0;
  /** True while another problem would still be listed (not only counted). */
  get room(): boolean {
    return this.list.length < MAX_PROBLEMS;
  }
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

/**
 * Per-parse state. The JSON path of the value being read is kept as a stack
 * of keys and indices and turned into text only when a problem is reported,
 * so a valid payload costs no path strings at all.
 */
interface Ctx {
  p: Problems;
  /** False when `Object.prototype` carries one of the field names (polluted by someone else): then every object is copied first. */
  protoClean: boolean;
  /** Where the parser is: the list being read (`sources`, `discovered`; '' at the top) … */
  key: string;
  /** … the index of its entry (-1 for none) … */
  index: number;
  /** … the list field of that entry being read (`locations`, `origins`; or `incompleteOrigins` at the top) … */
  list: string;
  /** … the index in that list (-1 for none) … */
  entry: number;
  /** … and, inside a source's metadata, the keys and indices below `metadata` (null outside it). */
  meta: Array<string | number> | null;
  /** Values left to copy from the current source's metadata. */
  budget: number;
  /** The current metadata copy ran out of budget. */
  cut: boolean;
  /** Containers being copied, outermost first (cycle check). */
  parents: object[];
}

function isObject(v: unknown): v is object {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The object to read `fields` from: `v` itself when only its own properties
 * can answer (a JSON object, or a prototype-free one), otherwise a
 * prototype-free copy of those of `fields` that are `v`'s own, so inherited
 * values are never seen.
 */
function record(v: object, fields: readonly string[], ctx: Ctx): Plain {
  const proto = Object.getPrototypeOf(v);
  if (proto === null || (proto === Object.prototype && ctx.protoClean)) return v as Plain;
  const own = nullObject();
  for (const key of fields) if (Object.prototype.hasOwnProperty.call(v, key)) own[key] = (v as Plain)[key];
  return own;
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

/** The JSON path of where the parser is, plus `key` when given: `sources[3].locations[0].lineEnd`. */
function pathHere(ctx: Ctx, key?: string): string {
  let path = ctx.key;
  if (ctx.index >= 0) path = `${path}[${ctx.index}]`;
  if (ctx.list) {
    path = keyPath(path, ctx.list);
    if (ctx.entry >= 0) path = `${path}[${ctx.entry}]`;
  }
  if (ctx.meta) {
    path = keyPath(path, 'metadata');
    for (const step of ctx.meta) path = typeof step === 'number' ? `${path}[${step}]` : keyPath(path, step);
  }
  return key === undefined ? path : keyPath(path, key);
}

/** Reports a problem at the current path (or its field `key`). */
function report(ctx: Ctx, key: string | undefined, message: string, severity: 'error' | 'warning' = 'error'): void {
  ctx.p.add(ctx.p.room ? pathHere(ctx, key) : '', message, severity);
}

/** Reads an optional string field; a wrong type is a problem and the field is left out. */
function optString(v: unknown, key: string, ctx: Ctx): string | undefined {
  if (typeof v === 'string') return v;
  if (v === undefined || v === null) return undefined;
  report(ctx, key, `expected a string, got ${describe(v)}; ignored`);
  return undefined;
}

/** Copies the optional string fields `keys` of `v` into `out`, in that order; a value of another type is a problem and left out. */
function copyStrings<K extends string>(v: Plain, keys: readonly K[], out: Partial<Record<K, string>>, ctx: Ctx): void {
  for (const key of keys) {
    const value = v[key];
    if (typeof value === 'string') out[key] = value;
    else if (value !== undefined && value !== null) optString(value, key, ctx);
  }
}

/** Reads an optional whole number >= min; a wrong type or value is a problem and the field is left out. */
function optInt(v: unknown, key: string, ctx: Ctx, min: number): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= min) return v;
  report(ctx, key, `expected a whole number >= ${min}, got ${describe(v)}; ignored`);
  return undefined;
}

/**
 * An empty object without a prototype. Made from `{}` rather than with
 * `Object.create(null)`, which V8 creates in dictionary mode (several times
 * larger, slower to fill); its properties stay in the fast, in-object form.
 */
function nullObject(): Plain {
  return Object.setPrototypeOf({}, null) as Plain;
}

/** True for a value `copyJson` keeps as it is. */
function isJsonScalar(v: unknown): boolean {
  return v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
}

/**
 * Copies JSON-like data into prototype-free objects, dropping hostile keys,
 * cycles and anything not JSON. `v` is the value at the current path (inside
 * a source's metadata: `ctx.meta` is set); the caller sets `ctx.budget`,
 * `ctx.cut` and an empty `ctx.parents` first.
 */
function copyJson(v: unknown, ctx: Ctx, depth: number): unknown {
  if (ctx.budget <= 0) {
    ctx.cut = true;
    return undefined;
  }
  ctx.budget -= 1;
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') {
    if (Number.isFinite(v)) return v;
    report(ctx, undefined, `expected a finite number, got ${v}; dropped`);
    return undefined;
  }
  if (typeof v !== 'object') {
    report(ctx, undefined, `expected JSON data, got ${describe(v)}; dropped`);
    return undefined;
  }
  const parents = ctx.parents;
  if (parents.includes(v)) {
    report(ctx, undefined, 'refers to itself; dropped');
    return undefined;
  }
  if (depth >= MAX_METADATA_DEPTH) {
    report(ctx, undefined, `nested deeper than ${MAX_METADATA_DEPTH} levels; cut`, 'warning');
    return undefined;
  }
  // A throwing getter or proxy below makes the caller drop the whole source; it resets these stacks.
  parents.push(v);
  const at = ctx.meta!;
  let result: unknown;
  if (Array.isArray(v)) {
    const out: unknown[] = [];
    const n = Math.min(v.length, MAX_ENTRIES_PER_SOURCE);
    for (let i = 0; i < n; i++) {
      const item: unknown = v[i];
      // Scalars inline (the common case); anything else through the checks above.
      if (ctx.budget > 0 && isJsonScalar(item)) {
        ctx.budget -= 1;
        out.push(item);
        continue;
      }
      at.push(i);
      const c = copyJson(item, ctx, depth + 1);
      at.pop();
      if (c !== undefined) out.push(c);
    }
    if (v.length > n) report(ctx, undefined, `more than ${MAX_ENTRIES_PER_SOURCE} entries; the rest were ignored`, 'warning');
    result = out;
  } else {
    const out = nullObject();
    for (const key of Object.keys(v)) {
      if (FORBIDDEN_KEYS.has(key)) {
        report(ctx, key, 'forbidden key ignored');
        continue;
      }
      const value: unknown = (v as Plain)[key];
      if (ctx.budget > 0 && isJsonScalar(value)) {
        ctx.budget -= 1;
        out[key] = value;
        continue;
      }
      at.push(key);
      const c = copyJson(value, ctx, depth + 1);
      at.pop();
      if (c !== undefined) out[key] = c;
    }
    result = out;
  }
  parents.pop();
  return result;
}

/** Metadata objects with at most this many keys may take the short path of `copyMetadata`. */
const FLAT_METADATA_KEYS = 16;

/**
 * A source's metadata, copied. The common case (a few fields, each a
 * string, number, boolean or null) takes a short path, without
 * `copyJson`'s bookkeeping for nesting, cycles and budget, none of which
 * such an object can need; anything else (more keys, a nested or invalid
 * value, a forbidden key) goes through `copyJson`, which reports what it
 * drops. The value check is inline and the short path is not a function of
 * its own, as in the readers below: a call more per source made the first
 * parse slower (see docs/performance.md, "The first parse of a payload").
 */
function copyMetadata(meta: object, ctx: Ctx): Record<string, unknown> {
  const keys = Object.keys(meta);
  if (keys.length <= FLAT_METADATA_KEYS) {
    const out = nullObject();
    let flat = true;
    for (let i = 0; i < keys.length && flat; i++) {
      const key = keys[i]!;
      const value: unknown = (meta as Plain)[key];
      if (
        FORBIDDEN_KEYS.has(key) ||
        !(value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)))
      )
        flat = false;
      else out[key] = value;
    }
    if (flat) return out;
  }
  ctx.budget = MAX_METADATA_VALUES;
  ctx.cut = false;
  ctx.parents.length = 0;
  ctx.meta = [];
  const copy = copyJson(meta, ctx, 0) as Record<string, unknown>;
  if (ctx.cut) report(ctx, undefined, `more than ${MAX_METADATA_VALUES} values; the rest were ignored`, 'warning');
  ctx.meta = null;
  return copy;
}

// The readers below check the valid case of a number or a string inline (one
// payload may hold tens of thousands of these values, most of them absent or
// valid) and call `optInt` / `optString` only for a value that is neither, to
// report it. The string fields are read one by one, by name, rather than in a
// loop over their names (`copyStrings`): a payload arriving once is read
// mostly by the interpreter, where the loop's keyed reads and writes made
// the first parse of 5,000 sources about 2 ms slower (benchmark row "Parse
// + present, 5,000 sources (first call)"), and a helper call per field
// cost as much.

function parseLocation(raw: unknown, ctx: Ctx): QaSourceLocation | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    report(ctx, undefined, `expected an object, got ${describe(raw)}; dropped`);
    return null;
  }
  const v = record(raw, LOCATION_FIELDS, ctx);
  const loc: QaSourceLocation = {};
  const path = v.path;
  if (typeof path === 'string') loc.path = path;
  else if (path != null) optString(path, 'path', ctx);
  const s = v.lineStart;
  const start = typeof s === 'number' && Number.isSafeInteger(s) && s >= 1 ? s : s == null ? undefined : optInt(s, 'lineStart', ctx, 1);
  const e = v.lineEnd;
  let end = typeof e === 'number' && Number.isSafeInteger(e) && e >= 1 ? e : e == null ? undefined : optInt(e, 'lineEnd', ctx, 1);
  if (start !== undefined) {
    if (end !== undefined && end < start) {
      report(ctx, 'lineEnd', `lineEnd ${end} is before lineStart ${start}; read as ${start}`);
      end = start;
    }
    loc.lineStart = start;
    loc.lineEnd = end ?? start;
  } else if (end !== undefined) {
    report(ctx, 'lineEnd', 'lineEnd without lineStart; ignored');
  }
  const anchor = v.anchor;
  if (typeof anchor === 'string') loc.anchor = anchor;
  else if (anchor != null) optString(anchor, 'anchor', ctx);
  const jiraKey = v.jiraKey;
  if (typeof jiraKey === 'string') loc.jiraKey = jiraKey;
  else if (jiraKey != null) optString(jiraKey, 'jiraKey', ctx);
  const pageId = v.confluencePageId;
  if (typeof pageId === 'string') loc.confluencePageId = pageId;
  else if (pageId != null) optString(pageId, 'confluencePageId', ctx);
  return loc;
}

function parseOrigin(raw: unknown, ctx: Ctx): QaSourceOrigin | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    report(ctx, undefined, `expected an object, got ${describe(raw)}; dropped`);
    return null;
  }
  const v = record(raw, ORIGIN_FIELDS, ctx);
  const role = v.role;
  if (role !== 'parent' && role !== 'subagent') {
    report(ctx, 'role', `expected "parent" or "subagent", got ${describe(role)}; origin dropped`);
    return null;
  }
  const rawSession = v.sessionId;
  let sessionId: string;
  if (typeof rawSession === 'string') sessionId = rawSession;
  else {
    if (rawSession == null) report(ctx, 'sessionId', 'missing', 'warning');
    else optString(rawSession, 'sessionId', ctx);
    sessionId = '';
  }
  const rawTurn = v.turn;
  let turn: number;
  if (typeof rawTurn === 'number' && Number.isSafeInteger(rawTurn) && rawTurn >= 0) turn = rawTurn;
  else {
    if (rawTurn == null) report(ctx, 'turn', 'missing', 'warning');
    else optInt(rawTurn, 'turn', ctx, 0);
    turn = 0;
  }
  const origin: QaSourceOrigin = { sessionId, turn, role };
  const step = v.step;
  if (typeof step === 'number' && Number.isSafeInteger(step) && step >= 0) origin.step = step;
  else if (step != null) optInt(step, 'step', ctx, 0);
  const toolCallId = v.toolCallId;
  if (typeof toolCallId === 'string') origin.toolCallId = toolCallId;
  else if (toolCallId != null) optString(toolCallId, 'toolCallId', ctx);
  const toolName = v.toolName;
  if (typeof toolName === 'string') origin.toolName = toolName;
  else if (toolName != null) optString(toolName, 'toolName', ctx);
  const agentId = v.agentId;
  if (typeof agentId === 'string') origin.agentId = agentId;
  else if (agentId != null) optString(agentId, 'agentId', ctx);
  const subagentRunId = v.subagentRunId;
  if (typeof subagentRunId === 'string') origin.subagentRunId = subagentRunId;
  else if (subagentRunId != null) optString(subagentRunId, 'subagentRunId', ctx);
  const subagentSessionId = v.subagentSessionId;
  if (typeof subagentSessionId === 'string') origin.subagentSessionId = subagentSessionId;
  else if (subagentSessionId != null) optString(subagentSessionId, 'subagentSessionId', ctx);
  return origin;
}

/** Reads the list field `key` of the current object; its entries are parsed by `item`, invalid ones dropped. */
function parseList<T>(v: unknown, key: string, ctx: Ctx, item: (v: unknown, ctx: Ctx) => T | null, requiredSeverity: 'error' | 'warning' | null): T[] {
  if (v === undefined || v === null) {
    if (requiredSeverity) report(ctx, key, 'missing; read as empty', requiredSeverity);
    return [];
  }
  if (!Array.isArray(v)) {
    report(ctx, key, `expected an array, got ${describe(v)}; read as empty`);
    return [];
  }
  const length = v.length;
  const n = Math.min(length, MAX_ENTRIES_PER_SOURCE);
  ctx.list = key;
  if (length === 1) {
    // The common case (one location, one origin): an array of exactly one entry,
    // not one grown by a push (room for 17 entries, kept for the payload's life).
    let only: T | null = null;
    ctx.entry = 0;
    try {
      only = item(v[0], ctx);
    } catch {
      report(ctx, undefined, 'could not be read; dropped');
    }
    ctx.entry = -1;
    ctx.list = '';
    return only === null ? [] : [only];
  }
  const out: T[] = [];
  for (let i = 0; i < n; i++) {
    ctx.entry = i;
    try {
      const parsed = item(v[i], ctx);
      if (parsed !== null) out.push(parsed);
    } catch {
      // A throwing getter or proxy: this entry is lost, the rest of the list is not.
      report(ctx, undefined, 'could not be read; dropped');
    }
  }
  ctx.entry = -1;
  if (length > n) report(ctx, undefined, `${length} entries; only the first ${MAX_ENTRIES_PER_SOURCE} were read`, 'warning');
  ctx.list = '';
  return out;
}

/** Parses the source entry at the current path; returns null (with problems) when it has no usable `id` or `score`. */
function parseSource(raw: unknown, ctx: Ctx): QaSourceReference | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    report(ctx, undefined, `expected a source object, got ${describe(raw)}; entry dropped`);
    return null;
  }
  const v = record(raw, SOURCE_FIELDS, ctx);
  const id = v.id;
  if (typeof id !== 'string' || id.trim() === '') {
    report(ctx, 'id', `expected a non-empty string, got ${describe(id)}; entry dropped`);
    return null;
  }
  const score = v.score;
  if (typeof score !== 'number' || !Number.isFinite(score)) {
    report(ctx, 'score', `expected a finite number, got ${describe(score)}; entry dropped`);
    return null;
  }
  const rawKind = v.kind;
  let kind: QaSourceKind = 'other';
  if (typeof rawKind === 'string' && KIND_SET.has(rawKind)) kind = rawKind as QaSourceKind;
  else if (typeof rawKind === 'string') report(ctx, 'kind', `unknown kind ${quote(rawKind)}; shown as "other"`, 'warning');
  else report(ctx, 'kind', `expected a string, got ${describe(rawKind)}; shown as "other"`);

  let title = v.title;
  if (typeof title !== 'string') {
    if (title === undefined || title === null) report(ctx, 'title', 'missing; a title is derived for display', 'warning');
    else report(ctx, 'title', `expected a string, got ${describe(title)}; a title is derived for display`);
    title = '';
  }
  const rawEvidence = v.evidence;
  let evidence: QaSourceEvidence = 'reported';
  if (typeof rawEvidence === 'string' && EVIDENCE_SET.has(rawEvidence)) evidence = rawEvidence as QaSourceEvidence;
  else report(ctx, 'evidence', `expected one of ${SOURCE_EVIDENCE.join(', ')}, got ${describe(rawEvidence)}; read as "reported"`);

  const source: QaSourceReference = {
    id,
    kind,
    title: title as string,
    locations: parseList(v.locations, 'locations', ctx, parseLocation, 'warning'),
    evidence,
    origins: parseList(v.origins, 'origins', ctx, parseOrigin, 'warning'),
    score,
  };
  const uri = v.uri;
  if (typeof uri === 'string') source.uri = uri;
  else if (uri != null) optString(uri, 'uri', ctx);
  const path = v.path;
  if (typeof path === 'string') source.path = path;
  else if (path != null) optString(path, 'path', ctx);
  const snippet = v.snippet;
  if (typeof snippet === 'string') source.snippet = snippet;
  else if (snippet != null) optString(snippet, 'snippet', ctx);
  const meta = v.metadata;
  if (meta !== undefined && meta !== null) {
    if (isObject(meta)) source.metadata = copyMetadata(meta, ctx);
    else report(ctx, 'metadata', `expected an object, got ${describe(meta)}; ignored`);
  }
  return source;
}

function parseSources(v: unknown, key: 'sources' | 'discovered', ctx: Ctx, required: boolean): QaSourceReference[] | undefined {
  if (v === undefined || v === null) {
    if (required) report(ctx, key, 'missing; read as empty');
    return required ? [] : undefined;
  }
  if (!Array.isArray(v)) {
    report(ctx, key, `expected an array, got ${describe(v)}; read as empty`);
    return required ? [] : undefined;
  }
  const length = v.length;
  const n = Math.min(length, MAX_SOURCES);
  const out: QaSourceReference[] = [];
  ctx.key = key;
  for (let i = 0; i < n; i++) {
    ctx.index = i;
    try {
      const s = parseSource(v[i], ctx);
      if (s) out.push(s);
    } catch {
      ctx.list = '';
      ctx.entry = -1;
      ctx.meta = null;
      report(ctx, undefined, 'could not be read; entry dropped');
    }
  }
  ctx.index = -1;
  if (length > n) report(ctx, undefined, `${length} entries; only the first ${MAX_SOURCES} were read`, 'warning');
  ctx.key = '';
  return out;
}

function parseIncomplete(raw: unknown, ctx: Ctx): QaIncompleteOrigin | null {
  if (!isObject(raw)) {
    report(ctx, undefined, `expected an object, got ${describe(raw)}; dropped`);
    return null;
  }
  const v = record(raw, INCOMPLETE_FIELDS, ctx);
  const reason = v.reason;
  if (reason === undefined || reason === null) report(ctx, 'reason', 'missing', 'warning');
  const entry: QaIncompleteOrigin = { reason: optString(reason, 'reason', ctx) ?? '' };
  copyStrings(v, INCOMPLETE_STRINGS, entry, ctx);
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
  const ctx: Ctx = { p, protoClean, key: '', index: -1, list: '', entry: -1, meta: null, budget: 0, cut: false, parents: [] };
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
  const v = record(data, PAYLOAD_FIELDS, ctx);
  const version = v.version;
  if (version === undefined || version === null) p.add('version', `missing; read as version ${PAYLOAD_VERSION}`, 'warning');
  else if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1)
    p.add('version', `expected a whole number >= 1, got ${describe(version)}; read as version ${PAYLOAD_VERSION}`);
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
