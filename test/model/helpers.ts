/**
 * Shared builders and generated-input arbitraries for the model tests.
 * Every property runs with a fixed seed so a failure reproduces exactly.
 */
import fc from 'fast-check';
import type { QaSourceLocation, QaSourceOrigin, QaSourceReference, QaTurnSources } from '../../src/model/index.js';
import { SOURCE_EVIDENCE, SOURCE_KINDS, presentSources, type QaSourceItemView, type QaSourcesView } from '../../src/model/index.js';

/** The seed of every property in these tests; change it to explore, keep it fixed to reproduce. */
export const SEED = 20_261_130;

/** fast-check parameters: seeded, and verbose so a failure prints its counterexample. */
export function runs(numRuns: number): { seed: number; numRuns: number; verbose: boolean } {
  return { seed: SEED, numRuns, verbose: true };
}

/** A valid source with sensible defaults; override any field. */
export function src(over: Partial<QaSourceReference> & { id: string }): QaSourceReference {
  return { kind: 'other', title: '', locations: [], evidence: 'read', origins: [], score: 100, ...over };
}

/** A valid payload around some sources. */
export function payload(sources: QaSourceReference[], over: Partial<QaTurnSources> = {}): QaTurnSources {
  return { version: 1, sessionId: 's', turn: 1, complete: true, sources, ...over };
}

/** A parent origin. */
export function parentOrigin(over: Partial<QaSourceOrigin> = {}): QaSourceOrigin {
  return { sessionId: 's', turn: 1, role: 'parent', ...over };
}

/** A subagent origin. */
export function childOrigin(runId: string, over: Partial<QaSourceOrigin> = {}): QaSourceOrigin {
  return { sessionId: 's', turn: 1, role: 'subagent', subagentRunId: runId, ...over };
}

/** Every line a list of ranges covers, per place (`path|anchor`), for comparing compactions. */
export function coveredLines(locations: readonly QaSourceLocation[]): Map<string, Set<number>> {
  const out = new Map<string, Set<number>>();
  for (const l of locations) {
    if (l.lineStart === undefined) continue;
    const key = [l.path ?? '', l.anchor ?? '', l.jiraKey ?? '', l.confluencePageId ?? ''].join('|');
    let set = out.get(key);
    if (!set) out.set(key, (set = new Set()));
    for (let n = l.lineStart; n <= (l.lineEnd ?? l.lineStart); n++) set.add(n);
  }
  return out;
}

// --- arbitraries -------------------------------------------------------------

const paths = ['docs/a.md', 'docs/b.md', 'src/x.ts', '/home/u/ws/docs/a.md'];

/** A valid location: a line range on one of a few paths, or an anchor / key / page. */
export const locationArb: fc.Arbitrary<QaSourceLocation> = fc.oneof(
  fc
    .record({
      path: fc.option(fc.constantFrom(...paths), { nil: undefined }),
      lineStart: fc.integer({ min: 1, max: 60 }),
      len: fc.integer({ min: 0, max: 12 }),
    })
    .map(({ path, lineStart, len }) => (path === undefined ? { lineStart, lineEnd: lineStart + len } : { path, lineStart, lineEnd: lineStart + len })),
  fc.constantFrom<QaSourceLocation>({ anchor: 'install' }, { jiraKey: 'MDC-1' }, { confluencePageId: '42' }, { path: 'docs/a.md' }),
);

/** A valid origin from a small pool, so duplicates happen. */
export const originArb: fc.Arbitrary<QaSourceOrigin> = fc.constantFrom<QaSourceOrigin>(
  parentOrigin({ toolName: 'read', step: 1 }),
  parentOrigin({ toolName: 'grep', step: 2 }),
  childOrigin('run-a', { toolName: 'read' }),
  childOrigin('run-b', { toolName: 'jira_get' }),
);

const titles = ['', 'Guide', 'docs/a.md', 'a.md', 'https://example.com/a', 'Другой заголовок', '  '];

/** A valid source whose id comes from a small pool (so merges happen). */
export function sourceArb(ids: readonly string[] = ['file:docs/a.md', 'web:https://example.com/a', 'jira:MDC-1', 'other:1']): fc.Arbitrary<QaSourceReference> {
  return fc
    .record(
      {
        id: fc.constantFrom(...ids),
        kind: fc.constantFrom(...SOURCE_KINDS),
        title: fc.constantFrom(...titles),
        uri: fc.option(fc.constantFrom('https://example.com/a', 'https://example.com/a?utm_source=x', 'javascript:alert(1)'), { nil: undefined }),
        path: fc.option(fc.constantFrom(...paths), { nil: undefined }),
        snippet: fc.option(fc.constantFrom('', 'short', 'a longer snippet', '   '), { nil: undefined }),
        locations: fc.array(locationArb, { maxLength: 6 }),
        evidence: fc.constantFrom(...SOURCE_EVIDENCE),
        origins: fc.array(originArb, { maxLength: 4 }),
        score: fc.oneof(fc.integer({ min: 0, max: 100 }), fc.constantFrom(49.99, 50, 50.01), fc.double({ min: -1e6, max: 1e6, noNaN: true })),
        metadata: fc.option(
          fc.record(
            { truncated: fc.option(fc.boolean(), { nil: undefined }), pageTitle: fc.option(fc.constantFrom('Page', ''), { nil: undefined }) },
            { requiredKeys: [] },
          ),
          { nil: undefined },
        ),
      },
      { requiredKeys: ['id', 'kind', 'title', 'locations', 'evidence', 'origins', 'score'] },
    )
    .map((s) => {
      const out = { ...s } as QaSourceReference;
      if (out.metadata) for (const k of Object.keys(out.metadata)) if (out.metadata[k] === undefined) delete out.metadata[k];
      return out;
    });
}

