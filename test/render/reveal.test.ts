import { expect } from 'chai';
import { revealCharacters } from '../../src/render/reveal.js';

const BIDI = /[\u202A-\u202E\u2066-\u2069]/;
const TAGS = /[\u{E0000}-\u{E007F}]/u;

function holder(html: string): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div;
}

describe('revealCharacters', () => {
  it('replaces each matching character with a marker naming its code point, in every text node', () => {
    const root = holder('<p>a\u202Eb<b>c\u2066\u2069d</b></p>');
    expect(revealCharacters(root, BIDI, 'qa-bidi', 'Direction control')).to.equal(true);
    const markers = Array.from(root.querySelectorAll('span.qa-bidi'));
    expect(markers.map((m) => m.textContent)).to.deep.equal(['⟦U+202E⟧', '⟦U+2066⟧', '⟦U+2069⟧']);
    expect(markers.every((m) => m.getAttribute('title') === 'Direction control')).to.equal(true);
    expect(root.textContent).to.equal('a⟦U+202E⟧bc⟦U+2066⟧⟦U+2069⟧d');
    expect(root.querySelector('b')!.firstChild!.textContent).to.equal('c');
  });

  it('finds every node with a global or sticky pattern too', () => {
    for (const flags of ['g', 'y', 'gy']) {
      const root = holder('<p>\u202Ea</p><p>b\u202E</p><p>\u202Ec</p>');
      const pattern = new RegExp(BIDI.source, flags);
      expect(revealCharacters(root, pattern, 'qa-bidi', 't')).to.equal(true);
      expect(root.querySelectorAll('span.qa-bidi').length, flags).to.equal(3);
    }
  });

  it('returns false and leaves the tree alone when nothing matches', () => {
    const root = holder('<p>plain <i>text</i></p>');
    const before = root.innerHTML;
    expect(revealCharacters(root, BIDI, 'qa-bidi', 't')).to.equal(false);
    expect(root.innerHTML).to.equal(before);
  });

  it('counts a character outside the BMP as the two units of text it replaced', () => {
    const root = holder('x\u{E0041}y');
    expect(revealCharacters(root, TAGS, 'qa-tag', 't')).to.equal(true);
    const marker = root.querySelector('span')!;
    expect(marker.textContent).to.equal('⟦U+E0041⟧');
    expect(marker.getAttribute('data-units')).to.equal('2');
    expect(root.textContent).to.equal('x⟦U+E0041⟧y');
  });

  it('gives the same markers on every call with the same pattern', () => {
    const zeroWidth = /\u200B/;
    for (let i = 0; i < 3; i++) {
      const root = holder('a\u200Bb\u200B');
      expect(revealCharacters(root, zeroWidth, 'z', 't'), `call ${i}`).to.equal(true);
      expect(root.textContent).to.equal('a⟦U+200B⟧b⟦U+200B⟧');
    }
  });

  it('writes markers as text: no marker holds markup, whatever the title', () => {
    const root = holder('a\u202Eb');
    revealCharacters(root, BIDI, 'm', '<img src=x onerror=alert(1)>');
    expect(root.querySelector('img')).to.equal(null);
    expect(root.querySelector('span')!.title).to.equal('<img src=x onerror=alert(1)>');
  });
});
