/**
 * Design review checks of the panel that can be measured: sticky group
 * headings, focus rings, contrast of control boundaries, hit areas, details.
 */
import { expect } from 'chai';
import { html } from 'lit';
import { sendKeys } from '@web/test-runner-commands';
import { panelStories } from '../../../stories/panel.stories.js';
import type { QaSourcesPanel } from '../../../src/elements/sources-panel/sources-panel.js';
import { frame, mount, settle, shadowOf, unmountAll } from '../shared/fixture.js';
import { contrast } from '../shared/contrast.js';

async function mountStory(id: string, locale = 'en'): Promise<QaSourcesPanel> {
  const s = panelStories.stories.find((x) => x.id === id)!;
  const c = await mount(s.render({ locale, debug: false }), { lang: locale });
  return c.querySelector('qa-sources-panel')!;
}

const $ = (el: Element, sel: string) => shadowOf(el).querySelector<HTMLElement>(sel);
const $$ = (el: Element, sel: string) => [...shadowOf(el).querySelectorAll<HTMLElement>(sel)];

/** True when the element's background colour (under any image layers) is fully opaque. */
function opaque(el: HTMLElement): boolean {
  const cs = getComputedStyle(el);
  const m = cs.backgroundColor.match(/rgba?\(([^)]+)\)|color\(srgb ([^)]+)\)/);
  if (!m) return false;
  const parts = (m[1] ?? m[2]!).split(/[\s,/]+/).filter(Boolean);
  return parts.length < 4 || Number(parts[3]) === 1;
}

