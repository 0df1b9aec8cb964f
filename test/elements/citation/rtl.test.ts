// Right to left (the gallery's `rtl` citation story, a Hebrew answer): the chips' hover cards
// align with the chip's right edge, the panel's sections, cards and citation numbers, the
// footer's numbers and the hover card of a remote card are mirrored; left to right is the
// control case for every check.
import { expect } from 'chai';
import { citationStories } from '../../../stories/citation.stories.js';
import type { QaCitation } from '../../../src/elements/citation/citation.js';
import type { QaSourcesPanel } from '../../../src/elements/sources-panel/sources-panel.js';
import type { QaSourceFooter } from '../../../src/elements/source-footer/source-footer.js';
import { expectAxeClean, mount, settle, shadowOf, unmountAll } from '../shared/fixture.js';
import { until } from '../../wait.js';

const JIRA = 'jira:MDC-24929';

async function mountStory(id: string) {
  const s = citationStories.stories.find((x) => x.id === id)!;
  const c = await mount(s.render({ locale: 'en', debug: false }), { lang: 'en' });
  const panel = c.querySelector<QaSourcesPanel>('qa-sources-panel')!;
  await until(() => panel.citations !== null && shadowOf(panel).querySelector('.section') !== null, 'the sections');
  await settle(c);
  return {
    c,
    panel,
    footer: c.querySelector<QaSourceFooter>('qa-source-footer')!,
    chips: [...c.querySelectorAll<QaCitation>('qa-citation')],
  };
}

const box = (el: Element) => el.getBoundingClientRect();

/** What must be mirrored, measured the same way in both directions. */
async function layout(id: string) {
  const { c, panel, footer, chips } = await mountStory(id);
  const root = shadowOf(panel);
  const heading = root.querySelector<HTMLElement>('.cited-section .group-toggle')!;
  const card = root.querySelector<HTMLElement>('.cited-section .card')!;
  const number = getComputedStyle(card, '::after');
  const entry = shadowOf(footer).querySelector<HTMLElement>('li[data-id] > .entry')!;
  const chip = chips.find((x) => x.number === 1)!;
  chip.showCard();
  await settle(c);
  const chipBox = box(shadowOf(chip).querySelector('.chip')!);
  const chipCard = box(shadowOf(chip).querySelector('.hc')!);
  chip.hideCard();
  await panel.showPreview(JIRA);
  await settle(c);
  const remote = [...root.querySelectorAll<HTMLElement>('.card')].find((x) => x.querySelector(':scope > .hc'))!;
  const out = {
    dir: getComputedStyle(panel).direction,
    chevronAfterName: box(heading.querySelector('.chev')!).left > box(heading.querySelector('.group-name')!).left,
    headingTextAlign: getComputedStyle(heading).textAlign,
    badgeAfterTitle: box(card.querySelector('.badge')!).left > box(card.querySelector('.title')!).left,
    numberLeft: number.left,
    numberRight: number.right,
    footerNumberMargin: [getComputedStyle(entry, '::before').marginLeft, getComputedStyle(entry, '::before').marginRight],
    chipCardRightGap: Math.abs(chipCard.right - chipBox.right),
    chipCardLeftGap: Math.abs(chipCard.left - chipBox.left),
    remoteCard: box(remote),
    remoteHover: box(remote.querySelector(':scope > .hc')!),
    viewport: document.documentElement.clientWidth,
  };
  await expectAxeClean(c, `${id} with a hover card open`);
  unmountAll();
  return out;
}

describe('citations right to left', () => {
  afterEach(unmountAll);

  it('chips, hover cards, panel sections and footer numbers are mirrored under dir="rtl"', async () => {
    const ltr = await layout('answer');
    const rtl = await layout('rtl');
    expect([ltr.dir, rtl.dir]).to.deep.equal(['ltr', 'rtl']);
    // Section headings: the chevron starts the line on the inline-start side.
    expect(ltr.chevronAfterName).to.equal(false);
    expect(rtl.chevronAfterName).to.equal(true);
    expect(rtl.headingTextAlign).to.be.oneOf(['start', 'right']);
    // Cards: the badge before the title, on the right in RTL; the citation number in the inline-start corner.
    expect(ltr.badgeAfterTitle).to.equal(false);
    expect(rtl.badgeAfterTitle).to.equal(true);
    expect(ltr.numberLeft).to.equal('3px');
    expect(rtl.numberRight).to.equal('3px');
    expect(rtl.numberLeft).to.not.equal('3px');
    // Footer: the number's space is on its inline-end side.
    expect(ltr.footerNumberMargin).to.deep.equal(['0px', '6px']);
    expect(rtl.footerNumberMargin).to.deep.equal(['6px', '0px']);
    // A chip's hover card starts at the chip's start edge (left in LTR, right in RTL), unless kept on screen.
    expect(ltr.chipCardLeftGap).to.be.below(1);
    expect(rtl.chipCardRightGap).to.be.below(1);
    // The hover card of a remote card (no room beside the full-width panel): under it, aligned with its start edge, on screen.
    for (const [name, l] of [
      ['ltr', ltr],
      ['rtl', rtl],
    ] as const) {
      expect(l.remoteHover.left, name).to.be.at.least(0);
      expect(l.remoteHover.right, name).to.be.at.most(l.viewport);
    }
    expect(Math.abs(ltr.remoteHover.left - ltr.remoteCard.left)).to.be.below(1);
    expect(Math.abs(rtl.remoteHover.right - rtl.remoteCard.right)).to.be.below(1);
  });
});

describe('citations right to left: alignment', () => {
  afterEach(unmountAll);

  it('left-to-right names on cards and hover cards line up with the right-to-left layout', async () => {
    const { c, panel, chips } = await mountStory('rtl');
    const card = shadowOf(panel).querySelector<HTMLElement>('.cited-section .card')!;
    for (const sel of ['.title', '.secondary']) {
      const el = card.querySelector<HTMLElement>(sel)!;
      const range = document.createRange();
      range.selectNodeContents(el);
      // The text ends at the element's right edge (its start edge in RTL), not at its left.
      expect(box(el).right - range.getBoundingClientRect().right, sel).to.be.below(1);
    }
    const chip = chips.find((x) => x.number === 1)!;
    chip.showCard();
    await settle(c);
    const title = shadowOf(chip).querySelector<HTMLElement>('.hc-title')!;
    const range = document.createRange();
    range.selectNodeContents(title);
    expect(box(title).right - range.getBoundingClientRect().right).to.be.below(1);
  });
});
