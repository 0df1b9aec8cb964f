/**
 * Generators of hostile input for the fuzz properties: payload-shaped values
 * with wrong types, hostile keys, lone surrogates, NaN-like numbers, deep
 * nesting, huge and sparse arrays, cycles, throwing getters and proxies; and
 * Markdown mixing arbitrary text with fragments of known attack vectors.
 */
import fc from 'fast-check';
import { SOURCE_EVIDENCE, SOURCE_KINDS } from '../../../src/model/types.js';

/** Keys an attacker (or a confused host) might send. */
export const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'then',
  'toJSON',
  '__defineGetter__',
  'length',
  'polluted',
  '',
  ' ',
  '\u0000',
  '\uD800',
  '\u202Eid',
  'sources',
  'id',
  'score',
  'kind',
  'title',
  'metadata',
];

const LONE = ['\uD800', '\uDBFF', '\uDC00', '\uDFFF'];

function throwing(): never {
  throw new Error('hostile getter');
}

/**
 * A hostile value that fast-check must not touch (it inspects generated
 * values, which would trip a throwing getter or a proxy): generators produce
 * this stand-in, and `build` turns it into the real thing inside the property.
 */
export class Trap {
  constructor(
    readonly kind: string,
    readonly n = 0,
  ) {}
}

/** Strings of every kind: arbitrary, binary, lone surrogates, control and bidi characters, number-like, huge. */
export const stringArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 16 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 16 }) },
  {
    weight: 2,
    arbitrary: fc
      .array(
        fc.oneof(fc.constantFrom(...LONE, '\u202E', '\u2066', '\u200B', '\uFEFF', '\u{E0041}', '\u0000', '\n', 'a', 'é', '中'), fc.string({ maxLength: 3 })),
        { maxLength: 8 },
      )
      .map((p) => p.join('')),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'NaN',
      'Infinity',
      '-Infinity',
      '-0',
      '1e309',
      '0x10',
      ' 100 ',
      'null',
      'undefined',
      'true',
      '[object Object]',
      '__proto__',
      'file:docs/a.md',
      'web:https://example.com',
      'jira:MDC-1',
      'https://xn--pple-43d.com/',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '../../../etc/passwd',
      '/home/user/.ssh/id_rsa',
    ),
  },
  // Built inside the property (see `Trap`), so a failure report does not print it.
  { weight: 1, arbitrary: fc.constantFrom(100, 10_000, 200_000).map((n) => new Trap('long-string', n) as unknown as string) },
);

/** Numbers that are not quite numbers. */
export const numberArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(NaN, Infinity, -Infinity, -0, 2 ** 53 + 2, Number.MIN_VALUE, 1e308, 50, 49.999999, 50.000001),
  fc.constant(null).map(() => new Number(90)),
  fc.constant(null).map(() => ({ valueOf: () => 100, toString: () => '100' })),
  fc.constant(10n),
);

const TRAPS: Record<string, (n: number) => unknown> = {
  undefined: () => undefined,
  symbol: () => Symbol('s'),
  function: () => () => 1,
  regexp: () => /re/g,
  'invalid-date': () => new Date(NaN),
  'null-prototype': () => Object.create(null) as object,
  map: () => new Map([['id', 'x']]),
  'throwing-id': () => Object.defineProperty({}, 'id', { get: throwing, enumerable: true }),
  'throwing-kind': () => Object.defineProperty({ id: 'file:a', score: 100 }, 'kind', { get: throwing, enumerable: true }),
  'throwing-proxy': () => new Proxy({}, { get: throwing, has: throwing, ownKeys: throwing, getPrototypeOf: throwing, getOwnPropertyDescriptor: throwing }),
  'throwing-array-proxy': () => new Proxy([], { get: throwing }),
  'sparse-huge-array': () => {
    const a: unknown[] = [];
    a.length = 2 ** 32 - 1;
    return a;
  },
  cycle: () => {
    const o: Record<string, unknown> = { id: 'file:loop', score: 100, kind: 'file' };
    o.metadata = o;
    o.locations = [o];
    return o;
  },
  thenable: () => ({ then: (resolve: (v: unknown) => void) => resolve({ polluted: true }) }),
  frozen: () => Object.freeze({ id: 'file:frozen.md', score: 100, kind: 'file', title: 'frozen' }),
  'long-string': (n) => 'x\u202E'.repeat(n / 2),
  'huge-sources': (n) => ({
    version: 1,
    sessionId: 's',
    turn: 1,
    complete: true,
    sources: Array.from({ length: n }, (_, i) => ({ id: `file:f${i % 50}.md`, score: 100, kind: 'file' })),
  }),
  'deep-nesting': (depth) => {
    let v: unknown = { leaf: true };
    for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { metadata: v };
    return v;
  },
};

