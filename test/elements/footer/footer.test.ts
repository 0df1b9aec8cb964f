import { expect } from 'chai';
import { html } from 'lit';
import { sendKeys } from '@web/test-runner-commands';
import { footerStories } from '../../../stories/footer.stories.js';
import {
  belowThresholdPayload,
  emptyPayload,
  everyKindPayload,
  generatedPayload,
  hostilePayload,
  longTitlesPayload,
  referencePayload,
} from '../../../stories/fixtures/payloads.js';
import { term } from '../../../src/i18n/index.js';
import type { QaSourceFooter } from '../../../src/elements/source-footer/source-footer.js';
import type { QaGroupOpenEvent, QaSourceOpenEvent, QaToggleEvent } from '../../../src/events.js';
import {
  deepActive,
  elementCount,
  expectAxeClean,
  expectedView,
  guardNavigation,
  mount,
  recordEvents,
  settle,
  shadowOf,
  unmountAll,
} from '../shared/fixture.js';

function story(id: string) {
  const s = footerStories.stories.find((x) => x.id === id);
  if (!s) throw new Error(`no footer story ${id}`);
  return s;
}

async function mountStory(id: string, locale = 'en'): Promise<QaSourceFooter> {
  const c = await mount(story(id).render({ locale, debug: false }), { lang: locale });
  return c.querySelector('qa-source-footer')!;
}

async function mountFooter(sources: unknown, props: Partial<QaSourceFooter> = {}): Promise<QaSourceFooter> {
  const el = document.createElement('qa-source-footer');
  Object.assign(el, props, { sources });
  await mount(html`${el}`);
  return el;
}

const $ = (el: Element, sel: string) => shadowOf(el).querySelector<HTMLElement>(sel);
const $$ = (el: Element, sel: string) => [...shadowOf(el).querySelectorAll<HTMLElement>(sel)];
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

