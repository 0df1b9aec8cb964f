/**
 * The two sanitizer engines (src/render/sanitize.ts) give the same DOM: the
 * browser's HTML Sanitizer API with the kit's pass after it, and DOMPurify.
 * Compared on what the kit's parser makes of every corpus document, of every
 * CommonMark and GFM spec example and of every hostile vector, and on
 * generated tag soup: the same markup (leading white space aside, which only
 * DOMPurify's whole-document parse drops after a leading comment) and the
 * same findings. The two differences by design (the browser drops
 * `object` and `embed` with their fallback content; DOMPurify drops an
 * element of text and comments whose text looks like markup) are checked on
 * their own, and soup with comments is checked for safety only.
 * The browser's engine is used only when it passes its self-check, which
 * fails for implementations that do not sanitize as expected.
 */
import { expect } from 'chai';
import {
  forceSanitizerEngine,
  loadDOMPurify,
  nativeEngineWorks,
  newFindings,
  sanitizeToFragment,
  sanitizerEngine,
  type SanitizeFindings,
  type SanitizerApi,
} from '../../../src/render/sanitize.js';
import { renderChunks } from '../../../src/render/markdown/render-chunks.js';
import { decorate, mayReorder } from '../../../src/render/markdown/decorate.js';
import { corpus, corpusNames } from '../markdown/fixture.js';
import { GFM_EXTENSION_EXAMPLES, extractExamples } from '../markdown/gfm-examples.js';
import { assertSanitized } from './assert-sanitized.js';
import { VECTORS } from './vectors.js';

const NONCE = 'N0NCE';
const INERT = document.implementation.createHTMLDocument('');

interface Outcome {
  html: string;
  /** Each finding as its element's index among the fragment's elements. */
  found: Record<keyof SanitizeFindings, number[]>;
}

function sanitizeWith(engine: 'native' | 'dompurify', html: string, defused: boolean): Outcome {
  forceSanitizerEngine(engine);
  try {
    const found = newFindings();
    // In an inert document: the corpus's images must not load.
    const holder = INERT.createElement('div');
    holder.append(sanitizeToFragment(html, { idPrefix: 'e1-', nonce: NONCE, found, defused }));
    const all = Array.from(holder.querySelectorAll('*'));
    const at = (list: Element[]) => list.map((e) => all.indexOf(e));
    return {
      html: holder.innerHTML.trimStart(),
      found: { links: at(found.links), images: at(found.images), pres: at(found.pres), tables: at(found.tables), kit: at(found.kit) },
    };
  } finally {
    forceSanitizerEngine(null);
  }
}

/** Every input where the two engines differ, with both outcomes (empty: none). */
function differences(inputs: Array<[string, string]>, defused: boolean): string[] {
  const out: string[] = [];
  for (const [name, html] of inputs) {
    const a = sanitizeWith('native', html, defused);
    const b = sanitizeWith('dompurify', html, defused);
    if (a.html !== b.html || JSON.stringify(a.found) !== JSON.stringify(b.found))
      out.push(
        `${name}: ${JSON.stringify(html.slice(0, 1500))}\n  native    ${a.html.slice(0, 1500)} ${JSON.stringify(a.found)}\n  dompurify ${b.html.slice(0, 1500)} ${JSON.stringify(b.found)}`,
      );
  }
  return out;
}

/** The kit parser's chunks of a Markdown source. */
function chunksOf(name: string, source: string): Array<[string, string]> {
  return Array.from(renderChunks(source, { nonce: NONCE }), (c, i): [string, string] => [`${name} #${i}`, c.html]).filter(([, html]) => html !== '');
}

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SOUP_TAGS = [
  'p',
  'div',
  'span',
  'a',
  'img',
  'pre',
  'code',
  'table',
  'tr',
  'td',
  'th',
  'thead',
  'tbody',
  'ul',
  'ol',
  'li',
  'h2',
  'details',
  'summary',
  'blockquote',
  'b',
  'em',
  'kbd',
  'br',
  'hr',
  'section',
  'figure',
  'ruby',
  'rt',
  'center',
  'font',
  'foo',
  'my-el',
  'qa-file-preview',
  'form',
  'input',
  'button',
  'select',
  'option',
  'textarea',
  'label',
  'picture',
  'source',
  'svg',
  'math',
  'mtext',
  'style',
  'script',
  'template',
  'title',
  'xmp',
  'noembed',
  'iframe',
  'video',
  'desc',
  'nobr',
  'marquee',
  'dialog',
  'slot',
];
const SOUP_ATTRIBUTES = [
  'href',
  'src',
  'id',
  'name',
  'class',
  'dir',
  'title',
  'alt',
  'type',
  'start',
  'open',
  'lang',
  'width',
  'align',
  'datetime',
  'colspan',
  'data-qa-line',
  'data-qa-kit',
  'data-qa-html',
  'data-lang',
  'data-x',
  'aria-label',
  'role',
  'style',
  'onclick',
  'is',
  'for',
  'tabindex',
  'srcset',
];
const SOUP_VALUES = [
  '',
  'x',
  ' x ',
  'https://e.example/a',
  'javascript:alert(1)',
  ' JaVa\tScRiPt:x',
  'data:image/png;base64,AA',
  '#top',
  '../a.md',
  'mailto:a@e.example',
  'rtl',
  'RTL',
  'sideways',
  'qa-code evil',
  'task-list-item',
  'location',
  'cookie',
  '3-9',
  '3',
  `${NONCE} task`,
  'other task',
  'c++',
  'Bad Lang',
  '--!>',
  'a/>b',
  '</style><img src=x>',
  'x:y',
  '2024-01-01',
  'foo:bar',
  '1',
];
const SOUP_TEXT = ['text', ' ', '\n', 'a < b', '&amp;', '&lt;p&gt;', '&#x202E;', '</p>', '</td>', 'ש'];
/** Comments, and what the HTML parser makes into comments or processing instructions. */
const SOUP_COMMENTS = ['<!-- c -->', '<!--> x -->', '<![CDATA[x]]>', '<?pi x?>', '<!-- --!><b>x</b> -->'];

