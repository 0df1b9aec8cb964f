import { expect } from 'chai';
import fc from 'fast-check';
import {
  MAX_QUERY_LENGTH,
  TextSearch,
  escapeRegExp,
  findPattern,
  isGoToQuery,
  lineOfOffset,
  lineOffsets,
  matchesInLine,
  parseGoToLine,
} from '../../src/model/find.js';

/** Every match of `q` in `text` the slow, obvious way: each start offset, non-overlapping, left to right. */
function naive(text: string, q: string, caseSensitive: boolean, wholeWord: boolean): number[] {
  const hay = caseSensitive ? text : text.toLowerCase();
  const needle = caseSensitive ? q : q.toLowerCase();
  const word = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}\p{M}_]/u.test(c);
  const out: number[] = [];
  for (let i = hay.indexOf(needle); i !== -1 && needle;) {
    if (!wholeWord || (!word(text[i - 1]) && !word(text[i + needle.length]))) {
      out.push(i);
      i = hay.indexOf(needle, i + needle.length);
    } else i = hay.indexOf(needle, i + 1);
  }
  return out;
}

function all(search: TextSearch): number[] {
  while (!search.step(Infinity));
  return Array.from({ length: search.count }, (_, i) => search.match(i)!.offset);
}

describe('find: the pattern', () => {
  const rows: Array<[string, string, { caseSensitive?: boolean; wholeWord?: boolean }, number[]]> = [
    ['plain, case folded', 'Foo foo FOO', {}, [0, 4, 8]],
    ['case-sensitive', 'Foo foo FOO', { caseSensitive: true }, [4]],
    ['whole word', 'foo food afoo foo_ foo.', { wholeWord: true }, [0, 19]],
    ['whole word, Cyrillic letters are letters', 'кот котик кот', { wholeWord: true }, [0, 10]],
    ['pattern characters are literal', 'a.b axb (a.b) a.b*', {}, [0, 9, 14]],
    ['brackets and slashes', 'x[0] /re/ {1}', {}, [0]],
    ['non-overlapping, left to right', 'aaaa', {}, [0, 2]],
    ['no match', 'hello', {}, []],
  ];
  const queries: Record<string, string> = {
    'plain, case folded': 'foo',
    'case-sensitive': 'foo',
    'whole word': 'foo',
    'whole word, Cyrillic letters are letters': 'кот',
    'pattern characters are literal': 'a.b',
    'brackets and slashes': 'x[0]',
    'non-overlapping, left to right': 'aa',
    'no match': 'world',
  };
  for (const [name, text, options, expected] of rows) {
    it(name, () => {
      expect(all(new TextSearch(text, queries[name]!, options))).to.deep.equal(expected);
    });
  }

  it('finds nothing for an empty query or one of only line breaks', () => {
    expect(findPattern('')).to.equal(null);
    expect(findPattern('\n\r\n')).to.equal(null);
    const s = new TextSearch('abc', '');
    expect(s.done).to.equal(true);
    expect(s.count).to.equal(0);
  });

  it('cuts a very long query', () => {
    expect(findPattern('x'.repeat(MAX_QUERY_LENGTH * 3))!.source.length).to.equal(MAX_QUERY_LENGTH);
  });

  it('escapes every pattern character', () => {
    const special = '\\^$.*+?()[]{}|/-';
    expect(new RegExp(escapeRegExp(special)).test(special)).to.equal(true);
  });

  it('agrees with a naive search on generated text', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[abAB _\n.é]{0,80}$/),
        fc.stringMatching(/^[abAB _.é]{1,3}$/),
        fc.boolean(),
        fc.boolean(),
        (text, q, caseSensitive, wholeWord) => {
          expect(all(new TextSearch(text, q, { caseSensitive, wholeWord }))).to.deep.equal(naive(text, q, caseSensitive, wholeWord));
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('find: lines and columns', () => {
  const text = 'one\ntwo two\n\r\nthree two\n';

  it('gives each match its 0-based line and column', () => {
    const s = new TextSearch(text, 'two');
    all(s);
    expect([0, 1, 2].map((i) => s.match(i))).to.deep.equal([
      { line: 1, col: 0, offset: 4, length: 3 },
      { line: 1, col: 4, offset: 8, length: 3 },
      { line: 3, col: 6, offset: 20, length: 3 },
    ]);
    expect(s.match(3)).to.equal(null);
    expect(s.match(-1)).to.equal(null);
  });

  it('indexes lines as the raw view counts them (\\n ends a line, a lone \\r does not)', () => {
    expect(Array.from(lineOffsets('a\nb\r\nc\rd'))).to.deep.equal([0, 2, 5]);
    const starts = lineOffsets(text);
    expect([0, 3, 4, 11, 12, 14, 23].map((o) => lineOfOffset(starts, o))).to.deep.equal([0, 0, 1, 1, 2, 3, 3]);
  });

  it('finds the next match at or after an offset or a line', () => {
    const s = new TextSearch(text, 'two');
    all(s);
    expect(s.indexAtOrAfter(0)).to.equal(0);
    expect(s.indexAtOrAfter(5)).to.equal(1);
    expect(s.indexAtOrAfter(21)).to.equal(-1);
    expect(s.indexAtOrAfterLine(2)).to.equal(2);
    expect(s.indexAtOrAfterLine(4)).to.equal(-1);
    expect(Array.from(s.matchLines())).to.deep.equal([1, 1, 3]);
  });

  it('matches in one line give the columns the whole search gives', () => {
    const p = findPattern('ab', { wholeWord: true })!;
    expect(matchesInLine('ab abc ab', p)).to.deep.equal([
      [0, 2],
      [7, 2],
    ]);
    // The pattern given is not consumed (its lastIndex stays).
    expect(p.lastIndex).to.equal(0);
  });
});

describe('find: slices', () => {
  it('stops at the deadline and resumes where it stopped, finding every match once', () => {
    const text = 'x '.repeat(100_000);
    const s = new TextSearch(text, 'x');
    let clock = 0;
    // A clock that moves one unit per read: each slice ends after a bounded number of matches.
    const now = () => clock++;
    let slices = 0;
    while (!s.step(clock + 4, now)) {
      slices += 1;
      expect(s.done).to.equal(false);
    }
    expect(slices).to.be.greaterThan(10);
    expect(s.count).to.equal(100_000);
    expect(s.match(99_999)!.offset).to.equal(199_998);
  });

  it('runs to the end in slices, reporting progress, and stops when aborted', async () => {
    const text = 'ab\n'.repeat(50_000);
    const s = new TextSearch(text, 'b');
    const seen: number[] = [];
    let clock = 0;
    const ok = await s.run({ sliceMs: 3, now: () => clock++, onProgress: (x) => seen.push(x.count), yieldTo: () => Promise.resolve() });
    expect(ok).to.equal(true);
    expect(s.count).to.equal(50_000);
    expect(seen.length).to.be.greaterThan(2);
    expect(seen).to.deep.equal([...seen].sort((a, b) => a - b));

    const ctl = new AbortController();
    const t = new TextSearch(text, 'b');
    let clock2 = 0;
    const stopped = await t.run({ sliceMs: 3, now: () => clock2++, signal: ctl.signal, onProgress: () => ctl.abort(), yieldTo: () => Promise.resolve() });
    expect(stopped).to.equal(false);
    expect(t.done).to.equal(false);
    expect(t.count).to.be.lessThan(50_000);
  });
});

describe('find: go to line', () => {
  it('reads :123 as a line', () => {
    expect(parseGoToLine(':123')).to.equal(123);
    expect(parseGoToLine(' : 40000 ')).to.equal(40000);
    expect(parseGoToLine(':12:5')).to.equal(12);
    expect(parseGoToLine(':0')).to.equal(null);
    expect(parseGoToLine(':')).to.equal(null);
    expect(parseGoToLine('123')).to.equal(null);
    expect(parseGoToLine(':12a')).to.equal(null);
  });

  it('a query that starts a line number is not searched for, even before its digits', () => {
    for (const qy of [':', ' :', ':1', ':12:', ':12:3']) expect(isGoToQuery(qy), qy).to.equal(true);
    for (const qy of ['', 'a:', ':a', '::', ':1a', 'x']) expect(isGoToQuery(qy), qy).to.equal(false);
  });
});
