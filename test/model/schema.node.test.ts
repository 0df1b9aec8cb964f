// The published JSON Schema (schema.json) and `parseTurnSources` agree on
// every payload: the fixtures, a table of invalid payloads, every single-field
// mutation of a complete payload and generated valid payloads. "Agree" means:
// schema-valid ⇔ the parser reports no problem, and schema-invalid ⇒ the
// parser reports at least one error. Where they differ on purpose, the case
// names a row of LENIENCIES, which says what each side does and why; a
// difference not in that table fails, and so does a row no case uses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { MAX_ENTRIES_PER_SOURCE, MAX_METADATA_DEPTH, MAX_METADATA_VALUES, MAX_SOURCES, parseTurnSources } from '../../src/model/parse.js';
import { presentSources } from '../../src/model/present.js';
import * as fixtures from '../../stories/fixtures/payloads.js';
import { payloadArb, runs } from './helpers.js';

// Test payloads are built and then broken at any depth, field by field: typed loosely on purpose.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Raw = Record<string, any>;
/** What the schema says. */
type SchemaVerdict = 'valid' | 'invalid';
/** What the parser says: no problem, only warnings (kept, best effort), or at least one error (dropped or replaced). */
type ParserVerdict = 'clean' | 'warning' | 'error';

interface Leniency {
  schema: SchemaVerdict;
  parser: ParserVerdict;
  reason: string;
}

/**
 * Every intended difference between the schema and the parser. The schema is
 * what a producer should send; the parser is what the kit copes with.
 * docs/payload.md lists the same leniencies.
 */
const LENIENCIES = {
  'missing-with-default': {
    schema: 'invalid',
    parser: 'warning',
    reason:
      "A required field with a safe default is missing or null: `version` (read as 1), `complete` (true), `title` (derived for display), `locations`/`origins` (empty), an origin's `sessionId` ('') and `turn` (0), an incomplete origin's `reason` (''). The parser keeps the entry and warns; producers must still send the field.",
  },
  'unknown-kind': {
    schema: 'invalid',
    parser: 'warning',
    reason: 'A `kind` string outside the enum (from a newer host) is shown as `other` with a warning, so new kinds degrade instead of disappearing.',
  },
  'future-version': {
    schema: 'invalid',
    parser: 'warning',
    reason: 'This is the schema of version 1 (`version: const 1`); the parser shows a newer version best effort with a warning.',
  },
  'null-optional': {
    schema: 'invalid',
    parser: 'clean',
    reason:
      'An optional field set to null (`uri`, `path`, `snippet`, `metadata`, `discovered`, `incompleteOrigins`, location and origin fields) is read as absent: many serializers write null for "none". The contract says absent, so the schema rejects null.',
  },
  'line-order': {
    schema: 'valid',
    parser: 'error',
    reason: 'lineEnd < lineStart: JSON Schema cannot compare two fields. The parser reads the range as the single line lineStart and reports an error.',
  },
  'list-limits': {
    schema: 'invalid',
    parser: 'warning',
    reason: `More than ${MAX_SOURCES} sources (or discovered), or more than ${MAX_ENTRIES_PER_SOURCE} locations, origins, incomplete origins or metadata array entries: the schema's maxItems rejects it, the parser reads the first ones and warns.`,
  },
  'metadata-limits': {
    schema: 'valid',
    parser: 'warning',
    reason: `Metadata nesting objects or arrays more than ${MAX_METADATA_DEPTH} levels deep (metadata itself is the first) or holding more than ${MAX_METADATA_VALUES} values: not expressible in the schema (depth and value counts); the parser cuts the copy and warns.`,
  },
  'metadata-known-keys': {
    schema: 'invalid',
    parser: 'clean',
    reason:
      'A metadata key the kit reads (`truncated`, `pageTitle`, `subagents`, …) with the wrong type: the schema types them so producers notice, the parser copies metadata as free-form JSON and display ignores a value of the wrong type.',
  },
  'empty-session': {
    schema: 'invalid',
    parser: 'clean',
    reason:
      'An empty top-level `sessionId`: the parser accepts any string, but the store (src/host/store.ts) ignores such a payload, so the schema asks for a non-empty one.',
  },
  'provisional-flag': {
    schema: 'invalid',
    parser: 'clean',
    reason:
      '`provisional` is read by the store, not by the parser (an unknown field to it); only `true` marks a payload provisional. The schema asks for a boolean.',
  },
} satisfies Record<string, Leniency>;

type LeniencyName = keyof typeof LENIENCIES;

interface Case {
  name: string;
  input: unknown;
  /** Omitted: valid for both. `'invalid'`: schema rejects, parser reports an error. A leniency: as its row says. */
  expect?: 'invalid' | LeniencyName;
}