/** Random markup: nested tags of every kind (allowed, unknown, forbidden), attributes and values, comments and stray end tags. */
function soup(next: () => number, comments = false): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const texts = comments ? [...SOUP_TEXT, ...SOUP_COMMENTS] : SOUP_TEXT;
  const build = (depth: number): string => {
    let out = '';
    const parts = 1 + Math.floor(next() * 4);
    for (let i = 0; i < parts; i++) {
      if (depth > 4 || next() < 0.35) {
        out += pick(texts);
        continue;
      }
      const tag = pick(SOUP_TAGS);
      let attrs = '';
      const count = Math.floor(next() * 3);
      for (let j = 0; j < count; j++) attrs += ` ${pick(SOUP_ATTRIBUTES)}="${pick(SOUP_VALUES).replace(/"/g, '&quot;')}"`;
      out += `<${tag}${attrs}>${build(depth + 1)}${next() < 0.8 ? `</${tag}>` : ''}`;
    }
    return out;
  };
  // Text first, so that DOMPurify's whole-document parse starts the body at once, as a fragment's does.
  return `x ${build(0)}`;
}

describe('Sanitizer engines: the browser’s and DOMPurify give the same DOM', function () {
  this.timeout(120_000);
  // This browser sanitizes by itself: DOMPurify, a chunk of its own, is loaded only to compare.
  before(() => loadDOMPurify());

  const RealSanitizer = (window as unknown as { Sanitizer: new (c: object) => object }).Sanitizer;
  const parseHTML = (Document as unknown as { parseHTML: SanitizerApi['parseHTML'] }).parseHTML.bind(Document);

  it('uses the browser’s engine in this Chromium, which has the HTML Sanitizer API and passes the self-check', () => {
    expect(sanitizerEngine()).to.equal('native');
    expect(nativeEngineWorks({ Sanitizer: RealSanitizer, parseHTML })).to.equal(true);
  });

  it('fails the self-check for an implementation that does not sanitize, or ignores part of the configuration', () => {
    // Parses without sanitizing.
    const parseUnsafe = (html: string) => (Document as unknown as { parseHTMLUnsafe(h: string): Document }).parseHTMLUnsafe(html);
    expect(nativeEngineWorks({ Sanitizer: RealSanitizer, parseHTML: parseUnsafe })).to.equal(false);
    // Another configuration dialect: the options are refused.
    const Refusing = class {
      constructor() {
        throw new TypeError('unknown option');
      }
    };
    expect(nativeEngineWorks({ Sanitizer: Refusing, parseHTML })).to.equal(false);
    // The elements to drop with their content are not honoured (SVG's text would show).
    const NoRemove = class extends RealSanitizer {
      constructor(config: object) {
        super({ ...config, removeElements: [] });
      }
    };
    expect(nativeEngineWorks({ Sanitizer: NoRemove, parseHTML })).to.equal(false);
    // Declarative shadow roots let through (their attribute allowed, templates kept): a closed root would hide
    // its content from the pass. The markup of the sample comes out as expected; only the root gives it away.
    const Shadows = class extends RealSanitizer {
      constructor(config: object) {
        const c = config as { attributes: string[]; removeElements: unknown[] };
        super({ ...c, attributes: [...c.attributes, 'shadowrootmode'], removeElements: c.removeElements.filter((e) => e !== 'template') });
      }
    };
    expect(nativeEngineWorks({ Sanitizer: Shadows, parseHTML })).to.equal(false);
    // Comments kept.
    const Comments = class extends RealSanitizer {
      constructor(config: object) {
        super({ ...config, comments: true });
      }
    };
    expect(nativeEngineWorks({ Sanitizer: Comments, parseHTML })).to.equal(false);
  });

  it('the corpus: every chunk of every document', async () => {
    const inputs: Array<[string, string]> = [];
    for (const name of await corpusNames()) inputs.push(...chunksOf(name, await corpus(name)));
    expect(inputs.length).to.be.above(100);
    expect(differences(inputs, true)).to.deep.equal([]);
  });

  it('every CommonMark and GFM spec example', async () => {
    const spec = await (await fetch('/node_modules/commonmark-spec/spec.txt')).text();
    const examples = [...extractExamples(spec), ...GFM_EXTENSION_EXAMPLES.map((e) => ({ ...e, id: `gfm-${e.number}` }))];
    expect(examples.length).to.be.above(650);
    expect(
      differences(
        examples.flatMap((e) => chunksOf(`example ${e.id}`, e.markdown)),
        true,
      ),
    ).to.deep.equal([]);
  });

  it('every hostile vector, parsed by the kit and as raw markup, defused or not', () => {
    const parsed = VECTORS.flatMap(([name, source]) => chunksOf(name, `Before\n\n${source}\n\nAfter`));
    expect(differences(parsed, true)).to.deep.equal([]);
    const raw = VECTORS.map(([name, source]): [string, string] => [name, `x ${source}`]);
    expect(differences(raw, false)).to.deep.equal([]);
  });

  it('attaches no shadow root from a declarative one, open or closed, with either engine', () => {
    for (const engine of ['native', 'dompurify'] as const)
      for (const mode of ['open', 'closed']) {
        forceSanitizerEngine(engine);
        const fragment = sanitizeToFragment(
          `<div id="h"><template shadowrootmode="${mode}" shadowrootclonable><b>x</b><my-el>y</my-el></template>after</div>`,
          {
            idPrefix: 'e1-',
            nonce: NONCE,
          },
        );
        forceSanitizerEngine(null);
        const host = fragment.querySelector('div')!;
        expect(host.shadowRoot, `${engine} ${mode}`).to.equal(null);
        // A closed root would make this throw.
        expect(() => host.attachShadow({ mode: 'open' }), `${engine} ${mode}`).to.not.throw();
        expect(host.textContent).to.equal('after');
      }
  });

  it('markup that opens with a frameset, which leaves no body: nothing, with either engine', () => {
    const inputs: Array<[string, string]> = [
      ['frameset', '<frameset><frame src="https://e.example/"></frameset><p>after</p>'],
      ['frameset after space', ' \n<frameset cols="1"></frameset>text'],
    ];
    expect(differences(inputs, false)).to.deep.equal([]);
    expect(sanitizeWith('native', inputs[0]![1], false).html).to.equal('');
  });

  it('2,000 pieces of generated tag soup', () => {
    const next = random(20261207);
    const inputs = Array.from({ length: 2_000 }, (_, i): [string, string] => [`soup ${i}`, soup(next)]);
    expect(differences(inputs, false)).to.deep.equal([]);
  });

  it('2,000 more with comments and processing instructions: nothing dangerous either way, and none of them left', () => {
    const next = random(7);
    for (let i = 0; i < 2_000; i++) {
      const html = soup(next, true);
      for (const engine of ['native', 'dompurify'] as const) {
        forceSanitizerEngine(engine);
        const found = newFindings();
        const fragment = sanitizeToFragment(html, { idPrefix: 'e1-', nonce: NONCE, found });
        forceSanitizerEngine(null);
        // Decorated as the renderer decorates a chunk (images become placeholders, links get their policy).
        decorate(
          fragment,
          found,
          { path: 'a.md', idPrefix: 'e1-', nonce: NONCE, locale: 'en', allowRemoteImages: false, pendingLinks: [], codeBlocks: [] },
          mayReorder(html),
        );
        const holder = document.createElement('div');
        holder.append(fragment);
        assertSanitized(holder, { idPrefix: 'e1-' });
        const others = document.createTreeWalker(holder, NodeFilter.SHOW_COMMENT | NodeFilter.SHOW_PROCESSING_INSTRUCTION);
        expect(others.nextNode(), `${engine}: ${html}`).to.equal(null);
      }
    }
  });

  it('by design, an element of text and comments whose text looks like markup keeps its text with the browser’s engine, where DOMPurify drops it', () => {
    const html = '<p>before</p><p>type &lt;b&gt; here <!-- note --></p><p>after</p>';
    expect(sanitizeWith('native', html, false).html).to.equal('<p dir="auto">before</p><p dir="auto">type &lt;b&gt; here </p><p dir="auto">after</p>');
    expect(sanitizeWith('dompurify', html, false).html).to.equal('<p dir="auto">before</p><p dir="auto">after</p>');
  });

  it('by design, the browser drops `object` and `embed` with their fallback content; neither engine keeps the elements', () => {
    const html = 'a <object data="https://e.example/x">fallback</object> <embed src="https://e.example/y"> b';
    const native = sanitizeWith('native', html, false).html;
    const purified = sanitizeWith('dompurify', html, false).html;
    expect(native).to.equal('a   b');
    expect(purified).to.equal('a fallback  b');
    for (const engine of ['native', 'dompurify'] as const) {
      forceSanitizerEngine(engine);
      const holder = document.createElement('div');
      holder.append(sanitizeToFragment(html, { idPrefix: 'e1-', nonce: NONCE }));
      forceSanitizerEngine(null);
      assertSanitized(holder, { idPrefix: 'e1-' });
    }
  });
});
