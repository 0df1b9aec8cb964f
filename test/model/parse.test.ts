import { expect } from 'chai';
import fc from 'fast-check';
import {
  MAX_ENTRIES_PER_SOURCE,
  MAX_METADATA_DEPTH,
  MAX_PROBLEMS,
  MAX_SOURCES,
  parseTurnSources,
  presentSources,
  type QaPayloadProblem,
  type QaTurnSources,
} from '../../src/model/index.js';
import * as fixtures from '../../stories/fixtures/payloads.js';
import { allKeys, hostileInputArb, runs } from './helpers.js';

// Test payloads are built and then broken at any depth, field by field: typed loosely on purpose.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Raw = Record<string, any>;

/** A payload in which every field of every level is present and valid. */
function full(): Raw {
  return {
    version: 1,
    sessionId: 'sess',
    turn: 3,
    complete: false,
    sources: [
      { id: 'jira:MDC-1', kind: 'jira', title: 'MDC-1 First', locations: [{ jiraKey: 'MDC-1' }], evidence: 'fetched', origins: [], score: 100 },
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
          { sessionId: 'sess', turn: 3, step: 2, toolCallId: 'call-1', toolName: 'read', agentId: 'main', role: 'parent' },
          { sessionId: 'sess', turn: 3, role: 'subagent', subagentRunId: 'run-1', subagentSessionId: 'sess/run-1' },
        ],
        score: 90,
        metadata: { truncated: false, siteName: 'Git', nested: { list: [1, 'two', null, true] } },
      },
    ],
    discovered: [
      { id: 'web:https://x.example', kind: 'web', title: 'X', uri: 'https://x.example', locations: [], evidence: 'discovered', origins: [], score: 10 },
    ],
    incompleteOrigins: [{ subagentRunId: 'run-9', provider: 'ext', reason: 'timeout' }],
  };
}

function pathsOf(problems: QaPayloadProblem[]): Array<[string, string]> {
  return problems.map((p) => [p.path, p.severity]);
}

/** A JSON round trip: what a host would have sent, compared without prototypes. */
function plain<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

