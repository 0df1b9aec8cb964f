/** Design review checks of the footer that can be measured: the expand control, the expanded list, boundaries, hit areas. */
import { expect } from 'chai';
import { html } from 'lit';
import { sendKeys } from '@web/test-runner-commands';
import { generatedPayload, referencePayload } from '../../../stories/fixtures/payloads.js';
import type { QaSourceFooter } from '../../../src/elements/source-footer/source-footer.js';
import { expectAxeClean, frame, mount, settle, shadowOf, unmountAll } from '../shared/fixture.js';
import { contrast } from '../shared/contrast.js';

const $ = (el: Element, sel: string) => shadowOf(el).querySelector<HTMLElement>(sel);
const $$ = (el: Element, sel: string) => [...shadowOf(el).querySelectorAll<HTMLElement>(sel)];
const text = (n: Element | null | undefined) => (n?.textContent ?? '').replace(/\s+/g, ' ').trim();

async function mountFooter(sources: unknown, width = 720, attrs: Record<string, string> = {}): Promise<QaSourceFooter> {
  const c = await mount(html`<div style="inline-size: ${width}px"><qa-source-footer .sources=${sources}></qa-source-footer></div>`, attrs);
  return c.querySelector('qa-source-footer')!;
}

describe('<qa-source-footer> design', () => {
  afterEach(unmountAll);

  it('the expand control says "All 7", and its name stays true when expanded', async () => {
    const el = await mountFooter(referencePayload);
    const toggle = $(el, '.toggle')!;
    expect(text(toggle)).to.equal('All 7');
    expect(toggle.getBoundingClientRect().width, 'a visible label, not a lone chevron').to.be.above(40);
    for (const expanded of [false, true]) {
      if (expanded) toggle.click();
      await settle(el);
      expect(toggle.getAttribute('aria-expanded')).to.equal(String(expanded));
      // The name is the visible label; the state is aria-expanded; the tooltip says what a press does.
      expect(toggle.getAttribute('aria-label')).to.equal(null);
      expect(text(toggle)).to.equal('All 7');
      expect(toggle.title).to.equal(expanded ? 'Hide sources' : 'Show sources');
    }
    await expectAxeClean(el);
  });

  it('with 100 sources the control follows the last chip instead of floating at the far edge', async () => {
    const el = await mountFooter(generatedPayload(100));
    const chips = $$(el, '.chip');
    const last = chips[chips.length - 1]!.getBoundingClientRect();
    const t = $(el, '.toggle')!.getBoundingClientRect();
    const sameRow = Math.abs(t.top + t.height / 2 - (last.top + last.height / 2)) < 2;
    if (sameRow) expect(t.left - last.right, 'right after the last chip').to.be.below(12);
    else expect(t.left - el.getBoundingClientRect().left, 'starts its own row at the start').to.be.below(120);
  });

  it('the expanded list shows each entry with its kind icon, with room for the focus ring', async () => {
    const el = await mountFooter(referencePayload);
    $(el, '.toggle')!.click();
    await settle(el);
    const entries = $$(el, '.entry');
    expect(entries.length).to.equal(7);
    for (const e of entries) {
      const icon = e.querySelector('svg.kind');
      expect(icon, text(e)).to.not.equal(null);
      expect(icon!.getAttribute('aria-hidden')).to.equal('true');
      expect(getComputedStyle(e.closest('li')!, '::before').content).to.be.oneOf(['none', 'normal']);
    }
    entries[0]!.focus();
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowUp' });
    await frame();
    const cs = getComputedStyle(entries[0]!);
    expect(cs.outlineStyle).to.equal('solid');
    const icon = entries[0]!.querySelector('svg')!.getBoundingClientRect();
    const box = entries[0]!.getBoundingClientRect();
    // The ring (outside the entry's box) stays clear of the icon by at least the entry's padding.
    expect(icon.left - box.left).to.be.at.least(4);
  });

  for (const scheme of ['light', 'dark']) {
    it(`chip boundaries reach 3:1 against the surface (${scheme})`, async () => {
      const el = await mountFooter(referencePayload, 720, { style: `color-scheme: ${scheme}; background: ${scheme === 'dark' ? '#16181d' : '#ffffff'}` });
      const list = () => getComputedStyle($(el, '.list')!).backgroundColor;
      $(el, '.toggle')!.click();
      await settle(el);
      const surface = list();
      expect(contrast(getComputedStyle($(el, '.chip')!).borderTopColor, surface)).to.be.at.least(3);
    });
  }

  it('every control is at least 24 × 24 px', async () => {
    const el = await mountFooter(generatedPayload(100), 320);
    $(el, '.toggle')!.click();
    await settle(el);
    const controls = $$(el, 'button, a[href]').filter((b) => b.getClientRects().length > 0);
    expect(controls.length).to.be.above(20);
    for (const b of controls) {
      const r = b.getBoundingClientRect();
      expect(r.height, `${b.className} ${text(b).slice(0, 20)} height`).to.be.at.least(24);
      expect(r.width, `${b.className} width`).to.be.at.least(24);
    }
  });
});
