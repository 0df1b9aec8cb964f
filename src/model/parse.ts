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
/** At most this many entries of a source's `locations` / `origins` are read. */
export const MAX_ENTRIES_PER_SOURCE = 1_000;
/** Metadata deeper than this is cut. */
export const MAX_METADATA_DEPTH = 8;
/** At most this many problems are listed; the rest are counted. */
export const MAX_PROBLEMS = 200;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const KIND_SET = new Set<string>(SOURCE_KINDS);
const EVIDENCE_SET = new Set<string>(SOURCE_EVIDENCE);

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

function isPlainObject(v: unknown): v is Plain {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
  if (typeof v === 'object') return 'an object';
  return `a ${typeof v}`;
}

function keyPath(base: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? (base ? `${base}.${key}` : key) : `${base}[${JSON.stringify(key)}]`;
}

function own(obj: Plain, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined;
}

/** Reads an optional string field; a wrong type is a problem and the field is left out. */
function optString(obj: Plain, key: string, path: string, p: Problems): string | undefined {
  const v = own(obj, key);
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v;
  p.add(keyPath(path, key), `expected a string, got ${describe(v)}`);
  return undefined;
}

/** Reads an optional whole number >= min; a wrong type or value is a problem and the field is left out. */
function optInt(obj: Plain, key: string, path: string, p: Problems, min = 0): number | undefined {
  const v = own(obj, key);
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'number' && Number.isInteger(v) && v >= min) return v;
  p.add(keyPath(path, key), typeof v === 'number' ? `expected a whole number >= ${min}, got ${v}` : `expected a number, got ${describe(v)}`);
  return undefined;
}

/** Copies JSON-like data into prototype-free objects, dropping hostile keys and anything not JSON. */
function copyJson(v: unknown, path: string, p: Problems, depth: number): unknown {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') {
    if (Number.isFinite(v)) return v;
    p.add(path, `expected a finite number, got ${v}`);
    return undefined;
  }
  if (typeof v !== 'object') {
    p.add(path, `expected JSON data, got ${describe(v)}`);
    return undefined;
  }
  if (depth >= MAX_METADATA_DEPTH) {
    p.add(path, `nested deeper than ${MAX_METADATA_DEPTH} levels; cut`, 'warning');
    return undefined;
  }
  if (Array.isArray(v)) {
    const out: unknown[] = [];
    const n = Math.min(v.length, MAX_ENTRIES_PER_SOURCE);
    for (let i = 0; i < n; i++) {
      const c = copyJson(v[i], `${path}[${i}]`, p, depth + 1);
      if (c !== undefined) out.push(c);
    }
    if (v.length > n) p.add(path, `more than ${MAX_ENTRIES_PER_SOURCE} entries; the rest were ignored`, 'warning');
    return out;
  }
  const out = Object.create(null) as Plain;
  for (const key of Object.keys(v)) {
    if (FORBIDDEN_KEYS.has(key)) {
      p.add(keyPath(path, key), 'forbidden key ignored');
      continue;
    }
    const c = copyJson((v as Plain)[key], keyPath(path, key), p, depth + 1);
    if (c !== undefined) out[key] = c;
  }
  return out;
}

function parseLocation(v: unknown, path: string, p: Problems): QaSourceLocation | null {
  if (!isPlainObject(v)) {
    p.add(path, `expected an object, got ${describe(v)}`);
    return null;
  }
  const loc: QaSourceLocation = {};
  const locPath = optString(v, 'path', path, p);
  if (locPath !== undefined) loc.path = locPath;
  const start = optInt(v, 'lineStart', path, p, 1);
  let end = optInt(v, 'lineEnd', path, p, 1);
  if (start !== undefined) {
    if (end !== undefined && end < start) {
      p.add(keyPath(path, 'lineEnd'), `lineEnd ${end} is before lineStart ${start}; used lineStart`);
      end = start;
    }
    loc.lineStart = start;
    loc.lineEnd = end ?? start;
  } else if (end !== undefined) {
    p.add(keyPath(path, 'lineEnd'), 'lineEnd without lineStart; ignored');
  }
  for (const key of ['anchor', 'jiraKey', 'confluencePageId'] as const) {
    const s = optString(v, key, path, p);
    if (s !== undefined) loc[key] = s;
  }
  return loc;
}

