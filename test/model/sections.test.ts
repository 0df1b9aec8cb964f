// The view split by the answer's citations (src/model/sections.ts): cited
// cards in citation-number order, every other visible card in group order,
// the initial counts, and null when no visible source is cited.
import { expect } from 'chai';
import { presentSources, type QaSourcesView } from '../../src/model/index.js';
import { MAX_CITED_INITIAL, presentCitedSections, sectionItemsUpTo } from '../../src/model/sections.js';
import { generatedPayload } from '../../stories/fixtures/payloads.js';
import { payload, src } from './helpers.js';

const ids = (items: { id: string }[]) => items.map((i) => i.id);
const groupOrder = (view: QaSourcesView) => view.groups.flatMap((g) => ids(g.items));

describe('model/sections', () => {
  const view = presentSources(
    payload([
      src({ id: 'file:a.md', kind: 'file', score: 90 }),
      src({ id: 'web:https://b.example/', kind: 'web', score: 80 }),
      src({ id: 'file:c.md', kind: 'file', score: 70 }),
      src({ id: 'jira:MDC-1', kind: 'jira', score: 60 }),
      src({ id: 'file:hidden.md', kind: 'file', score: 10 }),
    ]),
  );

  it('cited cards follow the citation numbers; the others keep the order of the groups', () => {
    const numbers = new Map([
      ['jira:MDC-1', 1],
      ['file:c.md', 2],
    ]);
    const s = presentCitedSections(view, numbers)!;
    expect([s.cited.key, s.alsoUsed.key]).to.deep.equal(['cited', 'also']);
    expect(ids(s.cited.items)).to.deep.equal(['jira:MDC-1', 'file:c.md']);
    expect(ids(s.alsoUsed.items)).to.deep.equal(groupOrder(view).filter((id) => !numbers.has(id)));
    expect(s.cited.count + s.alsoUsed.count).to.equal(view.count);
    // The same card objects as the groups'.
    const all = view.groups.flatMap((g) => g.items);
    for (const item of [...s.cited.items, ...s.alsoUsed.items]) expect(all.includes(item), item.id).to.equal(true);
  });

  it('is null without numbers, or when only hidden or unknown sources are cited; cached per view and numbers', () => {
    expect(presentCitedSections(view, null)).to.equal(null);
    expect(presentCitedSections(view, new Map())).to.equal(null);
    expect(
      presentCitedSections(
        view,
        new Map([
          ['file:hidden.md', 1],
          ['file:nowhere.md', 2],
        ]),
      ),
    ).to.equal(null);
    const numbers = new Map([['file:a.md', 1]]);
    expect(presentCitedSections(view, numbers)).to.equal(presentCitedSections(view, numbers));
    expect(presentCitedSections(presentSources(null), numbers)).to.equal(null);
  });

  it('initial: the cited section shows at least MAX_CITED_INITIAL, the also-used one maxPerGroup', () => {
    const big = presentSources(generatedPayload(400), { threshold: -Infinity });
    const all = groupOrder(big);
    const numbers = new Map(all.slice(0, 120).map((id, i) => [id, i + 1] as const));
    const s = presentCitedSections(big, numbers, 3)!;
    expect(s.cited.initial).to.equal(MAX_CITED_INITIAL);
    expect(s.alsoUsed.initial).to.equal(3);
    expect(presentCitedSections(big, new Map([[all[0]!, 1]]), 3)!.cited.initial).to.equal(1);
  });

  it('sectionItemsUpTo gives the first n cards of either section, for any n', () => {
    const big = presentSources(generatedPayload(200), { threshold: -Infinity });
    const all = groupOrder(big);
    const numbers = new Map(all.filter((_, i) => i % 7 === 0).map((id, i) => [id, i + 1] as const));
    const s = presentCitedSections(big, numbers)!;
    for (const n of [0, 1, 5, 29, 30, 31, 1000, -2, 2.5]) {
      const k = Math.max(0, Math.floor(n));
      expect(ids(sectionItemsUpTo(s.alsoUsed, n)), `also ${n}`).to.deep.equal(ids(s.alsoUsed.items).slice(0, k));
      expect(ids(sectionItemsUpTo(s.cited, n)), `cited ${n}`).to.deep.equal(ids(s.cited.items).slice(0, k));
    }
  });
});