describe('<qa-source-footer>', () => {
  afterEach(unmountAll);

  describe('every story', () => {
    for (const s of footerStories.stories) {
      it(`${s.id}: shows the model's count and groups, or nothing`, async () => {
        const c = await mount(s.render({ locale: 'en', debug: false }), { lang: 'en' });
        for (const el of c.querySelectorAll('qa-source-footer')) {
          const view = expectedView(el.sources, el.threshold);
          if (view.empty) {
            expect(shadowOf(el).querySelector('*'), 'no content').to.equal(null);
            expect(getComputedStyle(el).display).to.equal('none');
            continue;
          }
          expect(text($(el, '.label .n'))).to.equal(view.count.toLocaleString('en'));
          const chips = $$(el, '.chip');
          expect(chips.map((c) => c.dataset.kind)).to.deep.equal(view.groups.map((g) => g.kind));
          expect(chips.map(text)).to.deep.equal(view.groups.map((g) => `${GROUP_NAMES[g.kind]} ${g.count.toLocaleString('en')}`));
          if (el.expanded) {
            const lists = $$(el, '.lgroup');
            expect(lists.length).to.equal(view.groups.length);
            lists.forEach((l, i) => expect(l.querySelectorAll('li').length).to.equal(Math.min(view.groups[i]!.count, 8)));
          } else {
            expect($(el, '.list')).to.equal(null);
          }
        }
      });
    }
  });

  it('shows `Sources 7 [Documentation 1] … ›` on one line when it fits', async () => {
    const c = await mount(html`<div style="inline-size: 720px"><qa-source-footer .sources=${referencePayload}></qa-source-footer></div>`);
    const el = c.querySelector('qa-source-footer')!;
    expect(text($(el, '.label'))).to.equal('Sources 7');
    const middles = [$(el, '.label')!, ...$$(el, '.chip'), $(el, '.toggle')!].map((n) => n.getBoundingClientRect().top + n.getBoundingClientRect().height / 2);
    expect(Math.max(...middles) - Math.min(...middles), 'one line').to.be.below(2);
  });

  it('wraps gracefully at 320 px without overflowing', async () => {
    for (const locale of ['en', 'ru', 'zh']) {
      const c = await mount(html`<div style="inline-size: 320px"><qa-source-footer .sources=${everyKindPayload} .locale=${locale}></qa-source-footer></div>`);
      const el = c.querySelector('qa-source-footer')!;
      const box = el.getBoundingClientRect();
      for (const n of [...$$(el, '.chip'), $(el, '.toggle')!]) {
        const r = n.getBoundingClientRect();
        expect(r.right, `${locale}: ${text(n)}`).to.be.at.most(box.right + 0.5);
        expect(r.left).to.be.at.least(box.left - 0.5);
      }
      el.expanded = true;
      await settle(el);
      expect(shadowOf(el).querySelector('.list')!.scrollWidth).to.be.at.most(320);
      c.remove();
    }
  });

  describe('renders nothing at all', () => {
    for (const [name, payload] of [
      ['an empty payload', emptyPayload],
      ['a payload with nothing above the threshold', belowThresholdPayload],
      ['no payload', null],
      ['garbage', 'not json'],
    ] as const) {
      it(`for ${name}`, async () => {
        const c = await mount(
          html`<style>
              .host-footer { margin: 24px; padding: 8px; border: 2px solid; }
            </style>
            <div class="wrap" style="display: flow-root">
              <qa-source-footer class="host-footer" .sources=${payload}></qa-source-footer>
            </div>`,
        );
        const el = c.querySelector('qa-source-footer')!;
        expect(getComputedStyle(el).display).to.equal('none');
        expect(c.querySelector('.wrap')!.getBoundingClientRect().height, 'no box, no margin').to.equal(0);
        expect(el.getClientRects().length).to.equal(0);
        expect(shadowOf(el).querySelector('*')).to.equal(null);
      });
    }

    it('and appears as soon as a payload has visible sources (and goes again)', async () => {
      const el = await mountFooter(emptyPayload);
      expect(getComputedStyle(el).display).to.equal('none');
      el.sources = referencePayload;
      await settle(el);
      expect(getComputedStyle(el).display).to.equal('block');
      el.threshold = 101;
      await settle(el);
      expect(getComputedStyle(el).display).to.equal('none');
    });
  });

  describe('events', () => {
    it('chips fire qa-group-open with their kind', async () => {
      const el = await mountStory('reference');
      const rec = recordEvents();
      for (const chip of $$(el, '.chip')) chip.click();
      rec.stop();
      expect(rec.names().every((n) => n === 'qa-group-open')).to.equal(true);
      expect(rec.events.map((e) => (e as QaGroupOpenEvent).detail.kind)).to.deep.equal(['file', 'code', 'jira', 'confluence', 'web']);
      expect(rec.events.every((e) => e.bubbles && e.composed)).to.equal(true);
    });

    it('the All 7 toggle is a button with aria-expanded, reflects `expanded` and fires qa-toggle', async () => {
      const el = await mountStory('reference');
      const toggle = $(el, '.toggle')!;
      expect(toggle.localName).to.equal('button');
      expect(toggle.getAttribute('aria-expanded')).to.equal('false');
      expect(text(toggle), 'visible label and name').to.equal('All 7');
      expect(toggle.hasAttribute('aria-label')).to.equal(false);
      const rec = recordEvents();
      toggle.click();
      await settle(el);
      expect(el.expanded).to.equal(true);
      expect(el.hasAttribute('expanded')).to.equal(true);
      expect(toggle.getAttribute('aria-expanded')).to.equal('true');
      expect(toggle.getAttribute('aria-controls')).to.equal($(el, '.list')!.id);
      toggle.click();
      await settle(el);
      rec.stop();
      expect(rec.events.map((e) => (e as QaToggleEvent).detail.expanded)).to.deep.equal([true, false]);
      expect(el.hasAttribute('expanded')).to.equal(false);
    });

    it('the expanded list reads like the design and its entries fire qa-source-open', async () => {
      const el = await mountStory('reference-expanded');
      const entries = $$(el, '.entry');
      expect(entries.map(text)).to.deep.equal([
        'technicalDiagnosis.md · 197–218, 355–371',
        'ActivitySectionTypeEnum.cs · 12–40',
        'MDC-24929 — Вибродоктор. GET /history',
        'MDC-23617 — Vibration thresholds are not applied to imported units',
        'Вибродиагностика MM3',
        'ISO 20816-1:2016 — Mechanical vibration — Measurement and evaluation',
        'Vibration analysis - Wikipedia',
      ]);
      expect($$(el, '.lgroup-name').map(text)).to.deep.equal(['Documentation', 'Code', 'Jira', 'Confluence', 'Web']);
      const rec = recordEvents();
      const nav = guardNavigation();
      try {
        entries[0]!.click();
        entries[2]!.click();
        const [file, jira] = rec.events as QaSourceOpenEvent[];
        expect(file!.detail).to.deep.include({ path: 'docs/User_Guide/EAM/Diagnostics/technicalDiagnosis.md', href: null });
        expect(file!.detail.ranges).to.deep.equal([
          { lineStart: 197, lineEnd: 218 },
          { lineStart: 355, lineEnd: 371 },
        ]);
        expect(file!.detail.location).to.deep.include({ lineStart: 197, lineEnd: 218 });
        expect(jira!.detail.href).to.equal('https://jira.example.com/browse/MDC-24929');
        expect(nav.cancelled).to.deep.equal([false]);
        const link = entries[2]!;
        expect(link.localName).to.equal('a');
        expect(link.getAttribute('rel')).to.equal('noopener noreferrer');
        expect(link.getAttribute('target')).to.equal('_blank');
        expect(link.getAttribute('referrerpolicy')).to.equal('no-referrer');
        document.addEventListener('qa-source-open', (e) => e.preventDefault(), { once: true });
        link.click();
        expect(nav.cancelled).to.deep.equal([false, true]);
      } finally {
        rec.stop();
        nav.stop();
      }
    });

    it('fires nothing when the owner only sets properties', async () => {
      const rec = recordEvents();
      try {
        const el = await mountStory('reference');
        el.expanded = true;
        await settle(el);
        el.sources = generatedPayload(30);
        el.threshold = 70;
        el.provisional = true;
        el.locale = 'ru';
        await settle(el);
        el.expanded = false;
        await settle(el);
        expect(rec.names()).to.deep.equal([]);
      } finally {
        rec.stop();
      }
    });
  });

  describe('keyboard', () => {
    it('tabs through chips and the toggle, then one stop in the list; arrows, Home and End move', async () => {
      const el = await mountStory('reference-expanded');
      $$(el, '.chip')[0]!.focus();
      const seen: string[] = [];
      for (let i = 0; i < 6; i++) {
        await sendKeys({ press: 'Tab' });
        const a = deepActive() as HTMLElement;
        seen.push(
          a.classList.contains('chip')
            ? `chip:${a.dataset.kind}`
            : a.classList.contains('toggle')
              ? 'toggle'
              : a.classList.contains('entry')
                ? `entry:${text(a).slice(0, 12)}`
                : a.localName,
        );
      }
      expect(seen.slice(0, 6)).to.deep.equal(['chip:code', 'chip:jira', 'chip:confluence', 'chip:web', 'toggle', 'entry:technicalDia']);
      const entries = $$(el, '.entry');
      await sendKeys({ press: 'ArrowDown' });
      expect(deepActive()).to.equal(entries[1]);
      await sendKeys({ press: 'End' });
      expect(deepActive()).to.equal(entries[entries.length - 1]);
      await sendKeys({ press: 'Home' });
      expect(deepActive()).to.equal(entries[0]);
      const rec = recordEvents();
      await sendKeys({ press: 'Enter' });
      await sendKeys({ press: 'Space' });
      await sendKeys({ press: 'Escape' });
      await settle(el);
      rec.stop();
      expect(rec.names()).to.deep.equal(['qa-source-open', 'qa-source-open', 'qa-toggle']);
      expect(el.expanded).to.equal(false);
      expect(deepActive(), 'focus back on the toggle').to.equal($(el, '.toggle'));
    });
  });

  it('agrees with the panel on every count, for the same payload and threshold', async () => {
    const payloads = [referencePayload, everyKindPayload, longTitlesPayload, hostilePayload, generatedPayload(5000)];
    for (const payload of payloads) {
      for (const threshold of [0, 50, 75, 90, 100, 101]) {
        const c = await mount(
          html`<qa-source-footer .sources=${payload} .threshold=${threshold}></qa-source-footer><qa-sources-panel .sources=${payload} .threshold=${threshold}></qa-sources-panel>`,
        );
        const footer = c.querySelector('qa-source-footer')!;
        const panel = c.querySelector('qa-sources-panel')!;
        const expected = expectedView(payload, threshold);
        const panelCount = shadowOf(panel).querySelector('.count-text');
        if (expected.empty) {
          expect(getComputedStyle(footer).display).to.equal('none');
          expect(panelCount).to.equal(null);
        } else {
          expect(text($(footer, '.label .n'))).to.equal(expected.count.toLocaleString('en'));
          expect(text(panelCount)).to.equal(term('en', 'sourceCount', { n: expected.count }));
          const chipCounts = $$(footer, '.chip-n').map(text);
          const panelCounts = [...shadowOf(panel).querySelectorAll('.group-count')].map((n) => text(n).replace(/^· /, ''));
          expect(chipCounts, `threshold ${threshold}`).to.deep.equal(panelCounts);
        }
        c.remove();
      }
    }
  });

  it('stays small for 5,000 sources', async () => {
    const el = await mountStory('many-5000');
    expect(elementCount(shadowOf(el))).to.be.at.most(40);
    el.expanded = true;
    await settle(el);
    // Per entry: li, control, text, title, and the kind mark (svg + path).
    expect(elementCount(shadowOf(el))).to.be.at.most(7 * 8 * 8 + 60);
  });

  it('renders hostile strings as text and links only http/https/mailto', async () => {
    const el = await mountStory('hostile-expanded');
    const root = shadowOf(el);
    const allowed = new Set(['div', 'span', 'button', 'p', 'ul', 'li', 'a', 'svg', 'path']);
    expect([...new Set([...root.querySelectorAll('*')].map((n) => n.localName))].filter((t) => !allowed.has(t))).to.deep.equal([]);
    for (const a of root.querySelectorAll('a')) expect(a.getAttribute('href')).to.match(/^(https?:|mailto:)/);
    expect(root.textContent).to.contain('<img src=x onerror="window.__qaPwned=1">click me');
    for (const e of $$(el, '.entry')) if (e.localName === 'button') e.click();
    expect((window as unknown as { __qaPwned?: unknown }).__qaPwned).to.equal(undefined);
    await expectAxeClean(el);
  });

  it('marks a provisional payload', async () => {
    const el = await mountStory('provisional');
    expect(el.hasAttribute('provisional')).to.equal(true);
    expect($(el, '.pulse')).to.not.equal(null);
    expect(text($(el, '.label'))).to.contain('Collecting sources…');
  });

  it('is axe-clean compact and expanded, in every language, light and dark', async () => {
    for (const locale of ['en', 'ru', 'zh']) {
      for (const scheme of ['light', 'dark']) {
        for (const expanded of [false, true]) {
          const c = await mount(
            html`<div style="color-scheme: ${scheme}; background: Canvas; padding: 8px">
              <qa-source-footer .sources=${referencePayload} .locale=${locale} ?expanded=${expanded}></qa-source-footer>
            </div>`,
            { lang: locale },
          );
          await expectAxeClean(c.querySelector('qa-source-footer')!, `${locale}/${scheme}/${expanded ? 'expanded' : 'compact'}`);
          c.remove();
        }
      }
    }
  });
});