function parseOrigin(v: unknown, path: string, p: Problems): QaSourceOrigin | null {
  if (!isPlainObject(v)) {
    p.add(path, `expected an object, got ${describe(v)}`);
    return null;
  }
  const role = own(v, 'role');
  if (role !== 'parent' && role !== 'subagent') {
    p.add(keyPath(path, 'role'), `expected "parent" or "subagent", got ${typeof role === 'string' ? JSON.stringify(role) : describe(role)}; origin dropped`);
    return null;
  }
  const sessionId = optString(v, 'sessionId', path, p);
  if (sessionId === undefined && own(v, 'sessionId') === undefined) p.add(keyPath(path, 'sessionId'), 'missing', 'warning');
  const turn = optInt(v, 'turn', path, p, 0);
  if (turn === undefined && own(v, 'turn') === undefined) p.add(keyPath(path, 'turn'), 'missing', 'warning');
  const origin: QaSourceOrigin = { sessionId: sessionId ?? '', turn: turn ?? 0, role };
  const step = optInt(v, 'step', path, p, 0);
  if (step !== undefined) origin.step = step;
  for (const key of ['toolCallId', 'toolName', 'agentId', 'subagentRunId', 'subagentSessionId'] as const) {
    const s = optString(v, key, path, p);
    if (s !== undefined) origin[key] = s;
  }
  return origin;
}

function parseList<T>(
  obj: Plain,
  key: string,
  path: string,
  p: Problems,
  item: (v: unknown, path: string, p: Problems) => T | null,
): T[] {
  const v = own(obj, key);
  const listPath = keyPath(path, key);
  if (v === undefined || v === null) {
    p.add(listPath, 'missing; treated as empty', 'warning');
    return [];
  }
  if (!Array.isArray(v)) {
    p.add(listPath, `expected an array, got ${describe(v)}`);
    return [];
  }
  const n = Math.min(v.length, MAX_ENTRIES_PER_SOURCE);
  const out: T[] = [];
  for (let i = 0; i < n; i++) {
    const parsed = item(v[i], `${listPath}[${i}]`, p);
    if (parsed !== null) out.push(parsed);
  }
  if (v.length > n) p.add(listPath, `more than ${MAX_ENTRIES_PER_SOURCE} entries; the rest were ignored`, 'warning');
  return out;
}

/** Parses one source entry; returns null (with problems) when it has no usable `id` or `score`. */
function parseSource(v: unknown, path: string, problems: Problems): QaSourceReference | null {
  const p = problems;
  if (!isPlainObject(v)) {
    p.add(path, `expected a source object, got ${describe(v)}; entry dropped`);
    return null;
  }
  const id = own(v, 'id');
  if (typeof id !== 'string' || id.trim() === '') {
    p.add(keyPath(path, 'id'), `expected a non-empty string, got ${describe(id)}; entry dropped`);
    return null;
  }
  const score = own(v, 'score');
  if (typeof score !== 'number' || !Number.isFinite(score)) {
    p.add(keyPath(path, 'score'), `expected a finite number, got ${typeof score === 'string' ? `the string ${JSON.stringify(score.slice(0, 40))}` : describe(score)}; entry dropped`);
    return null;
  }
  const rawKind = own(v, 'kind');
  let kind: QaSourceKind = 'other';
  if (typeof rawKind === 'string' && KIND_SET.has(rawKind)) kind = rawKind as QaSourceKind;
  else if (typeof rawKind === 'string') p.add(keyPath(path, 'kind'), `unknown kind ${JSON.stringify(rawKind.slice(0, 40))}; shown as "other"`, 'warning');
  else p.add(keyPath(path, 'kind'), `expected a string, got ${describe(rawKind)}; shown as "other"`);

  let title = optString(v, 'title', path, p);
  if (title === undefined) {
    if (own(v, 'title') === undefined) p.add(keyPath(path, 'title'), 'missing; a title is derived for display', 'warning');
    title = '';
  }
  const rawEvidence = own(v, 'evidence');
  let evidence: QaSourceEvidence = 'reported';
  if (typeof rawEvidence === 'string' && EVIDENCE_SET.has(rawEvidence)) evidence = rawEvidence as QaSourceEvidence;
  else p.add(keyPath(path, 'evidence'), `expected one of ${SOURCE_EVIDENCE.join(', ')}, got ${typeof rawEvidence === 'string' ? JSON.stringify(rawEvidence.slice(0, 40)) : describe(rawEvidence)}; treated as "reported"`);

  const source: QaSourceReference = {
    id,
    kind,
    title,
    locations: parseList(v, 'locations', path, p, parseLocation),
    evidence,
    origins: parseList(v, 'origins', path, p, parseOrigin),
    score,
  };
  for (const key of ['uri', 'path', 'snippet'] as const) {
    const s = optString(v, key, path, p);
    if (s !== undefined) source[key] = s;
  }
  const meta = own(v, 'metadata');
  if (meta !== undefined && meta !== null) {
    if (isPlainObject(meta)) source.metadata = copyJson(meta, keyPath(path, 'metadata'), p, 0) as Record<string, unknown>;
    else p.add(keyPath(path, 'metadata'), `expected an object, got ${describe(meta)}`);
  }
  return source;
}