describe('<qa-sources-panel> design', () => {
  afterEach(unmountAll);

  // The groups, and the Cited in the answer / Also used sections of an answer with citations.
  for (const story of ['every-kind', 'cited-every-kind'])
    describe(`sticky group headings (${story})`, () => {
      it('a stuck heading sits at the very top of the scrollport, opaque and as wide as the body', async () => {
        const el = await mountStory(story);
        const body = $(el, '.body')!;
        expect(body.scrollHeight).to.be.above(body.clientHeight, 'the story scrolls');
        let checked = 0;
        for (let top = 40; top < body.scrollHeight - body.clientHeight; top += 37) {
          body.scrollTop = top;
          await frame();
          const port = body.getBoundingClientRect();
          const portTop = port.top + body.clientTop;
          for (const h of $$(el, '.group-heading')) {
            const r = h.getBoundingClientRect();
            const group = h.closest('.group')!.getBoundingClientRect();
            // Stuck: its group started above the scrollport's top.
            if (group.top >= portTop) continue;
            if (r.bottom < portTop) continue;
            checked++;
            expect(r.top, `heading top at scrollTop ${top}`).to.be.at.most(portTop + 0.5);
            expect(r.left).to.be.closeTo(port.left + body.clientLeft, 0.5);
            expect(r.width).to.be.closeTo(body.clientWidth, 0.5);
            expect(opaque(h), 'opaque background').to.equal(true);
          }
        }
        expect(checked).to.be.above(0);
      });

      it('a heading pushed out by the end of its group still covers the last card whole', async () => {
        const el = await mountStory(story);
        const body = $(el, '.body')!;
        for (const group of $$(el, '.group')) {
          const cards = group.querySelectorAll('.card');
          const last = cards[cards.length - 1]!;
          // The heading ends where the group does: past the card's bottom border by a pixel or more.
          expect(group.getBoundingClientRect().bottom - last.getBoundingClientRect().bottom, group.dataset.kind).to.be.at.least(1);
        }
        // And at every scroll position the heading never lets a card show above it.
        const port = () => body.getBoundingClientRect().top + body.clientTop;
        for (let top = 0; top < body.scrollHeight - body.clientHeight; top += 3) {
          body.scrollTop = top;
          const p = port();
          for (const h of $$(el, '.group-heading')) {
            const r = h.getBoundingClientRect();
            if (r.bottom <= p || r.top > p + 0.5) continue;
            for (const card of h.closest('.group')!.querySelectorAll('.card')) {
              const c = card.getBoundingClientRect();
              if (c.bottom > p && c.top < p) expect(r.bottom, `scrollTop ${top}`).to.be.at.least(Math.min(c.bottom, r.top + r.height));
            }
          }
        }
      });

      it('a card focused from below the list clears the heading stuck above it', async () => {
        const el = await mountStory(story);
        const body = $(el, '.body')!;
        const mains = $$(el, '.card > .main');
        for (const i of [1, 2, 3, 4]) {
          body.scrollTop = body.scrollHeight;
          await frame();
          mains[i]!.focus();
          await frame();
          const card = mains[i]!.closest('.card')!.getBoundingClientRect();
          for (const h of $$(el, '.group-heading')) {
            const r = h.getBoundingClientRect();
            const overlaps = r.bottom > card.top + 0.5 && r.top < card.bottom - 0.5;
            expect(overlaps, `heading "${h.textContent!.trim()}" over card ${i}`).to.equal(false);
          }
        }
      });

      it('arrow keys moving up the list keep the focused card clear of the headings', async () => {
        const el = await mountStory(story);
        const mains = $$(el, '.card > .main');
        mains[mains.length - 1]!.focus();
        for (let i = mains.length - 1; i > 0; i--) {
          await sendKeys({ press: 'ArrowUp' });
          await frame();
          const card = mains[i - 1]!.closest('.card')!.getBoundingClientRect();
          for (const h of $$(el, '.group-heading')) {
            const r = h.getBoundingClientRect();
            expect(r.bottom > card.top + 0.5 && r.top < card.bottom - 0.5, `card ${i - 1} under a heading`).to.equal(false);
          }
        }
      });
    });

  describe('sticky group headings', () => {
    for (const story of ['reference', 'cited'])
      it(`the first card's focus ring is not covered by its group heading (${story})`, async () => {
        const el = await mountStory(story);
        for (const group of $$(el, '.group')) {
          const card = group.querySelector<HTMLElement>('.card')!;
          card.querySelector<HTMLElement>('.main')!.focus();
          await sendKeys({ press: 'Shift' });
          await frame();
          const cs = getComputedStyle(card);
          expect(cs.outlineStyle).to.equal('solid');
          const ring = parseFloat(cs.outlineOffset) + parseFloat(cs.outlineWidth);
          const heading = group.querySelector('.group-heading')!.getBoundingClientRect();
          expect(heading.bottom, group.dataset.kind).to.be.at.most(card.getBoundingClientRect().top - ring + 0.5);
        }
      });
  });
});

describe('<qa-sources-panel> design: open details', () => {
  afterEach(unmountAll);

  it('the card after one with open details keeps its whole top border in view', async () => {
    const el = await mountStory('reference');
    const root = shadowOf(el);
    const count = $$(el, '.card').length;
    for (let i = 0; i < count - 1; i++) {
      for (const t of $$(el, '.toggle[aria-expanded="true"]')) t.click();
      $$(el, '.toggle')[i]!.click();
      await settle(el);
      const next = $$(el, '.card')[i + 1]!;
      next.scrollIntoView({ block: 'center' });
      await frame();
      const r = next.getBoundingClientRect();
      for (const x of [r.left + 20, r.left + r.width / 2, r.right - 20]) {
        const hit = root.elementFromPoint(x, r.top + 0.5);
        expect(hit === next || next.contains(hit), `card ${i + 1} top edge at x=${x} is covered by ${hit?.className}`).to.equal(true);
      }
    }
  });
});

