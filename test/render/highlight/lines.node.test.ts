// Line splitting and the line index every highlighted view counts lines by. Pure: plain Node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { lineStarts, splitLines, TextLines } from '../../../src/render/highlight/lines.ts';

test('splitLines: `\\n` and `\\r\\n` end a line, a lone `\\r` does not', () => {
  assert.deepEqual(splitLines(''), ['']);
  assert.deepEqual(splitLines('a'), ['a']);
  assert.deepEqual(splitLines('a\n'), ['a', '']);
  assert.deepEqual(splitLines('a\r\nb\rc\n\nd'), ['a', 'b\rc', '', 'd']);
  assert.deepEqual(splitLines('\r\n'), ['', '']);
});

test('lineStarts: one start per line and a sentinel one past the end, growing past its first guess', () => {
  assert.deepEqual([...lineStarts('').starts], [0, 1]);
  assert.deepEqual([...lineStarts('ab\ncd\n').starts], [0, 3, 6, 7]);
  const text = '\n'.repeat(5_000);
  const { starts, count } = lineStarts(text);
  assert.equal(count, 5_001);
  assert.equal(starts.length, count + 1);
  assert.equal(starts[count], text.length + 1);
  for (let i = 1; i < count; i++) assert.equal(starts[i], i);
});

test('TextLines: lines without their breaks, offsets, and nothing outside the text', () => {
  const lines = new TextLines('one\r\ntwo\rx\n\nlast');
  assert.equal(lines.count, 4);
  assert.deepEqual(
    [0, 1, 2, 3].map((n) => lines.line(n)),
    ['one', 'two\rx', '', 'last'],
  );
  assert.deepEqual(
    [0, 1, 2, 3].map((n) => [lines.start(n), lines.end(n)]),
    [
      [0, 3],
      [5, 10],
      [11, 11],
      [12, 16],
    ],
  );
  assert.equal(lines.line(-1), '');
  assert.equal(lines.line(4), '');
  // A `\r` as the last character of the text is text, not half a line break.
  assert.equal(new TextLines('a\r').line(0), 'a\r');
  assert.equal(new TextLines('\r\n').line(0), '');
});

test('TextLines.longest: the longest of the first lines, breaks not counted except a `\\r`', () => {
  const lines = new TextLines('ab\nabcde\r\nabc\n');
  assert.equal(lines.longest(), 6);
  assert.equal(lines.longest(1), 2);
  assert.equal(lines.longest(0), 0);
  assert.equal(lines.longest(99), 6);
  assert.equal(new TextLines('').longest(), 0);
  assert.equal(new TextLines('abcd').longest(), 4);
});

test('TextLines cuts the same lines as splitLines, for any text (generated)', () => {
  const piece = fc.constantFrom('a', 'é', '\n', '\r', '\r\n', ' ', '😀');
  fc.assert(
    fc.property(
      fc.array(piece, { maxLength: 80 }).map((p) => p.join('')),
      (text) => {
        const lines = new TextLines(text);
        const split = splitLines(text);
        assert.equal(lines.count, split.length);
        split.forEach((line, i) => {
          assert.equal(lines.line(i), line);
          assert.equal(text.slice(lines.start(i), lines.end(i)), line);
        });
      },
    ),
    { seed: 20_261_202, numRuns: 500 },
  );
});

test('TextLines with a known index: used as given when it fits the text, made again when it does not', () => {
  const text = 'one\r\ntwo\n\nfour';
  const made = lineStarts(text);
  const given = new TextLines(text, made);
  assert.equal(given.index.starts, made.starts, 'a fitting index is the one given, not a copy');
  assert.deepEqual(
    [0, 1, 2, 3].map((n) => given.line(n)),
    ['one', 'two', '', 'four'],
  );
  const wrong = [
    { starts: new Uint32Array([0, 5, 9, 11, 15]), count: 4 }, // the last line not after a line feed
    { starts: new Uint32Array([0, 5, 9, 10, 99]), count: 4 }, // no sentinel at the end
    { starts: new Uint32Array([1, 5, 9, 10, 15]), count: 4 }, // not from the first character
    { starts: new Uint32Array([0, 5, 9, 10, 15]), count: 5 }, // count and array disagree
    { starts: [0, 5, 9, 10, 15] as unknown as Uint32Array, count: 4 }, // not a typed array (a message from elsewhere)
  ];
  for (const index of wrong) {
    const lines = new TextLines(text, index);
    assert.notEqual(lines.index.starts, index.starts);
    assert.deepEqual([...lines.index.starts], [...made.starts]);
    assert.equal(lines.count, 4);
  }
});

test('TextLines.longest gives the same answer from the index as from a count over the lines, for any text and count (generated)', () => {
  const piece = fc.constantFrom('a', 'bcdef', '\n', '\r', '\r\n', '\n\n', 'é');
  fc.assert(
    fc.property(
      fc.array(piece, { maxLength: 60 }).map((p) => p.join('')),
      fc.nat(40),
      (text, count) => {
        const lines = new TextLines(text);
        // By hand: the widest of the first `count` lines, a `\r` before the break counted.
        const split = text.split('\n');
        const widths = split.slice(0, Math.min(count, lines.count)).map((line) => line.length);
        assert.equal(lines.longest(count), Math.max(0, ...widths));
        assert.equal(lines.longest(), Math.max(0, ...split.map((line) => line.length)));
        // Without the widest known (an index from elsewhere), the loop gives the same.
        const { starts, count: n } = lineStarts(text);
        assert.equal(new TextLines(text, { starts, count: n }).longest(count), lines.longest(count));
      },
    ),
    { seed: 20_261_203, numRuns: 500 },
  );
});