function parseSources(obj: Plain, key: 'sources' | 'discovered', p: Problems, required: boolean): QaSourceReference[] | undefined {
  const v = own(obj, key);
  if (v === undefined || v === null) {
    if (required) p.add(key, 'missing; treated as empty');
    return required ? [] : undefined;
  }
  if (!Array.isArray(v)) {
    p.add(key, `expected an array, got ${describe(v)}`);
    return required ? [] : undefined;
  }
  const n = Math.min(v.length, MAX_SOURCES);
  const out: QaSourceReference[] = [];
  for (let i = 0; i < n; i++) {
    const path = `${key}[${i}]`;
    try {
      const s = parseSource(v[i], path, p);
      if (s) out.push(s);
    } catch {
      p.add(path, 'could not be read; entry dropped');
    }
  }
  if (v.length > n) p.add(key, `${v.length} entries; only the first ${MAX_SOURCES} were read`, 'warning');
  return out;
}

function parseIncomplete(v: unknown, path: string, p: Problems): QaIncompleteOrigin | null {
  if (!isPlainObject(v)) {
    p.add(path, `expected an object, got ${describe(v)}`);
    return null;
  }
  const reason = optString(v, 'reason', path, p);
  const entry: QaIncompleteOrigin = { reason: reason ?? '' };
  if (reason === undefined) p.add(keyPath(path, 'reason'), 'missing', 'warning');
  const run = optString(v, 'subagentRunId', path, p);
  if (run !== undefined) entry.subagentRunId = run;
  const provider = optString(v, 'provider', path, p);
  if (provider !== undefined) entry.provider = provider;
  return entry;
}

/**
 * Parses an untrusted `QaTurnSources` payload (an object, or its JSON text).
 * Never throws. Keeps every valid source, names each problem by JSON path,
 * ignores unknown fields, never copies `__proto__`/`constructor`/`prototype`.
 * `value` is null only when nothing usable is there (not an object).
 */
export function parseTurnSources(input: unknown): QaParseResult {
  const p = new Problems();
  try {
    return { value: parsePayload(input, p), problems: p.finish() };
  } catch {
    p.add('', 'the payload could not be read');
    return { value: null, problems: p.finish() };
  }
}

function parsePayload(input: unknown, p: Problems): QaTurnSources | null {
  let data = input;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch (e) {
      p.add('', `not valid JSON: ${(e as Error).message.slice(0, 120)}`);
      return null;
    }
  }
  if (!isPlainObject(data)) {
    p.add('', `expected a QaTurnSources object, got ${describe(data)}`);
    return null;
  }
  const version = own(data, 'version');
  if (version === undefined) p.add('version', `missing; read as version ${PAYLOAD_VERSION}`, 'warning');
  else if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) p.add('version', `expected a whole number, got ${describe(version)}; read as version ${PAYLOAD_VERSION}`);
  else if (version > PAYLOAD_VERSION) p.add('version', `version ${version} is newer than this kit (${PAYLOAD_VERSION}); shown best effort`, 'warning');

  let sessionId = own(data, 'sessionId');
  if (typeof sessionId !== 'string') {
    p.add('sessionId', sessionId === undefined ? 'missing' : `expected a string, got ${describe(sessionId)}`);
    sessionId = '';
  }
  let turn = own(data, 'turn');
  if (typeof turn !== 'number' || !Number.isInteger(turn) || turn < 0) {
    p.add('turn', turn === undefined ? 'missing' : `expected a whole number >= 0, got ${typeof turn === 'number' ? turn : describe(turn)}`);
    turn = 0;
  }
  let complete = own(data, 'complete');
  if (typeof complete !== 'boolean') {
    p.add('complete', complete === undefined ? 'missing; read as true' : `expected a boolean, got ${describe(complete)}; read as true`, complete === undefined ? 'warning' : 'error');
    complete = true;
  }
  const payload: QaTurnSources = {
    version: 1,
    sessionId: sessionId as string,
    turn: turn as number,
    sources: parseSources(data, 'sources', p, true) ?? [],
    complete: complete as boolean,
  };
  const discovered = parseSources(data, 'discovered', p, false);
  if (discovered) payload.discovered = discovered;
  const inc = own(data, 'incompleteOrigins');
  if (inc !== undefined && inc !== null) payload.incompleteOrigins = parseList(data, 'incompleteOrigins', '', p, parseIncomplete);
  return payload;
}
