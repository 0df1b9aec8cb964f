import { expect } from 'chai';
import fc from 'fast-check';
import {
  compactLocations,
  dedupeSources,
  evidenceRank,
  isFallbackTitle,
  mergeSources,
  parseTurnSources,
  unionOrigins,
  type QaSourceEvidence,
  type QaSourceLocation,
  type QaSourceReference,
} from '../../src/model/index.js';
import { referencePayload } from '../../stories/fixtures/payloads.js';
import { childOrigin, coveredLines, parentOrigin, runs, sourceArb, src } from './helpers.js';

const URL_A = 'https://example.com/guide?utm_source=search';
const URL_A_FINAL = 'https://example.com/guide';

/** A search hit and a fetch of the same page, as the reference design's evidence promotion example. */
function searchAndFetch(): [QaSourceReference, QaSourceReference] {
  const search = src({
    id: 'web:https://example.com/guide',
    kind: 'web',
    title: 'Install guide — Example',
    uri: URL_A,
    snippet: 'Install with one command…',
    evidence: 'discovered',
    origins: [parentOrigin({ toolName: 'web_search', step: 1 })],
    score: 20,
  });
  const fetch = src({
    id: 'web:https://example.com/guide',
    kind: 'web',
    title: URL_A_FINAL,
    uri: URL_A_FINAL,
    evidence: 'fetched',
    origins: [parentOrigin({ toolName: 'web_fetch', step: 2 })],
    score: 100,
    metadata: { pageTitle: 'Install guide' },
  });
  return [search, fetch];
}

