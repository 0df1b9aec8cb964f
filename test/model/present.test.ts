import { expect } from 'chai';
import fc from 'fast-check';
import {
  DEFAULT_MAX_PER_GROUP,
  SOURCE_KINDS,
  compareSourceItems,
  dedupeSources,
  parseTurnSources,
  presentItem,
  presentSources,
} from '../../src/model/index.js';
import * as fixtures from '../../stories/fixtures/payloads.js';
import { payload, payloadArb, runs, src, viewItems } from './helpers.js';

const items = viewItems;

describe('presentSources', () => {
  describe('the reference payload', () => {
    const view = presentSources(fixtures.referencePayload);
    it('counts visible sources only: 7 of 8 entries, 10 discovered (9 + 1 under the threshold)', () => {
      expect(view.count).to.equal(7);
      expect(view.empty).to.equal(false);
      expect(view.discovered.count).to.equal(10);
      expect(view.discovered.items).to.deep.equal([]);
      expect(view.groups.reduce((n, g) => n + g.count, 0)).to.equal(view.count);
      expect(view.sessionId).to.equal('sess-7f3a');
      expect(view.turn).to.equal(4);
      expect(view.complete).to.equal(true);
      expect(view.threshold).to.equal(50);
    });
    it('groups in the fixed order, with their cards', () => {
      expect(view.groups.map((g) => [g.kind, g.items.map((i) => i.title)])).to.deep.equal([
        ['file', ['technicalDiagnosis.md']],
        ['code', ['ActivitySectionTypeEnum.cs']],
        ['jira', ['MDC-24929', 'MDC-23617']],
        ['confluence', ['Вибродиагностика MM3']],
        ['web', ['ISO 20816-1:2016 — Mechanical vibration — Measurement and evaluation', 'Vibration analysis - Wikipedia']],
      ]);
    });
    it('a file card: basename, shortened directory, MD badge, ranges with an en dash, opens in the preview', () => {
      const card = view.groups[0]!.items[0]!;
      expect(card).to.include({
        kind: 'file',
        title: 'technicalDiagnosis.md',
        secondary: 'docs / … / EAM / Diagnostics',
        badge: 'MD',
        local: true,
        href: null,
        path: 'docs/User_Guide/EAM/Diagnostics/technicalDiagnosis.md',
        subagent: false,
        partial: false,
        suspicious: false,
        order: 0,
      });
      expect(card.rangeLabels).to.deep.equal(['197–218', '355–371']);
      expect(card.ranges).to.deep.equal([
        { lineStart: 197, lineEnd: 218 },
        { lineStart: 355, lineEnd: 371 },
      ]);
      expect(card.firstLocation).to.deep.include({ lineStart: 197, lineEnd: 218 });
      const file = 'docs/User_Guide/EAM/Diagnostics/technicalDiagnosis.md';
      expect(card.locations.map(({ source: _, ...l }) => l)).to.deep.equal([
        { type: 'lines', text: '197–218', path: null, target: { path: file, range: { lineStart: 197, lineEnd: 218 } } },
        { type: 'lines', text: '355–371', path: null, target: { path: file, range: { lineStart: 355, lineEnd: 371 } } },
      ]);
      expect(card.locations[1]!.source).to.deep.include({ lineStart: 355, lineEnd: 371 });
    });
    it('a Jira card: key as title, summary as secondary line, external link, subagent', () => {
      const card = view.groups[2]!.items[0]!;
      expect(card).to.include({
        title: 'MDC-24929',
        issueKey: 'MDC-24929',
        summary: 'Вибродоктор. GET /history',
        secondary: 'Вибродоктор. GET /history',
        href: 'https://jira.example.com/browse/MDC-24929',
        local: false,
        subagent: true,
        badge: null,
      });
    });
    it('origins for the details: parent and subagent chains with labels from metadata.subagents', () => {
      expect(view.groups[0]!.items[0]!.origins).to.deep.equal([
        { role: 'parent', chain: [], evidence: 'read', turn: 4, step: 2, toolName: 'read' },
        { role: 'subagent', chain: ['Jira research'], evidence: 'read', turn: 4, step: null, toolName: 'read' },
      ]);
      expect(view.groups[2]!.items[1]!.origins[0]!.chain).to.deep.equal(['Jira research', 'Deep search']);
    });
    it('partial: metadata.truncated', () => {
      expect(view.groups[4]!.items.map((i) => i.partial)).to.deep.equal([true, false]);
    });
    it('a confluence card: the space name; anchor and page id locations', () => {
      const card = view.groups[3]!.items[0]!;
      expect(card.secondary).to.equal('EAM Handbook');
      // A remote source's locations open nothing by themselves.
      expect(card.locations.map(({ source: _, ...l }) => l)).to.deep.equal([
        { type: 'anchor', text: '#thresholds', path: null, target: null },
        { type: 'confluence', text: '12345', path: null, target: null },
      ]);
    });
    it('showDiscovered builds the discovered items, sorted like a group', () => {
      const debug = presentSources(fixtures.referencePayload, { showDiscovered: true });
      expect(debug.discovered.items).to.have.length(10);
      expect(debug.discovered.items[0]!.title).to.equal('products_eam.md');
      expect(debug.discovered.items.slice(1).map((i) => i.title)).to.deep.equal(
        Array.from({ length: 9 }, (_, i) => `Search result ${i + 1}: vibration diagnostics`),
      );
      expect(debug.count).to.equal(7);
    });
    it('the same payload always gives the same view (panel and footer agree)', () => {
      const direct = JSON.parse(JSON.stringify(presentSources(fixtures.referencePayload)));
      const fromText = JSON.parse(JSON.stringify(presentSources(parseTurnSources(JSON.stringify(fixtures.referencePayload)).value)));
      expect(fromText).to.deep.equal(direct);
    });
  });

  describe('group order is fixed, never alphabetical', () => {
    it('every kind, given in reverse and alphabetical order', () => {
      const kinds = [...SOURCE_KINDS].reverse();
      const alphabetical = [...SOURCE_KINDS].sort();
      for (const order of [kinds, alphabetical]) {
        const view = presentSources(payload(order.map((kind, i) => src({ id: `${kind}:${i}`, kind, title: kind }))));
        expect(view.groups.map((g) => g.kind)).to.deep.equal(['file', 'code', 'jira', 'confluence', 'knowledge', 'web', 'other']);
        expect(view.groups.map((g) => g.kind)).to.not.deep.equal(alphabetical);
      }
    });
    it('everyKindPayload: the unknown kind is shown in "other"', () => {
      const view = presentSources(parseTurnSources(fixtures.everyKindPayload).value);
      expect(view.groups.map((g) => g.kind)).to.deep.equal(['file', 'code', 'jira', 'confluence', 'knowledge', 'web', 'other']);
      expect(view.groups.at(-1)!.items.map((i) => i.title)).to.deep.equal(['Thread in #eam-support', 'sensor record 7']);
    });
    it('an unknown kind given without parsing also lands in "other"', () => {
      const view = presentSources(payload([src({ id: 'x', kind: 'slack' as never, title: 'T' })]));
      expect(view.groups.map((g) => g.kind)).to.deep.equal(['other']);
      expect(view.groups[0]!.items[0]!.kind).to.equal('other');
    });
    it('empty groups are left out', () => {
      expect(presentSources(payload([src({ id: 'jira:A-1', kind: 'jira' })])).groups.map((g) => g.kind)).to.deep.equal(['jira']);
    });
  });

  describe('within a group: score, then first use, then title', () => {
    it('score descending, ties by order of first use (not by title)', () => {
      const view = presentSources(
        payload([
          src({ id: 'a', title: 'Zulu', score: 80 }),
          src({ id: 'b', title: 'Alpha', score: 80 }),
          src({ id: 'c', title: 'Mike', score: 95 }),
          src({ id: 'd', title: 'Bravo', score: 80.5 }),
          src({ id: 'e', title: 'Echo', score: 80 }),
        ]),
      );
      expect(view.groups[0]!.items.map((i) => i.title)).to.deep.equal(['Mike', 'Bravo', 'Zulu', 'Alpha', 'Echo']);
    });
    it('first use is the first appearance of an id, even when a repeat raises its score', () => {
      const view = presentSources(
        payload([src({ id: 'late', title: 'Late', score: 10 }), src({ id: 'early', title: 'Early', score: 90 }), src({ id: 'late', score: 90 })]),
      );
      expect(view.groups[0]!.items.map((i) => [i.title, i.order])).to.deep.equal([
        ['Late', 0],
        ['Early', 1],
      ]);
    });
    it('title breaks a tie of score and order', () => {
      const a = presentItem(src({ id: 'a', title: 'Beta', score: 70 }), 3);
      const b = presentItem(src({ id: 'b', title: 'Alpha', score: 70 }), 3);
      const c = presentItem(src({ id: 'c', title: 'Alpha', score: 70 }), 2);
      expect([a, b, c].sort(compareSourceItems).map((i) => i.id)).to.deep.equal(['c', 'b', 'a']);
      expect(compareSourceItems(b, presentItem(src({ id: 'd', title: 'Alpha', score: 70 }), 3))).to.equal(0);
    });
  });

  describe('threshold', () => {
    const scores = [49.99, 50, 50.01, 100, -1, 0, 49.999999];
    const view = presentSources(payload(scores.map((score, i) => src({ id: `s${i}`, title: String(score), score }))));
    it('49.99 is hidden, 50 is shown (inclusive)', () => {
      expect(items(view).map((i) => i.title)).to.deep.equal(['100', '50.01', '50']);
      expect(view.count).to.equal(3);
    });
    it('sources under the threshold land in discovered, and are not counted', () => {
      expect(view.discovered.count).to.equal(4);
    });
    it('belowThresholdPayload: count 0, empty, both in discovered', () => {
      const v = presentSources(fixtures.belowThresholdPayload, { showDiscovered: true });
      expect(v).to.include({ count: 0, empty: true });
      expect(v.groups).to.deep.equal([]);
      expect(v.discovered.items.map((i) => i.title)).to.deep.equal(['b.ts', 'a.ts']);
    });
    const thresholds: Array<[number, number]> = [
      [0, 6],
      [-Infinity, 7],
      [Infinity, 0],
      [NaN, 3],
      [100, 1],
      [100.5, 0],
    ];
    for (const [threshold, count] of thresholds) {
      it(`threshold ${threshold} shows ${count}`, () => {
        const v = presentSources(payload(scores.map((score, i) => src({ id: `s${i}`, score }))), { threshold });
        expect(v.count).to.equal(count);
        expect(v.threshold).to.equal(Number.isNaN(threshold) ? 50 : threshold);
      });
    }
  });

  describe('counts', () => {
    it('discovered entries are never counted, even when scored high', () => {
      const v = presentSources(payload([src({ id: 'a' })], { discovered: [src({ id: 'b', score: 100 }), src({ id: 'c', score: 100 })] }));
      expect(v.count).to.equal(1);
      expect(v.discovered.count).to.equal(2);
    });
    it('a discovered entry that is also a visible source is not listed twice', () => {
      const v = presentSources(
        payload([src({ id: 'a' }), src({ id: 'low', score: 10 })], { discovered: [src({ id: 'a', score: 5 }), src({ id: 'low', score: 1 })] }),
      );
      expect(v.count).to.equal(1);
      expect(v.discovered.count).to.equal(1);
    });
    it('repeated ids count once', () => {
      const v = presentSources(payload([src({ id: 'a' }), src({ id: 'a' }), src({ id: 'b' })]));
      expect(v.count).to.equal(2);
    });
    it('incomplete provenance is passed through', () => {
      const v = presentSources(fixtures.incompletePayload);
      expect(v.complete).to.equal(false);
      expect(v.incompleteOrigins.map((o) => o.reason)).to.deep.equal(['The provider did not report its sources.', 'Timed out before reporting.']);
    });
  });

  describe('maxPerGroup and initial', () => {
    const big = fixtures.generatedPayload(100);
    const rows: Array<[string, number | undefined, (count: number) => number]> = [
      ['default 8', undefined, (n) => Math.min(n, DEFAULT_MAX_PER_GROUP)],
      ['3', 3, (n) => Math.min(n, 3)],
      ['2.7 rounds down', 2.7, (n) => Math.min(n, 2)],
      ['0 still shows one', 0, () => 1],
      ['negative still shows one', -4, () => 1],
      ['Infinity shows every card', Infinity, (n) => n],
      ['NaN is the default', NaN, (n) => Math.min(n, DEFAULT_MAX_PER_GROUP)],
      ['1000', 1000, (n) => n],
    ];
    for (const [name, max, expected] of rows) {
      it(name, () => {
        const v = presentSources(big, max === undefined ? {} : { maxPerGroup: max });
        expect(v.groups).to.have.length(7);
        for (const g of v.groups) {
          expect(g.items).to.have.length(g.count);
          expect(g.initial, g.kind).to.equal(expected(g.count));
        }
      });
    }
  });

  describe('the empty view', () => {
    for (const input of [null, undefined]) {
      it(`presentSources(${input}) is the empty view`, () => {
        const v = presentSources(input);
        expect(v).to.deep.equal({
          sessionId: '',
          turn: 0,
          count: 0,
          empty: true,
          groups: [],
          discovered: { count: 0, items: [] },
          complete: true,
          incompleteOrigins: [],
          threshold: 50,
        });
      });
    }
    it('a failed parse renders as no sources', () => {
      expect(presentSources(parseTurnSources('not json').value).count).to.equal(0);
    });
    it('emptyPayload: count 0', () => {
      expect(presentSources(fixtures.emptyPayload)).to.include({ count: 0, empty: true });
    });
    it('each empty view is a fresh object', () => {
      const a = presentSources(null);
      a.groups.push({ kind: 'web', count: 0, items: [], initial: 0 });
      a.discovered.count = 9;
      expect(presentSources(null).groups).to.deep.equal([]);
      expect(presentSources(null).discovered.count).to.equal(0);
    });
  });

  describe('properties (seeded)', () => {
    it('count, groups, order and discovered agree with the rules for any valid payload', () => {
      fc.assert(
        fc.property(payloadArb, fc.constantFrom(50, 0, 49.99, 100), (p, threshold) => {
          const view = presentSources(p, { threshold, showDiscovered: true });
          const merged = dedupeSources(p.sources);
          const visible = merged.filter((s) => s.score >= threshold);
          expect(view.count).to.equal(visible.length);
          expect(view.empty).to.equal(visible.length === 0);
          expect(view.groups.reduce((n, g) => n + g.count, 0)).to.equal(view.count);
          const kinds = view.groups.map((g) => g.kind);
          expect(kinds).to.deep.equal(SOURCE_KINDS.filter((k) => kinds.includes(k)));
          for (const g of view.groups) {
            for (let i = 1; i < g.items.length; i++) {
              const [a, b] = [g.items[i - 1]!, g.items[i]!];
              expect(a.source.score > b.source.score || (a.source.score === b.source.score && a.order < b.order)).to.equal(true);
            }
            for (const item of g.items) expect(item.kind).to.equal(g.kind);
          }
          const visibleIds = new Set(visible.map((s) => s.id));
          const allIds = new Set([...p.sources, ...(p.discovered ?? [])].map((s) => s.id));
          expect(view.discovered.count).to.equal(allIds.size - visibleIds.size);
          for (const d of view.discovered.items) expect(visibleIds.has(d.id)).to.equal(false);
          for (const item of items(view)) {
            expect(item.href === null || /^(https?|mailto):/.test(item.href)).to.equal(true);
            expect(item.title).to.not.equal('');
          }
        }),
        runs(300),
      );
    });
  });
});