const schema = JSON.parse(readFileSync(new URL('../../schema.json', import.meta.url), 'utf8')) as Raw;
// allowUnionTypes: the schema's JsonValue lists every JSON type explicitly, which Ajv's strict mode otherwise refuses.
const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
const validate = ajv.compile(schema);

const used = new Set<LeniencyName>();

function schemaCheck(input: unknown): { verdict: SchemaVerdict; errors: ErrorObject[] } {
  const ok = validate(input);
  return { verdict: ok ? 'valid' : 'invalid', errors: validate.errors ?? [] };
}

function parserCheck(input: unknown): { verdict: ParserVerdict; problems: ReturnType<typeof parseTurnSources>['problems'] } {
  const { problems } = parseTurnSources(input);
  const verdict: ParserVerdict = problems.length === 0 ? 'clean' : problems.some((p) => p.severity === 'error') ? 'error' : 'warning';
  return { verdict, problems };
}

function expected(c: Case): { schema: SchemaVerdict; parser: ParserVerdict } {
  if (c.expect === undefined) return { schema: 'valid', parser: 'clean' };
  if (c.expect === 'invalid') return { schema: 'invalid', parser: 'error' };
  return LENIENCIES[c.expect];
}

/** True for data that JSON text can carry as it is (so the schema's answer is the answer for the JSON a producer sends). */
function isJsonData(v: unknown): boolean {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return true;
  if (typeof v === 'number') return Number.isFinite(v);
  if (Array.isArray(v)) return Object.keys(v).length === v.length && v.every(isJsonData);
  if (typeof v !== 'object' || Object.getPrototypeOf(v) !== Object.prototype) return false;
  return Object.values(v).every(isJsonData);
}

/** Checks one case: both sides as expected, and the JSON text gives the parser the same answer. */
function check(c: Case): void {
  assert.ok(isJsonData(c.input), `${c.name}: the input is not plain JSON data`);
  const json = JSON.stringify(c.input);
  const s = schemaCheck(c.input);
  const p = parserCheck(c.input);
  const want = expected(c);
  const detail = () =>
    `${c.name}: expected schema ${want.schema} / parser ${want.parser}${c.expect && c.expect !== 'invalid' ? ` (leniency ${c.expect})` : ''}, ` +
    `got schema ${s.verdict} / parser ${p.verdict}\n  schema: ${JSON.stringify(s.errors.slice(0, 4).map((e) => `${e.instancePath} ${e.message}`))}\n  parser: ${JSON.stringify(p.problems.slice(0, 4))}`;
  assert.equal(s.verdict, want.schema, detail());
  assert.equal(p.verdict, want.parser, detail());
  if (typeof c.input !== 'string') assert.deepEqual(parseTurnSources(json).problems, p.problems, `${c.name}: the JSON text parses differently`);
  if (c.expect && c.expect !== 'invalid') used.add(c.expect);
}

// --- building blocks -----------------------------------------------------------

/** A payload in which every field of every level is present and valid. */
function full(): Raw {
  return {
    version: 1,
    sessionId: 'sess-1',
    turn: 3,
    complete: false,
    provisional: false,
    sources: [
      {
        id: 'jira:MDC-1',
        kind: 'jira',
        title: 'MDC-1 First',
        uri: 'https://jira.example.com/browse/MDC-1',
        locations: [{ jiraKey: 'MDC-1' }],
        evidence: 'fetched',
        origins: [],
        score: 100,
      },
      {
        id: 'file:docs/a.md',
        kind: 'file',
        title: 'a.md',
        uri: 'https://git.example.com/docs/a.md',
        path: 'docs/a.md',
        snippet: 'Some text',
        locations: [{ path: 'docs/a.md', lineStart: 3, lineEnd: 9, anchor: 'intro', jiraKey: 'MDC-2', confluencePageId: '77' }],
        evidence: 'read',
        origins: [
          {
            sessionId: 'sess-1',
            turn: 3,
            step: 2,
            toolCallId: 'call-1',
            toolName: 'read',
            agentId: 'main',
            role: 'subagent',
            subagentRunId: 'run-1',
            subagentSessionId: 'sess-1/run-1',
          },
          { sessionId: 'sess-1', turn: 3, role: 'parent' },
        ],
        score: 90,
        metadata: {
          truncated: true,
          pageTitle: 'A',
          siteName: 'Git',
          spaceKey: 'DOC',
          spaceName: 'Docs',
          summary: 'S',
          key: 'MDC-2',
          issueKey: 'MDC-2',
          collection: 'kb',
          backend: 'vector',
          subagents: { 'run-1': { label: 'Search docs', parentRunId: 'run-0' } },
          extra: { nested: [1, 'two', null, { deep: true }] },
        },
      },
    ],
    discovered: [
      {
        id: 'web:https://search.example/1',
        kind: 'web',
        title: 'Hit',
        uri: 'https://search.example/1',
        locations: [],
        evidence: 'discovered',
        origins: [],
        score: 10,
      },
    ],
    incompleteOrigins: [{ subagentRunId: 'run-x', provider: 'ext', reason: 'Timed out.' }],
  };
}