describe('mergeSources', () => {
  describe('same URL from web search and web fetch', () => {
    for (const order of ['search first', 'fetch first'] as const) {
      it(`${order}: fetched evidence, max score, the explicit title, the final URI, both origins`, () => {
        const [search, fetch] = searchAndFetch();
        const m = order === 'search first' ? mergeSources(search, fetch) : mergeSources(fetch, search);
        expect(m.evidence).to.equal('fetched');
        expect(m.score).to.equal(100);
        expect(m.title).to.equal('Install guide — Example');
        expect(m.uri).to.equal(URL_A_FINAL);
        expect(m.snippet).to.equal('Install with one command…');
        expect(m.origins.map((o) => o.toolName)).to.have.members(['web_search', 'web_fetch']);
        expect(m.metadata?.pageTitle).to.equal('Install guide');
      });
    }
    it('the reference example: discovered 20 then fetched 100 becomes one visible, fetched source', () => {
      const [search, fetch] = searchAndFetch();
      expect(dedupeSources([search, fetch])).to.have.length(1);
      expect(dedupeSources([search, fetch])[0]).to.include({ evidence: 'fetched', score: 100 });
    });
  });

  describe('evidence promotion: the strongest wins, ties keep the earlier entry', () => {
    const all: QaSourceEvidence[] = ['read', 'fetched', 'queried', 'reported', 'inherited', 'discovered'];
    it('ranks read = fetched = queried > reported > inherited > discovered', () => {
      expect(all.map(evidenceRank)).to.deep.equal([3, 3, 3, 2, 1, 0]);
    });
    for (const a of all) {
      for (const b of all) {
        const expected = evidenceRank(b) > evidenceRank(a) ? b : a;
        it(`${a} + ${b} → ${expected}`, () => {
          const m = mergeSources(src({ id: 'x', evidence: a }), src({ id: 'x', evidence: b }));
          expect(m.evidence).to.equal(expected);
        });
      }
    }
  });

  describe('line ranges of the same place are unioned and compacted', () => {
    const rows: Array<[string, QaSourceLocation[], QaSourceLocation[]]> = [
      [
        'overlapping',
        [
          { path: 'a.md', lineStart: 197, lineEnd: 210 },
          { path: 'a.md', lineStart: 205, lineEnd: 218 },
        ],
        [{ path: 'a.md', lineStart: 197, lineEnd: 218 }],
      ],
      [
        'adjacent (touching)',
        [
          { path: 'a.md', lineStart: 197, lineEnd: 210 },
          { path: 'a.md', lineStart: 211, lineEnd: 218 },
        ],
        [{ path: 'a.md', lineStart: 197, lineEnd: 218 }],
      ],
      [
        'disjoint (one line apart)',
        [
          { path: 'a.md', lineStart: 1, lineEnd: 5 },
          { path: 'a.md', lineStart: 7, lineEnd: 9 },
        ],
        [
          { path: 'a.md', lineStart: 1, lineEnd: 5 },
          { path: 'a.md', lineStart: 7, lineEnd: 9 },
        ],
      ],
      [
        'contained',
        [
          { path: 'a.md', lineStart: 10, lineEnd: 50 },
          { path: 'a.md', lineStart: 20, lineEnd: 30 },
        ],
        [{ path: 'a.md', lineStart: 10, lineEnd: 50 }],
      ],
      [
        'unsorted input comes out ascending',
        [
          { path: 'a.md', lineStart: 355, lineEnd: 371 },
          { path: 'a.md', lineStart: 197, lineEnd: 218 },
        ],
        [
          { path: 'a.md', lineStart: 197, lineEnd: 218 },
          { path: 'a.md', lineStart: 355, lineEnd: 371 },
        ],
      ],
      [
        'single lines that touch',
        [
          { path: 'a.md', lineStart: 5, lineEnd: 5 },
          { path: 'a.md', lineStart: 6 },
        ],
        [{ path: 'a.md', lineStart: 5, lineEnd: 6 }],
      ],
      [
        'duplicates',
        [
          { path: 'a.md', lineStart: 3, lineEnd: 4 },
          { path: 'a.md', lineStart: 3, lineEnd: 4 },
        ],
        [{ path: 'a.md', lineStart: 3, lineEnd: 4 }],
      ],
      [
        'a chain that bridges gaps',
        [
          { path: 'a.md', lineStart: 1, lineEnd: 3 },
          { path: 'a.md', lineStart: 8, lineEnd: 9 },
          { path: 'a.md', lineStart: 4, lineEnd: 7 },
        ],
        [{ path: 'a.md', lineStart: 1, lineEnd: 9 }],
      ],
      [
        'different paths stay apart',
        [
          { path: 'a.md', lineStart: 1, lineEnd: 5 },
          { path: 'b.md', lineStart: 3, lineEnd: 8 },
        ],
        [
          { path: 'a.md', lineStart: 1, lineEnd: 5 },
          { path: 'b.md', lineStart: 3, lineEnd: 8 },
        ],
      ],
      [
        'different anchors stay apart',
        [
          { anchor: 'x', lineStart: 1, lineEnd: 2 },
          { anchor: 'y', lineStart: 2, lineEnd: 3 },
        ],
        [
          { anchor: 'x', lineStart: 1, lineEnd: 2 },
          { anchor: 'y', lineStart: 2, lineEnd: 3 },
        ],
      ],
      [
        'a place without lines is dropped when the place has ranges',
        [{ path: 'a.md' }, { path: 'a.md', lineStart: 4, lineEnd: 4 }],
        [{ path: 'a.md', lineStart: 4, lineEnd: 4 }],
      ],
      [
        'places without lines collapse',
        [{ jiraKey: 'MDC-1' }, { jiraKey: 'MDC-1' }, { confluencePageId: '9' }],
        [{ jiraKey: 'MDC-1' }, { confluencePageId: '9' }],
      ],
      ['locations that name nothing are dropped', [{}, { path: 'a.md', lineStart: 2 }], [{ path: 'a.md', lineStart: 2, lineEnd: 2 }]],
      ['one location alone', [{ path: 'a.md', lineStart: 2 }], [{ path: 'a.md', lineStart: 2, lineEnd: 2 }]],
      ['nothing', [], []],
    ];
    for (const [name, input, expected] of rows) {
      it(name, () => {
        const before = JSON.stringify(input);
        expect(compactLocations(input)).to.deep.equal(expected);
        expect(JSON.stringify(input), 'the input is not changed').to.equal(before);
      });
    }
    it('two reads of the same file merge their ranges', () => {
      const a = src({ id: 'file:a.md', kind: 'file', path: 'a.md', locations: [{ path: 'a.md', lineStart: 197, lineEnd: 210 }] });
      const b = src({
        id: 'file:a.md',
        kind: 'file',
        path: 'a.md',
        locations: [
          { path: 'a.md', lineStart: 211, lineEnd: 218 },
          { path: 'a.md', lineStart: 355, lineEnd: 371 },
        ],
      });
      expect(mergeSources(a, b).locations).to.deep.equal([
        { path: 'a.md', lineStart: 197, lineEnd: 218 },
        { path: 'a.md', lineStart: 355, lineEnd: 371 },
      ]);
    });
  });

  describe('origins', () => {
    it('parent + subagent origins are unioned without duplicates, in order of first appearance', () => {
      const p = parentOrigin({ toolName: 'read', step: 2 });
      const c = childOrigin('run-jira', { toolName: 'read' });
      const d = childOrigin('run-deep', { toolName: 'read' });
      const m = mergeSources(src({ id: 'x', origins: [p, c] }), src({ id: 'x', origins: [{ ...c }, d, { ...p }] }));
      expect(m.origins).to.deep.equal([p, c, d]);
    });
    it('origins that differ in any field are kept apart', () => {
      const p = parentOrigin({ toolName: 'read', step: 2 });
      expect(
        unionOrigins(
          [p],
          [
            { ...p, step: 3 },
            { ...p, toolCallId: 'c' },
            { ...p, turn: 2 },
          ],
        ),
      ).to.have.length(4);
    });
    it('a source read by the parent and by two nested subagents stays one source', () => {
      const [first] = referencePayload.sources;
      const m = dedupeSources([first!, { ...first!, origins: [childOrigin('run-deep', { toolName: 'read' })] }, first!]);
      expect(m).to.have.length(1);
      expect(m[0]!.origins.map((o) => o.subagentRunId ?? 'parent')).to.deep.equal(['parent', 'run-jira', 'run-deep']);
    });
  });

  describe('snippet: the best non-empty one', () => {
    const rows: Array<[string, [QaSourceEvidence, string | undefined], [QaSourceEvidence, string | undefined], string | undefined]> = [
      ['equal evidence: the longer', ['read', 'short'], ['read', 'a longer snippet'], 'a longer snippet'],
      ['equal evidence and length: the earlier', ['read', 'first'], ['read', 'other'], 'first'],
      ['the stronger evidence, even when shorter', ['discovered', 'a long search snippet'], ['fetched', 'page text'], 'page text'],
      ['the weaker when the stronger has none', ['discovered', 'search snippet'], ['fetched', undefined], 'search snippet'],
      ['blank snippets do not count', ['fetched', '   '], ['discovered', 'hit'], 'hit'],
      ['none at all', ['read', undefined], ['read', ''], undefined],
    ];
    for (const [name, [ea, sa], [eb, sb], expected] of rows) {
      it(name, () => {
        const a = src({ id: 'x', evidence: ea, ...(sa !== undefined ? { snippet: sa } : {}) });
        const b = src({ id: 'x', evidence: eb, ...(sb !== undefined ? { snippet: sb } : {}) });
        const m = mergeSources(a, b);
        expect(m.snippet).to.equal(expected);
        if (expected === undefined) expect('snippet' in m).to.equal(false);
      });
    }
  });

  describe('title: explicit over fallback', () => {
    const rows: Array<[string, Partial<QaSourceReference>, Partial<QaSourceReference>, string]> = [
      ['explicit b over a filename a', { title: 'a.md', path: 'docs/a.md' }, { title: 'Installation', path: 'docs/a.md' }, 'Installation'],
      ['explicit a over a path b', { title: 'Installation', path: 'docs/a.md' }, { title: 'docs/a.md', path: 'docs/a.md' }, 'Installation'],
      ['explicit over the URL', { title: 'https://example.com/a', uri: 'https://example.com/a' }, { title: 'A page', uri: 'https://example.com/a' }, 'A page'],
      ['explicit over the host name', { title: 'example.com', uri: 'https://example.com/a' }, { title: 'A page', uri: 'https://example.com/a' }, 'A page'],
      ['explicit over host + path', { title: 'example.com/a', uri: 'https://example.com/a' }, { title: 'A page', uri: 'https://example.com/a' }, 'A page'],
      ['explicit over the id', { title: 'x' }, { title: 'Named' }, 'Named'],
      ['two explicit titles: the earlier', { title: 'First' }, { title: 'Second' }, 'First'],
      ['an empty title takes any other', { title: '' }, { title: 'docs/a.md', path: 'docs/a.md' }, 'docs/a.md'],
      ['two fallbacks: the earlier non-empty one', { title: 'a.md', path: 'docs/a.md' }, { title: 'docs/a.md', path: 'docs/a.md' }, 'a.md'],
    ];
    for (const [name, a, b, expected] of rows) {
      it(name, () => {
        expect(mergeSources(src({ id: 'x', ...a }), src({ id: 'x', ...b })).title).to.equal(expected);
      });
    }
    it('isFallbackTitle recognises what only repeats the path or URL', () => {
      const s = { id: 'web:https://example.com/a/', uri: 'https://example.com/a/', path: 'docs/x.md' };
      for (const t of [
        '',
        '  ',
        'https://example.com/a/',
        'example.com',
        'example.com/a/',
        'example.com/a',
        'docs/x.md',
        'x.md',
        'web:https://example.com/a/',
      ]) {
        expect(isFallbackTitle(t, s), t).to.equal(true);
      }
      for (const t of ['Example', 'a', 'example']) expect(isFallbackTitle(t, s), t).to.equal(false);
    });
  });

  describe('kind, path, uri, score', () => {
    const kinds: Array<[QaSourceReference['kind'], QaSourceReference['kind'], QaSourceReference['kind']]> = [
      ['other', 'web', 'web'],
      ['web', 'other', 'web'],
      ['file', 'code', 'file'],
      ['other', 'other', 'other'],
    ];
    for (const [a, b, expected] of kinds) {
      it(`kind ${a} + ${b} → ${expected} (a real kind beats "other")`, () => {
        expect(mergeSources(src({ id: 'x', kind: a }), src({ id: 'x', kind: b })).kind).to.equal(expected);
      });
    }
    const paths: Array<[string | undefined, string | undefined, string | undefined]> = [
      ['/home/me/ws/docs/a.md', 'docs/a.md', 'docs/a.md'],
      ['docs/a.md', '/home/me/ws/docs/a.md', 'docs/a.md'],
      ['C:\\ws\\docs\\a.md', 'docs/a.md', 'docs/a.md'],
      ['docs/a.md', 'docs/../docs/a.md', 'docs/a.md'],
      [undefined, '/abs/a.md', '/abs/a.md'],
      [undefined, undefined, undefined],
    ];
    for (const [a, b, expected] of paths) {
      it(`path ${a} + ${b} → ${expected} (relative over absolute)`, () => {
        const m = mergeSources(src({ id: 'x', ...(a ? { path: a } : {}) }), src({ id: 'x', ...(b ? { path: b } : {}) }));
        expect(m.path).to.equal(expected);
      });
    }
    it('uri: the stronger side’s, else whichever exists', () => {
      expect(mergeSources(src({ id: 'x', evidence: 'reported', uri: 'https://a' }), src({ id: 'x', evidence: 'read' })).uri).to.equal('https://a');
      expect(mergeSources(src({ id: 'x', evidence: 'read', uri: 'https://a' }), src({ id: 'x', evidence: 'read', uri: 'https://b' })).uri).to.equal(
        'https://a',
      );
    });
    it('score: the maximum, including negative and fractional scores', () => {
      expect(mergeSources(src({ id: 'x', score: 49.99 }), src({ id: 'x', score: 50 })).score).to.equal(50);
      expect(mergeSources(src({ id: 'x', score: -5 }), src({ id: 'x', score: -7 })).score).to.equal(-5);
    });
  });

  describe('metadata', () => {
    const truncated: Array<[boolean | undefined, boolean | undefined, boolean | undefined]> = [
      [true, true, true],
      [true, false, false],
      [false, true, false],
      [false, false, false],
      [true, undefined, true],
      [undefined, true, true],
      [undefined, false, false],
      [undefined, undefined, undefined],
    ];
    for (const [a, b, expected] of truncated) {
      it(`truncated ${a} + ${b} → ${expected} (partial only while no complete read is known)`, () => {
        const meta = (t: boolean | undefined) => (t === undefined ? { other: 1 } : { truncated: t });
        expect(mergeSources(src({ id: 'x', metadata: meta(a) }), src({ id: 'x', metadata: meta(b) })).metadata?.truncated).to.equal(expected);
      });
    }
    it('the earlier side wins per key; subagent label tables are unioned', () => {
      const a = src({ id: 'x', metadata: { siteName: 'A', subagents: { 'run-1': { label: 'One' }, 'run-2': { label: 'Two (a)' } } } });
      const b = src({ id: 'x', metadata: { siteName: 'B', spaceKey: 'EAM', subagents: { 'run-2': { label: 'Two (b)' }, 'run-3': { label: 'Three' } } } });
      const m = mergeSources(a, b).metadata!;
      expect(JSON.parse(JSON.stringify(m))).to.deep.equal({
        siteName: 'A',
        spaceKey: 'EAM',
        subagents: { 'run-1': { label: 'One' }, 'run-2': { label: 'Two (a)' }, 'run-3': { label: 'Three' } },
      });
    });
    it('merged metadata of parsed sources has no prototype and no hostile keys', () => {
      const text = (label: string) =>
        `{"id":"x","kind":"file","title":"","locations":[],"evidence":"read","origins":[],"score":60,"metadata":{"__proto__":{"polluted":1},"subagents":{"r":{"label":"${label}"}}}}`;
      const parsed = parseTurnSources(`{"version":1,"sessionId":"s","turn":1,"complete":true,"sources":[${text('A')},${text('B')}]}`).value!;
      const m = mergeSources(parsed.sources[0]!, parsed.sources[1]!).metadata!;
      expect(Object.getPrototypeOf(m)).to.equal(null);
      expect(Object.getPrototypeOf(m.subagents)).to.equal(null);
      expect(Object.keys(m)).to.deep.equal(['subagents']);
      expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
    });
  });

  describe('dedupeSources', () => {
    it('one entry per id, in order of first appearance, every repeat merged in', () => {
      const out = dedupeSources([
        src({ id: 'b', score: 10 }),
        src({ id: 'a', score: 20 }),
        src({ id: 'b', score: 90, title: 'B' }),
        src({ id: 'c' }),
        src({ id: 'b', score: 30 }),
      ]);
      expect(out.map((s) => [s.id, s.score])).to.deep.equal([
        ['b', 90],
        ['a', 20],
        ['c', 100],
      ]);
      expect(out[0]!.title).to.equal('B');
    });
    it('leaves sources that appear once untouched (same object)', () => {
      const a = src({ id: 'a' });
      expect(dedupeSources([a])[0]).to.equal(a);
    });
  });

  describe('properties (seeded)', () => {
    const normalised = (s: QaSourceReference) => mergeSources(s, s);
    it('merging a source with itself changes nothing but normalisation, and merging again changes nothing', () => {
      fc.assert(
        fc.property(sourceArb(), (s) => {
          const once = mergeSources(s, s);
          expect(once.id).to.equal(s.id);
          expect(once.title).to.equal(s.title);
          expect(once.score).to.equal(s.score);
          expect(once.evidence).to.equal(s.evidence);
          expect(once.kind).to.equal(s.kind);
          expect(once.uri).to.equal(s.uri);
          expect(once.path).to.equal(s.path);
          expect(once.locations).to.deep.equal(compactLocations(s.locations));
          expect(once.origins).to.deep.equal(unionOrigins(s.origins, []));
          expect(mergeSources(once, once)).to.deep.equal(once);
        }),
        runs(300),
      );
    });
    it('the merged score is the maximum, the evidence the strongest, and merging is idempotent for repeats', () => {
      fc.assert(
        fc.property(sourceArb(['x']), sourceArb(['x']), (a, b) => {
          const m = mergeSources(a, b);
          expect(m.score).to.equal(Math.max(a.score, b.score));
          expect(evidenceRank(m.evidence)).to.equal(Math.max(evidenceRank(a.evidence), evidenceRank(b.evidence)));
          expect(mergeSources(m, b)).to.deep.equal(m);
          expect(mergeSources(m, a)).to.deep.equal(mergeSources(m, normalised(a)));
        }),
        runs(300),
      );
    });
    it('compaction covers exactly the lines of its input, with disjoint, non-touching, ascending ranges', () => {
      fc.assert(
        fc.property(sourceArb(['x']), sourceArb(['x']), (a, b) => {
          const m = mergeSources(a, b);
          expect(coveredLines(m.locations)).to.deep.equal(coveredLines([...a.locations, ...b.locations]));
          const byPlace = new Map<string, QaSourceLocation[]>();
          for (const l of m.locations) {
            if (l.lineStart === undefined) continue;
            const key = `${l.path}|${l.anchor}|${l.jiraKey}|${l.confluencePageId}`;
            byPlace.set(key, [...(byPlace.get(key) ?? []), l]);
          }
          for (const ranges of byPlace.values()) {
            for (let i = 1; i < ranges.length; i++) expect(ranges[i]!.lineStart).to.be.greaterThan(ranges[i - 1]!.lineEnd! + 1);
          }
        }),
        runs(300),
      );
    });
    it('origins are the union of both sides, each once', () => {
      fc.assert(
        fc.property(sourceArb(['x']), sourceArb(['x']), (a, b) => {
          const key = (o: object) => JSON.stringify(o);
          const m = mergeSources(a, b);
          expect(new Set(m.origins.map(key))).to.deep.equal(new Set([...a.origins, ...b.origins].map(key)));
          expect(m.origins.length).to.equal(new Set(m.origins.map(key)).size);
        }),
        runs(200),
      );
    });
    it('dedupe keeps one entry per id and the maximum score of each', () => {
      fc.assert(
        fc.property(fc.array(sourceArb(), { maxLength: 20 }), (list) => {
          const out = dedupeSources(list);
          expect(out.map((s) => s.id)).to.deep.equal([...new Set(list.map((s) => s.id))]);
          for (const s of out) expect(s.score).to.equal(Math.max(...list.filter((x) => x.id === s.id).map((x) => x.score)));
        }),
        runs(200),
      );
    });
  });
});