/** Stand-ins for values no JSON parser would produce. */
export const trapArb: fc.Arbitrary<Trap> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(...Object.keys(TRAPS).filter((k) => !['deep-nesting', 'huge-sources', 'long-string'].includes(k))).map((k) => new Trap(k)),
  },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 50_000 }).map((n) => new Trap('deep-nesting', n)) },
);

/** Turns a generated value into the input: stand-ins become real traps; objects keep their prototype and own keys (`__proto__` included). */
export function build(v: unknown): unknown {
  if (v instanceof Trap) return TRAPS[v.kind]!(v.n);
  if (Array.isArray(v)) return v.map(build);
  if (v !== null && typeof v === 'object') {
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return v;
    const out = Object.create(proto) as Record<string, unknown>;
    for (const key of Object.keys(v))
      Object.defineProperty(out, key, { value: build((v as Record<string, unknown>)[key]), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return v;
}

/** Any value: JSON-like trees over hostile keys, strings and numbers, with traps inside. */
export const valueArb: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    stringArb,
    numberArb,
    fc.boolean(),
    fc.constant(null),
    trapArb,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 6 })), tie('value'), { maxKeys: 4 }),
  ),
})).value;

const kindArb = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...SOURCE_KINDS) }, { weight: 1, arbitrary: valueArb });
const evidenceArb = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...SOURCE_EVIDENCE) }, { weight: 1, arbitrary: valueArb });

/** A location, mostly well formed. */
export const locationArb = fc.record(
  {
    path: fc.oneof(fc.constantFrom('docs/a.md', 'src/x.ts', '/abs/a.md', 'docs/\u202Efdp.md'), stringArb),
    lineStart: fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 1, max: 500 }) }, { weight: 1, arbitrary: numberArb }),
    lineEnd: fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 1, max: 500 }) }, { weight: 1, arbitrary: numberArb }),
    anchor: stringArb,
    jiraKey: fc.oneof(fc.constantFrom('MDC-1', 'EVIL-1\u202E'), stringArb),
  },
  { requiredKeys: [] },
);

/** An origin, mostly well formed. */
export const originArb = fc.record(
  {
    sessionId: fc.oneof(fc.constant('s'), stringArb),
    turn: fc.oneof(fc.nat(20), numberArb),
    role: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('parent', 'subagent') }, { weight: 1, arbitrary: valueArb }),
    subagentRunId: fc.constantFrom('r1', 'r2'),
    toolName: stringArb,
  },
  { requiredKeys: [] },
);

