// The lexical passes over untrusted HTML before it is parsed: inline styles
// and handlers renamed so a strict page policy stays quiet, and the kit's own
// `data-qa-` names taken away from documents. The rest of the markup is
// untouched, and pathological input stays linear. Pure: plain Node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defuseInlineAttributes, defuseKitAttributes, INERT_ATTRIBUTE_PREFIX as P } from '../../src/render/inline-attributes.ts';

const INLINE_CASES: Array<[string, string]> = [
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
  // End tags carry no attributes a browser would apply.
  ['</p style="x">', '</p style="x">'],
  ['<p a=1 style=2><b onclick=3>t</b></p>', `<p a=1 ${P}style=2><b ${P}onclick=3>t</b></p>`],
];

for (const [input, expected] of INLINE_CASES) {
  test(`defuseInlineAttributes ${JSON.stringify(input)}`, () => {
    assert.equal(defuseInlineAttributes(input), expected);
  });
}

test('defuseInlineAttributes returns the same string when there is nothing to rename', () => {
  const html = '<p class="x">a <em>b</em></p>'.repeat(100);
  assert.equal(defuseInlineAttributes(html), html);
});

test('defuseInlineAttributes leaves a tag longer than the scanner follows as it is', () => {
  const long = `<p ${'a=1 '.repeat(5_000)}style="x">t</p>`;
  assert.equal(defuseInlineAttributes(long), long);
  const short = `<p ${'a=1 '.repeat(100)}style="x">t</p>`;
  assert.equal(defuseInlineAttributes(short), short.replace('style=', `${P}style=`));
});

test('defuseInlineAttributes stays linear on pathological input', () => {
  for (const unit of ['<a x="', '<a onclick ', '<a ', '< a style=', '<a b=c '.repeat(3) + 'style', '<p style=x']) {
    const input = unit.repeat(Math.ceil(400_000 / unit.length));
    const start = performance.now();
    const out = defuseInlineAttributes(input);
    // Generous: quadratic behaviour would take minutes here.
    assert.ok(performance.now() - start < 2_000, unit);
    assert.ok(out.length >= input.length);
  }
});

const KIT_CASES: Array<[string, string]> = [
  ['<span data-qa-kit="n task">x</span>', '<span data-x-qa-kit="n task">x</span>'],
  ['<p DATA-QA-LINE="1-9">p</p>', '<p DATA-x-QA-LINE="1-9">p</p>'],
  ['<a href="#" data-qa-target="t" data-qa-link=external>', '<a href="#" data-x-qa-target="t" data-x-qa-link=external>'],
  // Values, text and other attributes keep `data-qa-` as written.
  ['<p title="data-qa-kit=x" data-qaz="1">data-qa-kit</p>', '<p title="data-qa-kit=x" data-qaz="1">data-qa-kit</p>'],
  ['<p data-x-qa-kit="1">', '<p data-x-qa-kit="1">'],
  ['text data-qa-line="1-2"', 'text data-qa-line="1-2"'],
  ['<p data-qa-line="1', '<p data-qa-line="1'],
];

for (const [input, expected] of KIT_CASES) {
  test(`defuseKitAttributes ${JSON.stringify(input)}`, () => {
    assert.equal(defuseKitAttributes(input), expected);
  });
}

test('defuseKitAttributes returns the same string when no kit name is there', () => {
  const html = '<p data-line="1" class="qa-code">x</p>';
  assert.equal(defuseKitAttributes(html), html);
});

test('the two passes compose: a renamed name is never renamed into a kit name', () => {
  const html = '<p style="a" data-qa-html="" onclick="b">t</p>';
  const out = defuseKitAttributes(defuseInlineAttributes(html));
  assert.equal(out, `<p ${P.replace('data-qa-', 'data-x-qa-')}style="a" data-x-qa-html="" ${P.replace('data-qa-', 'data-x-qa-')}onclick="b">t</p>`);
  assert.doesNotMatch(out, /\sdata-qa-/);
});
