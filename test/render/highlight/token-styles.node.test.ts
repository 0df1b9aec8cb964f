// Token colours: contrast, the colour moved until it reads on every code
// background, and one class number per token style. Without CSSStyleSheet
// (plain Node) the numbering still works; the rules themselves are checked
// in the browser by highlight.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contrastRatio, readableOn, registerStyle } from '../../../src/render/highlight/token-styles.ts';

const LIGHT = ['#ffffff', '#f6f7f9', '#fff4cc', '#fff8e0'];
const DARK = ['#16181d', '#1f2229', '#212327', '#3c321e', '#2c2a22'];

test('contrastRatio: WCAG ratios, either order; alpha ignored; unreadable input counts as full contrast', () => {
  assert.equal(contrastRatio('#000000', '#ffffff'), 21);
  assert.equal(contrastRatio('#ffffff', '#000000'), 21);
  assert.equal(contrastRatio('#777777', '#777777'), 1);
  assert.equal(Math.round(contrastRatio('#767676', '#ffffff') * 100) / 100, 4.54);
  assert.equal(contrastRatio('#767676ff', '#ffffff'), contrastRatio('#767676', '#ffffff'));
  assert.equal(contrastRatio('#FFFFFF', '#000000'), 21);
  for (const bad of ['#fff', 'red', '', '#gggggg', 'rgb(0,0,0)']) assert.equal(contrastRatio(bad, '#ffffff'), 21, bad);
});

test('readableOn: a readable colour stays; a faint one moves towards black or white until it reads everywhere', () => {
  assert.equal(readableOn('#1f2328', LIGHT, 'black'), '#1f2328');
  for (const [fg, backgrounds, towards] of [
    ['#ffd33d', LIGHT, 'black'],
    ['#8c959f', LIGHT, 'black'],
    ['#6e7781', DARK, 'white'],
    ['#0550ae', DARK, 'white'],
  ] as const) {
    const out = readableOn(fg, backgrounds, towards);
    assert.notEqual(out, fg);
    assert.match(out, /^#[0-9a-f]{6}$/);
    for (const bg of backgrounds) assert.ok(contrastRatio(out, bg) >= 4.6, `${fg} → ${out} on ${bg}`);
  }
  // Alpha is dropped from what it returns; what it cannot read is returned as it is.
  assert.equal(readableOn('#1f2328cc', LIGHT, 'black'), '#1f2328');
  assert.equal(readableOn('tomato', LIGHT, 'black'), 'tomato');
});

test('registerStyle: one number per distinct style, from 1, stable on every call', () => {
  const a = { fg: '#cf222e', bg: '', darkFg: '#ff7b72', darkBg: '', fontStyle: 0 };
  const n = registerStyle(a);
  assert.ok(n >= 1);
  assert.equal(registerStyle({ ...a }), n);
  const italic = registerStyle({ ...a, fontStyle: 1 });
  const dark = registerStyle({ ...a, darkFg: '#ffffff' });
  const bg = registerStyle({ ...a, bg: '#ffebe9' });
  assert.equal(new Set([n, italic, dark, bg]).size, 4);
  assert.equal(registerStyle({ ...a, fontStyle: 1 }), italic);
});
