// A group of cards (src/model/group.ts): itemsUpTo gives the first n cards
// of the group's order without sorting the whole group.
import { expect } from 'chai';
import fc from 'fast-check';
import { itemsUpTo, presentSources, type QaSourceItemView } from '../../src/model/index.js';
import * as fixtures from '../../stories/fixtures/payloads.js';
import { payload, payloadArb, runs, src } from './helpers.js';

describe('model/group', () => {
  describe('itemsUpTo', () => {
    it('gives the first n cards of a group, the same card objects as its items, for any n', () => {
      const p = fixtures.generatedPayload(700);
      for (const n of [0, 1, 7, 8, 9, 40, 49, 50, 51, 99, 100, 101, 150]) {
        const view = presentSources(p);
        const first = view.groups.map((g) => itemsUpTo(g, n));
        const more = view.groups.map((g) => itemsUpTo(g, n + 3));
        view.groups.forEach((g, i) => {
          expect(
            first[i]!.map((x) => x.id),
            `${g.kind} up to ${n}`,
          ).to.deep.equal(g.items.slice(0, n).map((x) => x.id));
          expect(
            more[i]!.map((x) => x.id),
            `${g.kind} up to ${n + 3}`,
          ).to.deep.equal(g.items.slice(0, n + 3).map((x) => x.id));
          first[i]!.forEach((x, k) => expect(x, 'one card object per source').to.equal(g.items[k]));
          expect(
            itemsUpTo(g, Math.max(0, n - 2)).map((x) => x.id),
            'fewer after more',
          ).to.deep.equal(g.items.slice(0, Math.max(0, n - 2)).map((x) => x.id));
        });
      }
    });

    it('keeps the order of first use within a score, also when every score is the same', () => {
      const same = payload(Array.from({ length: 60 }, (_, i) => src({ id: `other:${i}`, kind: 'other', title: `t${59 - i}`, score: 70 })));
      const g = presentSources(same).groups[0]!;
      expect(itemsUpTo(g, 5).map((x) => x.order)).to.deep.equal([0, 1, 2, 3, 4]);
      const mixed = payload([70, 90, 70, 90, 100, 70, 90].map((score, i) => src({ id: `other:${i}`, kind: 'other', title: 'x', score })));
      const m = presentSources(mixed).groups[0]!;
      expect(itemsUpTo(m, 4).map((x) => x.order)).to.deep.equal([4, 1, 3, 6]);
      expect(m.items.map((x) => x.order)).to.deep.equal([4, 1, 3, 6, 0, 2, 5]);
    });

    it('works on a group that is plain data, and with odd counts', () => {
      const view = presentSources(fixtures.referencePayload);
      const plainGroup = JSON.parse(JSON.stringify(view.groups[2]));
      expect(itemsUpTo(plainGroup, 1).map((x: QaSourceItemView) => x.id)).to.deep.equal(['jira:MDC-24929']);
      const g = view.groups[2]!;
      expect(itemsUpTo(g, -1)).to.deep.equal([]);
      expect(itemsUpTo(g, 1.7).map((x) => x.id)).to.deep.equal(['jira:MDC-24929']);
      expect(itemsUpTo(g, Infinity)).to.have.length(g.count);
    });

    it('agrees with items for any valid payload (seeded)', () => {
      fc.assert(
        fc.property(payloadArb, fc.nat(30), (p, n) => {
          const view = presentSources(p, { threshold: 0 });
          for (const g of view.groups) {
            const ids = itemsUpTo(g, n).map((x) => x.id);
            expect(ids).to.deep.equal(g.items.slice(0, n).map((x) => x.id));
          }
        }),
        runs(200),
      );
    });
  });
});