/** A source entry: mostly valid with a few ids repeated, scores around the threshold, hostile strings and extra hostile keys. */
export const sourceArb: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        fc.record(
          {
            id: fc.oneof(
              {
                weight: 4,
                arbitrary: fc.constantFrom(
                  'file:docs/a.md',
                  'file:docs/b.md',
                  'web:https://example.com/a',
                  'jira:MDC-1',
                  'code:src/x.ts',
                  'knowledge:kb:1',
                  'other:1',
                ),
              },
              { weight: 2, arbitrary: stringArb },
              { weight: 1, arbitrary: valueArb },
            ),
            kind: kindArb,
            title: fc.oneof(stringArb, valueArb),
            uri: fc.oneof(
              fc.constantFrom('https://example.com/a', 'https://xn--pple-43d.com/', 'javascript:alert(1)', ' https://exa\u200Bmple.com'),
              stringArb,
            ),
            path: fc.oneof(fc.constantFrom('docs/a.md', 'src/x.ts', '/home/u/ws/docs/a.md'), stringArb),
            snippet: stringArb,
            locations: fc.oneof({ weight: 4, arbitrary: fc.array(locationArb, { maxLength: 4 }) }, { weight: 1, arbitrary: valueArb }),
            evidence: evidenceArb,
            origins: fc.oneof({ weight: 4, arbitrary: fc.array(originArb, { maxLength: 3 }) }, { weight: 1, arbitrary: valueArb }),
            score: fc.oneof(
              { weight: 5, arbitrary: fc.integer({ min: 0, max: 100 }) },
              { weight: 2, arbitrary: numberArb },
              { weight: 1, arbitrary: valueArb },
            ),
            metadata: fc.oneof(fc.record({ truncated: fc.boolean(), siteName: stringArb, pageTitle: stringArb }, { requiredKeys: [] }), valueArb),
          },
          { requiredKeys: ['id', 'score'] },
        ),
        fc.dictionary(fc.constantFrom(...HOSTILE_KEYS), valueArb, { maxKeys: 2 }),
      )
      .map(([s, extra]) => Object.assign(extra, s)),
  },
  { weight: 1, arbitrary: valueArb },
);

/** A `QaTurnSources`-shaped value: right fields, any content. */
export const payloadArb: fc.Arbitrary<unknown> = fc.record(
  {
    version: fc.oneof({ weight: 4, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: numberArb }, { weight: 1, arbitrary: valueArb }),
    sessionId: fc.oneof(fc.constant('s1'), stringArb),
    turn: fc.oneof(fc.nat(50), numberArb),
    sources: fc.oneof({ weight: 6, arbitrary: fc.array(sourceArb, { maxLength: 12 }) }, { weight: 1, arbitrary: valueArb }),
    discovered: fc.oneof(fc.array(sourceArb, { maxLength: 4 }), valueArb),
    complete: fc.oneof(fc.boolean(), valueArb),
    incompleteOrigins: fc.oneof(fc.array(fc.record({ reason: stringArb, provider: stringArb }, { requiredKeys: [] }), { maxLength: 2 }), valueArb),
  },
  { requiredKeys: [] },
);

function holds(recipe: unknown, kind: string): boolean {
  if (recipe instanceof Trap) return recipe.kind === kind;
  if (recipe !== null && typeof recipe === 'object') return Object.values(recipe).some((v) => holds(v, kind));
  return false;
}

/** The JSON text of a generated value when it has one, else the generated value itself (still to be built). */
export function asJsonText(recipe: unknown): unknown {
  // `JSON.stringify` would write four billion `null`s.
  if (holds(recipe, 'sparse-huge-array')) return recipe;
  try {
    const text = JSON.stringify(build(recipe));
    return typeof text === 'string' ? text : recipe;
  } catch {
    return recipe;
  }
}

/** JSON text that `JSON.parse` turns into own `__proto__` and `constructor.prototype` keys. */
export const pollutingJsonArb: fc.Arbitrary<string> = fc.constantFrom(
  '{"__proto__":{"polluted":"yes","id":"x","score":100},"version":1,"sessionId":"s","turn":1,"complete":true,"sources":[{"__proto__":{"polluted":1},"id":"file:a.md","score":100,"kind":"file","constructor":{"prototype":{"polluted":2}}}]}',
  '{"sources":[{"id":"web:x","score":90,"kind":"web","metadata":{"__proto__":{"polluted":3},"constructor":{"prototype":{"polluted":4}},"subagents":{"__proto__":{"label":"x"}}}}]}',
  '{"version":1,"sources":[{"id":"a","score":60,"locations":[{"__proto__":{"lineStart":1}}],"origins":[{"__proto__":{"role":"parent"}}]}],"__proto__":[]}',
  '\uFEFF{"version":1,"sessionId":"s","turn":1,"complete":true,"sources":[]}',
  '{"version":1,"sources":[' + '{"id":"file:x.md","score":100},'.repeat(2_000) + '{"id":"y","score":1}]}',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
  '{"sources": "unterminated',
  'NaN',
  '',
);

