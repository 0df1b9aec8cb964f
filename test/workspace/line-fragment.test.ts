// Line fragments: `#L10-L20` read as a range, a range written as a fragment,
// and the page address that points at lines.
import { expect } from 'chai';
import { formatLineFragment, lineFragment, lineLinkOn } from '../../src/workspace/line-fragment.js';

describe('lineFragment', () => {
  it('reads one line and a range, in either order', () => {
    expect(lineFragment('#L10')).to.deep.equal({ lineStart: 10, lineEnd: 10 });
    expect(lineFragment('#L10-L20')).to.deep.equal({ lineStart: 10, lineEnd: 20 });
    expect(lineFragment('#L20-L10')).to.deep.equal({ lineStart: 10, lineEnd: 20 });
  });

  it('refuses anything else', () => {
    for (const hash of ['', '#', 'L10', '#L0', '#L0-L3', '#L3-L0', '#l10', '#L10-20', '#L10-L', '#L-1', '#L1x', '#L1234567890', '#Lten', ' #L1'])
      expect(lineFragment(hash), hash).to.equal(null);
  });
});

describe('formatLineFragment', () => {
  it('writes one line and a range', () => {
    expect(formatLineFragment({ lineStart: 7, lineEnd: 7 })).to.equal('L7');
    expect(formatLineFragment({ lineStart: 7, lineEnd: 9 })).to.equal('L7-L9');
  });

  it('reads back what it writes', () => {
    for (const r of [
      { lineStart: 1, lineEnd: 1 },
      { lineStart: 3, lineEnd: 40 },
      { lineStart: 999_999_999, lineEnd: 999_999_999 },
    ])
      expect(lineFragment(`#${formatLineFragment(r)}`)).to.deep.equal(r);
  });
});

describe('lineLinkOn', () => {
  it('replaces the page fragment with the lines', () => {
    expect(lineLinkOn('https://a.example/app?x=1#top', { lineStart: 2, lineEnd: 5 })).to.equal('https://a.example/app?x=1#L2-L5');
    expect(lineLinkOn('https://a.example/app', { lineStart: 2, lineEnd: 2 })).to.equal('https://a.example/app#L2');
    expect(lineLinkOn('', { lineStart: 2, lineEnd: 2 })).to.equal('#L2');
  });
});
