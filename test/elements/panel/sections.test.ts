// The panel of an answer with citations: `Cited in the answer · N` (by citation number) and
// `Also used · M` instead of the groups; answers with zero markers (or only unknown ids)
// render exactly as without citations. Keyboard, axe, openGroup, and the hover card that
// previews a remote card's source.
import { expect } from 'chai';
import { html } from 'lit';
import { resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import { citationsOf, panelStories, withRemoteSnippets } from '../../../stories/panel.stories.js';
import { everyKindPayload, generatedPayload, referencePayload } from '../../../stories/fixtures/payloads.js';
import { presentCitedSections, sectionItemsUpTo } from '../../../src/model/sections.js';
import { NO_CITATIONS } from '../../../src/model/citations.js';
import { term } from '../../../src/i18n/index.js';
import type { QaSourcesPanel } from '../../../src/elements/sources-panel/sources-panel.js';
import { deepActive, expectAxeClean, expectedView, mount, settle, shadowOf, unmountAll } from '../shared/fixture.js';
import { until } from '../../wait.js';

const DOC = 'file:docs/User_Guide/EAM/Diagnostics/technicalDiagnosis.md';
const CODE = 'code:src/Eam/ActivitySectionTypeEnum.cs';
const JIRA = 'jira:MDC-24929';
const JIRA2 = 'jira:MDC-23617';
const ISO = 'web:https://www.iso.org/standard/66309.html';

const $ = (el: Element, sel: string) => shadowOf(el).querySelector<HTMLElement>(sel);
const $$ = (el: Element, sel: string) => [...shadowOf(el).querySelectorAll<HTMLElement>(sel)];
const ids = (el: QaSourcesPanel, sel = '.card') => $$(el, sel).map((c) => (el as unknown as { ids: Map<string, string> }).ids.get(c.dataset.key!)!);

async function mountStory(id: string, locale = 'en'): Promise<QaSourcesPanel> {
  const s = panelStories.stories.find((x) => x.id === id)!;
  const c = await mount(s.render({ locale, debug: false }), { lang: locale });
  return c.querySelector('qa-sources-panel')!;
}

async function mountPanel(sources: unknown, props: Partial<QaSourcesPanel> = {}, width = 360): Promise<QaSourcesPanel> {
  const el = document.createElement('qa-sources-panel');
  Object.assign(el, props, { sources });
  const c = await mount(html`<div style="block-size: 560px; inline-size: ${width}px; margin-inline-start: auto">${el}</div>`);
  await settle(c);
  return el;
}

/** The shadow DOM as markup, without Lit's comment markers. */
function markup(el: Element): string {
  return shadowOf(el).innerHTML.replace(/<!--[^]*?-->/g, '');
}

describe('<qa-sources-panel> cited vs also used', () => {
  afterEach(async () => {
    unmountAll();
    await resetMouse();
  });

  it('shows Cited in the answer (by number) and Also used (the rest, in group order)', async () => {
    const el = await mountStory('cited');
    const headings = $$(el, '.group-toggle').map((b) => b.getAttribute('aria-label'));
    expect(headings).to.deep.equal([
      term('en', 'groupHeading', { group: 'Cited in the answer', n: 4 }),
      term('en', 'groupHeading', { group: 'Also used', n: 3 }),
    ]);
    expect($$(el, '.group-name').map((n) => n.textContent!.replace(/\s+/g, ' ').trim())).to.deep.equal(['Cited in the answer · 4', 'Also used · 3']);
    expect(ids(el, '.cited-section .card')).to.deep.equal([DOC, CODE, JIRA, ISO]);
    // The rest in the groups' order (kind, then score), as the grouped panel shows them.
    const grouped = expectedView(referencePayload).groups.flatMap((g) => g.items.map((i) => i.id));
    expect(ids(el, '.also-section .card')).to.deep.equal(grouped.filter((id) => ![DOC, CODE, JIRA, ISO].includes(id)));
    expect(ids(el, '.also-section .card')).to.include(JIRA2);
    // Each cited card shows its number.
    const first = $(el, '.cited-section .card')!;
    expect(getComputedStyle(first, '::after').content).to.contain('"1"');
    await expectAxeClean(el, 'cited sections');
  });

  it('answers with zero markers, or only unknown ids, render exactly as without citations', async () => {
    const plain = await mountPanel(referencePayload);
    const none = await mountPanel(referencePayload, { citations: NO_CITATIONS });
    const unknown = await mountPanel(referencePayload, { citations: citationsOf(referencePayload, ['file:docs/missing.md', 'jira:NOPE-1']) });
    expect($$(plain, '.group').map((g) => g.dataset.kind)).to.deep.equal(['file', 'code', 'jira', 'confluence', 'web']);
    expect(markup(none)).to.equal(markup(plain));
    expect(markup(unknown)).to.equal(markup(plain));
  });

  it('goes back to the groups when the citations go, and follows new numbers', async () => {
    const el = await mountPanel(referencePayload, { citations: citationsOf(referencePayload, [JIRA, DOC]) });
    expect(ids(el, '.cited-section .card')).to.deep.equal([JIRA, DOC]);
    el.citations = citationsOf(referencePayload, [ISO, JIRA, DOC]);
    await settle(el);
    expect(ids(el, '.cited-section .card')).to.deep.equal([ISO, JIRA, DOC]);
    el.citations = null;
    await settle(el);
    expect($$(el, '.section')).to.have.length(0);
    expect($$(el, '.group').map((g) => g.dataset.kind)).to.deep.equal(['file', 'code', 'jira', 'confluence', 'web']);
  });

  it('model: sections agree with the view, built lazily for 5,000 sources', () => {
    const payload = generatedPayload(5000);
    const view = expectedView(payload);
    const citedIds = payload.sources
      .filter((_, i) => i % 500 === 7)
      .map((s) => s.id)
      .reverse();
    const index = citationsOf(payload, citedIds);
    const sections = presentCitedSections(view, index.numbers)!;
    const visible = citedIds.filter((id) => view.groups.some((g) => g.items.some((i) => i.id === id)));
    expect(sections.cited.items.map((i) => i.id)).to.deep.equal(visible);
    expect(sections.cited.count + sections.alsoUsed.count).to.equal(view.count);
    const all = view.groups.flatMap((g) => g.items.map((i) => i.id)).filter((id) => !visible.includes(id));
    expect(sectionItemsUpTo(sections.alsoUsed, 30).map((i) => i.id)).to.deep.equal(all.slice(0, 30));
    expect(sections.alsoUsed.items.map((i) => i.id)).to.deep.equal(all);
    expect(presentCitedSections(view, index.numbers), 'cached').to.equal(sections);
    expect(presentCitedSections(view, NO_CITATIONS.numbers)).to.equal(null);
  });

  it('Show more pages the also-used section; arrow keys walk both sections in order', async () => {
    const payload = generatedPayload(40);
    const index = citationsOf(payload, [payload.sources[5]!.id, payload.sources[2]!.id]);
    const el = await mountPanel(payload, { citations: index });
    const view = expectedView(payload);
    const also = presentCitedSections(view, index.numbers)!.alsoUsed;
    expect($$(el, '.also-section .card')).to.have.length(also.initial);
    $(el, '.also-section .show-more')!.click();
    await until(() => $$(el, '.also-section .card').length === also.count, 'every also-used card');
    const order = ids(el);
    expect(order.slice(0, 2)).to.deep.equal([payload.sources[5]!.id, payload.sources[2]!.id]);
    const mains = $$(el, '.card > .main');
    mains[0]!.focus();
    for (let i = 1; i < 5; i++) {
      await sendKeys({ press: 'ArrowDown' });
      expect(deepActive(), `card ${i}`).to.equal(mains[i]);
    }
    await sendKeys({ press: 'End' });
    expect(deepActive()).to.equal(mains[mains.length - 1]);
    await sendKeys({ press: 'Home' });
    expect(deepActive()).to.equal(mains[0]);
    // One tab stop for all the cards of both sections.
    expect($$(el, '.card > .main').filter((m) => m.tabIndex === 0)).to.have.length(1);
  });

  it('a section collapses and expands from its heading', async () => {
    const el = await mountStory('cited');
    const toggle = $(el, '.cited-section .group-toggle')!;
    toggle.click();
    await settle(el);
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    expect($$(el, '.cited-section .card')).to.have.length(0);
    await expectAxeClean(el, 'collapsed section');
    toggle.click();
    await settle(el);
    expect($$(el, '.cited-section .card')).to.have.length(4);
  });

  it('openGroup(kind) with sections focuses the first card of that kind, cited first', async () => {
    const el = await mountStory('cited');
    await el.openGroup('jira');
    expect(deepActive()).to.equal($(el, '.cited-section .card:nth-child(3) > .main'));
    await el.openGroup('confluence');
    const active = deepActive()!.closest('.card') as HTMLElement;
    expect(active.closest('.also-section')).to.not.equal(null);
    expect(ids(el).find((_, i) => $$(el, '.card')[i] === active)).to.equal('confluence:12345');
  });

  it('in Russian and Chinese the sections are named in the language', async () => {
    for (const locale of ['ru', 'zh']) {
      const el = await mountStory('cited', locale);
      expect($$(el, '.group-name').map((n) => n.textContent!.split('·')[0]!.trim())).to.deep.equal([
        term(locale, 'citedSection'),
        term(locale, 'alsoUsedSection'),
      ]);
      await expectAxeClean(el, `sections ${locale}`);
    }
  });
});

describe('<qa-sources-panel> hover card of remote cards', () => {
  afterEach(async () => {
    unmountAll();
    await resetMouse();
  });

  const hc = (el: QaSourcesPanel) => $(el, '.card > .hc');
  const cardOf = (el: QaSourcesPanel, id: string) =>
    $$(el, '.card').find((c) => (el as unknown as { ids: Map<string, string> }).ids.get(c.dataset.key!) === id)!;

  it('keyboard focus on a remote card shows its snippet; Tab reaches Open in new tab; Escape dismisses', async () => {
    const el = await mountPanel(withRemoteSnippets(referencePayload));
    const mains = $$(el, '.card > .main');
    mains[0]!.focus();
    expect(hc(el), 'a local card has no hover card').to.equal(null);
    // DOC → CODE → JIRA (a remote card) by keyboard.
    await sendKeys({ press: 'ArrowDown' });
    expect(hc(el)).to.equal(null);
    await sendKeys({ press: 'ArrowDown' });
    await until(() => hc(el)?.matches(':popover-open') === true, 'the hover card');
    const card = hc(el)!;
    expect(card.closest('.card')).to.equal(cardOf(el, JIRA));
    expect(card.getAttribute('role')).to.equal('group');
    expect(card.querySelector('.hc-snippet')!.textContent).to.match(/^Imported units returned an empty alarm history/);
    expect(card.querySelector('.hc-title')!.textContent).to.equal('MDC-24929');
    await expectAxeClean(el, 'hover card open');
    // Tab: the details button, then the card's link.
    await sendKeys({ press: 'Tab' });
    expect(deepActive()!.classList.contains('toggle')).to.equal(true);
    await sendKeys({ press: 'Tab' });
    const link = deepActive() as HTMLAnchorElement;
    expect(link.matches('a.hc-open')).to.equal(true);
    expect(link.href).to.equal('https://jira.example.com/browse/MDC-24929');
    expect(link.rel).to.equal('noopener noreferrer');
    // Escape closes the card (not the panel) and focus returns to the card.
    let closed = false;
    el.addEventListener('qa-close', () => (closed = true), { once: true });
    await sendKeys({ press: 'Escape' });
    await settle(el);
    expect(hc(el)).to.equal(null);
    expect(closed, 'the first Escape closes only the hover card').to.equal(false);
    expect(deepActive()).to.equal(cardOf(el, JIRA).querySelector('.main'));
  });

  it('a mouse resting on a remote card shows it; leaving hides it; nothing in the panel moves', async () => {
    const el = await mountPanel(withRemoteSnippets(referencePayload));
    const rects = () => $$(el, '.card').map((c) => JSON.stringify(c.getBoundingClientRect()));
    const body = $(el, '.body')!;
    const before = rects();
    const scroll = body.scrollHeight;
    const target = cardOf(el, JIRA).querySelector('.title')!.getBoundingClientRect();
    await sendMouse({ type: 'move', position: [Math.round(target.left + 10), Math.round(target.top + target.height / 2)] });
    await until(() => hc(el)?.matches(':popover-open') === true, 'the hover card on hover');
    expect(rects(), 'no card moved').to.deep.equal(before);
    expect(body.scrollHeight).to.equal(scroll);
    // Beside the panel (room on its inline-start side), not over the cards.
    const r = hc(el)!.getBoundingClientRect();
    expect(r.right).to.be.at.most(cardOf(el, JIRA).getBoundingClientRect().left);
    await sendMouse({ type: 'move', position: [2, Math.round(window.innerHeight - 2)] });
    await until(() => hc(el) === null, 'the hover card to close');
  });

  it('stays on screen at 320 px', async () => {
    await setViewport({ width: 320, height: 640 });
    try {
      const el = await mountPanel(withRemoteSnippets(referencePayload), {}, 320);
      for (const id of [JIRA, 'confluence:12345', ISO]) {
        await el.showPreview(id);
        await settle(el);
        const r = hc(el)!.getBoundingClientRect();
        expect(r.left, id).to.be.at.least(0);
        expect(r.right, id).to.be.at.most(320);
        expect(r.top, id).to.be.at.least(0);
        expect(r.bottom, id).to.be.at.most(640);
        expect(r.width).to.be.greaterThan(200);
      }
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('Open in new tab fires qa-source-open; cancelling it cancels the link', async () => {
    const el = await mountPanel(withRemoteSnippets(referencePayload));
    await el.showPreview(ISO);
    await settle(el);
    const opened: string[] = [];
    const on = (e: Event) => {
      opened.push((e as CustomEvent).detail.source.id);
      e.preventDefault();
    };
    el.addEventListener('qa-source-open', on);
    let cancelled = false;
    document.addEventListener('click', (e) => ((cancelled = e.defaultPrevented), e.preventDefault()), { once: true });
    hc(el)!.querySelector<HTMLAnchorElement>('a.hc-open')!.click();
    el.removeEventListener('qa-source-open', on);
    expect(opened).to.deep.equal([ISO]);
    expect(cancelled).to.equal(true);
  });

  it('local sources never get one; the hover card story is axe-clean', async () => {
    const el = await mountPanel(withRemoteSnippets(referencePayload));
    await el.showPreview(DOC);
    await settle(el);
    expect(hc(el)).to.equal(null);
    for (const id of ['remote-preview', 'remote-preview-cited']) {
      const s = await mountStory(id);
      await until(() => hc(s)?.matches(':popover-open') === true, `${id} card`);
      await expectAxeClean(s, id);
    }
  });

  it('every-kind: the remote kinds preview, the others do not', async () => {
    const el = await mountPanel(everyKindPayload);
    const view = expectedView(everyKindPayload);
    for (const g of view.groups) {
      for (const item of g.items) {
        await el.showPreview(item.id);
        await settle(el);
        expect(hc(el) !== null, `${item.kind} ${item.id}`).to.equal(!item.local && item.href !== null);
        el.hidePreview();
      }
    }
  });
});
