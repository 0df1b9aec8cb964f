/**
 * A group of cards of one kind, in score order, whose cards are built as far
 * as they are read. Pure; no DOM.
 */
import { presentItem, type QaSourceItemView } from './item.js';
import type { QaSourceKind, QaSourceReference } from './types.js';

/** One group of cards, in the fixed group order. */
export interface QaSourceGroupView {
  kind: QaSourceKind;
  count: number;
  items: QaSourceItemView[];
  /** How many items show before `Show N more`. */
  initial: number;
}

/**
 * A group whose cards are built when they are read: `items` builds and sorts
 * them all; `itemsUpTo(group, n)` only the first `n` (a selection, not a sort
 * of the whole group). A panel of thousands of sources shows a few cards per
 * group and a footer only counts, so neither pays for cards nobody sees. Its
 * sources come in order of first use, so within one score that order stands
 * (the title never decides: no two cards have the same first use).
 *
 * This pays on the bench rows "Parse + present, 5,000 sources (first call)"
 * and "Footer, 5,000 sources: render (first on page)": plain groups that
 * sort and make every card up front took 52 and 94 ms (medians of four
 * alternating runs, load 11-19) against 33 and 41 ms.
 */
export class SourceGroupView implements QaSourceGroupView {
  kind: QaSourceKind;
  count: number;
  declare items: QaSourceItemView[];
  initial: number;
  readonly #sources: QaSourceReference[];
  readonly #orders: number[];
  /** Cards built so far, by position in `#sources` (the same card object on every read). */
  readonly #made: Array<QaSourceItemView | undefined> = [];
  /** The sorted cards known so far: all of them once `#complete`. */
  #sorted: QaSourceItemView[] = [];
  #complete = false;

  constructor(kind: QaSourceKind, sources: QaSourceReference[], orders: number[], maxPerGroup: number) {
    this.kind = kind;
    this.count = sources.length;
    // `items` is an own, enumerable property like plain data (JSON, deep equality) that builds the cards
    // when read; assigning it stores the value given, as on plain data.
    Object.defineProperty(this, 'items', {
      enumerable: true,
      configurable: true,
      get: () => this.#all(),
      set: (value: QaSourceItemView[]) => Object.defineProperty(this, 'items', { value, writable: true, enumerable: true, configurable: true }),
    });
    this.initial = Math.min(sources.length, maxPerGroup);
    this.#sources = sources;
    this.#orders = orders;
  }

  #item(i: number): QaSourceItemView {
    return (this.#made[i] ??= presentItem(this.#sources[i]!, this.#orders[i]!));
  }

  #all(): QaSourceItemView[] {
    if (!this.#complete) {
      const sources = this.#sources;
      const positions = sources.map((_, i) => i);
      // Stable: equal scores keep their order of first use.
      positions.sort((a, b) => sources[b]!.score - sources[a]!.score || a - b);
      this.#sorted = positions.map((i) => this.#item(i));
      this.#complete = true;
    }
    return this.#sorted;
  }

  /** The ids of the group's sources, in order of first use (no card is built). */
  sourceIds(): string[] {
    return this.#sources.map((s) => s.id);
  }

  /** The cards of the sources with these ids (built only for them). */
  itemsWithIds(ids: ReadonlySet<string>): QaSourceItemView[] {
    const out: QaSourceItemView[] = [];
    this.#sources.forEach((s, i) => {
      if (ids.has(s.id)) out.push(this.#item(i));
    });
    return out;
  }

  /** The first `n` cards in order (fewer when the group is smaller). */
  upTo(n: number): QaSourceItemView[] {
    const count = this.#sources.length;
    if (n >= count || this.#complete) return n >= count ? this.#all() : this.#sorted.slice(0, n);
    if (n <= this.#sorted.length) return this.#sorted.slice(0, n);
    // Past half the group a sort is cheaper than a selection.
    if (n * 2 >= count) return this.#all().slice(0, n);
    const sources = this.#sources;
    // The best n positions, kept sorted: score descending, then position (first use).
    const top: number[] = [];
    for (let i = 0; i < count; i++) {
      const score = sources[i]!.score;
      if (top.length === n && !(score > sources[top[n - 1]!]!.score)) continue;
      // After every kept position with a score >= this one (those came first).
      let lo = 0;
      let hi = top.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (sources[top[mid]!]!.score >= score) lo = mid + 1;
        else hi = mid;
      }
      top.splice(lo, 0, i);
      if (top.length > n) top.pop();
    }
    this.#sorted = top.map((i) => this.#item(i));
    return this.#sorted.slice();
  }
}

/**
 * The first `n` cards of a group of `presentSources`, in order: the same cards
 * as `group.items.slice(0, n)`, built without sorting the whole group.
 */
export function itemsUpTo(group: QaSourceGroupView, n: number): QaSourceItemView[] {
  return group instanceof SourceGroupView ? group.upTo(Math.max(0, Math.floor(n))) : group.items.slice(0, n);
}
