import { expect } from 'chai';
import { html } from 'lit';
import { sendKeys } from '@web/test-runner-commands';
import { panelStories, provisionalSteps } from '../../../stories/panel.stories.js';
import { generatedPayload, hostilePayload, incompletePayload, malformedPayload, referencePayload } from '../../../stories/fixtures/payloads.js';
import { parseTurnSources } from '../../../src/model/parse.js';
import { presentCitedSections } from '../../../src/model/sections.js';
import { term } from '../../../src/i18n/index.js';
import type { QaSourcesPanel } from '../../../src/elements/sources-panel/sources-panel.js';
import { SHOW_MORE_PAGE } from '../../../src/elements/sources-panel/sources-panel.js';
import type { QaSourceOpenEvent } from '../../../src/events.js';
import {
  deepActive,
  elementCount,
  expectAxeClean,
  expectedView,
  frame,
  guardNavigation,
  mount,
  recordEvents,
  settle,
  shadowOf,
  unmountAll,
} from '../shared/fixture.js';

function story(id: string) {
  const s = panelStories.stories.find((x) => x.id === id);
  if (!s) throw new Error(`no panel story ${id}`);
  return s;
}

async function mountStory(id: string, locale = 'en', debug = false): Promise<QaSourcesPanel> {
  const c = await mount(story(id).render({ locale, debug }), { lang: locale });
  return c.querySelector('qa-sources-panel')!;
}

/** A panel given its properties before its first render, as a host would. */
async function mountPanel(sources: unknown, props: Partial<QaSourcesPanel> = {}): Promise<QaSourcesPanel> {
  const el = document.createElement('qa-sources-panel');
  Object.assign(el, props, { sources });
  const c = await mount(html`<div style="block-size: 560px">${el}</div>`);
  await settle(c);
  return el;
}

const $ = <T extends Element = HTMLElement>(el: Element, sel: string) => shadowOf(el).querySelector<T & HTMLElement>(sel);
const $$ = <T extends Element = HTMLElement>(el: Element, sel: string) => [...shadowOf(el).querySelectorAll<T & HTMLElement>(sel)];
const text = (n: Element | null | undefined) => (n?.textContent ?? '').replace(/\s+/g, ' ').trim();
const GROUP_NAMES: Record<string, string> = {
  file: 'Documentation',
  code: 'Code',
  jira: 'Jira',
  confluence: 'Confluence',
  knowledge: 'Knowledge',
  web: 'Web',
  other: 'Other',
};
const cardTitles = (el: Element) => $$(el, '.card .title').map((n) => n.textContent);