describe('<qa-sources-panel> design: affordances', () => {
  afterEach(unmountAll);

  for (const scheme of ['light', 'dark']) {
    it(`card and button boundaries reach 3:1 against the surface (${scheme})`, async () => {
      const s = panelStories.stories.find((x) => x.id === 'many-100')!;
      const c = await mount(s.render({ locale: 'en', debug: false }), { lang: 'en', style: `color-scheme: ${scheme}` });
      const el = c.querySelector('qa-sources-panel')!;
      const surface = getComputedStyle($(el, '.base')!).backgroundColor;
      const card = $(el, '.card')!;
      expect(contrast(getComputedStyle(card).borderTopColor, surface), 'card border').to.be.at.least(3);
      expect(contrast(getComputedStyle($(el, '.show-more')!).borderTopColor, surface), 'Show more border').to.be.at.least(3);
      $(el, '.toggle')!.click();
      await settle(el);
      expect(contrast(getComputedStyle($(el, '.card.open')!).borderTopColor, surface), 'open card border').to.be.at.least(3);
    });
  }

  it('chevrons are large enough to read', async () => {
    const el = await mountStory('reference');
    const before = getComputedStyle($(el, '.card .toggle')!, '::before');
    expect(parseFloat(before.width)).to.be.at.least(9);
    expect(parseFloat(before.borderRightWidth)).to.be.at.least(2);
    const chev = getComputedStyle($(el, '.chev')!);
    expect(parseFloat(chev.width)).to.be.at.least(8);
    expect(parseFloat(chev.borderRightWidth)).to.be.at.least(2);
  });

  it('every control is at least 24 × 24 px', async () => {
    const el = await mountStory('many-100');
    $(el, '.toggle')!.click();
    await settle(el);
    const controls = $$(el, 'button, a[href]').filter((b) => b.getClientRects().length > 0);
    expect(controls.length).to.be.above(10);
    for (const b of controls) {
      const r = b.getBoundingClientRect();
      expect(r.width, `${b.className} width`).to.be.at.least(24);
      expect(r.height, `${b.className} height`).to.be.at.least(24);
    }
  });
});

describe('<qa-sources-panel> design: details', () => {
  afterEach(unmountAll);

  it('each location opens exactly its range', async () => {
    const el = await mountStory('reference');
    const first = $$(el, '.card')[0]!;
    first.querySelector<HTMLElement>('.toggle')!.click();
    await settle(el);
    const locs = [...first.querySelectorAll<HTMLButtonElement>('.details .loc')];
    expect(locs.map((b) => b.textContent!.trim())).to.deep.equal(['lines 197–218', 'lines 355–371']);
    const seen: Array<{ path: string | null; ranges: unknown; location: unknown }> = [];
    const on = (e: Event) => {
      const d = (e as CustomEvent).detail;
      seen.push({ path: d.path, ranges: d.ranges, location: d.location });
    };
    document.addEventListener('qa-source-open', on);
    try {
      locs[1]!.focus();
      await sendKeys({ press: 'Enter' });
      locs[0]!.click();
    } finally {
      document.removeEventListener('qa-source-open', on);
    }
    expect(seen.map((s) => s.ranges)).to.deep.equal([[{ lineStart: 355, lineEnd: 371 }], [{ lineStart: 197, lineEnd: 218 }]]);
    expect(seen[0]!.path).to.match(/technicalDiagnosis\.md$/);
    expect((seen[0]!.location as { lineStart: number }).lineStart).to.equal(355);
    const r = locs[0]!.getBoundingClientRect();
    expect(r.height).to.be.at.least(24);
  });

  it('remote sources list their locations as text', async () => {
    const el = await mountStory('reference');
    const jira = $$(el, '.card').find((c) => c.closest<HTMLElement>('.group')!.dataset.kind === 'jira')!;
    jira.querySelector<HTMLElement>('.toggle')!.click();
    await settle(el);
    expect(jira.querySelector('.details li')).to.not.equal(null);
    expect(jira.querySelectorAll('.details .loc').length).to.equal(0);
  });

  for (const [locale, parent, helper] of [
    ['en', 'Read by the assistant in answer 4', 'Found by the helper agent “Jira research”'],
    ['ru', 'Прочитано ассистентом в ответе 4', 'Найдено вспомогательным агентом «Jira research»'],
    ['zh', '助手在第 4 个回答中读取', '由辅助代理“Jira research”找到'],
  ] as const) {
    it(`says who used a source in plain words (${locale})`, async () => {
      const el = await mountStory('reference', locale);
      const first = $$(el, '.card')[0]!;
      first.querySelector<HTMLElement>('.toggle')!.click();
      await settle(el);
      const rows = [...first.querySelectorAll('.details li')].map((li) => li.textContent!.replace(/\s+/g, ' ').trim());
      expect(rows.slice(0, 2)).to.deep.equal([parent, helper]);
      // The technical form stays available as a tooltip.
      expect(first.querySelector<HTMLElement>('.details li')!.title).to.match(/4/);
    });
  }

  it('details opened near the bottom of the panel are scrolled into view', async () => {
    const el = await mountStory('reference');
    const body = $(el, '.body')!;
    const cards = $$(el, '.card');
    const last = cards[cards.length - 1]!;
    const port = body.getBoundingClientRect();
    expect(last.getBoundingClientRect().bottom, 'the last card starts near the bottom').to.be.above(port.top + port.height / 2);
    last.querySelector<HTMLElement>('.toggle')!.click();
    await settle(el);
    const details = last.querySelector('.details')!.getBoundingClientRect();
    expect(details.bottom).to.be.at.most(body.getBoundingClientRect().bottom + 0.5);
  });

  it('marks the card whose file is open in the preview (current-path)', async () => {
    const el = await mountStory('reference');
    const first = $$(el, '.card')[0]!;
    expect($$(el, '[aria-current]').length).to.equal(0);
    el.currentPath = 'docs/User_Guide/EAM/Diagnostics/technicalDiagnosis.md';
    await settle(el);
    expect($$(el, '[aria-current="true"]')).to.deep.equal([first.querySelector('.main')]);
    // Seen without focus: an accent edge and border.
    const cs = getComputedStyle(first);
    expect(cs.boxShadow).to.not.equal('none');
    expect(contrast(cs.borderTopColor, getComputedStyle($(el, '.base')!).backgroundColor)).to.be.at.least(3);
    el.currentPath = null;
    await settle(el);
    expect($$(el, '[aria-current]').length).to.equal(0);
  });
});

