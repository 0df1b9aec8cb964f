/** The raw view's model: the line index agrees with splitting the text, for any text. */
import { expect } from 'chai';
import fc from 'fast-check';
import { RawDocument, TAB_SIZE, BIDI_MARKER_COLUMNS } from '../../../src/elements/file-preview/raw-document.js';
import { lineCountOf } from '../../../src/elements/file-preview/preview-helpers.js';
import { lineStarts, splitLines } from '../../../src/render/highlight/index.js';
import { MAX_TOKENIZED_LINE } from '../../../src/render/highlight/constants.js';

/** What the document must show, computed the plain way: split, drop the empty line after a final break. */
function expected(text: string): { lines: string[]; columns: number } {
  const all = splitLines(text);
  const lines = all.length > 1 && all[all.length - 1] === '' ? all.slice(0, -1) : all;
  const width = (l: string) =>
    l.length + (l.match(/\t/g) ?? []).length * (TAB_SIZE - 1) + (l.match(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g) ?? []).length * BIDI_MARKER_COLUMNS;
  return { lines, columns: Math.max(0, ...lines.map(width)) };
}

describe('RawDocument', () => {
  it('says when the first colours are in: at once before colouring starts, on the first tokens, or when colouring ends without any', async () => {
    const idle = new RawDocument('const a = 1;\n', 'typescript');
    await idle.whenColoured();

    const code = new RawDocument('export const answer: number = 42;\n'.repeat(20), 'typescript');
    const outcome = code.highlight([0, 5]);
    expect(code.whenColoured(), 'one promise per document').to.equal(code.whenColoured());
    await code.whenColoured();
    expect(code.tokensOf(0)?.length ?? 0, 'the first lines are coloured by then').to.be.greaterThan(0);
    await outcome;

    const plain = new RawDocument('just text\n', null);
    expect(await plain.highlight(null)).to.equal('unsupported');
    await plain.whenColoured();

    // Stopped before any tokens: the wait ends too.
    const stopped = new RawDocument('let x = 1;\n'.repeat(10), 'typescript');
    void stopped.highlight(null);
    const waiting = stopped.whenColoured();
    stopped.dispose();
    await waiting;
  });

  it('knows when a coloured file has a line too long to colour, a line break not counted', () => {
    const long = 'x'.repeat(MAX_TOKENIZED_LINE);
    const short = 'x'.repeat(MAX_TOKENIZED_LINE - 1);
    const cases: Array<[string, string | null, boolean]> = [
      [`a\n${long}\nb`, 'typescript', true],
      [`a\n${long}`, 'typescript', true],
      [`${long}\r\nb\r\n`, 'typescript', true],
      [`a\n${short}\nb\n`, 'typescript', false],
      // Counted with its \r this line is as long as the cap; without it, one shorter: not too long.
      [`a\r\n${short}\r\nb`, 'typescript', false],
      [`${short}\r\n`, 'typescript', false],
      [`a\n${long}`, null, false],
      ['', 'typescript', false],
    ];
    for (const [text, lang, want] of cases)
      expect(new RawDocument(text, lang).hasLongLines, `${JSON.stringify(text.slice(0, 12))}… (${text.length})`).to.equal(want);
  });

  it('cuts lines at \\n and \\r\\n only, like splitting the text', () => {
    const table = ['', 'a', 'a\n', 'a\nb', 'a\r\nb\r\n', '\n', '\n\n', 'x\ry\n', 'last\r', '\r\n', 'a\tb\n\t\tc', 'tab at end\t'];
    for (const text of table) {
      const doc = new RawDocument(text, null);
      const want = expected(text);
      expect(doc.count, JSON.stringify(text)).to.equal(want.lines.length);
      expect(
        Array.from({ length: doc.count }, (_, i) => doc.line(i)),
        JSON.stringify(text),
      ).to.deep.equal(want.lines);
      expect(doc.columns, JSON.stringify(text)).to.equal(want.columns);
      expect(doc.all()).to.equal(want.lines.join('\n'));
    }
  });

  it('agrees with splitting for generated text (generated)', () => {
    const piece = fc.oneof(fc.constantFrom('\n', '\r\n', '\r', '\t', '\u202E', '\u2066', '\u200F', 'é', '😀'), fc.string({ maxLength: 30 }));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        const doc = new RawDocument(text, null);
        const want = expected(text);
        expect(doc.count).to.equal(want.lines.length);
        // The header's count, made without the index: the same, but for an empty text (no line, where the view shows one empty row).
        expect(lineCountOf(text), 'the count without the index').to.equal(text === '' ? 0 : doc.count);
        for (let i = 0; i < doc.count; i += 1) {
          expect(doc.line(i)).to.equal(want.lines[i]);
          expect(doc.lineLength(i)).to.equal(want.lines[i]!.length);
        }
        expect(doc.columns).to.equal(want.columns);
        expect(doc.hasBidi).to.equal(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/.test(text));
        if (doc.count >= 2)
          expect(doc.slice(0, 1, doc.count - 1, 1)).to.equal(
            [want.lines[0]!.slice(1), ...want.lines.slice(1, -1), want.lines[doc.count - 1]!.slice(0, 1)].join('\n'),
          );
      }),
      { numRuns: 300, seed: 11 },
    );
  });

  it('measures the widest line from the line index when the text has only line feeds (generated)', () => {
    const piece = fc.oneof(
      fc.constant('\n'),
      fc.string({ maxLength: 60 }).map((p) => p.replace(/[\t\r\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g, '')),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (parts) => {
        const text = parts.join('');
        expect(new RawDocument(text, null).columns).to.equal(expected(text).columns);
      }),
      { numRuns: 300, seed: 5 },
    );
  });

  it('indexes 50,000 lines without splitting the text', () => {
    const text = 'const x = 1;\n'.repeat(50_000);
    const { starts, count } = lineStarts(text);
    expect(count).to.equal(50_001);
    expect(starts[1]).to.equal(13);
    expect(starts[count]).to.equal(text.length + 1);
    const doc = new RawDocument(text, null);
    expect(doc.count).to.equal(50_000);
    expect(doc.line(49_999)).to.equal('const x = 1;');
    expect(doc.line(50_000)).to.equal('');
  });
});
