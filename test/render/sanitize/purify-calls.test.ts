/**
 * The DOMPurify the kit ships (its method wrappers made bound calls,
 * scripts/purify-calls.mjs) sanitizes exactly as the published module does:
 * the same markup, the same removals and the same hook calls, on the
 * Markdown corpus, on attack markup and on generated tag soup, with
 * DOMPurify's defaults and with the kit's allowlist. Its wrappers keep the
 * built-ins they were made with when a page replaces them later.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import markdownIt from 'markdown-it';
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import { PURIFY_CONFIG } from '../../../src/render/sanitize.js';
import { ATTACK_FRAGMENTS, markdownArb } from '../../security/fuzz/arbitraries.js';
import { corpus, corpusNames } from '../markdown/fixture.js';

/** Where the test server serves DOMPurify's module (rewritten, as the kit's builds ship it). */
const MODULE = '/node_modules/dompurify/dist/purify.es.mjs';

type Factory = typeof createDOMPurify;

/** What one sanitizer made of `html`: the markup, what it removed, and the attributes its hook was shown. */
function outcome(factory: Factory, html: string, config: Config): string {
  const purify: DOMPurify = factory(window);
  const seen: string[] = [];
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    seen.push(`${node.nodeName}.${data.attrName}=${data.attrValue}`);
  });
  const out = purify.sanitize(html, { ...config, RETURN_DOM_FRAGMENT: true });
  const box = document.createElement('div');
  box.append(out);
  const removed = purify.removed.map((r) => ('element' in r ? `element ${r.element.nodeName}` : `attribute ${r.attribute?.name ?? ''}`));
  return JSON.stringify([box.innerHTML, removed, seen]);
}

/** A markup string from tags, attributes and values that sanitizers care about. */
const soupArb = fc
  .array(
    fc.oneof(
      fc.constantFrom('<a', '<img', '<svg', '<math', '<mtext', '<style', '<table', '<form', '<template', '<p', '<div', '<details', '<noscript', '<select'),
      fc.constantFrom('>', '/>', '</a>', '</svg>', '</style>', '</table>', '</p>', '<!--', '-->', '<![CDATA[', ']]>', '<?xml ', '?>'),
      fc.constantFrom(' href="', ' src=', ' onerror=', ' id=', ' name=', ' class=', ' style=', ' xlink:href=', ' data-x=', ' aria-label=', ' dir='),
      fc.constantFrom('javascript:x', 'https://e.example/', 'data:image/png;base64,AA', '"', "'", '&#106;', 'cookie', 'x y', '#top'),
      fc.string({ maxLength: 8 }),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));

describe('DOMPurify as shipped (scripts/purify-calls.mjs)', function () {
  this.timeout(120_000);
  let published: Factory;
  const md = markdownIt({ html: true, linkify: true });
  const configs: Array<[string, Config]> = [
    ['defaults', {}],
    ["the kit's allowlist", { ...PURIFY_CONFIG }],
  ];
  const same = (html: string) => {
    for (const [name, config] of configs)
      expect(outcome(createDOMPurify, html, config), `${name}: ${html.slice(0, 80)}`).to.equal(outcome(published, html, config));
  };

  before(async () => {
    published = ((await import(/* @vite-ignore */ `${MODULE}?as-published`)) as { default: Factory }).default;
  });

  it('is the rewritten module, and the comparison module is the published one', async () => {
    const shipped = await (await fetch(MODULE)).text();
    const original = await (await fetch(`${MODULE}?as-published`)).text();
    expect(shipped).to.include('return apply(Function.prototype.bind, Function.prototype.call, [func]);');
    expect(shipped).to.include('regExpTestCall(regExp, value)');
    expect(original).to.not.include('Function.prototype.bind');
    expect(original).to.include('return apply(func, thisArg, args);');
    expect(published).to.not.equal(createDOMPurify);
  });

  it('sanitizes every corpus document as published', async () => {
    const names = await corpusNames();
    expect(names).to.have.length.above(10);
    for (const name of names) same(md.render(await corpus(name)));
  });

  it('sanitizes attack markup as published', () => {
    for (const fragment of ATTACK_FRAGMENTS) same(fragment);
    fc.assert(
      fc.property(markdownArb, (source) => same(md.render(source))),
      { seed: 20261207, numRuns: 150 },
    );
  });

  it('sanitizes generated tag soup as published', () => {
    fc.assert(
      fc.property(soupArb, (html) => same(html)),
      { seed: 7122026, numRuns: 400 },
    );
  });

  it('keeps the built-ins it was made with when a page replaces them later', () => {
    const html = '<p id="x" class="A B" title="T"><a href="javascript:x">a</a><img src="x.png" onerror="x"></p><svg><style>x</style></svg>';
    const before = JSON.parse(outcome(createDOMPurify, html, {}))[0] as string;
    const purify = createDOMPurify(window);
    // Methods DOMPurify calls through its wrappers: replaced by fakes, and `call` and `apply` refuse to
    // run them, so a wrapper that looked any of them up at call time would fail here.
    const fn = Function.prototype as unknown as Record<'call' | 'apply', (this: unknown, ...args: unknown[]) => unknown>;
    const str = String.prototype as unknown as Record<string, unknown>;
    const saved = {
      call: fn.call,
      apply: fn.apply,
      toLowerCase: str.toLowerCase,
      trim: str.trim,
      indexOf: str.indexOf,
      replace: str.replace,
      test: RegExp.prototype.test,
      hasOwnProperty: Object.prototype.hasOwnProperty,
    };
    const wrapped = new Set<unknown>(Object.values(saved));
    let result: unknown;
    try {
      fn.call = function (this: unknown, thisArg: unknown, ...args: unknown[]) {
        if (wrapped.has(this)) throw new Error('a wrapper called a built-in through the current Function.prototype.call');
        return Reflect.apply(this as (...a: unknown[]) => unknown, thisArg, args) as unknown;
      };
      fn.apply = function (this: unknown, thisArg: unknown, args?: unknown) {
        if (wrapped.has(this)) throw new Error('a wrapper called a built-in through the current Function.prototype.apply');
        return Reflect.apply(this as (...a: unknown[]) => unknown, thisArg, (args ?? []) as unknown[]) as unknown;
      };
      str.toLowerCase = () => 'p';
      str.trim = () => '';
      str.indexOf = () => -1;
      str.replace = () => '';
      RegExp.prototype.test = () => true;
      Object.prototype.hasOwnProperty = () => true;
      result = purify.sanitize(html, { RETURN_DOM_FRAGMENT: true });
    } finally {
      fn.call = saved.call;
      fn.apply = saved.apply;
      str.toLowerCase = saved.toLowerCase;
      str.trim = saved.trim;
      str.indexOf = saved.indexOf;
      str.replace = saved.replace;
      RegExp.prototype.test = saved.test;
      Object.prototype.hasOwnProperty = saved.hasOwnProperty;
    }
    const box = document.createElement('div');
    box.append(result as DocumentFragment);
    expect(box.innerHTML).to.equal(before);
    expect(box.innerHTML).to.not.match(/javascript:|onerror/);
  });
});