describe('<qa-sources-panel> design: labels', () => {
  afterEach(unmountAll);

  for (const locale of ['en', 'ru', 'zh']) {
    it(`the Subagent and Partial tags explain themselves, by tooltip and description (${locale})`, async () => {
      const el = await mountStory('reference', locale);
      const root = shadowOf(el);
      for (const [cls, hint] of [
        ['.tag:not(.partial)', 'hint-subagent'],
        ['.tag.partial', 'hint-partial'],
      ] as const) {
        const tag = $(el, cls)!;
        expect(tag, cls).to.not.equal(null);
        const description = root.getElementById(hint)!.textContent!.trim();
        expect(description.length, `${cls} description`).to.be.above(10);
        expect(tag.title).to.equal(description);
        const control = tag.closest<HTMLElement>('.main')!;
        expect(control.getAttribute('aria-describedby')!.split(' ')).to.include(hint);
      }
    });
  }

  it('files of an unknown type (.env.local) show the file icon, not a cut-off text badge', async () => {
    const el = document.createElement('qa-sources-panel');
    el.sources = {
      version: 1,
      sessionId: 's',
      turn: 1,
      sources: [
        {
          id: 'file:app/.env.local',
          kind: 'file',
          path: 'app/.env.local',
          score: 90,
          evidence: 'read',
          origins: [{ sessionId: 's', turn: 1, role: 'parent' }],
          locations: [],
        },
        { id: 'file:a.md', kind: 'file', path: 'a.md', score: 80, evidence: 'read', origins: [{ sessionId: 's', turn: 1, role: 'parent' }], locations: [] },
      ],
    };
    await mount(html`<div style="block-size: 400px">${el}</div>`);
    const [env, md] = $$(el, '.card .badge');
    expect(env!.textContent!.trim()).to.equal('');
    expect(env!.querySelector('svg')).to.not.equal(null);
    expect(md!.textContent!.trim()).to.equal('MD');
  });
});