/** A small valid source. */
function source(over: Raw = {}): Raw {
  return { id: 'file:docs/a.md', kind: 'file', title: 'a.md', locations: [], evidence: 'read', origins: [], score: 80, ...over };
}

/** A small valid payload around some sources. */
function payload(sources: unknown[], over: Raw = {}): Raw {
  return { version: 1, sessionId: 's', turn: 1, complete: true, sources, ...over };
}

/** A payload of one source with one location. */
function withLocation(location: unknown): Raw {
  return payload([source({ locations: [location] })]);
}

/** A payload of one source with one origin. */
function withOrigin(origin: unknown): Raw {
  return payload([source({ origins: [origin] })]);
}

/** A payload of one source with this metadata. */
function withMetadata(metadata: unknown): Raw {
  return payload([source({ metadata })]);
}

/** `leaf` under `depth` keys: `{ a: { a: … leaf } }`. */
function nest(depth: number, leaf: unknown = {}): Raw {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v as Raw;
}

const origin = { sessionId: 's', turn: 1, role: 'parent' };

// --- the fixtures ----------------------------------------------------------------

/** How every export of stories/fixtures/payloads.ts is expected to fare. A new fixture must be added here. */
const FIXTURES: Record<string, { input: () => unknown; expect?: Case['expect'] }> = {
  referencePayload: { input: () => fixtures.referencePayload },
  emptyPayload: { input: () => fixtures.emptyPayload },
  belowThresholdPayload: { input: () => fixtures.belowThresholdPayload },
  singlePayload: { input: () => fixtures.singlePayload },
  everyKindPayload: { input: () => fixtures.everyKindPayload, expect: 'unknown-kind' },
  longTitlesPayload: { input: () => fixtures.longTitlesPayload },
  hostilePayload: { input: () => fixtures.hostilePayload },
  discoveredPayload: { input: () => fixtures.discoveredPayload },
  incompletePayload: { input: () => fixtures.incompletePayload },
  provisionalPayload: { input: () => fixtures.provisionalPayload },
  malformedPayload: { input: () => fixtures.malformedPayload, expect: 'invalid' },
  generatedPayload: { input: () => fixtures.generatedPayload(700) },
  generatedSource: {
    input: () => payload((['file', 'code', 'jira', 'confluence', 'knowledge', 'web', 'other'] as const).map((k, i) => fixtures.generatedSource(k, i))),
  },
};

test('the schema is a draft 2020-12 schema that Ajv compiles in strict mode', () => {
  assert.equal(schema.$schema, 'https://json-schema.org/draft/2020-12/schema');
  assert.equal(typeof validate, 'function');
});

test('every property of the schema has a description for producers', () => {
  const missing: string[] = [];
  const walk = (node: unknown, at: string) => {
    if (!node || typeof node !== 'object') return;
    const n = node as Raw;
    if (n.properties) {
      for (const [key, prop] of Object.entries(n.properties as Raw)) {
        const p = prop as Raw;
        // A property that is only a $ref takes the description of its definition.
        const described = typeof p.description === 'string' || (typeof p.$ref === 'string' && typeof resolve(p.$ref).description === 'string');
        if (!described) missing.push(`${at}.${key}`);
        walk(p, `${at}.${key}`);
      }
    }
    for (const key of ['items', 'additionalProperties']) if (n[key] && typeof n[key] === 'object') walk(n[key], `${at}.${key}`);
    if (n.$defs) for (const [key, def] of Object.entries(n.$defs as Raw)) walk(def, `$defs.${key}`);
  };
  const resolve = (ref: string): Raw =>
    ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((o: Raw, k) => o[k], schema);
  walk(schema, '');
  assert.deepEqual(missing, []);
});

test('every fixture payload is classified, and schema and parser agree on each', () => {
  assert.deepEqual(Object.keys(fixtures).sort(), Object.keys(FIXTURES).sort(), 'stories/fixtures/payloads.ts exports a payload this test does not classify');
  for (const [name, f] of Object.entries(FIXTURES)) check({ name: `fixture ${name}`, input: f.input(), expect: f.expect });
});

// --- invalid (and lenient) payloads, written by hand -------------------------------------

