/**
 * `<qa-sources-panel>` given a generated payload: render → painted and DOM
 * size; then "show all" of the biggest group (press `Show N more` until the
 * whole group is shown), its time, longest task and the DOM size after it.
 */
import { generatedPayload } from '../../../stories/fixtures/payloads.js';
import { loadKit, sourcesElement } from '../kit.js';
import { countElements, deepQueryAll, longestTask, mark, measure, painted, profileEnd, profileStart, stage, whenFrame } from '../measure.js';
import type { Metrics, SourcesElement } from '../types.js';

export function prepare(): Promise<string[]> {
  return loadKit(['qa-sources-panel']);
}

/** The group element of `kind` (found once: the measured loop must not walk the whole panel every frame). */
function groupOf(el: Element, kind: string): HTMLElement | null {
  return deepQueryAll(el, `[part~="group"][data-kind="${kind}"]`)[0] ?? null;
}

/** The `Show N more` button of a group (by class, else by its English label). */
function showMore(group: HTMLElement): HTMLElement | null {
  const buttons = Array.from(group.querySelectorAll<HTMLElement>('button'));
  return buttons.find((b) => b.classList.contains('show-more')) ?? buttons.find((b) => /show \d[\d,.\s]* more/i.test(b.textContent ?? '')) ?? null;
}

/** Cards of a group, counted without walking every card: the cards of each block of the group's list. */
function cardsOf(group: HTMLElement): number {
  const list = group.querySelector('[part~="card"]')?.closest('[role="list"]');
  let n = 0;
  for (const block of list?.children ?? []) n += block.firstElementChild?.childElementCount ?? 0;
  return n;
}

/** Kind of the biggest group that has a `Show N more` button. */
function biggestGroup(el: Element): { kind: string; count: number } | null {
  let best: { kind: string; count: number } | null = null;
  for (const g of deepQueryAll(el, '[part~="group"][data-kind]')) {
    const kind = g.dataset.kind!;
    const count = Number((g.textContent ?? '').match(/·\s*([\d\s,.\u00a0\u202f]+)/)?.[1]?.replace(/\D/g, '') ?? 0);
    if (showMore(g) && (!best || count > best.count)) best = { kind, count };
  }
  return best;
}

/** Presses `Show N more` until the group is whole; each page counts until its last card is in the DOM. */
async function showAll(el: SourcesElement, kind: string): Promise<Metrics> {
  const group = groupOf(el, kind)!;
  const t0 = performance.now();
  mark('show-all-start');
  profileStart('show-all');
  let working = 0;
  let pages = 0;
  let firstPage = 0;
  let slowestPage = 0;
  for (let button = showMore(group); button; button = showMore(group)) {
    const before = cardsOf(group);
    const start = performance.now();
    button.click();
    let last = start;
    let count = before;
    let still = 0;
    // Cards may arrive over several frames: the page is done when the count stops changing for 3 frames.
    await whenFrame(() => {
      const now = cardsOf(group);
      if (now !== count) {
        count = now;
        last = performance.now();
        still = 0;
      } else if (count > before) still++;
      return still >= 3;
    }, 20_000);
    working += last - start;
    pages++;
    if (pages === 1) firstPage = last - start;
    slowestPage = Math.max(slowestPage, last - start);
    await painted();
  }
  profileEnd('show-all');
  mark('show-all-end');
  return {
    showAll: Math.round(working * 10) / 10,
    showAllPages: pages,
    showFirstPage: Math.round(firstPage * 10) / 10,
    showSlowestPage: Math.round(slowestPage * 10) / 10,
    showAllLongestTask: await longestTask(t0),
    showAllCards: cardsOf(group),
    showAllDom: countElements(el),
  };
}

async function render(box: HTMLElement, json: string, label: string): Promise<{ el: SourcesElement; metrics: Metrics }> {
  const payload: unknown = JSON.parse(json);
  const t0 = performance.now();
  profileStart(label);
  mark(`${label}-start`);
  const el = sourcesElement('qa-sources-panel', payload);
  el.style.flex = '1';
  el.style.minBlockSize = '0';
  box.replaceChildren(el);
  await el.updateComplete;
  mark(`${label}-ready`);
  await painted();
  mark(`${label}-painted`);
  profileEnd(label);
  return {
    el,
    metrics: {
      render: measure(`${label}-render`, `${label}-start`, `${label}-ready`),
      painted: measure(label, `${label}-start`, `${label}-painted`),
      longestTask: await longestTask(t0),
      dom: countElements(el),
    },
  };
}

/**
 * The first panel on a fresh page (one-time costs included), then a second
 * one with another payload of the same size (a later answer), then "show
 * all" of its biggest group.
 */
export async function run(params: Record<string, unknown>): Promise<Metrics> {
  const json = JSON.stringify(generatedPayload(Number(params.n)));
  const box = stage(420, 900);
  await painted();
  const first = await render(box, json, 'first');
  const later = await render(box, json, 'later');
  const out: Metrics = { ...first.metrics, warmRender: later.metrics.render, warmPainted: later.metrics.painted, warmLongestTask: later.metrics.longestTask };
  if (params.showAll) {
    const group = biggestGroup(later.el);
    if (group) Object.assign(out, { showAllGroup: group.count }, await showAll(later.el, group.kind));
  }
  return out;
}
