import { expect } from 'chai';
import { html } from 'lit';
import { sendKeys, sendMouse, resetMouse, setViewport } from '@web/test-runner-commands';
import { referencePayload, hostilePayload } from '../../../stories/fixtures/payloads.js';
import '../../../src/citations.js';
import type { QaCitation } from '../../../src/elements/citation/citation.js';
import type { QaSourceHighlightEvent, QaSourceOpenEvent } from '../../../src/events.js';
import { deepActive, expectAxeClean, mount, settle, shadowOf, unmountAll } from '../shared/fixture.js';
import { until } from '../../wait.js';

const DOC = 'file:docs/User_Guide/EAM/Diagnostics/technicalDiagnosis.md';
const JIRA = 'jira:MDC-24929';

async function chip(attrs: { id: string; lines?: string; n?: number; sources?: unknown; debug?: boolean; locale?: string }): Promise<QaCitation> {
  const c = await mount(
    html`<p style="max-inline-size: 600px">
      Technical diagnosis needs a recorded vibration state.<qa-citation
        source-id=${attrs.id}
        lines=${attrs.lines ?? ''}
        .number=${attrs.n ?? 1}
        .sources=${attrs.sources ?? referencePayload}
        ?debug=${attrs.debug ?? false}
        .locale=${attrs.locale ?? null}
      ></qa-citation>
      More text after it.
    </p>`,
  );
  return c.querySelector('qa-citation')!;
}

const button = (el: QaCitation) => shadowOf(el).querySelector<HTMLButtonElement>('button.chip');
const card = (el: QaCitation) => shadowOf(el).querySelector<HTMLElement>('.hc');