const INVALID: Case[] = [
  // the payload itself
  { name: 'not an object: a string', input: 'payload', expect: 'invalid' },
  { name: 'not an object: an array', input: [], expect: 'invalid' },
  { name: 'not an object: null', input: null, expect: 'invalid' },
  { name: 'not an object: a number', input: 1, expect: 'invalid' },
  { name: 'version as a string', input: payload([], { version: '1' }), expect: 'invalid' },
  { name: 'version 0', input: payload([], { version: 0 }), expect: 'invalid' },
  { name: 'version 1.5', input: payload([], { version: 1.5 }), expect: 'invalid' },
  { name: 'version missing', input: (({ version: _, ...rest }) => rest)(payload([])), expect: 'missing-with-default' },
  { name: 'future version 2', input: payload([], { version: 2 }), expect: 'future-version' },
  { name: 'sessionId missing', input: (({ sessionId: _, ...rest }) => rest)(payload([])), expect: 'invalid' },
  { name: 'sessionId a number', input: payload([], { sessionId: 7 }), expect: 'invalid' },
  { name: 'sessionId empty', input: payload([], { sessionId: '' }), expect: 'empty-session' },
  { name: 'turn as a string', input: payload([], { turn: '4' }), expect: 'invalid' },
  { name: 'turn negative', input: payload([], { turn: -1 }), expect: 'invalid' },
  { name: 'turn fractional', input: payload([], { turn: 2.5 }), expect: 'invalid' },
  { name: 'turn beyond 2^53', input: payload([], { turn: 2 ** 53 }), expect: 'invalid' },
  { name: 'complete as a string', input: payload([], { complete: 'yes' }), expect: 'invalid' },
  { name: 'complete missing', input: (({ complete: _, ...rest }) => rest)(payload([])), expect: 'missing-with-default' },
  { name: 'sources missing', input: (({ sources: _, ...rest }) => rest)(payload([])), expect: 'invalid' },
  { name: 'sources null', input: payload([], { sources: null }), expect: 'invalid' },
  { name: 'sources an object', input: payload([], { sources: { 0: source() } }), expect: 'invalid' },
  { name: 'discovered a string', input: payload([], { discovered: 'none' }), expect: 'invalid' },
  { name: 'discovered null', input: payload([], { discovered: null }), expect: 'null-optional' },
  { name: 'incompleteOrigins an object', input: payload([], { incompleteOrigins: { reason: 'x' } }), expect: 'invalid' },
  { name: 'incompleteOrigins entry a string', input: payload([], { incompleteOrigins: ['timed out'] }), expect: 'invalid' },
  { name: 'incompleteOrigins reason a number', input: payload([], { incompleteOrigins: [{ reason: 504 }] }), expect: 'invalid' },
  { name: 'incompleteOrigins reason missing', input: payload([], { incompleteOrigins: [{ provider: 'ext' }] }), expect: 'missing-with-default' },
  { name: 'provisional as a string', input: payload([], { provisional: 'true' }), expect: 'provisional-flag' },
  // sources
  { name: 'source a string', input: payload(['file:docs/a.md']), expect: 'invalid' },
  { name: 'source null', input: payload([null]), expect: 'invalid' },
  { name: 'source an array', input: payload([[source()]]), expect: 'invalid' },
  { name: 'source without id', input: payload([(({ id: _, ...rest }) => rest)(source())]), expect: 'invalid' },
  { name: 'source id empty', input: payload([source({ id: '' })]), expect: 'invalid' },
  { name: 'source id only spaces', input: payload([source({ id: ' \t\n' })]), expect: 'invalid' },
  { name: 'source id a number', input: payload([source({ id: 42 })]), expect: 'invalid' },
  { name: 'score as a string', input: payload([source({ score: '100' })]), expect: 'invalid' },
  { name: 'score missing', input: payload([(({ score: _, ...rest }) => rest)(source())]), expect: 'invalid' },
  { name: 'score null', input: payload([source({ score: null })]), expect: 'invalid' },
  { name: 'kind unknown', input: payload([source({ kind: 'slack' })]), expect: 'unknown-kind' },
  { name: 'kind in capitals', input: payload([source({ kind: 'FILE' })]), expect: 'unknown-kind' },
  { name: 'kind a number', input: payload([source({ kind: 1 })]), expect: 'invalid' },
  { name: 'kind missing', input: payload([(({ kind: _, ...rest }) => rest)(source())]), expect: 'invalid' },
  { name: 'evidence misspelt', input: payload([source({ evidence: 'fetchd' })]), expect: 'invalid' },
  { name: 'evidence missing', input: payload([(({ evidence: _, ...rest }) => rest)(source())]), expect: 'invalid' },
  { name: 'title a number', input: payload([source({ title: 42 })]), expect: 'invalid' },
  { name: 'title missing', input: payload([(({ title: _, ...rest }) => rest)(source())]), expect: 'missing-with-default' },
  { name: 'title null', input: payload([source({ title: null })]), expect: 'missing-with-default' },
  { name: 'uri an object', input: payload([source({ uri: { href: 'https://example.com' } })]), expect: 'invalid' },
  { name: 'uri null', input: payload([source({ uri: null })]), expect: 'null-optional' },
  { name: 'path an array', input: payload([source({ path: ['docs', 'a.md'] })]), expect: 'invalid' },
  { name: 'snippet a boolean', input: payload([source({ snippet: true })]), expect: 'invalid' },
  { name: 'locations an object', input: payload([source({ locations: { lineStart: 1 } })]), expect: 'invalid' },
  { name: 'locations missing', input: payload([(({ locations: _, ...rest }) => rest)(source())]), expect: 'missing-with-default' },
  { name: 'origins a string', input: payload([source({ origins: 'parent' })]), expect: 'invalid' },
  { name: 'origins missing', input: payload([(({ origins: _, ...rest }) => rest)(source())]), expect: 'missing-with-default' },
  { name: 'metadata an array', input: payload([source({ metadata: [] })]), expect: 'invalid' },
  { name: 'metadata a string', input: payload([source({ metadata: 'truncated' })]), expect: 'invalid' },
  { name: 'metadata null', input: payload([source({ metadata: null })]), expect: 'null-optional' },
  { name: 'discovered entry without score', input: payload([], { discovered: [(({ score: _, ...rest }) => rest)(source())] }), expect: 'invalid' },
  // locations
  { name: 'location a string', input: withLocation('docs/a.md:3'), expect: 'invalid' },
  { name: 'location null', input: withLocation(null), expect: 'invalid' },
  { name: 'lineStart negative', input: withLocation({ lineStart: -3 }), expect: 'invalid' },
  { name: 'lineStart 0', input: withLocation({ lineStart: 0, lineEnd: 4 }), expect: 'invalid' },
  { name: 'lineStart fractional', input: withLocation({ lineStart: 1.5 }), expect: 'invalid' },
  { name: 'lineStart as a string', input: withLocation({ lineStart: '12' }), expect: 'invalid' },
  { name: 'lineEnd negative', input: withLocation({ lineStart: 3, lineEnd: -1 }), expect: 'invalid' },
  { name: 'lineEnd without lineStart', input: withLocation({ lineEnd: 9 }), expect: 'invalid' },
  { name: 'lineEnd before lineStart', input: withLocation({ lineStart: 9, lineEnd: 3 }), expect: 'line-order' },
  { name: 'jiraKey a number', input: withLocation({ jiraKey: 42 }), expect: 'invalid' },
  { name: 'confluencePageId a number', input: withLocation({ confluencePageId: 12345 }), expect: 'invalid' },
  { name: 'anchor null', input: withLocation({ anchor: null }), expect: 'null-optional' },
  // origins
  { name: 'origin a string', input: withOrigin('parent'), expect: 'invalid' },
  { name: 'origin role unknown', input: withOrigin({ ...origin, role: 'admin' }), expect: 'invalid' },
  { name: 'origin role missing', input: withOrigin({ sessionId: 's', turn: 1 }), expect: 'invalid' },
  { name: 'origin turn as a string', input: withOrigin({ ...origin, turn: '1' }), expect: 'invalid' },
  { name: 'origin turn missing', input: withOrigin({ sessionId: 's', role: 'parent' }), expect: 'missing-with-default' },
  { name: 'origin sessionId missing', input: withOrigin({ turn: 1, role: 'parent' }), expect: 'missing-with-default' },
  { name: 'origin step negative', input: withOrigin({ ...origin, step: -1 }), expect: 'invalid' },
  { name: 'origin toolName a number', input: withOrigin({ ...origin, toolName: 7 }), expect: 'invalid' },
  { name: 'origin subagentRunId null', input: withOrigin({ ...origin, subagentRunId: null }), expect: 'null-optional' },
  // metadata
  { name: 'metadata with __proto__', input: withMetadata(JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}')), expect: 'invalid' },
  { name: 'metadata with a nested constructor key', input: withMetadata({ a: [{ constructor: { prototype: {} } }] }), expect: 'invalid' },
  { name: 'metadata with a prototype key in subagents', input: withMetadata({ subagents: { prototype: { label: 'x' } } }), expect: 'invalid' },
  { name: 'metadata.truncated as a string', input: withMetadata({ truncated: 'yes' }), expect: 'metadata-known-keys' },
  { name: 'metadata.subagents entry a string', input: withMetadata({ subagents: { 'run-1': 'Search' } }), expect: 'metadata-known-keys' },
  { name: 'metadata.pageTitle a number', input: withMetadata({ pageTitle: 1 }), expect: 'metadata-known-keys' },
  // Metadata itself is the first level: an object or array MAX_METADATA_DEPTH keys below it is cut.
  { name: `metadata with an object ${MAX_METADATA_DEPTH} keys deep`, input: withMetadata(nest(MAX_METADATA_DEPTH)), expect: 'metadata-limits' },
  {
    name: `metadata of ${MAX_METADATA_VALUES} values`,
    input: withMetadata(Object.fromEntries(Array.from({ length: MAX_METADATA_VALUES }, (_, i) => [`k${i}`, i]))),
    expect: 'metadata-limits',
  },
  // limits
  {
    name: `${MAX_SOURCES + 1} sources`,
    input: payload(Array.from({ length: MAX_SOURCES + 1 }, (_, i) => source({ id: `file:docs/${i}.md` }))),
    expect: 'list-limits',
  },
  {
    name: `${MAX_ENTRIES_PER_SOURCE + 1} locations`,
    input: payload([source({ locations: Array.from({ length: MAX_ENTRIES_PER_SOURCE + 1 }, (_, i) => ({ lineStart: i + 1 })) })]),
    expect: 'list-limits',
  },
  {
    name: `${MAX_ENTRIES_PER_SOURCE + 1} origins`,
    input: payload([source({ origins: Array.from({ length: MAX_ENTRIES_PER_SOURCE + 1 }, (_, i) => ({ ...origin, step: i })) })]),
    expect: 'list-limits',
  },
  {
    name: `a metadata array of ${MAX_ENTRIES_PER_SOURCE + 1} entries`,
    input: withMetadata({ list: Array.from({ length: MAX_ENTRIES_PER_SOURCE + 1 }, (_, i) => i) }),
    expect: 'list-limits',
  },
];

/** Valid edge cases: both must accept them without a problem. */
const VALID: Case[] = [
  { name: 'the complete payload', input: full() },
  { name: 'no sources', input: payload([]) },
  { name: 'turn 0', input: payload([], { turn: 0 }) },
  {
    name: 'unknown fields everywhere',
    input: { ...payload([source({ extra: 1, locations: [{ lineStart: 1, note: 'x' }], origins: [{ ...origin, cost: 3 }] })]), host: { name: 'x' } },
  },
  { name: 'an empty title and an opaque id', input: payload([source({ id: 'slack:C123/p42', kind: 'other', title: '' })]) },
  { name: 'a repeated id (merged for display)', input: payload([source(), source({ score: 20, evidence: 'discovered' })]) },
  { name: 'a negative and a fractional score', input: payload([source({ score: -5 }), source({ id: 'file:b.md', score: 49.99 })]) },
  { name: 'an empty location', input: withLocation({}) },
  { name: 'a single-line range', input: withLocation({ lineStart: 7, lineEnd: 7 }) },
  { name: 'a uri that is not clickable', input: payload([source({ kind: 'web', uri: 'javascript:alert(1)' })]) },
  { name: 'provisional true', input: payload([], { provisional: true }) },
  { name: `metadata with an object ${MAX_METADATA_DEPTH - 1} keys deep`, input: withMetadata(nest(MAX_METADATA_DEPTH - 1)) },
  { name: `metadata with a scalar ${MAX_METADATA_DEPTH} keys deep`, input: withMetadata(nest(MAX_METADATA_DEPTH, 'leaf')) },
  {
    name: `${MAX_ENTRIES_PER_SOURCE} locations`,
    input: payload([source({ locations: Array.from({ length: MAX_ENTRIES_PER_SOURCE }, (_, i) => ({ lineStart: i + 1 })) })]),
  },
];

test(`hand-written payloads: ${INVALID.length} invalid or lenient, ${VALID.length} valid`, () => {
  assert.ok(INVALID.length >= 30);
  for (const c of [...INVALID, ...VALID]) check(c);
});

// --- generated: every single-field mutation of the complete payload ----------------

type FieldType = 'string' | 'id' | 'int0' | 'int1' | 'number' | 'boolean' | 'array' | 'object' | 'kind' | 'evidence' | 'role' | 'version' | 'session';

interface FieldSpec {
  type: FieldType;
  /** When the field is missing or null: 'invalid' (the parser reports an error), a leniency, or undefined for an optional field. */
  missing?: 'invalid' | LeniencyName;
}

/** Where the objects of `full()` are, and the fields of each. */
const TARGETS: Array<{ name: string; at: Array<string | number>; fields: Record<string, FieldSpec> }> = [
  {
    name: 'payload',
    at: [],
    fields: {
      version: { type: 'version', missing: 'missing-with-default' },
      sessionId: { type: 'session', missing: 'invalid' },
      turn: { type: 'int0', missing: 'invalid' },
      sources: { type: 'array', missing: 'invalid' },
      discovered: { type: 'array' },
      complete: { type: 'boolean', missing: 'missing-with-default' },
      incompleteOrigins: { type: 'array' },
    },
  },
  ...(
    [
      ['source', ['sources', 1]],
      ['discovered source', ['discovered', 0]],
    ] as const
  ).map(([name, at]) => ({
    name,
    at: [...at],
    fields: {
      id: { type: 'id', missing: 'invalid' },
      kind: { type: 'kind', missing: 'invalid' },
      title: { type: 'string', missing: 'missing-with-default' },
      uri: { type: 'string' },
      path: { type: 'string' },
      snippet: { type: 'string' },
      locations: { type: 'array', missing: 'missing-with-default' },
      evidence: { type: 'evidence', missing: 'invalid' },
      origins: { type: 'array', missing: 'missing-with-default' },
      score: { type: 'number', missing: 'invalid' },
      metadata: { type: 'object' },
    } satisfies Record<string, FieldSpec>,
  })),
  {
    name: 'location',
    at: ['sources', 1, 'locations', 0],
    fields: {
      path: { type: 'string' },
      // lineEnd is present: without lineStart it is an error on both sides.
      lineStart: { type: 'int1', missing: 'invalid' },
      lineEnd: { type: 'int1' },
      anchor: { type: 'string' },
      jiraKey: { type: 'string' },
      confluencePageId: { type: 'string' },
    },
  },
  {
    name: 'origin',
    at: ['sources', 1, 'origins', 0],
    fields: {
      sessionId: { type: 'string', missing: 'missing-with-default' },
      turn: { type: 'int0', missing: 'missing-with-default' },
      step: { type: 'int0' },
      toolCallId: { type: 'string' },
      toolName: { type: 'string' },
      agentId: { type: 'string' },
      role: { type: 'role', missing: 'invalid' },
      subagentRunId: { type: 'string' },
      subagentSessionId: { type: 'string' },
    },
  },
  {
    name: 'incomplete origin',
    at: ['incompleteOrigins', 0],
    fields: {
      subagentRunId: { type: 'string' },
      provider: { type: 'string' },
      reason: { type: 'string', missing: 'missing-with-default' },
    },
  },
];

/** Wrong values per field type, each with what it leads to (default: invalid, the parser reports an error). */
const WRONG: Record<FieldType, Array<{ value: unknown; expect?: Case['expect'] }>> = {
  string: [{ value: 42 }, { value: true }, { value: {} }, { value: ['a'] }],
  id: [{ value: 42 }, { value: {} }, { value: '' }, { value: '   ' }],
  session: [{ value: 42 }, { value: ['s'] }, { value: '', expect: 'empty-session' }],
  int0: [{ value: '1' }, { value: 1.5 }, { value: -1 }, { value: true }, { value: 2 ** 53 }, { value: {} }],
  int1: [{ value: '1' }, { value: 1.5 }, { value: 0 }, { value: -7 }, { value: false }],
  number: [{ value: '100' }, { value: true }, { value: {} }, { value: [] }],
  boolean: [{ value: 'true' }, { value: 1 }, { value: {} }],
  array: [{ value: 'x' }, { value: {} }, { value: 1 }, { value: ['x'] }, { value: [null] }, { value: [[]] }, { value: [3] }],
  object: [{ value: 'x' }, { value: 1 }, { value: [] }, { value: true }],
  kind: [{ value: 42 }, { value: {} }, { value: 'slack', expect: 'unknown-kind' }, { value: '', expect: 'unknown-kind' }],
  evidence: [{ value: 42 }, { value: 'fetchd' }, { value: 'READ' }, { value: '' }],
  role: [{ value: 42 }, { value: 'admin' }, { value: 'Parent' }, { value: '' }],
  version: [
    { value: '1' },
    { value: 0 },
    { value: 1.5 },
    { value: -1 },
    { value: true },
    { value: 2, expect: 'future-version' },
    { value: 99, expect: 'future-version' },
  ],
};

/** The object at `at` inside `root`. */
function at(root: Raw, path: ReadonlyArray<string | number>): Raw {
  return path.reduce((o: Raw, k) => o[k], root);
}

/** Sets an own data property (safe for `__proto__` and friends). */
function put(o: Raw, key: string, value: unknown): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

function mutations(): Case[] {
  const out: Case[] = [];
  for (const t of TARGETS) {
    for (const [field, spec] of Object.entries(t.fields)) {
      const where = `${t.name}.${field}`;
      for (const w of WRONG[spec.type]) {
        const p = full();
        put(at(p, t.at), field, w.value);
        out.push({ name: `${where} = ${JSON.stringify(w.value)}`, input: p, expect: w.expect ?? 'invalid' });
      }
      const removed = full();
      delete at(removed, t.at)[field];
      out.push({ name: `${where} removed`, input: removed, expect: spec.missing });
      const nulled = full();
      put(at(nulled, t.at), field, null);
      out.push({ name: `${where} = null`, input: nulled, expect: spec.missing ?? 'null-optional' });
    }
    const extra = full();
    put(at(extra, t.at), 'x-unknown', { any: ['thing'] });
    out.push({ name: `${t.name} with an unknown field`, input: extra });
  }
  const meta = ['sources', 1, 'metadata'];
  for (const key of ['truncated', 'pageTitle', 'siteName', 'spaceKey', 'spaceName', 'summary', 'key', 'issueKey', 'collection', 'backend', 'subagents']) {
    const p = full();
    put(at(p, meta), key, key === 'truncated' ? 'true' : key === 'subagents' ? ['run-1'] : 12);
    out.push({ name: `metadata.${key} of the wrong type`, input: p, expect: 'metadata-known-keys' });
    const removed = full();
    delete at(removed, meta)[key];
    out.push({ name: `metadata.${key} removed`, input: removed });
  }
  for (const key of ['__proto__', 'constructor', 'prototype']) {
    for (const where of [meta, [...meta, 'extra'], [...meta, 'subagents', 'run-1'], [...meta, 'extra', 'nested', 3]]) {
      const p = full();
      put(at(p, where), key, { polluted: true });
      out.push({ name: `${where.join('.')}.${key}`, input: p, expect: 'invalid' });
    }
  }
  return out;
}

const MUTATIONS = mutations();

test(`generated: every single-field mutation of a complete payload (${MUTATIONS.length})`, () => {
  assert.ok(MUTATIONS.length > 200);
  for (const c of MUTATIONS) check(c);
});

test('generated: valid payloads pass both', () => {
  fc.assert(
    fc.property(payloadArb, (p) => {
      // As a producer sends it: JSON (the generator leaves undefined fields and prototype-free objects).
      const input = JSON.parse(JSON.stringify(p)) as unknown;
      check({ name: `generated ${JSON.stringify(p).slice(0, 200)}`, input });
    }),
    runs(300),
  );
});

test('generated: one strict mutation of a generated payload fails both', () => {
  const strict = TARGETS.filter((t) => t.name === 'payload').flatMap((t) =>
    Object.entries(t.fields).flatMap(([field, spec]) => WRONG[spec.type].filter((w) => w.expect === undefined).map((w) => ({ field, value: w.value }))),
  );
  const sourceFields = TARGETS.find((t) => t.name === 'source')!.fields;
  const sourceStrict = Object.entries(sourceFields).flatMap(([field, spec]) =>
    WRONG[spec.type].filter((w) => w.expect === undefined).map((w) => ({ field, value: w.value })),
  );
  fc.assert(
    fc.property(
      payloadArb.filter((p) => p.sources.length > 0),
      fc.nat(),
      fc.nat(),
      fc.boolean(),
      (p, i, j, onSource) => {
        const input = JSON.parse(JSON.stringify(p)) as Raw;
        if (onSource) {
          const m = sourceStrict[j % sourceStrict.length]!;
          put(input.sources[i % input.sources.length], m.field, m.value);
        } else {
          const m = strict[j % strict.length]!;
          put(input, m.field, m.value);
        }
        check({ name: `generated mutation ${JSON.stringify(input).slice(0, 300)}`, input, expect: 'invalid' });
      },
    ),
    runs(300),
  );
});

test('the complete example of docs/payload.md passes both and shows what the text says', () => {
  const doc = readFileSync(new URL('../../docs/payload.md', import.meta.url), 'utf8');
  const example = /^## A complete example$[\s\S]*?^```json\n([\s\S]*?)^```$/m.exec(doc)?.[1];
  assert.ok(example, 'docs/payload.md has a json block under "A complete example"');
  const input = JSON.parse(example) as unknown;
  check({ name: 'docs/payload.md example', input });
  const view = presentSources(parseTurnSources(input).value);
  assert.equal(view.count, 7);
  assert.deepEqual(
    view.groups.map((g) => [g.kind, g.count]),
    [
      ['file', 1],
      ['code', 1],
      ['jira', 2],
      ['confluence', 1],
      ['knowledge', 1],
      ['web', 1],
    ],
  );
  assert.equal(view.discovered.count, 2);
  const items = view.groups.flatMap((g) => g.items);
  assert.deepEqual(
    items.filter((i) => i.partial).map((i) => i.id),
    ['web:https://www.iso.org/standard/66309.html'],
  );
  assert.deepEqual(
    items.filter((i) => i.subagent).map((i) => i.kind),
    ['jira', 'jira', 'confluence'],
  );
  assert.equal(view.complete, false);
});

test('every leniency in the table is shown by at least one case', () => {
  assert.deepEqual([...used].sort(), Object.keys(LENIENCIES).sort());
});