describe('parseTurnSources', () => {
  describe('valid payloads', () => {
    const valid: Array<[string, unknown]> = [
      ['full (every field)', full()],
      ['referencePayload', fixtures.referencePayload],
      ['emptyPayload', fixtures.emptyPayload],
      ['belowThresholdPayload', fixtures.belowThresholdPayload],
      ['singlePayload', fixtures.singlePayload],
      ['generatedPayload(100)', fixtures.generatedPayload(100)],
      ['longTitlesPayload', fixtures.longTitlesPayload],
      ['hostilePayload', fixtures.hostilePayload],
      ['incompletePayload', fixtures.incompletePayload],
      ['provisionalPayload', fixtures.provisionalPayload],
      ['discoveredPayload', fixtures.discoveredPayload],
    ];
    for (const [name, input] of valid) {
      it(`${name}: no problems, and the value is the payload itself`, () => {
        const r = parseTurnSources(input);
        expect(r.problems).to.deep.equal([]);
        expect(plain(r.value)).to.deep.equal(plain(input));
      });
      it(`${name}: its JSON text parses to the same value`, () => {
        const r = parseTurnSources(JSON.stringify(input));
        expect(r.problems).to.deep.equal([]);
        expect(plain(r.value)).to.deep.equal(plain(input));
      });
    }

    it('everyKindPayload: the unknown kind becomes "other" with one warning, the rest is unchanged', () => {
      const r = parseTurnSources(fixtures.everyKindPayload);
      expect(pathsOf(r.problems)).to.deep.equal([['sources[7].kind', 'warning']]);
      expect(r.problems[0]!.message).to.contain('"slack"');
      const expected = plain(fixtures.everyKindPayload);
      expected.sources[7]!.kind = 'other';
      expect(plain(r.value)).to.deep.equal(expected);
    });

    it('malformedPayload: every valid source is kept, every problem is named', () => {
      const r = parseTurnSources(fixtures.malformedPayload);
      expect(r.value!.sources.map((s) => s.id)).to.deep.equal([fixtures.referencePayload.sources[0]!.id, 'jira:MDC-1', 'hologram:1']);
      expect(pathsOf(r.problems)).to.deep.equal([
        ['version', 'warning'],
        ['turn', 'error'],
        ['complete', 'error'],
        ['sources[1].score', 'error'],
        ['sources[2].id', 'error'],
        ['sources[3].evidence', 'error'],
        ['sources[3].locations[0].lineStart', 'error'],
        ['sources[3].locations[0].jiraKey', 'error'],
        ['sources[3].origins[0].role', 'error'],
        ['sources[3].metadata.__proto__', 'error'],
        ['sources[3].metadata.constructor', 'error'],
        ['sources[4].kind', 'warning'],
        ['sources[5]', 'error'],
        ['sources[6]', 'error'],
      ]);
      expect(r.value!.sources[2]!.kind).to.equal('other');
      expect(({} as Raw).polluted).to.equal(undefined);
    });

    it('a UTF-8 byte order mark before JSON text is tolerated', () => {
      const r = parseTurnSources(`\uFEFF${JSON.stringify(fixtures.singlePayload)}`);
      expect(r.problems).to.deep.equal([]);
      expect(r.value!.sources).to.have.length(1);
    });
  });

  describe('malformed fields, at every level, with the exact path and severity', () => {
    interface Row {
      name: string;
      edit: (p: Raw) => void;
      problems: Array<[string, 'error' | 'warning']>;
      check?: (v: QaTurnSources) => void;
    }
    const s1 = (p: Raw) => p.sources[1] as Raw;
    const loc = (p: Raw) => s1(p).locations[0] as Raw;
    const org = (p: Raw) => s1(p).origins[0] as Raw;
    const rows: Row[] = [
      // payload level
      { name: 'version missing', edit: (p) => delete p.version, problems: [['version', 'warning']], check: (v) => expect(v.version).to.equal(1) },
      { name: 'version as a string', edit: (p) => (p.version = '1'), problems: [['version', 'error']] },
      { name: 'version 0', edit: (p) => (p.version = 0), problems: [['version', 'error']] },
      { name: 'version 1.5', edit: (p) => (p.version = 1.5), problems: [['version', 'error']] },
      { name: 'a future version', edit: (p) => (p.version = 7), problems: [['version', 'warning']], check: (v) => expect(v.sources).to.have.length(2) },
      { name: 'sessionId missing', edit: (p) => delete p.sessionId, problems: [['sessionId', 'error']], check: (v) => expect(v.sessionId).to.equal('') },
      { name: 'sessionId a number', edit: (p) => (p.sessionId = 5), problems: [['sessionId', 'error']], check: (v) => expect(v.sessionId).to.equal('') },
      { name: 'turn as a string', edit: (p) => (p.turn = '4'), problems: [['turn', 'error']], check: (v) => expect(v.turn).to.equal(0) },
      { name: 'turn negative', edit: (p) => (p.turn = -1), problems: [['turn', 'error']] },
      { name: 'turn fractional', edit: (p) => (p.turn = 1.5), problems: [['turn', 'error']] },
      { name: 'turn beyond safe integers', edit: (p) => (p.turn = 2 ** 60), problems: [['turn', 'error']] },
      { name: 'turn missing', edit: (p) => delete p.turn, problems: [['turn', 'error']] },
      { name: 'complete missing', edit: (p) => delete p.complete, problems: [['complete', 'warning']], check: (v) => expect(v.complete).to.equal(true) },
      { name: 'complete as a string', edit: (p) => (p.complete = 'no'), problems: [['complete', 'error']], check: (v) => expect(v.complete).to.equal(true) },
      { name: 'sources missing', edit: (p) => delete p.sources, problems: [['sources', 'error']], check: (v) => expect(v.sources).to.deep.equal([]) },
      { name: 'sources an object', edit: (p) => (p.sources = { 0: {} }), problems: [['sources', 'error']], check: (v) => expect(v.sources).to.deep.equal([]) },
      {
        name: 'discovered a string',
        edit: (p) => (p.discovered = 'x'),
        problems: [['discovered', 'error']],
        check: (v) => expect(v.discovered).to.equal(undefined),
      },
      { name: 'discovered absent is fine', edit: (p) => delete p.discovered, problems: [], check: (v) => expect('discovered' in v).to.equal(false) },
      {
        name: 'incompleteOrigins a string',
        edit: (p) => (p.incompleteOrigins = 'x'),
        problems: [['incompleteOrigins', 'error']],
        check: (v) => expect(v.incompleteOrigins).to.deep.equal([]),
      },
      { name: 'incompleteOrigins entry not an object', edit: (p) => (p.incompleteOrigins = [5]), problems: [['incompleteOrigins[0]', 'error']] },
      {
        name: 'incompleteOrigins reason missing',
        edit: (p) => delete p.incompleteOrigins[0].reason,
        problems: [['incompleteOrigins[0].reason', 'warning']],
        check: (v) => expect(v.incompleteOrigins![0]!.reason).to.equal(''),
      },
      { name: 'incompleteOrigins reason a number', edit: (p) => (p.incompleteOrigins[0].reason = 1), problems: [['incompleteOrigins[0].reason', 'error']] },
      {
        name: 'incompleteOrigins provider a number',
        edit: (p) => (p.incompleteOrigins[0].provider = 2),
        problems: [['incompleteOrigins[0].provider', 'error']],
        check: (v) => expect(v.incompleteOrigins![0]!.provider).to.equal(undefined),
      },
      // source level
      {
        name: 'source a string',
        edit: (p) => (p.sources[1] = 'file:docs/a.md'),
        problems: [['sources[1]', 'error']],
        check: (v) => expect(v.sources.map((s) => s.id)).to.deep.equal(['jira:MDC-1']),
      },
      { name: 'source an array', edit: (p) => (p.sources[1] = []), problems: [['sources[1]', 'error']] },
      { name: 'source null', edit: (p) => (p.sources[1] = null), problems: [['sources[1]', 'error']] },
      { name: 'id missing', edit: (p) => delete s1(p).id, problems: [['sources[1].id', 'error']], check: (v) => expect(v.sources).to.have.length(1) },
      { name: 'id empty', edit: (p) => (s1(p).id = ''), problems: [['sources[1].id', 'error']] },
      { name: 'id blank', edit: (p) => (s1(p).id = '  \t'), problems: [['sources[1].id', 'error']] },
      { name: 'id a number', edit: (p) => (s1(p).id = 7), problems: [['sources[1].id', 'error']] },
      {
        name: 'score as a string is a problem, never a number',
        edit: (p) => (s1(p).score = '90'),
        problems: [['sources[1].score', 'error']],
        check: (v) => expect(v.sources.map((s) => s.id)).to.deep.equal(['jira:MDC-1']),
      },
      { name: 'score missing', edit: (p) => delete s1(p).score, problems: [['sources[1].score', 'error']] },
      { name: 'score null', edit: (p) => (s1(p).score = null), problems: [['sources[1].score', 'error']] },
      { name: 'score NaN', edit: (p) => (s1(p).score = NaN), problems: [['sources[1].score', 'error']] },
      { name: 'score Infinity', edit: (p) => (s1(p).score = Infinity), problems: [['sources[1].score', 'error']] },
      {
        name: 'score negative and fractional is fine',
        edit: (p) => (s1(p).score = -0.5),
        problems: [],
        check: (v) => expect(v.sources[1]!.score).to.equal(-0.5),
      },
      {
        name: 'unknown kind',
        edit: (p) => (s1(p).kind = 'hologram'),
        problems: [['sources[1].kind', 'warning']],
        check: (v) => expect(v.sources[1]!.kind).to.equal('other'),
      },
      {
        name: 'kind with other casing is unknown',
        edit: (p) => (s1(p).kind = 'File'),
        problems: [['sources[1].kind', 'warning']],
        check: (v) => expect(v.sources[1]!.kind).to.equal('other'),
      },
      {
        name: 'kind a number',
        edit: (p) => (s1(p).kind = 3),
        problems: [['sources[1].kind', 'error']],
        check: (v) => expect(v.sources[1]!.kind).to.equal('other'),
      },
      { name: 'kind missing', edit: (p) => delete s1(p).kind, problems: [['sources[1].kind', 'error']] },
      {
        name: 'title missing',
        edit: (p) => delete s1(p).title,
        problems: [['sources[1].title', 'warning']],
        check: (v) => expect(v.sources[1]!.title).to.equal(''),
      },
      {
        name: 'title a number',
        edit: (p) => (s1(p).title = 12),
        problems: [['sources[1].title', 'error']],
        check: (v) => expect(v.sources[1]!.title).to.equal(''),
      },
      {
        name: 'evidence misspelt',
        edit: (p) => (s1(p).evidence = 'fetchd'),
        problems: [['sources[1].evidence', 'error']],
        check: (v) => expect(v.sources[1]!.evidence).to.equal('reported'),
      },
      { name: 'evidence missing', edit: (p) => delete s1(p).evidence, problems: [['sources[1].evidence', 'error']] },
      {
        name: 'uri a number',
        edit: (p) => (s1(p).uri = 5),
        problems: [['sources[1].uri', 'error']],
        check: (v) => expect('uri' in v.sources[1]!).to.equal(false),
      },
      { name: 'path an array', edit: (p) => (s1(p).path = ['docs']), problems: [['sources[1].path', 'error']] },
      { name: 'snippet an object', edit: (p) => (s1(p).snippet = {}), problems: [['sources[1].snippet', 'error']] },
      {
        name: 'optional strings as null are simply absent',
        edit: (p) => Object.assign(s1(p), { uri: null, path: null, snippet: null, metadata: null }),
        problems: [],
      },
      {
        name: 'locations missing',
        edit: (p) => delete s1(p).locations,
        problems: [['sources[1].locations', 'warning']],
        check: (v) => expect(v.sources[1]!.locations).to.deep.equal([]),
      },
      { name: 'locations a string', edit: (p) => (s1(p).locations = 'x'), problems: [['sources[1].locations', 'error']] },
      {
        name: 'origins missing',
        edit: (p) => delete s1(p).origins,
        problems: [['sources[1].origins', 'warning']],
        check: (v) => expect(v.sources[1]!.origins).to.deep.equal([]),
      },
      { name: 'origins an object', edit: (p) => (s1(p).origins = {}), problems: [['sources[1].origins', 'error']] },
      {
        name: 'metadata a string',
        edit: (p) => (s1(p).metadata = 'x'),
        problems: [['sources[1].metadata', 'error']],
        check: (v) => expect(v.sources[1]!.metadata).to.equal(undefined),
      },
      { name: 'metadata an array', edit: (p) => (s1(p).metadata = [1]), problems: [['sources[1].metadata', 'error']] },
      // location level
      {
        name: 'location not an object',
        edit: (p) => (s1(p).locations = [5, { lineStart: 1 }]),
        problems: [['sources[1].locations[0]', 'error']],
        check: (v) => expect(v.sources[1]!.locations).to.deep.equal([{ lineStart: 1, lineEnd: 1 }]),
      },
      { name: 'location path a number', edit: (p) => (loc(p).path = 1), problems: [['sources[1].locations[0].path', 'error']] },
      {
        name: 'lineStart 0',
        edit: (p) => (loc(p).lineStart = 0),
        problems: [
          ['sources[1].locations[0].lineStart', 'error'],
          ['sources[1].locations[0].lineEnd', 'error'],
        ],
      },
      {
        name: 'lineStart negative',
        edit: (p) => (loc(p).lineStart = -3),
        problems: [
          ['sources[1].locations[0].lineStart', 'error'],
          ['sources[1].locations[0].lineEnd', 'error'],
        ],
      },
      {
        name: 'lineStart fractional',
        edit: (p) => (loc(p).lineStart = 1.5),
        problems: [
          ['sources[1].locations[0].lineStart', 'error'],
          ['sources[1].locations[0].lineEnd', 'error'],
        ],
      },
      {
        name: 'lineStart as a string',
        edit: (p) => (loc(p).lineStart = '3'),
        problems: [
          ['sources[1].locations[0].lineStart', 'error'],
          ['sources[1].locations[0].lineEnd', 'error'],
        ],
        check: (v) => expect(v.sources[1]!.locations[0]!.lineStart).to.equal(undefined),
      },
      {
        name: 'lineStart Infinity',
        edit: (p) => (loc(p).lineStart = Infinity),
        problems: [
          ['sources[1].locations[0].lineStart', 'error'],
          ['sources[1].locations[0].lineEnd', 'error'],
        ],
      },
      {
        name: 'lineEnd before lineStart',
        edit: (p) => Object.assign(loc(p), { lineStart: 9, lineEnd: 3 }),
        problems: [['sources[1].locations[0].lineEnd', 'error']],
        check: (v) => expect(v.sources[1]!.locations[0]).to.include({ lineStart: 9, lineEnd: 9 }),
      },
      {
        name: 'lineEnd missing reads as one line',
        edit: (p) => delete loc(p).lineEnd,
        problems: [],
        check: (v) => expect(v.sources[1]!.locations[0]).to.include({ lineStart: 3, lineEnd: 3 }),
      },
      {
        name: 'lineEnd a string',
        edit: (p) => (loc(p).lineEnd = 'x'),
        problems: [['sources[1].locations[0].lineEnd', 'error']],
        check: (v) => expect(v.sources[1]!.locations[0]).to.include({ lineStart: 3, lineEnd: 3 }),
      },
      { name: 'anchor a number', edit: (p) => (loc(p).anchor = 1), problems: [['sources[1].locations[0].anchor', 'error']] },
      { name: 'jiraKey a number', edit: (p) => (loc(p).jiraKey = 42), problems: [['sources[1].locations[0].jiraKey', 'error']] },
      { name: 'confluencePageId a number', edit: (p) => (loc(p).confluencePageId = 77), problems: [['sources[1].locations[0].confluencePageId', 'error']] },
      // origin level
      {
        name: 'origin not an object',
        edit: (p) => (s1(p).origins[0] = 'parent'),
        problems: [['sources[1].origins[0]', 'error']],
        check: (v) => expect(v.sources[1]!.origins).to.have.length(1),
      },
      {
        name: 'role unknown',
        edit: (p) => (org(p).role = 'admin'),
        problems: [['sources[1].origins[0].role', 'error']],
        check: (v) => expect(v.sources[1]!.origins.map((o) => o.role)).to.deep.equal(['subagent']),
      },
      { name: 'role missing', edit: (p) => delete org(p).role, problems: [['sources[1].origins[0].role', 'error']] },
      {
        name: 'origin sessionId missing',
        edit: (p) => delete org(p).sessionId,
        problems: [['sources[1].origins[0].sessionId', 'warning']],
        check: (v) => expect(v.sources[1]!.origins[0]!.sessionId).to.equal(''),
      },
      { name: 'origin sessionId a number', edit: (p) => (org(p).sessionId = 1), problems: [['sources[1].origins[0].sessionId', 'error']] },
      {
        name: 'origin turn missing',
        edit: (p) => delete org(p).turn,
        problems: [['sources[1].origins[0].turn', 'warning']],
        check: (v) => expect(v.sources[1]!.origins[0]!.turn).to.equal(0),
      },
      { name: 'origin turn a string', edit: (p) => (org(p).turn = '3'), problems: [['sources[1].origins[0].turn', 'error']] },
      {
        name: 'origin step negative',
        edit: (p) => (org(p).step = -1),
        problems: [['sources[1].origins[0].step', 'error']],
        check: (v) => expect('step' in v.sources[1]!.origins[0]!).to.equal(false),
      },
      { name: 'origin toolName a number', edit: (p) => (org(p).toolName = 1), problems: [['sources[1].origins[0].toolName', 'error']] },
      { name: 'origin toolCallId an object', edit: (p) => (org(p).toolCallId = {}), problems: [['sources[1].origins[0].toolCallId', 'error']] },
      { name: 'origin agentId a boolean', edit: (p) => (org(p).agentId = true), problems: [['sources[1].origins[0].agentId', 'error']] },
      {
        name: 'origin subagentRunId a number',
        edit: (p) => (s1(p).origins[1].subagentRunId = 1),
        problems: [['sources[1].origins[1].subagentRunId', 'error']],
      },
      {
        name: 'origin subagentSessionId an array',
        edit: (p) => (s1(p).origins[1].subagentSessionId = []),
        problems: [['sources[1].origins[1].subagentSessionId', 'error']],
      },
      // metadata level
      {
        name: 'metadata value NaN',
        edit: (p) => (s1(p).metadata.bad = NaN),
        problems: [['sources[1].metadata.bad', 'error']],
        check: (v) => expect('bad' in v.sources[1]!.metadata!).to.equal(false),
      },
      { name: 'metadata value a function', edit: (p) => (s1(p).metadata.nested.fn = () => 1), problems: [['sources[1].metadata.nested.fn', 'error']] },
      {
        name: 'metadata value undefined',
        edit: (p) => (s1(p).metadata.nested.list[1] = undefined),
        problems: [['sources[1].metadata.nested.list[1]', 'error']],
        check: (v) => expect((v.sources[1]!.metadata!.nested as Raw).list).to.deep.equal([1, null, true]),
      },
      { name: 'metadata key that is not an identifier', edit: (p) => (s1(p).metadata['a b'] = Infinity), problems: [['sources[1].metadata["a b"]', 'error']] },
      {
        name: 'metadata forbidden key deep inside',
        edit: (p) => (s1(p).metadata.nested.prototype = { polluted: true }),
        problems: [['sources[1].metadata.nested.prototype', 'error']],
      },
    ];
    for (const row of rows) {
      it(row.name, () => {
        const input = full();
        row.edit(input);
        const r = parseTurnSources(input);
        expect(r.value, 'a value despite the problem').to.not.equal(null);
        expect(pathsOf(r.problems)).to.deep.equal(row.problems);
        for (const p of r.problems) expect(p.message).to.be.a('string').and.not.equal('');
        row.check?.(r.value!);
      });
    }

    it('problem messages say what was found', () => {
      const input = full();
      input.sources[0].locations[0].lineStart = -3;
      input.sources[1].score = '90';
      const [line, score] = parseTurnSources(input).problems;
      expect(score!.message).to.contain('the string "90"').and.contain('dropped');
      expect(line!.message).to.contain('-3');
    });

    it('lists at most MAX_PROBLEMS problems and counts the rest', () => {
      const input = full();
      input.sources = Array.from({ length: MAX_PROBLEMS + 50 }, () => 'junk');
      const r = parseTurnSources(input);
      expect(r.problems).to.have.length(MAX_PROBLEMS + 1);
      expect(r.problems.at(-1)).to.deep.equal({ path: '', message: '50 more problems not listed', severity: 'warning' });
    });
  });

  describe('input that is not a payload', () => {
    const notPayloads: Array<[string, unknown]> = [
      ['null', null],
      ['undefined', undefined],
      ['a number', 42],
      ['NaN', NaN],
      ['a boolean', true],
      ['an array', [fixtures.singlePayload]],
      ['a function', () => fixtures.singlePayload],
      ['a symbol', Symbol('x')],
      ['a bigint', 10n],
      ['JSON null', 'null'],
      ['a JSON array', '[]'],
      ['a JSON string', '"payload"'],
      ['a JSON number', '1'],
      ['invalid JSON', '{"version":1,'],
      ['an empty string', ''],
      ['JSON with NaN', '{"version":1,"score":NaN}'],
      ['a bare word', 'payload'],
    ];
    for (const [name, input] of notPayloads) {
      it(`${name}: value null, one error at the root`, () => {
        const r = parseTurnSources(input);
        expect(r.value).to.equal(null);
        expect(pathsOf(r.problems)).to.deep.equal([['', 'error']]);
      });
    }
    it('invalid JSON says so', () => {
      expect(parseTurnSources('{').problems[0]!.message).to.match(/^not valid JSON/);
    });
    it('an object whose getters throw: null and a problem, never an exception', () => {
      const trap = new Proxy(
        {},
        {
          get: () => {
            throw new Error('boom');
          },
          getPrototypeOf: () => {
            throw new Error('boom');
          },
        },
      );
      const r = parseTurnSources(trap);
      expect(r.value).to.equal(null);
      expect(pathsOf(r.problems)).to.deep.equal([['', 'error']]);
    });
    it('one source whose getter throws is dropped; the others stay', () => {
      const input = full();
      Object.defineProperty(input.sources[1], 'title', {
        enumerable: true,
        get() {
          throw new Error('boom');
        },
      });
      const r = parseTurnSources(input);
      expect(r.value!.sources.map((s) => s.id)).to.deep.equal(['jira:MDC-1']);
      expect(pathsOf(r.problems)).to.deep.equal([['sources[1]', 'error']]);
    });
  });

  describe('hostile keys', () => {
    const hostileJson = `{
      "__proto__": { "polluted": "root" }, "constructor": { "prototype": { "polluted": "root-c" } }, "prototype": { "polluted": 1 },
      "version": 1, "sessionId": "s", "turn": 1, "complete": true,
      "sources": [{
        "__proto__": { "polluted": "source", "score": 100 }, "constructor": { "prototype": { "polluted": 1 } }, "prototype": {},
        "id": "file:a.md", "kind": "file", "title": "a.md", "evidence": "read", "score": 80,
        "locations": [{ "__proto__": { "polluted": "loc", "lineStart": 1 }, "constructor": {}, "prototype": {}, "path": "a.md" }],
        "origins": [{ "__proto__": { "polluted": "origin", "role": "parent" }, "constructor": {}, "prototype": {}, "sessionId": "s", "turn": 1, "role": "subagent" }],
        "metadata": {
          "__proto__": { "polluted": "meta" }, "constructor": { "prototype": { "polluted": "meta-c" } }, "prototype": { "polluted": 1 },
          "subagents": { "__proto__": { "label": "x" }, "run-1": { "label": "Search", "__proto__": { "polluted": 1 }, "constructor": 1 } },
          "list": [{ "__proto__": { "polluted": "list" }, "ok": true }]
        }
      }],
      "incompleteOrigins": [{ "__proto__": { "polluted": 1 }, "reason": "r" }]
    }`;

    it('are never copied and never reach Object.prototype', () => {
      const r = parseTurnSources(hostileJson);
      const keys = allKeys(r.value);
      for (const bad of ['__proto__', 'constructor', 'prototype', 'polluted']) expect(keys.has(bad), bad).to.equal(false);
      expect(({} as Raw).polluted).to.equal(undefined);
      expect(Object.hasOwn(Object.prototype, 'polluted')).to.equal(false);
      expect(Object.getPrototypeOf(Object.prototype)).to.equal(null);
    });

    it('inside metadata they are reported by path; the rest of the metadata stays', () => {
      const r = parseTurnSources(hostileJson);
      expect(pathsOf(r.problems)).to.deep.equal([
        ['sources[0].metadata.__proto__', 'error'],
        ['sources[0].metadata.constructor', 'error'],
        ['sources[0].metadata.prototype', 'error'],
        ['sources[0].metadata.subagents.__proto__', 'error'],
        ['sources[0].metadata.subagents["run-1"].__proto__', 'error'],
        ['sources[0].metadata.subagents["run-1"].constructor', 'error'],
        ['sources[0].metadata.list[0].__proto__', 'error'],
      ]);
      const s = r.value!.sources[0]!;
      expect(plain(s.metadata)).to.deep.equal({ subagents: { 'run-1': { label: 'Search' } }, list: [{ ok: true }] });
      expect(s.locations).to.deep.equal([{ path: 'a.md' }]);
      expect(s.origins[0]!.role).to.equal('subagent');
    });

    it('metadata and every object inside it have no prototype', () => {
      const meta = parseTurnSources(hostileJson).value!.sources[0]!.metadata!;
      expect(Object.getPrototypeOf(meta)).to.equal(null);
      expect(Object.getPrototypeOf(meta.subagents)).to.equal(null);
      expect(Object.getPrototypeOf((meta.subagents as Raw)['run-1'])).to.equal(null);
      expect(Object.getPrototypeOf((meta.list as Raw[])[0])).to.equal(null);
      expect('toString' in meta).to.equal(false);
    });

    it('inherited fields are never read (an object built on a crafted prototype)', () => {
      const evilProto = { id: 'x', score: 100, kind: 'web', sources: [{ id: 'inherited', score: 100 }] };
      const input = Object.create(evilProto) as Raw;
      Object.assign(input, { version: 1, sessionId: 's', turn: 1, complete: true });
      const r = parseTurnSources(input);
      expect(pathsOf(r.problems)).to.deep.equal([['sources', 'error']]);
      expect(r.value!.sources).to.deep.equal([]);
      const source = Object.create({ score: 100 }) as Raw;
      Object.assign(source, { id: 'a', kind: 'other', title: '', locations: [], origins: [], evidence: 'read' });
      const r2 = parseTurnSources({ ...full(), sources: [source] });
      expect(pathsOf(r2.problems)).to.deep.equal([['sources[0].score', 'error']]);
    });

    it('when someone else has polluted Object.prototype, inherited values are still not read', () => {
      const proto = Object.prototype as Raw;
      // Non-enumerable, so the test tools themselves are not disturbed; the parser must not read them either way.
      Object.defineProperty(proto, 'score', { value: 100, configurable: true, writable: true });
      Object.defineProperty(proto, 'role', { value: 'parent', configurable: true, writable: true });
      try {
        const input = full();
        delete input.sources[1].score;
        delete input.sources[1].origins[0].role;
        const r = parseTurnSources(input);
        expect(pathsOf(r.problems)).to.deep.equal([['sources[1].score', 'error']]);
        const r2 = parseTurnSources(JSON.stringify({ ...full(), sources: [{ ...full().sources[1], origins: [{ sessionId: 's', turn: 1 }] }] }));
        expect(pathsOf(r2.problems)).to.deep.equal([['sources[0].origins[0].role', 'error']]);
      } finally {
        delete proto.score;
        delete proto.role;
      }
    });
  });

  describe('unusual values', () => {
    it('lone surrogates are kept in the data and made safe for display', () => {
      const input = full();
      input.sources[0].title = 'MDC-1 broken \uD800 text';
      input.sources[0].id = 'jira:\uDC00';
      const r = parseTurnSources(JSON.stringify(input));
      expect(r.problems).to.deep.equal([]);
      expect(r.value!.sources[0]!.title).to.equal('MDC-1 broken \uD800 text');
      const item = presentSources(r.value).groups.find((g) => g.kind === 'jira')!.items[0]!;
      expect(item.secondary).to.equal('broken \uFFFD text');
    });

    it('numbers must be finite and safe: Infinity, -Infinity and NaN are problems', () => {
      const input = full();
      input.turn = Infinity;
      input.sources[1].locations[0].lineEnd = -Infinity;
      input.sources[1].origins[0].step = NaN;
      const r = parseTurnSources(input);
      expect(pathsOf(r.problems)).to.deep.equal([
        ['turn', 'error'],
        ['sources[1].locations[0].lineEnd', 'error'],
        ['sources[1].origins[0].step', 'error'],
      ]);
    });

    it('5,000 sources: all kept, no problems', () => {
      const r = parseTurnSources(fixtures.generatedPayload(5000));
      expect(r.problems).to.deep.equal([]);
      expect(r.value!.sources).to.have.length(5000);
      expect(presentSources(r.value).count).to.equal(5000);
    });

    it(`more than ${MAX_SOURCES} sources: the first ${MAX_SOURCES} are read, with a warning`, () => {
      const one = fixtures.generatedSource('file', 1);
      const r = parseTurnSources(payloadWith(Array(MAX_SOURCES + 7).fill(one)));
      expect(r.value!.sources).to.have.length(MAX_SOURCES);
      expect(pathsOf(r.problems)).to.deep.equal([['sources', 'warning']]);
      expect(r.problems[0]!.message).to.contain(String(MAX_SOURCES + 7));
      expect(presentSources(r.value).count).to.equal(1);
    });

    it(`more than ${MAX_ENTRIES_PER_SOURCE} locations or origins: the rest are ignored, with a warning`, () => {
      const input = full();
      input.sources[1].locations = Array.from({ length: MAX_ENTRIES_PER_SOURCE + 1 }, (_, i) => ({ lineStart: i + 1 }));
      input.sources[1].origins = Array(MAX_ENTRIES_PER_SOURCE + 2).fill({ sessionId: 's', turn: 1, role: 'parent' });
      const r = parseTurnSources(input);
      expect(r.value!.sources[1]!.locations).to.have.length(MAX_ENTRIES_PER_SOURCE);
      expect(r.value!.sources[1]!.origins).to.have.length(MAX_ENTRIES_PER_SOURCE);
      expect(pathsOf(r.problems)).to.deep.equal([
        ['sources[1].locations', 'warning'],
        ['sources[1].origins', 'warning'],
      ]);
    });

    it(`metadata nested deeper than ${MAX_METADATA_DEPTH} levels is cut, with a warning at the cut`, () => {
      const input = full();
      let deep: Raw = { leaf: true };
      for (let i = 0; i < 20; i++) deep = { a: deep };
      input.sources[1].metadata = deep;
      const r = parseTurnSources(JSON.stringify(input));
      expect(pathsOf(r.problems)).to.deep.equal([[`sources[1].metadata${'.a'.repeat(MAX_METADATA_DEPTH)}`, 'warning']]);
      let depth = 0;
      for (let m: Raw | undefined = r.value!.sources[1]!.metadata; m && typeof m === 'object'; m = m.a) depth += 1;
      expect(depth).to.equal(MAX_METADATA_DEPTH);
    });

    it('very deep nesting in an unknown field of JSON text does not throw', () => {
      const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
      const text = JSON.stringify(full()).replace(/^\{/, `{"junk":${deep},`);
      const r = parseTurnSources(text);
      if (r.value) expect(r.value.sources).to.have.length(2);
      else expect(pathsOf(r.problems)).to.deep.equal([['', 'error']]);
    });

    it('metadata that refers to itself is cut, not followed forever', () => {
      const input = full();
      const meta: Raw = { name: 'loop' };
      meta.self = meta;
      meta.list = [meta];
      input.sources[1].metadata = meta;
      const r = parseTurnSources(input);
      expect(pathsOf(r.problems)).to.deep.equal([
        ['sources[1].metadata.self', 'error'],
        ['sources[1].metadata.list[0]', 'error'],
      ]);
      expect(plain(r.value!.sources[1]!.metadata)).to.deep.equal({ name: 'loop', list: [] });
    });

    it('metadata that is huge through shared references is cut at a value budget', () => {
      const input = full();
      let level: Raw = { leaf: 1 };
      for (let i = 0; i < 7; i++) {
        const next: Raw = {};
        for (let k = 0; k < 30; k++) next[`k${k}`] = level;
        level = next;
      }
      input.sources[1].metadata = level; // 30^7 paths if followed naively
      const r = parseTurnSources(input);
      expect(pathsOf(r.problems)).to.deep.equal([['sources[1].metadata', 'warning']]);
      expect(JSON.stringify(r.value).length).to.be.lessThan(1_000_000);
    });
  });

  describe('one-level metadata (the common case, copied on a short path)', () => {
    /** What the parser makes of one level of metadata, by the rules it documents. */
    function expected(meta: Raw): { copy: Raw; problems: Array<[string, string]> } {
      const copy: Raw = {};
      const problems: Array<[string, string]> = [];
      const path = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `sources[0].metadata.${key}` : `sources[0].metadata[${JSON.stringify(key)}]`);
      for (const key of Object.keys(meta)) {
        const value: unknown = meta[key];
        if (['__proto__', 'constructor', 'prototype'].includes(key)) problems.push([path(key), 'error']);
        else if (value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)))
          copy[key] = value;
        else if (typeof value === 'number' || typeof value === 'function' || value === undefined) problems.push([path(key), 'error']);
        else copy[key] = value;
      }
      return { copy, problems };
    }

    const keyArb = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'a b', 'siteName', 'truncated', '0'), fc.string({ maxLength: 6 }));
    const valueArb = fc.oneof(
      fc.constantFrom(null, true, false, '', NaN, Infinity, -Infinity, undefined, () => 1),
      fc.string({ maxLength: 8 }),
      fc.double(),
      fc.integer(),
      fc.constant({ nested: 1 }),
      fc.constant([1, 'two']),
    );

    it('keeps every valid value, reports the rest by path, for any number of keys', () => {
      fc.assert(
        fc.property(fc.array(fc.tuple(keyArb, valueArb), { maxLength: 24 }), (entries) => {
          const meta: Raw = {};
          // defineProperty: a `__proto__` entry becomes an own key, as JSON.parse makes it.
          for (const [k, v] of entries) Object.defineProperty(meta, k, { value: v, enumerable: true, configurable: true, writable: true });
          const input = payloadWith([{ ...fixtures.generatedSource('web', 1), metadata: meta }]);
          const r = parseTurnSources(input);
          const want = expected(meta);
          const got = r.value!.sources[0]!.metadata!;
          expect(Object.getPrototypeOf(got)).to.equal(null);
          expect(plain({ ...got })).to.deep.equal(plain(want.copy));
          expect(Object.keys(got)).to.deep.equal(Object.keys(want.copy));
          expect(pathsOf(r.problems)).to.deep.equal(want.problems);
        }),
        runs(400),
      );
    });

    it('is a copy: the host changing its object later changes nothing', () => {
      const meta: Raw = { siteName: 'Git', truncated: false };
      const r = parseTurnSources(payloadWith([{ ...fixtures.generatedSource('web', 1), metadata: meta }]));
      meta.siteName = 'changed';
      meta.added = 1;
      expect(plain(r.value!.sources[0]!.metadata)).to.deep.equal({ siteName: 'Git', truncated: false });
    });

    it('16 and 17 keys are copied alike, every key kept', () => {
      for (const n of [16, 17]) {
        const meta = Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));
        const r = parseTurnSources(payloadWith([{ ...fixtures.generatedSource('web', 1), metadata: meta }]));
        expect(r.problems).to.deep.equal([]);
        expect(plain(r.value!.sources[0]!.metadata)).to.deep.equal(meta);
        expect(Object.getPrototypeOf(r.value!.sources[0]!.metadata)).to.equal(null);
      }
    });
  });

  describe('generated input (seeded)', () => {
    it('never throws on any JSON value, any JavaScript value, or fragments of payloads', () => {
      fc.assert(
        fc.property(hostileInputArb(), (input) => {
          const r = parseTurnSources(input);
          expect(r.problems).to.be.an('array');
          for (const p of r.problems) {
            expect(p.path).to.be.a('string');
            expect(p.message).to.be.a('string');
            expect(['error', 'warning']).to.include(p.severity);
          }
          if (r.value !== null) {
            expect(r.value.version).to.equal(1);
            expect(r.value.sources).to.be.an('array');
            JSON.stringify(r.value);
            const view = presentSources(r.value, { showDiscovered: true });
            for (const g of view.groups) for (const item of g.items) JSON.stringify(item);
            for (const item of view.discovered.items) JSON.stringify(item);
          } else {
            expect(r.problems.some((p) => p.path === '' && p.severity === 'error')).to.equal(true);
          }
          expect(({} as Raw).polluted).to.equal(undefined);
          expect(Object.keys(Object.prototype)).to.deep.equal([]);
        }),
        runs(600),
      );
    });

    it('never throws on JSON text of arbitrary JSON values', () => {
      fc.assert(
        fc.property(fc.jsonValue(), (v) => {
          const r = parseTurnSources(JSON.stringify(v) ?? '');
          expect(r.value === null || Array.isArray(r.value.sources)).to.equal(true);
        }),
        runs(300),
      );
    });

    it('parsing is a normaliser: the parsed value parses again with no problems, to itself', () => {
      fc.assert(
        fc.property(hostileInputArb(), (input) => {
          const first = parseTurnSources(input).value;
          if (first === null) return;
          const again = parseTurnSources(first);
          expect(again.problems).to.deep.equal([]);
          expect(plain(again.value)).to.deep.equal(plain(first));
        }),
        runs(400),
      );
    });
  });
});

function payloadWith(sources: unknown[]): Raw {
  return { version: 1, sessionId: 's', turn: 1, complete: true, sources };
}
