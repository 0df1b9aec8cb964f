/**
 * The lexical pre-pass that keeps a strict page policy quiet: inline styles
 * and handlers are renamed before the sanitizer parses a document, the rest
 * of the markup is untouched, and pathological input stays linear.
 */
import { expect } from 'chai';
import { defuseInlineAttributes, INERT_ATTRIBUTE_PREFIX as P } from '../../src/render/inline-attributes.js';
import { sanitizeToFragment } from '../../src/render/sanitize.js';

const CASES: Array<[string, string]> = [
  ['<p style="color:red">x</p>', `<p ${P}style="color:red">x</p>`],
  ['<img src=x onerror=alert(1)>', `<img src=x ${P}onerror=alert(1)>`],
  ['<IMG SRC=x ONERROR="a">', `<IMG SRC=x ${P}ONERROR="a">`],
  ["<div\tstyle\n=\n'a' onclick>t</div>", `<div\t${P}style\n=\n'a' ${P}onclick>t</div>`],
  ['<p title="x"style="y">', `<p title="x"${P}style="y">`],
  ['<p/style=a>', `<p/${P}style=a>`],
  ['<a title="<b onclick=x>" href="#">', '<a title="<b onclick=x>" href="#">'],
  ['<p data-style="a" styles="b" on="d" xonclick="e">', '<p data-style="a" styles="b" on="d" xonclick="e">'],
  // Any `on…` name goes (it is never allowed anyway); text that only looks like a tag inside a comment may too.
  ['<p one="c">', `<p ${P}one="c">`],
  ['<!-- <p style=x> -->', `<!-- <p ${P}style=x> -->`],
  ['a style="x" b <3 onclick=1', 'a style="x" b <3 onclick=1'],
  ['&lt;p style="x"&gt;', '&lt;p style="x"&gt;'],
  ['<p style="unclosed', '<p style="unclosed'],
  ['<p onclick="a" title="open', '<p onclick="a" title="open'],
];

describe('defuseInlineAttributes', () => {
  for (const [input, expected] of CASES) {
    it(`${JSON.stringify(input)}`, () => {
      expect(defuseInlineAttributes(input)).to.equal(expected);
    });
  }

  it('returns the same string when there is nothing to rename', () => {
    const html = '<p class="x">a <em>b</em></p>'.repeat(100);
    expect(defuseInlineAttributes(html)).to.equal(html);
  });

  it('stays linear on pathological input', () => {
    for (const unit of ['<a x="', '<a onclick ', '<a ', '< a style=', '<a b=c '.repeat(3) + 'style', '<p style=x']) {
      const input = unit.repeat(Math.ceil(400_000 / unit.length));
      const start = performance.now();
      const out = defuseInlineAttributes(input);
      // Generous: quadratic behaviour would take minutes here.
      expect(performance.now() - start, unit).to.be.below(2_000);
      expect(out.length).to.be.at.least(input.length);
    }
  });

  it('leaves nothing for the sanitizer to keep', () => {
    const frag = sanitizeToFragment('<p style="color:red" onclick="x()">a</p><img src="https://e.example/a.png" onerror="x()">', {
      idPrefix: 't-',
      nonce: 'n',
    });
    const holder = document.createElement('div');
    holder.append(frag);
    expect(holder.querySelector('[style], [onclick], [onerror]')).to.equal(null);
    expect([...holder.querySelectorAll('*')].flatMap((e) => e.getAttributeNames()).filter((n) => n.startsWith(P))).to.deep.equal([]);
    expect(holder.textContent).to.equal('a');
  });
});
