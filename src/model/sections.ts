/**
 * The visible sources of a view split by the answer's citations: `Cited in
 * the answer` and `Also used`. Pure; no DOM.
 */
import { itemsUpTo, SourceGroupView, type QaSourceGroupView } from './group.js';
import type { QaSourceItemView } from './item.js';
import { DEFAULT_MAX_PER_GROUP, readMaxPerGroup, type QaSourcesView } from './present.js';

/** Cited sources shown at once in the `Cited in the answer` section (at least `maxPerGroup`). */
export const MAX_CITED_INITIAL = 50;

/** One section of a view split by the answer's citations: `Cited in the answer` or `Also used`. */
export interface QaSourceSectionView {
  key: 'cited' | 'also';
  count: number;
  /** Every card of the section in order (built when read). */
  items: QaSourceItemView[];
  /** How many items show before `Show N more`. */
  initial: number;
}

/**
 * The visible sources of a view split by the answer's citations: the cited
 * ones in citation-number order, then every other one in the order of the
 * groups (kind, then score). Panel and footer derive it from the same view.
 */
export interface QaCitedSectionsView {
  cited: QaSourceSectionView;
  alsoUsed: QaSourceSectionView;
}

class CitedSectionView implements QaSourceSectionView {
  readonly key = 'cited' as const;
  readonly count: number;
  readonly items: QaSourceItemView[];
  readonly initial: number;
  constructor(items: QaSourceItemView[], initial: number) {
    this.items = items;
    this.count = items.length;
    this.initial = initial;
  }
}

/**
 * The groups' cards in order, without the cited ones; built only as far as
 * they are read (`sectionItemsUpTo`), for the reason and the bench rows named
 * at `SourceGroupView`: reading `items` sorts every group and makes every card.
 */
class AlsoUsedSectionView implements QaSourceSectionView {
  readonly key = 'also' as const;
  readonly count: number;
  declare items: QaSourceItemView[];
  readonly initial: number;
  readonly #groups: QaSourceGroupView[];
  /** Cited ids per group (their cards are skipped). */
  readonly #citedIn: Array<Set<string>>;

  constructor(groups: QaSourceGroupView[], citedIn: Array<Set<string>>, count: number, maxPerGroup: number) {
    this.count = count;
    this.initial = Math.min(count, maxPerGroup);
    this.#groups = groups;
    this.#citedIn = citedIn;
    Object.defineProperty(this, 'items', { enumerable: true, configurable: true, get: () => this.upTo(this.count) });
  }

  /** The first `n` cards in order. */
  upTo(n: number): QaSourceItemView[] {
    const out: QaSourceItemView[] = [];
    for (let gi = 0; gi < this.#groups.length && out.length < n; gi++) {
      const g = this.#groups[gi]!;
      const skip = this.#citedIn[gi]!;
      const cards = itemsUpTo(g, Math.min(g.count, n - out.length + skip.size));
      for (const item of cards) {
        if (out.length >= n) break;
        if (!skip.has(item.id)) out.push(item);
      }
    }
    return out;
  }
}

/** The first `n` cards of a section of `presentCitedSections`, in order. */
export function sectionItemsUpTo(section: QaSourceSectionView, n: number): QaSourceItemView[] {
  const k = Math.max(0, Math.floor(n));
  return section instanceof AlsoUsedSectionView ? section.upTo(k) : section.items.slice(0, k);
}

const sectionCache = new WeakMap<QaSourcesView, WeakMap<ReadonlyMap<string, number>, QaCitedSectionsView | null>>();

/**
 * Splits the visible sources of `view` by the answer's citation numbers
 * (source id → number, e.g. `linkCitations(…).index.numbers`). Null when no
 * visible source is cited: the view is then shown grouped, exactly as
 * without citations. Cached per view and numbers.
 */
export function presentCitedSections(
  view: QaSourcesView,
  numbers: ReadonlyMap<string, number> | null | undefined,
  maxPerGroup: number = DEFAULT_MAX_PER_GROUP,
): QaCitedSectionsView | null {
  if (!numbers || numbers.size === 0 || view.count === 0) return null;
  let byNumbers = sectionCache.get(view);
  if (!byNumbers) sectionCache.set(view, (byNumbers = new WeakMap()));
  if (byNumbers.has(numbers)) return byNumbers.get(numbers)!;
  const max = readMaxPerGroup(maxPerGroup);
  const cited: Array<{ n: number; item: QaSourceItemView }> = [];
  const citedIn: Array<Set<string>> = [];
  for (const g of view.groups) {
    const ids = new Set<string>();
    citedIn.push(ids);
    // Only the group's sources are read here; the cards of the cited ones are built, no other.
    const sources = g instanceof SourceGroupView ? g.sourceIds() : g.items.map((i) => i.id);
    for (const id of sources) if (numbers.has(id)) ids.add(id);
    if (ids.size === 0) continue;
    for (const item of g instanceof SourceGroupView ? g.itemsWithIds(ids) : g.items.filter((i) => ids.has(i.id)))
      cited.push({ n: numbers.get(item.id)!, item });
  }
  let result: QaCitedSectionsView | null = null;
  if (cited.length > 0) {
    cited.sort((a, b) => a.n - b.n);
    const items = cited.map((c) => c.item);
    result = {
      cited: new CitedSectionView(items, Math.min(items.length, Math.max(max, MAX_CITED_INITIAL))),
      alsoUsed: new AlsoUsedSectionView(view.groups, citedIn, view.count - items.length, max),
    };
  }
  byNumbers.set(numbers, result);
  return result;
}