/** A valid payload of generated sources (and sometimes discovered ones). */
export const payloadArb: fc.Arbitrary<QaTurnSources> = fc
  .record({
    sources: fc.array(
      sourceArb([
        'file:docs/a.md',
        'file:docs/b.md',
        'code:src/x.ts',
        'web:https://example.com/a',
        'web:https://example.org/b',
        'jira:MDC-1',
        'confluence:42',
        'knowledge:kb:1',
        'other:1',
      ]),
      { maxLength: 25 },
    ),
    discovered: fc.option(fc.array(sourceArb(['web:https://example.com/a', 'web:https://search.example/1', 'file:docs/c.md']), { maxLength: 6 }), {
      nil: undefined,
    }),
    complete: fc.boolean(),
  })
  .map(({ sources, discovered, complete }) => payload(sources, discovered ? { discovered, complete } : { complete }));

/**
 * Payload-shaped input that is wrong in arbitrary places: fragments of valid
 * payloads mixed with any JSON value or any JavaScript value.
 */
export function hostileInputArb(): fc.Arbitrary<unknown> {
  const junk = fc.oneof(fc.anything(), fc.jsonValue(), fc.constantFrom(NaN, Infinity, -Infinity, -0, '\uD800', '__proto__', null, undefined));
  const maybe = <T>(a: fc.Arbitrary<T>) => fc.oneof({ weight: 3, arbitrary: a as fc.Arbitrary<unknown> }, { weight: 1, arbitrary: junk });
  const location = maybe(
    fc.record(
      {
        path: maybe(fc.constantFrom('docs/a.md', '')),
        lineStart: maybe(fc.integer({ min: -2, max: 9 })),
        lineEnd: maybe(fc.integer({ min: -2, max: 9 })),
        anchor: maybe(fc.string()),
      },
      { requiredKeys: [] },
    ),
  );
  const origin = maybe(
    fc.record(
      {
        sessionId: maybe(fc.string()),
        turn: maybe(fc.integer()),
        role: maybe(fc.constantFrom('parent', 'subagent', 'admin')),
        subagentRunId: maybe(fc.string()),
      },
      { requiredKeys: [] },
    ),
  );
  const source = maybe(
    fc.record(
      {
        id: maybe(fc.string()),
        kind: maybe(fc.constantFrom(...SOURCE_KINDS, 'slack', '')),
        title: maybe(fc.string()),
        uri: maybe(fc.constantFrom('https://example.com', 'javascript:alert(1)', 'xn--')),
        path: maybe(fc.string()),
        snippet: maybe(fc.string()),
        locations: maybe(fc.array(location, { maxLength: 4 })),
        evidence: maybe(fc.constantFrom(...SOURCE_EVIDENCE, 'fetchd')),
        origins: maybe(fc.array(origin, { maxLength: 3 })),
        score: maybe(fc.oneof(fc.double(), fc.integer(), fc.constantFrom('100'))),
        metadata: maybe(fc.dictionary(fc.constantFrom('truncated', 'subagents', '__proto__', 'constructor', 'prototype', 'x'), fc.anything(), { maxKeys: 4 })),
      },
      { requiredKeys: [] },
    ),
  );
  const whole = fc.record(
    {
      version: maybe(fc.constantFrom(1, 2, 0, '1')),
      sessionId: maybe(fc.string()),
      turn: maybe(fc.integer()),
      complete: maybe(fc.boolean()),
      sources: maybe(fc.array(source, { maxLength: 8 })),
      discovered: maybe(fc.array(source, { maxLength: 3 })),
      incompleteOrigins: maybe(
        fc.array(maybe(fc.record({ reason: maybe(fc.string()), provider: maybe(fc.string()) }, { requiredKeys: [] })), { maxLength: 2 }),
      ),
    },
    { requiredKeys: [] },
  );
  return fc.oneof(
    whole,
    junk,
    whole.map((w) => JSON.stringify(w) ?? 'null'),
    fc.string(),
    fc.jsonValue().map((j) => JSON.stringify(j)),
  );
}

/** Walks a parsed value and returns every own key found anywhere in it. */
export function allKeys(v: unknown, out = new Set<string>(), seen = new Set<unknown>()): Set<string> {
  if (typeof v !== 'object' || v === null || seen.has(v)) return out;
  seen.add(v);
  for (const k of Reflect.ownKeys(v)) {
    if (typeof k === 'string') out.add(k);
    allKeys((v as Record<string | symbol, unknown>)[k], out, seen);
  }
  return out;
}

/** The cards of every group of a view, in order. */
export function viewItems(view: QaSourcesView): QaSourceItemView[] {
  return view.groups.flatMap((g) => g.items);
}

/** The card of one source presented alone (every score shown). */
export function presentOne(source: QaSourceReference): QaSourceItemView {
  const view = presentSources(payload([source]), { threshold: -Infinity });
  if (view.count !== 1) throw new Error(`expected one card, got ${view.count}`);
  return viewItems(view)[0]!;
}
