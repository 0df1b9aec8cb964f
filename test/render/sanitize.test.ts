/**
 * The sanitizer's own contract, called directly: the fragment it returns, the
 * ids, classes, directions and kit markers it rewrites, the URLs it keeps, and
 * the findings it collects, with either engine. The hostile-document suite
 * is test/render/sanitize/xss.test.ts; engines.test.ts holds the two engines
 * to the same DOM.
 */
import { expect } from 'chai';
import { INERT_ATTRIBUTE_PREFIX } from '../../src/render/inline-attributes.js';
import { forceSanitizerEngine, newFindings, sanitizeToFragment, sanitizerReady, type SanitizeContext } from '../../src/render/sanitize.js';

const CTX: SanitizeContext = { idPrefix: 'p1-', nonce: 'N0NCE' };

function clean(html: string, ctx: Partial<SanitizeContext> = {}): HTMLElement {
  const holder = document.createElement('div');
  holder.append(sanitizeToFragment(html, { ...CTX, ...ctx }));
  return holder;
}

for (const engine of ['native', 'dompurify'] as const) {
  describe(`sanitizeToFragment (engine: ${engine})`, () => {
    before(async () => {
      forceSanitizerEngine(engine);
      await sanitizerReady();
    });
    after(() => forceSanitizerEngine(null));

    it('returns a fragment of an inert document: nothing loads before it is inserted', () => {
      const frag = sanitizeToFragment('<img src="https://img.example/a.png" alt="a"><p>t</p>', CTX);
      expect(frag).to.be.instanceOf(DocumentFragment);
      expect(frag.ownerDocument).to.not.equal(document);
      expect(frag.querySelector('img')!.getAttribute('src')).to.equal('https://img.example/a.png');
      expect(frag.textContent).to.equal('t');
    });

    it('keeps http, https, mailto, fragments and relative URLs; drops every other scheme', () => {
      const kept = [
        'https://e.example/a',
        'http://e.example',
        'mailto:a@e.example',
        '#top',
        'docs/a.md',
        './a.md',
        '../a.md',
        '?q=1',
        'a.md#x',
        'HTTPS://E.EXAMPLE/',
      ];
      const dropped = [
        'javascript:alert(1)',
        'JaVaScRiPt:alert(1)',
        ' javascript:alert(1)',
        'java\tscript:alert(1)',
        'vbscript:x',
        'data:text/html,x',
        'file:///etc/passwd',
        'blob:https://e.example/x',
        'ftp://e.example/',
        'tel:123',
        'intent://x',
        'foo:bar',
      ];
      for (const href of kept) expect(clean(`<a href="${href}">x</a>`).querySelector('a')!.getAttribute('href'), href).to.equal(href);
      for (const href of dropped) expect(clean(`<a href="${href}">x</a>`).querySelector('a')!.hasAttribute('href'), href).to.equal(false);
    });

    it('drops data: URLs on images and links, whatever spacing hides them', () => {
      for (const src of ['data:image/png;base64,AAAA', ' DATA:image/png;base64,AAAA', 'da\nta:image/png;base64,AAAA']) {
        const img = clean(`<img src="${src}" alt="x">`).querySelector('img')!;
        expect(img.hasAttribute('src'), JSON.stringify(src)).to.equal(false);
        expect(img.getAttribute('alt')).to.equal('x');
      }
    });

    it('prefixes ids, turns whitespace into dashes, caps their length and drops empty ones', () => {
      const r = clean(`<h2 id="a b\tc">x</h2><p id="${'x'.repeat(300)}">y</p><p id="   ">z</p>`);
      expect(r.querySelector('h2')!.id).to.equal('p1-a-b-c');
      expect(r.querySelectorAll('p')[0]!.id).to.equal(`p1-${'x'.repeat(200)}`);
      // Blank ids (DOMPurify trims values) are dropped, never left as the bare prefix.
      expect(r.querySelectorAll('p')[1]!.hasAttribute('id')).to.equal(false);
      expect(clean('<p id="">z</p>').querySelector('p')!.hasAttribute('id')).to.equal(false);
    });

    it('turns an old-style named anchor into a prefixed id unless it has an id, and drops name', () => {
      const r = clean('<a name=" top ">a</a><a name="x" id="own">b</a><span name="n">c</span>');
      const [a, b] = Array.from(r.querySelectorAll('a'));
      expect(a!.id).to.equal('p1-top');
      expect(b!.id).to.equal('p1-own');
      expect(r.querySelector('[name]')).to.equal(null);
    });

    it('keeps only the kit’s class names, and only the valid directions', () => {
      const r = clean('<p class="evil  task-list-item qa-sr-only x">a</p><p class="evil">b</p><p dir="RTL">c</p><p dir="sideways">d</p>');
      const [p1, p2, p3, p4] = Array.from(r.querySelectorAll('p'));
      expect(p1!.getAttribute('class')).to.equal('task-list-item qa-sr-only');
      expect(p2!.hasAttribute('class')).to.equal(false);
      expect(p3!.getAttribute('dir')).to.equal('RTL');
      expect(p4!.getAttribute('dir')).to.equal('auto');
    });

    it('sets dir=auto on text blocks not inside one with a direction, and ltr on code', () => {
      const r = clean('<ul><li>a</li></ul><div dir="rtl"><p>b</p></div><p>c</p><pre dir="rtl">d</pre><span>e</span>');
      expect(r.querySelector('ul')!.getAttribute('dir')).to.equal('auto');
      expect(r.querySelector('li')!.hasAttribute('dir')).to.equal(false);
      expect(r.querySelector('div p')!.hasAttribute('dir')).to.equal(false);
      expect(r.querySelector(':scope > p')!.getAttribute('dir')).to.equal('auto');
      expect(r.querySelector('pre')!.getAttribute('dir')).to.equal('ltr');
      expect(r.querySelector('span')!.hasAttribute('dir')).to.equal(false);
    });

    it('keeps the kit’s markers only in their own form: the nonce, a line span, an empty html flag, a language id', () => {
      const found = newFindings();
      const r = clean(
        '<span data-qa-kit="N0NCE task">a</span><span data-qa-kit="OTHER task">b</span><span data-qa-kit="N0NCE">c</span>' +
          '<p data-qa-line="3-9">d</p><p data-qa-line="3">e</p><p data-qa-line="1-99999999">f</p>' +
          '<div data-qa-html="">g</div><div data-qa-html="1">h</div>' +
          '<pre data-lang="c++">i</pre><pre data-lang="Bad Lang">j</pre>',
        { found },
      );
      expect(Array.from(r.querySelectorAll('[data-qa-kit]'), (e) => e.textContent)).to.deep.equal(['a']);
      expect(found.kit.map((e) => e.textContent)).to.deep.equal(['a']);
      expect(Array.from(r.querySelectorAll('[data-qa-line]'), (e) => e.textContent)).to.deep.equal(['d']);
      expect(Array.from(r.querySelectorAll('[data-qa-html]'), (e) => e.textContent)).to.deep.equal(['g']);
      expect(Array.from(r.querySelectorAll('[data-lang]'), (e) => e.textContent)).to.deep.equal(['i']);
    });

    it('drops a link’s type, keeps a list’s; removed wrappers keep their text', () => {
      const r = clean('<a href="#" type="text/html">a</a><ol type="a" start="3"><li>b</li></ol><form><button>go</button></form><svg><text>s</text></svg>');
      expect(r.querySelector('a')!.hasAttribute('type')).to.equal(false);
      expect(r.querySelector('ol')!.getAttribute('type')).to.equal('a');
      expect(r.querySelector('ol')!.getAttribute('start')).to.equal('3');
      expect(r.querySelector('form, button, svg')).to.equal(null);
      expect(r.textContent).to.contain('go');
    });

    it('collects links, images, code blocks and tables in document order', () => {
      const found = newFindings();
      const r = clean(
        '<a href="#1">1</a><table><tr><td><a href="#2">2</a><img src="https://e.example/a.png"></td></tr></table><pre>p</pre><img src="https://e.example/b.png">',
        {
          found,
        },
      );
      expect(found.links.map((a) => a.getAttribute('href'))).to.deep.equal(['#1', '#2']);
      expect(found.images.map((i) => i.getAttribute('src'))).to.deep.equal(['https://e.example/a.png', 'https://e.example/b.png']);
      expect(found.pres).to.have.length(1);
      expect(found.tables).to.have.length(1);
      expect(found.links.every((a) => r.contains(a))).to.equal(true);
    });

    it('leaves no inline style or handler, renamed or not, whether the markup came defused or not', () => {
      for (const defused of [false, true]) {
        const r = clean('<p style="color:red" onclick="x()">a</p><img src="https://e.example/a.png" onerror="x()">', { defused });
        expect(r.querySelector('[style], [onclick], [onerror]'), `defused: ${defused}`).to.equal(null);
        const names = Array.from(r.querySelectorAll('*')).flatMap((e) => e.getAttributeNames());
        expect(names.filter((n) => n.startsWith(INERT_ATTRIBUTE_PREFIX))).to.deep.equal([]);
        expect(r.textContent).to.equal('a');
      }
    });

    it('keeps each call’s context to itself', () => {
      const a = clean('<h1 id="x">a</h1>', { idPrefix: 'one-' });
      const b = clean('<h1 id="x">b</h1>', { idPrefix: 'two-' });
      expect(a.querySelector('h1')!.id).to.equal('one-x');
      expect(b.querySelector('h1')!.id).to.equal('two-x');
      // A named anchor of one call never gives an id in the next.
      clean('<a name="left">a</a>');
      expect(clean('<a id="k">b</a>').querySelector('a')!.id).to.equal('p1-k');
    });
  });
}