/** Everything `parseTurnSources` may be handed. */
export const parseInputArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 40, arbitrary: payloadArb },
  { weight: 16, arbitrary: payloadArb.map(asJsonText) },
  { weight: 16, arbitrary: valueArb },
  { weight: 8, arbitrary: pollutingJsonArb },
  { weight: 8, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  // More sources than the parser reads (a few runs are enough: each costs tens of milliseconds).
  { weight: 1, arbitrary: fc.integer({ min: 20_001, max: 21_000 }).map((n) => new Trap('huge-sources', n)) },
);

/** Fragments of known Markdown and HTML attack vectors, to be mixed with arbitrary text. */
export const ATTACK_FRAGMENTS = [
  '<script>',
  '</script>',
  '<script>window.__qaPwned=1</script>',
  '<img src=x onerror=window.__qaPwned=1>',
  '<img src=x onerror=',
  ' onerror=',
  ' onload=',
  ' onmouseover=',
  ' style=',
  ' style="background:url(javascript:window.__qaPwned=1)"',
  '"',
  "'",
  '`',
  '=',
  '<',
  '>',
  '/',
  '/>',
  '</',
  'javascript:',
  'JaVaScRiPt:',
  'java\tscript:',
  'java\nscript:',
  '&#106;avascript:',
  '&#x6A;avascript:',
  'javascript&colon;',
  '\u0001javascript:',
  'vbscript:',
  'data:text/html,',
  'data:text/html;base64,PHNjcmlwdD53aW5kb3cuX19xYVB3bmVkPTE8L3NjcmlwdD4=',
  'data:image/svg+xml,<svg onload=window.__qaPwned=1>',
  '<svg',
  '<svg onload=window.__qaPwned=1>',
  '<math>',
  '<mtext>',
  '<mglyph>',
  '<style>',
  '</style>',
  '<iframe',
  '<iframe srcdoc="',
  '<object data=',
  '<embed src=',
  '<a href="',
  '<a href=javascript:window.__qaPwned=1>x</a>',
  '](',
  '[',
  ']',
  '(',
  ')',
  '[x](javascript:window.__qaPwned=1)',
  '![x](',
  '<http://',
  '<javascript:window.__qaPwned=1>',
  '<!--',
  '-->',
  '--!>',
  '<![CDATA[',
  ']]>',
  '<noscript>',
  '<textarea>',
  '<template>',
  '<template shadowrootmode="open">',
  '<form action=',
  '<button formaction=',
  '<base href=',
  '<meta http-equiv=refresh content=',
  '<link rel=stylesheet href=',
  '<details open ontoggle=window.__qaPwned=1>',
  '<input autofocus onfocus=',
  '<video poster=',
  ' srcset=',
  ' xlink:href=',
  ' formaction=',
  ' data-qa-kit="',
  ' data-qa-line="',
  ' data-qa-link="external"',
  ' id="location"',
  ' name="alert"',
  ' class="qa-code markdown-alert"',
  ' dir=rtl',
  '\n',
  '\n\n',
  '```',
  '```html\n',
  '~~~',
  '    ',
  '> ',
  '- ',
  '1. ',
  '# ',
  '| a | b |\n|---|---|\n',
  '---\n',
  '***',
  '[^1]',
  '[^1]: ',
  '[r]: javascript:window.__qaPwned=1',
  '> [!NOTE]\n',
  '- [ ] ',
  '---\ntitle: <img src=x onerror=window.__qaPwned=1>\n---\n',
  '\u202E',
  '\u2066',
  '\u200B',
  '\u0000',
  '\uD800',
  '&',
  '&lt;',
  '&#x3C;',
  '&#60;',
  '\\',
  '*',
  '_',
  '~~',
  ':',
  'https://',
  'https://xn--pple-43d.com/',
  'https://good.example/',
  'www.',
  '.com',
  'alert(1)',
  'window.__qaPwned=1',
  ':emoji:',
  ':smile:',
];

/** Markdown: arbitrary text mixed with attack fragments. */
export const markdownArb: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...ATTACK_FRAGMENTS) },
      { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
    ),
    { maxLength: 50 },
  )
  .map((parts) => parts.join(''));
