/**
 * Fuzzing the payload parser (fast-check, seeded): on anything at all —
 * payload-shaped values with wrong types and hostile keys, lone surrogates,
 * NaN-like numbers, deep nesting, huge and sparse arrays, cycles, throwing
 * getters and proxies, JSON text with `__proto__` keys — `parseTurnSources`
 * never throws, never pollutes a prototype, returns well-formed data that the
 * presentation rules accept, and ignores a prototype someone else polluted.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { MAX_PROBLEMS, MAX_SOURCES, parseTurnSources, type QaParseResult } from '../../src/model/parse.js';
import { presentSources } from '../../src/model/present.js';
import { SOURCE_EVIDENCE, SOURCE_KINDS } from '../../src/model/types.js';
import { asJsonText, build, parseInputArb, payloadArb } from './fuzz/arbitraries.js';
import { checkProperty, fuzzTimeout } from './fuzz/harness.js';

const PROTOTYPES: Array<[string, object]> = [
  ['Object', Object.prototype],
  ['Array', Array.prototype],
  ['Function', Function.prototype],
  ['String', String.prototype],
  ['Number', Number.prototype],
];

function protoSnapshot(): string {
  return PROTOTYPES.map(([name, p]) => `${name}:${Reflect.ownKeys(p).map(String).sort().join(',')}`).join('|');
}

const KINDS = new Set<string>(SOURCE_KINDS);
const EVIDENCE = new Set<string>(SOURCE_EVIDENCE);

/** What is wrong with a parse result's shape, or null (plain checks: this runs thousands of times). */
function shapeProblem(r: QaParseResult): string | null {
  if (typeof r !== 'object' || r === null || !Array.isArray(r.problems)) return 'not a result';
  if (r.problems.length > MAX_PROBLEMS + 1) return `${r.problems.length} problems listed`;
  for (const p of r.problems) {
    if (typeof p.path !== 'string' || typeof p.message !== 'string' || (p.severity !== 'error' && p.severity !== 'warning'))
      return `bad problem ${JSON.stringify(p)}`;
  }
  const v = r.value;
  if (v === null) return null;
  if (v.version !== 1 || typeof v.sessionId !== 'string' || !Number.isSafeInteger(v.turn) || v.turn < 0 || typeof v.complete !== 'boolean')
    return 'bad payload fields';
  if (!Array.isArray(v.sources) || v.sources.length > MAX_SOURCES) return 'bad sources';
  for (const s of [...v.sources, ...(v.discovered ?? [])]) {
    if (typeof s.id !== 'string' || s.id === '') return `bad id ${String(s.id)}`;
    if (!Number.isFinite(s.score)) return `bad score ${String(s.score)}`;
    if (!KINDS.has(s.kind) || !EVIDENCE.has(s.evidence)) return `bad kind or evidence ${String(s.kind)} ${String(s.evidence)}`;
    if (typeof s.title !== 'string' || !Array.isArray(s.locations) || !Array.isArray(s.origins)) return 'bad title or lists';
    if (s.metadata !== undefined && Object.getPrototypeOf(s.metadata) !== null) return 'metadata with a prototype';
    for (const o of s.origins) if (o.role !== 'parent' && o.role !== 'subagent') return `bad role ${String(o.role)}`;
    for (const l of s.locations) if (l.lineStart !== undefined && !(Number.isSafeInteger(l.lineStart) && l.lineEnd! >= l.lineStart)) return 'bad line range';
  }
  return null;
}

describe('fuzz: parseTurnSources on arbitrary input', function () {
  it('never throws, never pollutes a prototype, and returns well-formed, presentable data', async function () {
    this.timeout(await fuzzTimeout(240_000));
    const before = protoSnapshot();
    await checkProperty(
      'parse: well-formed and no pollution',
      fc.property(parseInputArb, (recipe) => {
        const r = parseTurnSources(build(recipe));
        const problem = shapeProblem(r);
        if (problem) throw new Error(problem);
        if (protoSnapshot() !== before || ({} as Record<string, unknown>).polluted !== undefined) throw new Error('a prototype was polluted');
        // The parsed data is plain: it serialises, and the view model accepts it.
        JSON.stringify(r);
        const view = presentSources(r.value, { showDiscovered: true, threshold: -Infinity });
        if (view.count > (r.value?.sources.length ?? 0)) throw new Error(`count ${view.count}`);
        for (const g of view.groups) for (const item of g.items) if (typeof item.title !== 'string') throw new Error('a card without a title');
      }),
      { runs: 2_500 },
    );
  });

  it('reads only own fields: a prototype polluted by someone else changes nothing', async function () {
    this.timeout(await fuzzTimeout(240_000));
    const POLLUTION: Record<string, unknown> = {
      id: 'file:polluted.md',
      score: 100,
      kind: 'file',
      title: 'polluted',
      sources: [{ id: 'x', score: 100 }],
      version: 1,
      metadata: { polluted: true },
      locations: [{ lineStart: 1 }],
      origins: [{ role: 'parent' }],
      role: 'parent',
      path: 'polluted.md',
      uri: 'https://polluted.example/',
      complete: false,
      lineStart: 7,
      subagents: { r1: { label: 'polluted' } },
    };
    await checkProperty(
      'parse: polluted prototype ignored',
      fc.property(fc.oneof(payloadArb, payloadArb.map(asJsonText)), (recipe) => {
        const input = build(recipe);
        // Trap-free input only (a proxy or getter could behave differently on a second read).
        let clean: string;
        try {
          clean = JSON.stringify(parseTurnSources(input));
        } catch {
          return;
        }
        const keys = Object.keys(POLLUTION);
        try {
          for (const k of keys) Object.defineProperty(Object.prototype, k, { value: POLLUTION[k], configurable: true, writable: true, enumerable: false });
          const polluted = parseTurnSources(input);
          for (const k of keys) delete (Object.prototype as Record<string, unknown>)[k];
          expect(JSON.stringify(polluted)).to.equal(clean);
        } finally {
          for (const k of keys) delete (Object.prototype as Record<string, unknown>)[k];
        }
      }),
      { runs: 600 },
    );
  });

  it('a throwing entry in a list loses that entry only, not its source or the payload', () => {
    const hostile = () =>
      new Proxy(
        {},
        {
          getPrototypeOf: () => {
            throw new Error('hostile');
          },
          get: () => {
            throw new Error('hostile');
          },
        },
      );
    const r = parseTurnSources({
      version: 1,
      sessionId: 's',
      turn: 1,
      complete: false,
      sources: [
        {
          id: 'file:a.md',
          kind: 'file',
          title: 'a',
          score: 90,
          evidence: 'read',
          locations: [hostile(), { lineStart: 3, lineEnd: 4 }],
          origins: [hostile(), { role: 'parent', sessionId: 's', turn: 1 }],
        },
      ],
      incompleteOrigins: [hostile(), { reason: 'timeout' }],
    });
    expect(r.value, 'the payload is read').to.not.equal(null);
    expect(r.value!.sources.map((x) => x.id)).to.deep.equal(['file:a.md']);
    expect(r.value!.sources[0]!.locations).to.deep.equal([{ lineStart: 3, lineEnd: 4 }]);
    expect(r.value!.sources[0]!.origins.map((o) => o.role)).to.deep.equal(['parent']);
    expect(r.value!.incompleteOrigins).to.deep.equal([{ reason: 'timeout' }]);
    expect(r.problems.filter((p) => p.message === 'could not be read; dropped').map((p) => p.path)).to.deep.equal([
      'sources[0].locations[0]',
      'sources[0].origins[0]',
      'incompleteOrigins[0]',
    ]);
  });
});