describe('<qa-sources-panel>', () => {
  afterEach(unmountAll);

  describe('every story', () => {
    for (const s of panelStories.stories) {
      it(`${s.id}: renders the model's count, groups and cards`, async () => {
        const c = await mount(s.render({ locale: 'en', debug: false }), { lang: 'en' });
        for (const el of c.querySelectorAll('qa-sources-panel')) {
          const view = expectedView(el.sources, el.threshold, el.maxPerGroup);
          const count = $(el, '.count-text');
          if (view.empty && !el.provisional) {
            expect(count, 'no count line when empty').to.equal(null);
            expect($(el, '.empty'), 'empty message').to.not.equal(null);
          } else {
            expect(text(count)).to.equal(term('en', 'sourceCount', { n: view.count }));
          }
          const groups = $$(el, '.group:not(.discovered-group)');
          // An answer citing shown sources: Cited in the answer and Also used instead of the groups.
          const sections = presentCitedSections(view, el.citations?.numbers, el.maxPerGroup);
          const lists = sections
            ? [sections.cited, sections.alsoUsed]
                .filter((x) => x.count > 0)
                .map((x) => ({ kind: x.key, name: x.key === 'cited' ? 'Cited in the answer' : 'Also used', count: x.count, initial: x.initial }))
            : view.groups.map((g) => ({ kind: g.kind as string, name: GROUP_NAMES[g.kind]!, count: g.count, initial: g.initial }));
          expect(groups.map((g) => g.dataset.kind)).to.deep.equal(lists.map((g) => g.kind));
          groups.forEach((g, i) => {
            const gv = lists[i]!;
            expect(g.querySelector('.group-toggle')!.getAttribute('aria-label')).to.equal(term('en', 'groupHeading', { group: gv.name, n: gv.count }));
            expect(g.querySelectorAll('.card').length, `${gv.kind} cards`).to.equal(gv.initial);
          });
          const total = groups.reduce((n, g) => n + Number(/\d[\d,]*$/.exec(text(g.querySelector('.group-count')))![0].replace(/,/g, '')), 0);
          expect(total, 'group counts add up to the count').to.equal(view.count);
        }
      });
    }

    it('shows the count in Russian and Chinese with the right plural forms', async () => {
      const ru = await mountStory('reference', 'ru');
      expect(text($(ru, '.count-text'))).to.equal('7 источников');
      expect(text($(ru, '.heading'))).to.equal('Источники');
      const zh = await mountStory('many-100', 'zh');
      expect(text($(zh, '.count-text'))).to.equal('100 个来源');
    });
  });

  describe('cards', () => {
    it('lays the reference example out as the design says', async () => {
      const el = await mountStory('reference');
      expect($$(el, '.group').map((g) => g.dataset.kind)).to.deep.equal(['file', 'code', 'jira', 'confluence', 'web']);
      expect(cardTitles(el)).to.deep.equal([
        'technicalDiagnosis.md',
        'ActivitySectionTypeEnum.cs',
        'MDC-24929',
        'MDC-23617',
        'Вибродиагностика MM3',
        'ISO 20816-1:2016 — Mechanical vibration — Measurement and evaluation',
        'Vibration analysis - Wikipedia',
      ]);
      const [doc, code, jira1, jira2, conf, iso] = $$(el, '.card');
      expect(text(doc!.querySelector('.badge'))).to.equal('MD');
      expect(text(code!.querySelector('.badge'))).to.equal('C#');
      expect(jira1!.querySelector('.badge svg'), 'icon mark for Jira').to.not.equal(null);
      expect(text(doc!.querySelector('.secondary'))).to.equal('docs / … / EAM / Diagnostics');
      expect(text(doc!.querySelector('.ranges'))).to.equal('lines 197–218, 355–371');
      expect(text(jira1!.querySelector('.secondary'))).to.equal('Вибродоктор. GET /history');
      expect(text(jira1!.querySelector('.tag')), 'every origin is a subagent').to.equal('Subagent');
      expect(doc!.querySelector('.tag'), 'parent and subagent: no Subagent badge').to.equal(null);
      expect(text(iso!.querySelector('.tag.partial'))).to.equal('Partial');
      expect(text(conf!.querySelector('.secondary'))).to.equal('EAM Handbook');
      expect(jira2!.querySelector('.ext'), 'external mark on remote sources').to.not.equal(null);
      expect(doc!.querySelector('.ext'), 'no external mark on local files').to.equal(null);
      // Full title on hover (a remote card's hover card shows it whole, so it has no tooltip of its own); RTL-safe isolation.
      expect(doc!.querySelector('.title')!.getAttribute('title')).to.equal('technicalDiagnosis.md');
      const title = iso!.querySelector('.title')!;
      expect(title.hasAttribute('title')).to.equal(false);
      await el.showPreview('web:https://www.iso.org/standard/66309.html');
      expect(iso!.querySelector('.hc-title')!.textContent).to.equal('ISO 20816-1:2016 — Mechanical vibration — Measurement and evaluation');
      expect(title.getAttribute('dir')).to.equal('auto');
      expect(getComputedStyle(title).unicodeBidi).to.equal('isolate');
    });

    it('makes remote sources real links and local ones buttons', async () => {
      const el = await mountStory('reference');
      const [doc, , jira] = $$(el, '.card');
      const link = jira!.querySelector('a.main')!;
      expect(link.getAttribute('href')).to.equal('https://jira.example.com/browse/MDC-24929');
      expect(link.getAttribute('target')).to.equal('_blank');
      expect(link.getAttribute('rel')).to.equal('noopener noreferrer');
      expect(link.getAttribute('referrerpolicy')).to.equal('no-referrer');
      expect(doc!.querySelector('a'), 'a local file is no link').to.equal(null);
      expect(doc!.querySelector('button.main')).to.not.equal(null);
    });

    it('shows the details on demand: Used by and every location', async () => {
      const el = await mountStory('reference');
      const card = $$(el, '.card')[0]!;
      const toggle = card.querySelector<HTMLButtonElement>('.toggle')!;
      expect(toggle.getAttribute('aria-expanded')).to.equal('false');
      expect(card.querySelector('.details')).to.equal(null);
      toggle.click();
      await settle(el);
      expect(toggle.getAttribute('aria-expanded')).to.equal('true');
      const details = card.querySelector('.details')!;
      expect(toggle.getAttribute('aria-controls')).to.equal(details.id);
      const rows = [...details.querySelectorAll('li')].map(text);
      expect(rows).to.deep.equal(['Read by the assistant in answer 4', 'Found by the helper agent “Jira research”', 'lines 197–218', 'lines 355–371']);
      await expectAxeClean(el, 'panel with open details');
      // A nested subagent chain.
      const jira2 = $$(el, '.card')[3]!;
      jira2.querySelector<HTMLButtonElement>('.toggle')!.click();
      await settle(el);
      expect([...jira2.querySelectorAll('.details li')].map(text)).to.deep.equal(['Found by the helper agent “Jira research” › “Deep search”', 'MDC-23617']);
    });

    it('names the subagent chain in Russian with its own quotes', async () => {
      const el = await mountStory('reference', 'ru');
      const jira2 = $$(el, '.card')[3]!;
      jira2.querySelector<HTMLButtonElement>('.toggle')!.click();
      await settle(el);
      expect(text(jira2.querySelector('.details li'))).to.equal('Найдено вспомогательным агентом «Jira research» › «Deep search»');
    });

    it('warns visibly about look-alike hosts and hidden characters', async () => {
      const el = await mountStory('hostile');
      const cards = $$(el, '.card');
      const apple = cards.find((c) => text(c.querySelector('.title')) === 'Apple ID sign-in')!;
      expect(text(apple.querySelector('.secondary'))).to.equal('xn--pple-43d.com');
      expect(text(apple.querySelector('.warning'))).to.equal(term('en', 'lookalikeHost', { host: 'xn--pple-43d.com' }));
      const file = cards.find((c) => c.querySelector('.title')!.textContent!.startsWith('invoice'))!;
      expect(file.querySelector('.title')!.textContent).to.contain('⟦U+202E⟧');
      expect(text(file.querySelector('.warning'))).to.equal(term('en', 'suspiciousName'));
      expect(apple.querySelector('.warning')!.checkVisibility()).to.equal(true);
    });
  });

  describe('activation', () => {
    it('fires qa-source-open for a local file with its first location and ranges', async () => {
      const el = await mountStory('reference');
      const rec = recordEvents();
      try {
        $(el, '.card button.main')!.click();
        expect(rec.names()).to.deep.equal(['qa-source-open']);
        const e = rec.events[0] as QaSourceOpenEvent;
        expect(e.cancelable && e.bubbles && e.composed).to.equal(true);
        expect(e.detail.source.id).to.equal('file:docs/User_Guide/EAM/Diagnostics/technicalDiagnosis.md');
        expect(e.detail.path).to.equal('docs/User_Guide/EAM/Diagnostics/technicalDiagnosis.md');
        expect(e.detail.location).to.deep.include({ lineStart: 197, lineEnd: 218 });
        expect(e.detail.ranges).to.deep.equal([
          { lineStart: 197, lineEnd: 218 },
          { lineStart: 355, lineEnd: 371 },
        ]);
        expect(e.detail.href).to.equal(null);
      } finally {
        rec.stop();
      }
    });

    it('fires the event before a link is followed; preventDefault stops the navigation', async () => {
      const el = await mountStory('reference');
      const rec = recordEvents();
      const nav = guardNavigation();
      try {
        const link = $$(el, '.card a.main')[0]!;
        link.click();
        expect(nav.cancelled, 'not cancelled: the link is followed').to.deep.equal([false]);
        expect((rec.events[0] as QaSourceOpenEvent).detail.href).to.equal('https://jira.example.com/browse/MDC-24929');
        expect((rec.events[0] as QaSourceOpenEvent).detail.path).to.equal(null);
        const cancel = (e: Event) => e.preventDefault();
        document.addEventListener('qa-source-open', cancel);
        link.click();
        document.removeEventListener('qa-source-open', cancel);
        expect(nav.cancelled, 'cancelled by the host').to.deep.equal([false, true]);
      } finally {
        rec.stop();
        nav.stop();
      }
    });

    it('keeps sources with neither path nor URL focusable, and they still fire', async () => {
      const el = await mountStory('every-kind');
      const knowledge = $$(el, '.group').find((g) => g.dataset.kind === 'knowledge')!;
      const control = knowledge.querySelector<HTMLElement>('.main')!;
      expect(control.localName).to.equal('button');
      control.focus();
      expect(deepActive()).to.equal(control);
      const rec = recordEvents();
      control.click();
      rec.stop();
      expect(rec.events.length).to.equal(1);
      expect((rec.events[0] as QaSourceOpenEvent).detail).to.deep.include({ path: null, href: null });
    });

    it('fires nothing when the owner only sets properties', async () => {
      const rec = recordEvents();
      try {
        const el = await mountStory('reference');
        el.sources = incompletePayload;
        el.threshold = 95;
        el.debug = true;
        el.showDiscovered = true;
        el.provisional = true;
        el.maxPerGroup = 1;
        el.locale = 'zh';
        await settle(el);
        el.provisional = false;
        el.sources = JSON.stringify(referencePayload);
        await settle(el);
        await el.openGroup('web');
        expect(rec.names()).to.deep.equal([]);
      } finally {
        rec.stop();
      }
    });

    it('fires qa-close from the close button', async () => {
      const el = await mountStory('reference');
      const rec = recordEvents();
      $(el, '.close')!.click();
      rec.stop();
      expect(rec.names()).to.deep.equal(['qa-close']);
      expect($(el, '.close')!.getAttribute('aria-label')).to.equal('Close sources');
    });
  });

  describe('keyboard', () => {
    it('has one tab stop for all cards, plus its details toggle', async () => {
      const el = await mountStory('many-100');
      expect($$(el, '.main[tabindex="0"]').length).to.equal(1);
      expect($$(el, '.toggle[tabindex="0"]').length).to.equal(1);
      $(el, '.close')!.focus();
      const order: string[] = [];
      for (let i = 0; i < 5; i++) {
        await sendKeys({ press: 'Tab' });
        const a = deepActive() as HTMLElement;
        order.push(
          a.classList.contains('group-toggle')
            ? `group:${a.dataset.kind}`
            : a.classList.contains('main')
              ? 'card'
              : a.classList.contains('toggle')
                ? 'details'
                : a.className,
        );
      }
      expect(order).to.deep.equal(['group:file', 'card', 'details', 'show-more', 'group:code']);
    });

    it('moves between cards with the arrows (across groups), Home and End', async () => {
      const el = await mountStory('reference');
      const mains = $$(el, '.card > .main');
      mains[0]!.focus();
      await sendKeys({ press: 'ArrowDown' });
      expect(deepActive()).to.equal(mains[1]);
      await sendKeys({ press: 'ArrowDown' });
      expect(deepActive(), 'from Code into Jira').to.equal(mains[2]);
      await sendKeys({ press: 'ArrowUp' });
      expect(deepActive()).to.equal(mains[1]);
      await sendKeys({ press: 'End' });
      expect(deepActive()).to.equal(mains[mains.length - 1]);
      await sendKeys({ press: 'ArrowDown' });
      expect(deepActive(), 'stays on the last').to.equal(mains[mains.length - 1]);
      await sendKeys({ press: 'Home' });
      expect(deepActive()).to.equal(mains[0]);
      // The roving tab stop follows focus.
      await sendKeys({ press: 'End' });
      await settle(el);
      expect(mains[mains.length - 1]!.getAttribute('tabindex')).to.equal('0');
      expect(mains[0]!.getAttribute('tabindex')).to.equal('-1');
    });

    it('activates with Enter and Space, on buttons and links alike', async () => {
      const el = await mountStory('reference');
      const rec = recordEvents();
      const nav = guardNavigation();
      try {
        const mains = $$(el, '.card > .main');
        mains[0]!.focus();
        await sendKeys({ press: 'Enter' });
        await sendKeys({ press: 'Space' });
        mains[2]!.focus();
        await sendKeys({ press: 'Enter' });
        await sendKeys({ press: 'Space' });
        const ids = rec.events.map((e) => (e as QaSourceOpenEvent).detail.source.id);
        expect(ids).to.deep.equal([
          'file:docs/User_Guide/EAM/Diagnostics/technicalDiagnosis.md',
          'file:docs/User_Guide/EAM/Diagnostics/technicalDiagnosis.md',
          'jira:MDC-24929',
          'jira:MDC-24929',
        ]);
      } finally {
        rec.stop();
        nav.stop();
      }
    });

    it('closes open details with Escape, and only then fires qa-close', async () => {
      const el = await mountStory('reference');
      const card = $$(el, '.card')[1]!;
      const toggle = card.querySelector<HTMLElement>('.toggle')!;
      toggle.focus();
      await sendKeys({ press: 'Enter' });
      await settle(el);
      expect(card.querySelector('.details')).to.not.equal(null);
      const rec = recordEvents();
      await sendKeys({ press: 'Escape' });
      await settle(el);
      expect(card.querySelector('.details')).to.equal(null);
      expect(toggle.getAttribute('aria-expanded')).to.equal('false');
      expect(deepActive(), 'focus stays on the toggle').to.equal(toggle);
      expect(rec.names()).to.deep.equal([]);
      await sendKeys({ press: 'Escape' });
      rec.stop();
      expect(rec.names()).to.deep.equal(['qa-close']);
    });
  });

  describe('groups', () => {
    it('collapse and expand, and keep that state across payload updates', async () => {
      const el = await mountPanel(provisionalSteps[1], { provisional: true });
      const jiraToggle = () => $(el, '.group-toggle[data-kind="jira"]')!;
      jiraToggle().click();
      await settle(el);
      expect(jiraToggle().getAttribute('aria-expanded')).to.equal('false');
      expect($(el, '.group[data-kind="jira"] .card')).to.equal(null);
      // Open the details of the first card too.
      $(el, '.card .toggle')!.click();
      await settle(el);
      for (const next of provisionalSteps.slice(2)) {
        el.sources = next;
        await settle(el);
      }
      el.provisional = false;
      await settle(el);
      expect(jiraToggle().getAttribute('aria-expanded'), 'still collapsed').to.equal('false');
      expect($(el, '.group[data-kind="jira"] .card')).to.equal(null);
      expect($(el, '.group[data-kind="web"] .card'), 'new groups open').to.not.equal(null);
      expect($(el, '.card .details'), 'details still open').to.not.equal(null);
      jiraToggle().click();
      await settle(el);
      expect($$(el, '.group[data-kind="jira"] .card').length).to.equal(2);
    });

    it('openGroup expands the group, scrolls its heading into view and focuses it', async () => {
      const el = await mountStory('many-100');
      const toggle = () => $(el, '.group-toggle[data-kind="web"]')!;
      toggle().click();
      await settle(el);
      expect(toggle().getAttribute('aria-expanded')).to.equal('false');
      $(el, '.body')!.scrollTop = 0;
      await el.openGroup('web');
      expect(toggle().getAttribute('aria-expanded')).to.equal('true');
      expect(deepActive()).to.equal(toggle());
      const body = $(el, '.body')!.getBoundingClientRect();
      const r = toggle().getBoundingClientRect();
      expect(r.top).to.be.at.least(body.top - 1);
      expect(r.bottom).to.be.at.most(body.bottom + 1);
      expect($(el, '.body')!.scrollTop, 'scrolled').to.be.greaterThan(0);
      // Unknown or empty kinds do nothing.
      await el.openGroup('nope' as never);
      const single = await mountStory('single');
      await single.openGroup('jira');
      expect(deepActive()).to.not.equal(null);
    });

    it('reveals more cards page by page and focuses the first new one; Show less goes back', async () => {
      const el = await mountStory('many-5000');
      const group = () => $(el, '.group[data-kind="file"]')!;
      const more = group().querySelector<HTMLButtonElement>('.show-more')!;
      expect(text(more)).to.equal(`Show ${SHOW_MORE_PAGE} more`);
      more.click();
      for (let i = 0; i < 10; i++) await frame();
      await settle(el);
      expect(group().querySelectorAll('.card').length).to.equal(8 + SHOW_MORE_PAGE);
      expect(deepActive()).to.equal(group().querySelectorAll('.card > .main')[8]);
      const less = group().querySelector<HTMLButtonElement>('.show-less')!;
      less.click();
      await settle(el);
      expect(group().querySelectorAll('.card').length).to.equal(8);
      expect(deepActive()).to.equal(group().querySelector('.show-more'));
    });

    it('honours max-per-group', async () => {
      const c = await mount(html`<qa-sources-panel max-per-group="2" .sources=${generatedPayload(100)}></qa-sources-panel>`);
      const el = c.querySelector('qa-sources-panel')!;
      expect(el.maxPerGroup).to.equal(2);
      expect($$(el, '.group[data-kind="file"] .card').length).to.equal(2);
      expect(text($(el, '.group[data-kind="file"] .show-more'))).to.equal('Show 13 more');
    });
  });

  describe('scale', () => {
    it('renders 5,000 sources with a small DOM', async () => {
      const el = await mountStory('many-5000');
      const n = elementCount(shadowOf(el));
      expect(n).to.be.at.most(1400);
      expect($$(el, '.card').length).to.equal(7 * 8);
      expect(text($(el, '.count-text'))).to.equal('5,000 sources');
    });
  });

  describe('hostile payload', () => {
    it('renders every string as text and never links javascript: or data:', async () => {
      const el = await mountStory('hostile', 'en', true);
      const root = shadowOf(el);
      const allowed = new Set(['section', 'header', 'div', 'h2', 'h3', 'button', 'p', 'span', 'ul', 'li', 'a', 'svg', 'path', 'details', 'summary', 'code']);
      const tags = new Set([...root.querySelectorAll('*')].map((n) => n.localName));
      expect([...tags].filter((t) => !allowed.has(t))).to.deep.equal([]);
      for (const a of root.querySelectorAll('a')) expect(a.getAttribute('href')).to.match(/^(https?:|mailto:)/);
      expect(root.textContent).to.contain('<img src=x onerror="window.__qaPwned=1">click me');
      expect(root.textContent).to.contain('<b>bold</b>');
      const cards = $$(el, '.card');
      const js = cards.find((c) => text(c.querySelector('.title')).includes('click me'))!;
      expect(js.querySelector('a'), 'javascript: is no link').to.equal(null);
      const data = cards.find((c) => text(c.querySelector('.title')) === 'data URL')!;
      expect(data.querySelector('a'), 'data: is no link').to.equal(null);
      // Activating them fires the event but navigates nowhere.
      js.querySelector<HTMLElement>('.main')!.click();
      data.querySelector<HTMLElement>('.main')!.click();
      for (const c of cards) {
        c.querySelector<HTMLElement>('.toggle')!.click();
      }
      await settle(el);
      expect((window as unknown as { __qaPwned?: unknown }).__qaPwned).to.equal(undefined);
      await expectAxeClean(el, 'hostile panel with all details open');
    });
  });

  describe('provisional', () => {
    it('marks the panel and announces only the new count', async () => {
      const el = await mountPanel(provisionalSteps[0], { provisional: true });
      const live = $(el, '[aria-live="polite"]')!;
      expect($(el, '.provisional')).to.not.equal(null);
      expect($$(el, '[aria-live]').length, 'one live region, not on the cards').to.equal(1);
      expect(text(live)).to.equal('');
      el.sources = provisionalSteps[1];
      await settle(el);
      expect(text(live)).to.equal('3 sources so far');
      el.sources = { ...(provisionalSteps[1] as object) };
      await settle(el);
      expect(text(live), 'same count: nothing new').to.equal('3 sources so far');
      el.sources = provisionalSteps[2];
      await settle(el);
      expect(text(live)).to.equal('5 sources so far');
      el.sources = provisionalSteps[3];
      el.provisional = false;
      await settle(el);
      expect(text(live)).to.equal('7 sources');
      expect($(el, '.provisional')).to.equal(null);
    });
  });

  describe('debug', () => {
    it('shows the Discovered row, collapsed, only in debug or with show-discovered', async () => {
      const plain = await mountStory('reference');
      expect($(plain, '.discovered-group')).to.equal(null);
      const el = await mountStory('discovered');
      const view = expectedView(referencePayload);
      const toggle = $(el, '.discovered-group .group-toggle')!;
      expect(text(toggle)).to.equal(`Discovered · ${view.discovered.count}`);
      expect(toggle.getAttribute('aria-expanded')).to.equal('false');
      expect(toggle.getAttribute('aria-label')).to.equal(`Discovered, ${view.discovered.count} candidates`);
      toggle.click();
      await settle(el);
      expect($$(el, '.discovered-group .card').length).to.equal(8);
      expect(text($(el, '.discovered-group .show-more'))).to.equal(`Show ${view.discovered.count - 8} more`);
      expect(text($(el, '.count-text')), 'never counted').to.equal('7 sources');
      await expectAxeClean(el, 'discovered row open');
      const debug = await mountStory('reference', 'en', true);
      expect($(debug, '.discovered-group')).to.not.equal(null);
    });

    it('explains incomplete provenance with the reasons, only in debug', async () => {
      const off = await mountPanel(incompletePayload);
      expect($(off, '.notice')).to.equal(null);
      const el = await mountStory('incomplete');
      const notice = $(el, '.notice[role="note"]')!;
      expect(text(notice.querySelector('p'))).to.equal('Some delegated-source provenance is unavailable.');
      expect([...notice.querySelectorAll('li')].map(text)).to.deep.equal([
        'external-research (run-ext-1): The provider did not report its sources.',
        'confluence-connector: Timed out before reporting.',
      ]);
    });

    it('lists the payload problems in debug and logs them once per payload', async () => {
      const payload = JSON.parse(JSON.stringify(malformedPayload));
      const warnings: unknown[][] = [];
      const original = console.warn;
      console.warn = (...args: unknown[]) => warnings.push(args);
      try {
        await mount(html`<qa-sources-panel .sources=${payload}></qa-sources-panel><qa-source-footer .sources=${payload}></qa-source-footer
          ><qa-sources-panel debug .sources=${payload}></qa-sources-panel>`);
      } finally {
        console.warn = original;
      }
      expect(warnings.length, 'one warning for one payload').to.equal(1);
      const problems = parseTurnSources(payload).problems;
      expect(warnings[0]![1]).to.deep.equal(problems);
      const [plain, debug] = [...document.querySelectorAll('qa-sources-panel')];
      expect($(plain!, '.problems')).to.equal(null);
      const list = $(debug!, '.problems')!;
      expect(text(list.querySelector('summary'))).to.equal(term('en', 'problems', { n: problems.length }));
      expect(list.querySelectorAll('li').length).to.equal(problems.length);
      // Valid sources still show.
      expect(text($(debug!, '.count-text'))).to.equal(term('en', 'sourceCount', { n: expectedView(payload).count }));
    });

    it('never throws on garbage and says so in debug', async () => {
      for (const junk of ['not json', 42, [], { version: 1 }, '{"sources": 5}']) {
        const el = await mountPanel(junk, { debug: true });
        expect($(el, '.empty')).to.not.equal(null);
        expect($(el, '.problems')).to.not.equal(null);
      }
    });
  });

  describe('accessibility', () => {
    it('is axe-clean with everything open, in every language, in light and dark', async function () {
      // Six axe runs of about 2 s each on an idle machine: a timeout a busy one cannot reach (nothing is timed).
      for (const locale of ['en', 'ru', 'zh']) {
        for (const scheme of ['light', 'dark']) {
          const c = await mount(
            html`<div style="block-size: 560px; color-scheme: ${scheme}">
              <qa-sources-panel debug .locale=${locale} .sources=${incompletePayload}></qa-sources-panel>
            </div>`,
            { lang: locale },
          );
          const el = c.querySelector('qa-sources-panel')!;
          for (const t of $$(el, '.toggle')) t.click();
          $(el, '.discovered-group .group-toggle')!.click();
          await settle(el);
          await expectAxeClean(el, `${locale}/${scheme}`);
          c.remove();
        }
      }
    });
  });

  it('mirrors in a right-to-left page without reordering its texts', async () => {
    const c = await mount(
      html`<div dir="rtl" style="inline-size: 400px; block-size: 560px"><qa-sources-panel .sources=${referencePayload} locale="ru"></qa-sources-panel></div>`,
    );
    const el = c.querySelector('qa-sources-panel')!;
    const code = $$(el, '.card')[1]!;
    const badge = code.querySelector('.badge')!.getBoundingClientRect();
    const title = code.querySelector('.title')!.getBoundingClientRect();
    expect(badge.left, 'badge at the inline start (right)').to.be.greaterThan(title.right);
    expect(code.querySelector('.toggle')!.getBoundingClientRect().right, 'details toggle at the inline end (left)').to.be.lessThan(title.left);
    const node = [...code.querySelector('.badge')!.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent === 'C#')!;
    const glyph = (i: number) => {
      const r = document.createRange();
      r.setStart(node, i);
      r.setEnd(node, i + 1);
      return r.getBoundingClientRect().left;
    };
    expect(glyph(0), 'C# stays C#, not #C').to.be.lessThan(glyph(1));
    expect($(el, '.count-text')!.getAttribute('dir')).to.equal('auto');
    expect(text($(el, '.count-text'))).to.equal('7 источников');
  });

  it('follows a language change at runtime', async () => {
    const el = await mountStory('reference');
    el.locale = 'zh';
    await settle(el);
    expect(text($(el, '.heading'))).to.equal('来源');
    expect(text($(el, '.count-text'))).to.equal('7 个来源');
    expect($(el, '.base')!.getAttribute('lang')).to.equal('zh');
  });

  it('accepts a hostile payload object as well as its JSON text', async () => {
    const a = await mountPanel(hostilePayload);
    const b = await mountPanel(JSON.stringify(hostilePayload));
    expect(cardTitles(b)).to.deep.equal(cardTitles(a));
  });
});