describe('<qa-citation>', () => {
  afterEach(async () => {
    unmountAll();
    await resetMouse();
  });

  it('is one button named by number, title and cited lines', async () => {
    const el = await chip({ id: DOC, lines: '197-218' });
    const b = button(el)!;
    expect(b.textContent!.trim()).to.equal('1');
    expect(b.getAttribute('aria-label')).to.equal('Source 1: technicalDiagnosis.md, lines 197–218');
    expect(shadowOf(el).querySelectorAll('button, a, [tabindex]').length).to.equal(1);
    await expectAxeClean(el.parentElement!);
  });

  it('without lines of its own, names the source ranges', async () => {
    const el = await chip({ id: DOC, n: 3 });
    expect(button(el)!.getAttribute('aria-label')).to.equal('Source 3: technicalDiagnosis.md, lines 197–218, 355–371');
  });

  it('speaks Russian and Chinese', async () => {
    const ru = await chip({ id: DOC, lines: '10-20', locale: 'ru' });
    expect(button(ru)!.getAttribute('aria-label')).to.equal('Источник 1: technicalDiagnosis.md, строки 10–20');
    const zh = await chip({ id: DOC, lines: '10-20', locale: 'zh' });
    expect(button(zh)!.getAttribute('aria-label')).to.match(/^来源 1：technicalDiagnosis\.md, /);
  });

  it('activation fires qa-source-open with the source at the cited lines', async () => {
    const el = await chip({ id: DOC, lines: '200-205' });
    const events: QaSourceOpenEvent[] = [];
    document.addEventListener('qa-source-open', (e) => events.push(e), { once: true });
    button(el)!.click();
    expect(events.length).to.equal(1);
    const d = events[0]!.detail;
    expect(d.source.id).to.equal(DOC);
    expect(d.path).to.equal('docs/User_Guide/EAM/Diagnostics/technicalDiagnosis.md');
    expect(d.ranges).to.deep.equal([{ lineStart: 200, lineEnd: 205 }]);
    expect(d.location).to.deep.include({ lineStart: 200, lineEnd: 205 });
    expect(d.href).to.equal(null);
    expect(events[0]!.bubbles && events[0]!.composed && events[0]!.cancelable).to.equal(true);
  });

  it('Enter and Space activate it from the keyboard', async () => {
    const el = await chip({ id: DOC });
    const seen: string[] = [];
    const on = (e: QaSourceOpenEvent) => seen.push(e.detail.source.id);
    document.addEventListener('qa-source-open', on);
    button(el)!.focus();
    await sendKeys({ press: 'Enter' });
    await sendKeys({ press: 'Space' });
    document.removeEventListener('qa-source-open', on);
    expect(seen).to.deep.equal([DOC, DOC]);
  });

  it('a remote source: the event carries its href; cancelled, nothing opens', async () => {
    const el = await chip({ id: JIRA });
    let detail: QaSourceOpenEvent['detail'] | null = null;
    const stop = (e: QaSourceOpenEvent) => {
      detail = e.detail;
      e.preventDefault();
    };
    document.addEventListener('qa-source-open', stop, { once: true });
    const before = window.length;
    button(el)!.click();
    expect(detail!.href).to.equal('https://jira.example.com/browse/MDC-24929');
    expect(detail!.path).to.equal(null);
    expect(window.length).to.equal(before);
  });

  it('focus shows the card; Tab reaches Open; Escape hides it and focus returns to the chip', async () => {
    const el = await chip({ id: DOC, lines: '197-218' });
    const before = document.createElement('button');
    before.textContent = 'before';
    el.parentElement!.before(before);
    before.focus();
    await sendKeys({ press: 'Tab' });
    await until(() => card(el)?.matches(':popover-open') === true, 'the card');
    expect(button(el)!.getAttribute('aria-expanded')).to.equal('true');
    const c = card(el)!;
    expect(c.getAttribute('aria-label')).to.equal('Source 1: technicalDiagnosis.md, lines 197–218');
    expect(c.querySelector('.hc-title')!.textContent).to.equal('technicalDiagnosis.md');
    expect(c.querySelector('.hc-lines')!.textContent).to.equal('lines 197–218');
    expect(c.querySelector('.hc-snippet')!.textContent).to.equal('Technical diagnosis records the vibration state of a unit…');
    expect(c.querySelector('.hc-evidence')!.textContent).to.equal('Read by the assistant');
    await expectAxeClean(el.parentElement!);
    await sendKeys({ press: 'Tab' });
    expect(deepActive()?.textContent?.trim()).to.equal('Open');
    await sendKeys({ press: 'Escape' });
    await settle(el.parentElement!);
    expect(card(el)).to.equal(null);
    expect(deepActive()).to.equal(button(el));
    before.remove();
  });

  it('the card Open opens the cited lines', async () => {
    const el = await chip({ id: DOC, lines: '7' });
    el.showCard();
    await settle(el.parentElement!);
    let ranges: unknown = null;
    document.addEventListener('qa-source-open', (e) => (ranges = e.detail.ranges), { once: true });
    card(el)!.querySelector<HTMLButtonElement>('.hc-open')!.click();
    expect(ranges).to.deep.equal([{ lineStart: 7, lineEnd: 7 }]);
  });

  it('a remote card offers Open in new tab as a safe link', async () => {
    const el = await chip({ id: JIRA });
    el.showCard();
    await settle(el.parentElement!);
    const a = card(el)!.querySelector<HTMLAnchorElement>('a.hc-open')!;
    expect(a.textContent!.trim()).to.equal('Open in new tab');
    expect(a.href).to.equal('https://jira.example.com/browse/MDC-24929');
    expect(a.target).to.equal('_blank');
    expect(a.rel).to.equal('noopener noreferrer');
    expect(card(el)!.querySelector('.hc-evidence')!.textContent).to.equal('Found by a helper agent');
    let cancelled = false;
    document.addEventListener('qa-source-open', (e) => e.preventDefault(), { once: true });
    document.addEventListener('click', (e) => ((cancelled = e.defaultPrevented), e.preventDefault()), { once: true });
    a.click();
    expect(cancelled, 'a cancelled open cancels the link').to.equal(true);
  });

  it('hover shows the card after the pointer rests, and announces the highlight', async () => {
    const el = await chip({ id: DOC });
    const highlights: Array<string | null> = [];
    const on = (e: QaSourceHighlightEvent) => highlights.push(e.detail.id);
    document.addEventListener('qa-source-highlight', on);
    const r = button(el)!.getBoundingClientRect();
    const p = el.parentElement!.getBoundingClientRect();
    await sendMouse({ type: 'move', position: [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)] });
    await until(() => card(el)?.matches(':popover-open') === true, 'the card on hover');
    // Showing the card moves nothing: it is in the top layer.
    expect(el.parentElement!.getBoundingClientRect().height).to.equal(p.height);
    await sendMouse({ type: 'move', position: [2, Math.round(window.innerHeight - 2)] });
    await until(() => card(el) === null, 'the card to close');
    document.removeEventListener('qa-source-highlight', on);
    expect(highlights).to.deep.equal([DOC, null]);
  });

  it('in an open or a closed shadow root, hover and focus reach the chip; the pointer may cross from chip to card', async () => {
    for (const mode of ['open', 'closed'] as const) {
      const c = await mount(html`<div></div>`);
      const shadow = c.firstElementChild!.attachShadow({ mode });
      const p = document.createElement('p');
      p.append('Claim', document.createElement('qa-citation'));
      shadow.append(p);
      const el = p.querySelector('qa-citation')!;
      el.sourceId = DOC;
      el.number = 4;
      el.sources = referencePayload;
      await el.updateComplete;
      const b = button(el)!;
      expect(b.textContent, mode).to.equal('4');
      const r = b.getBoundingClientRect();
      await sendMouse({ type: 'move', position: [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)] });
      await until(() => card(el)?.matches(':popover-open') === true, `the card on hover (${mode})`);
      // Onto the card: it stays (the card is part of the chip).
      const cr = card(el)!.getBoundingClientRect();
      await sendMouse({ type: 'move', position: [Math.round(cr.left + cr.width / 2), Math.round(cr.top + cr.height / 2)] });
      await settle(c);
      expect(card(el)?.matches(':popover-open'), `the card under the pointer stays (${mode})`).to.equal(true);
      await sendMouse({ type: 'move', position: [2, Math.round(window.innerHeight - 2)] });
      await until(() => card(el) === null, `the card to close (${mode})`);
      b.focus();
      await until(() => card(el)?.matches(':popover-open') === true, `the card on focus (${mode})`);
      await sendKeys({ press: 'Escape' });
      await until(() => card(el) === null, `Escape closes it (${mode})`);
      unmountAll();
    }
  });

  it('properties set before the element was defined are kept', async () => {
    // An element of a document without the kit's registry is not upgraded until it is adopted and connected.
    const other = document.implementation.createHTMLDocument('');
    const raw = other.createElement('qa-citation') as unknown as Record<string, unknown>;
    raw.number = 7;
    raw.sources = referencePayload;
    raw.lines = '10-20';
    (raw as unknown as Element).setAttribute('source-id', DOC);
    const c = await mount(html`<p>Claim</p>`);
    const el = document.adoptNode(raw as unknown as QaCitation);
    c.firstElementChild!.append(el);
    expect(el).to.be.instanceOf(customElements.get('qa-citation')!);
    await el.updateComplete;
    expect(el.number).to.equal(7);
    expect(button(el)!.getAttribute('aria-label')).to.equal('Source 7: technicalDiagnosis.md, lines 10–20');
  });

  it('many chips changed in one task are all drawn by the next microtask, and again after each change', async () => {
    const c = await mount(html`<p>Claims</p>`);
    const chips = Array.from({ length: 50 }, (_, i) => {
      const el = document.createElement('qa-citation');
      el.setAttribute('source-id', i % 2 ? DOC : JIRA);
      el.number = i + 1;
      el.sources = referencePayload;
      return el;
    });
    c.firstElementChild!.append(...chips);
    await Promise.all(chips.map((el) => el.updateComplete));
    expect(chips.map((el) => button(el)?.textContent)).to.deep.equal(chips.map((_, i) => String(i + 1)));
    chips[3]!.number = 99;
    chips[3]!.setAttribute('lines', '5');
    await chips[3]!.updateComplete;
    expect(button(chips[3]!)!.textContent).to.equal('99');
    expect(button(chips[3]!)!.getAttribute('aria-label')).to.equal('Source 99: technicalDiagnosis.md, line 5');
    // A chip out of the page is drawn when it comes back.
    chips[5]!.remove();
    chips[5]!.number = 42;
    c.firstElementChild!.append(chips[5]!);
    await chips[5]!.updateComplete;
    expect(button(chips[5]!)!.textContent).to.equal('42');
  });

  it('stays on screen at 320 px, at either edge', async () => {
    await setViewport({ width: 320, height: 640 });
    try {
      for (const align of ['left', 'right']) {
        const c = await mount(
          html`<p style="text-align:${align}; margin: 0">Claim<qa-citation source-id=${DOC} .number=${2} .sources=${referencePayload}></qa-citation></p>`,
        );
        const el = c.querySelector('qa-citation')!;
        el.showCard();
        await settle(c);
        const rect = card(el)!.getBoundingClientRect();
        expect(rect.left, align).to.be.at.least(0);
        expect(rect.right, align).to.be.at.most(320);
        expect(rect.width).to.be.greaterThan(100);
        unmountAll();
      }
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('an unknown id is a muted chip, never a control or a link, with a debug problem', async () => {
    const el = await chip({ id: 'file:nowhere.md', debug: true });
    expect(button(el)).to.equal(null);
    expect(shadowOf(el).querySelectorAll('a, button, [tabindex]').length).to.equal(0);
    const span = shadowOf(el).querySelector<HTMLElement>('.chip.unknown')!;
    expect(span.textContent).to.contain('Unknown source');
    expect(span.title).to.equal('No source of this answer has the id file:nowhere.md.');
    expect(el.problem).to.equal('No source of this answer has the id file:nowhere.md.');
    el.showCard();
    await settle(el.parentElement!);
    expect(card(el)).to.equal(null);
    await expectAxeClean(el.parentElement!);
  });

  it('hostile ids, titles and snippets are text: no element is made of them, bidi controls are shown or removed', async () => {
    const id = 'web:js';
    const el = await chip({ id, sources: hostilePayload });
    el.showCard();
    await settle(el.parentElement!);
    const c = card(el)!;
    expect(c.querySelector('img, script')).to.equal(null);
    expect(c.querySelector('.hc-snippet')!.textContent).to.equal('<script>window.__qaPwned=1</script>');
    expect(c.querySelector('a')).to.equal(null, 'a javascript: uri is never a link');
    expect((window as unknown as { __qaPwned?: number }).__qaPwned).to.equal(undefined);
    const bidi = await chip({ id: 'file:nope\u202Etxt.exe', debug: true });
    expect(bidi.problem).to.contain('⟦U+202E⟧');
    const jira = await chip({ id: 'jira:EVIL-1', sources: hostilePayload });
    jira.showCard();
    await settle(jira.parentElement!);
    expect(card(jira)!.textContent).to.not.match(/[\u2067\u2069\u{E0041}]/u);
  });
});
