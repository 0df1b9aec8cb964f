import { expect } from 'chai';
import fc from 'fast-check';
import {
  MAX_CITATION_ID_LENGTH,
  citationIdLabel,
  citationTargets,
  citedRanges,
  numberCitations,
  presentSources,
  scanMarkers,
  splitCited,
  type QaCitationMarker,
} from '../../src/model/index.js';
import { payload, runs, src } from './helpers.js';

type Row = [name: string, text: string, markers: Array<Pick<QaCitationMarker, 'id' | 'range'>>, pending: number];

const m = (id: string, range: [number, number] | null = null) => ({ id, range: range ? { lineStart: range[0], lineEnd: range[1] } : null });

describe('citation markers', () => {
  describe('scanMarkers', () => {
    const rows: Row[] = [
      ['plain text has none', 'No citations here.', [], -1],
      ['one marker', 'Restart it.[[source:file:docs/a.md]]', [m('file:docs/a.md')], -1],
      ['a range', 'See [[source:file:a.md#L10-L20]].', [m('file:a.md', [10, 20])], -1],
      ['a range without the second L', '[[source:file:a.md#L10-20]]', [m('file:a.md', [10, 20])], -1],
      ['one line', '[[source:file:a.md#L7]]', [m('file:a.md', [7, 7])], -1],
      ['a reversed range is put in order', '[[source:file:a.md#L20-L10]]', [m('file:a.md', [10, 20])], -1],
      ['line 0 cites the whole source', '[[source:file:a.md#L0-L3]]', [m('file:a.md')], -1],
      ['a web id keeps its fragment', '[[source:web:https://x.org/p#install]]', [m('web:https://x.org/p#install')], -1],
      ['jira', 'Known bug [[source:jira:MDC-24929]] and more', [m('jira:MDC-24929')], -1],
      ['spaces around the id are trimmed', '[[source:  jira:A-1 ]]', [m('jira:A-1')], -1],
      ['several, in order', 'a[[source:x]]b[[source:y]]c[[source:x]]', [m('x'), m('y'), m('x')], -1],
      ['adjacent markers', '[[source:x]][[source:y]]', [m('x'), m('y')], -1],
      ['an extra bracket before', '[[[source:x]]', [m('x')], -1],
      ['an empty id is text', '[[source:]] [[source:  ]]', [], -1],
      ['a line break inside is text', '[[source:a\nb]] ok', [], -1],
      ['a bracket inside is text', '[[source:a[b]] [[source:a]b]] ok', [], -1],
      ['other double brackets are text', '[[wiki link]] [[Source:x]]', [], -1],
      ['an unclosed marker mid-text is text', '[[source:a more text\n', [], -1],
      ['pending: [', 'Claim [', [], 6],
      ['pending: [[', 'Claim [[', [], 6],
      ['pending: [[sou', 'Claim [[sou', [], 6],
      ['pending: [[source:', 'Claim [[source:', [], 6],
      ['pending: half an id', 'Claim [[source:file:docs/a.m', [], 6],
      ['pending: one closing bracket', 'Claim [[source:file:a.md]', [], 6],
      ['pending after a complete marker', '[[source:x]] and [[source:y', [m('x')], 17],
      ['not pending: [[x', 'Claim [[x', [], -1],
      ['bidi controls stay in the raw id', '[[source:file:a\u202Etxt.exe]]', [m('file:a\u202Etxt.exe')], -1],
      ['HTML in an id is just characters', '[[source:<img src=x onerror=alert(1)>]]', [m('<img src=x onerror=alert(1)>')], -1],
    ];
    for (const [name, text, markers, pending] of rows) {
      it(name, () => {
        const scan = scanMarkers(text);
        expect(scan.markers.map((x) => ({ id: x.id, range: x.range }))).to.deep.equal(markers);
        expect(scan.pending).to.equal(pending);
        for (const x of scan.markers) expect(text.slice(x.start, x.end)).to.match(/^\[\[source:.*\]\]$/s);
      });
    }

    it('an id over the limit is text, and never pending', () => {
      const long = 'x'.repeat(MAX_CITATION_ID_LENGTH + 1);
      expect(scanMarkers(`[[source:${long}]]`).markers).to.deep.equal([]);
      expect(scanMarkers(`[[source:${long}`).pending).to.equal(-1);
      expect(scanMarkers(`[[source:${'x'.repeat(MAX_CITATION_ID_LENGTH)}]]`).markers.length).to.equal(1);
    });

    it('an out-of-bounds range is reported and cites the whole source', () => {
      const [x] = scanMarkers('[[source:a#L0]]').markers;
      expect(x!.range).to.equal(null);
      expect(x!.problem).to.match(/out of bounds/);
    });

    it('shows an id with its hidden characters as markers', () => {
      expect(citationIdLabel('file:a\u202Etxt')).to.equal('file:a⟦U+202E⟧txt');
    });

    // Generated: text made of markers and filler, cut at every position: the prefix shows the markers complete in it,
    // and a pending start only where a marker was cut.
    const piece = fc.oneof(
      fc.constantFrom('Claim. ', 'x', '[', ']', ' [[', '\n', '中文', 'שלום'),
      fc.stringMatching(/^[a-z:/._#-]{1,12}$/).map((id) => `[[source:${id}]]`),
      fc
        .tuple(fc.stringMatching(/^[a-z]{1,6}$/), fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 500 }))
        .map(([id, a, b]) => `[[source:file:${id}.md#L${a}-L${b}]]`),
    );
    it('every prefix of a generated answer: complete markers found, the cut one pending', () => {
      fc.assert(
        fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
          const text = pieces.join('');
          const full = scanMarkers(text).markers;
          for (let cut = 0; cut <= text.length; cut++) {
            const scan = scanMarkers(text.slice(0, cut));
            const complete = full.filter((x) => x.end <= cut);
            // Every marker complete in the prefix is found; a marker may only differ where the cut reaches into one.
            expect(scan.markers.slice(0, complete.length).map((x) => x.start)).to.deep.equal(complete.map((x) => x.start));
            const cutInto = full.find((x) => x.start < cut && x.end > cut);
            // Where the cut reaches into a marker, the hidden tail starts at it (or a bracket earlier, when the brackets before it are ambiguous).
            if (cutInto) {
              expect(scan.pending, `cut ${cut} of ${JSON.stringify(text)}`).to.be.within(0, cutInto.start);
              expect(cutInto.start - scan.pending).to.be.below(3);
            }
            if (scan.pending >= 0) expect(scan.pending).to.be.at.least(complete.length ? complete[complete.length - 1]!.end : 0);
          }
        }),
        runs(200),
      );
    });

    it('reads long adversarial texts whole: 10,000 markers among unclosed openers and stray brackets', () => {
      // Its speed is the benchmark's (linkCitations over 50 KB); here only what it finds.
      const unit = 'Claim [[source:file:a.md#L1-L2]] [[ [[sourc x] ';
      const scan = scanMarkers(unit.repeat(10_000));
      expect(scan.markers).to.have.length(10_000);
      expect(scan.markers.every((m) => m.id === 'file:a.md' && m.range!.lineStart === 1 && m.range!.lineEnd === 2)).to.equal(true);
      expect(scan.markers[9_999]!.start).to.equal(9_999 * unit.length + 6);
      expect(scan.pending).to.equal(-1);
      const open = scanMarkers('[[source:x '.repeat(20_000));
      expect(open.markers).to.have.length(0);
    });
  });

  describe('numberCitations', () => {
    const known = (id: string) => !id.startsWith('?');
    const rows: Array<[string, string[], Record<string, number>, string[]]> = [
      ['none', [], {}, []],
      ['first appearance', ['b', 'a', 'c'], { b: 1, a: 2, c: 3 }, []],
      ['a source cited three times keeps one number', ['a', 'b', 'a', 'a'], { a: 1, b: 2 }, []],
      ['unknown ids get no number and shift nothing', ['?x', 'a', '?y', 'b', '?x'], { a: 1, b: 2 }, ['?x', '?y']],
    ];
    for (const [name, ids, numbers, unknown] of rows) {
      it(name, () => {
        const index = numberCitations(ids, known);
        expect(Object.fromEntries(index.numbers)).to.deep.equal(numbers);
        expect(index.unknown).to.deep.equal(unknown);
        expect(index.cited).to.deep.equal(Object.keys(numbers));
      });
    }
    it('counts citations per source', () => {
      expect(numberCitations(['a', 'b', 'a', 'a'], () => true).counts.get('a')).to.equal(3);
    });
    it('generated: numbers are 1..n in first-appearance order', () => {
      fc.assert(
        fc.property(fc.array(fc.constantFrom('a', 'b', 'c', 'd', '?e', '?f'), { maxLength: 40 }), (ids) => {
          const index = numberCitations(ids, known);
          const firsts = [...new Set(ids.filter(known))];
          expect(index.cited).to.deep.equal(firsts);
          firsts.forEach((id, i) => expect(index.numbers.get(id)).to.equal(i + 1));
        }),
        runs(200),
      );
    });
  });

  describe('targets, split, ranges', () => {
    const p = payload(
      [
        src({ id: 'file:docs/a.md', kind: 'file', path: 'docs/a.md', locations: [{ lineStart: 3, lineEnd: 9 }] }),
        src({ id: 'jira:A-1', kind: 'jira', title: 'A-1 Bug' }),
        src({ id: 'web:https://x.org', kind: 'web', uri: 'https://x.org', score: 10 }),
        src({ id: 'file:docs/b.md', kind: 'file', path: 'docs/b.md' }),
      ],
      { discovered: [src({ id: 'web:https://d.org', kind: 'web', uri: 'https://d.org' })] },
    );
    const view = presentSources(p);
    const targets = citationTargets(p, view);

    it('knows every source of the payload, visible, under the threshold or discovered', () => {
      for (const id of ['file:docs/a.md', 'jira:A-1', 'web:https://x.org', 'web:https://d.org']) expect(targets.has(id), id).to.equal(true);
      expect(targets.has('file:nope.md')).to.equal(false);
      expect(targets.get('file:docs/a.md')!.title).to.equal('a.md');
    });
    it('a visible source is the same card view as the panel shows', () => {
      const panelItem = view.groups[0]!.items.find((i) => i.id === 'file:docs/a.md');
      expect(targets.get('file:docs/a.md')).to.equal(panelItem);
    });
    it('splits cited and also used', () => {
      const index = numberCitations(['jira:A-1', 'web:https://x.org', 'file:docs/a.md'], targets.has);
      const split = splitCited(view, index);
      expect(split.cited.map((i) => i.id)).to.deep.equal(['jira:A-1', 'file:docs/a.md']);
      expect(split.alsoUsed).to.equal(1);
    });
    it('with no citations every source is also used', () => {
      const split = splitCited(view, numberCitations([], targets.has));
      expect(split.cited).to.deep.equal([]);
      expect(split.alsoUsed).to.equal(view.count);
    });
    it('a cited range wins over the source ranges', () => {
      const item = targets.get('file:docs/a.md')!;
      expect(citedRanges(item, { lineStart: 5, lineEnd: 6 })).to.deep.equal([{ lineStart: 5, lineEnd: 6 }]);
      expect(citedRanges(item, null)).to.deep.equal([{ lineStart: 3, lineEnd: 9 }]);
    });
  });
});
