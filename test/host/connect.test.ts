// connectSources end to end with the real elements, through the gallery's
// wired memory story (stories/live.stories.ts): one payload object for panel
// and footer, footer chips opening panel groups, cards and footer entries
// opening the preview at their ranges, preview links, close and focus, and
// a disconnect that leaves nothing listening.
import { expect } from 'chai';
import { connectSources, QaSourceOpenEvent, type QaPanelLike, type QaFooterLike, type QaPreviewLike } from '../../src/index.js';
import { liveStories, wirings, type Wiring } from '../../stories/live.stories.js';
import { memoryPayload } from '../../stories/fixtures/workspace.js';
import { render, type TemplateResult } from 'lit';
import { customElementsIn, expectAxeClean } from '../elements/shared/fixture.js';
import { until } from '../wait.js';

const story = liveStories.stories.find((s) => s.id === 'memory')!;

// These helpers never wait for animation frames: the runner may keep this page in the background,
// where frames do not come. Lit updates are microtasks; everything else is polled with timers.
const mounted: HTMLElement[] = [];

async function settle(root: ParentNode): Promise<void> {
  for (let round = 0; round < 3; round++) {
    await Promise.all(customElementsIn(root).map((el) => (el as unknown as { updateComplete?: Promise<unknown> }).updateComplete));
  }
  await new Promise((r) => setTimeout(r, 0));
}

async function mount(template: TemplateResult, attrs: Record<string, string>): Promise<HTMLElement> {
  const container = document.createElement('div');
  for (const [k, v] of Object.entries(attrs)) container.setAttribute(k, v);
  document.body.append(container);
  mounted.push(container);
  render(template, container);
  await settle(container);
  return container;
}

function unmountAll(): void {
  for (const c of mounted.splice(0)) c.remove();
}

interface Parts {
  panel: QaPanelLike;
  footer: QaFooterLike & { expanded: boolean };
  preview: QaPreviewLike;
  wiring: Wiring;
}

async function mountStory(): Promise<Parts> {
  // The story's store outlives a mount: start every test from the story's own single final payload.
  const earlier = wirings.get('live/memory');
  earlier?.store.clear();
  earlier?.store.apply({ type: 'qa/sources', seq: 1, data: memoryPayload });
  const root = await mount(story.render({ locale: 'en', debug: false }), { lang: 'en' });
  const wiring = wirings.get('live/memory')!;
  await settle(root);
  return {
    panel: root.querySelector('qa-sources-panel') as unknown as QaPanelLike,
    footer: root.querySelector('qa-source-footer') as unknown as Parts['footer'],
    preview: root.querySelector('qa-file-preview') as unknown as QaPreviewLike,
    wiring,
  };
}

const shadow = (el: Element) => el.shadowRoot!;
const card = (panel: Element, text: string) =>
  [...shadow(panel).querySelectorAll<HTMLElement>('[part="card-control"]')].find((c) => c.textContent!.includes(text))!;
const groupToggle = (panel: Element, kind: string) => shadow(panel).querySelector<HTMLElement>(`.group-toggle[data-kind="${kind}"]`)!;
const chip = (footer: Element, kind: string) => shadow(footer).querySelector<HTMLElement>(`[part="chip"][data-kind="${kind}"]`)!;
const microtasks = () => new Promise((r) => setTimeout(r, 0));

/** Collapses a panel group (by its real toggle) so opening it again is observable. */
async function collapse(panel: QaPanelLike, kind: string): Promise<void> {
  if (groupToggle(panel, kind).getAttribute('aria-expanded') === 'true') groupToggle(panel, kind).click();
  await settle(panel);
  expect(groupToggle(panel, kind).getAttribute('aria-expanded')).to.equal('false');
}

describe('connectSources with the real elements', () => {
  afterEach(() => unmountAll());

  it('panel and footer get the same payload object and provisional flag, following the latest turn', async () => {
    const { panel, footer, wiring } = await mountStory();
    expect(panel.sources === memoryPayload, 'the panel shows the stored object').to.equal(true);
    expect(footer.sources === panel.sources, 'panel and footer share one object').to.equal(true);
    expect([panel.provisional, footer.provisional]).to.deep.equal([false, false]);

    const running = { ...memoryPayload, turn: 2, sources: memoryPayload.sources.slice(0, 2) };
    wiring.store.apply({ type: 'qa/sources', seq: 2, data: running, provisional: true });
    await settle(panel);
    expect(panel.sources === running && footer.sources === running, 'both show the provisional update').to.equal(true);
    expect([panel.provisional, footer.provisional]).to.deep.equal([true, true]);
    expect(panel.hasAttribute('provisional')).to.equal(true);

    const final = { ...memoryPayload, turn: 2 };
    wiring.store.apply({ type: 'qa/sources', seq: 3, data: final });
    await settle(panel);
    expect(panel.sources === final && footer.sources === final, 'both show the final snapshot').to.equal(true);
    expect([panel.provisional, footer.provisional]).to.deep.equal([false, false]);

    // An older turn arriving late does not take over.
    wiring.store.apply({ type: 'qa/sources', seq: 4, data: { ...memoryPayload, turn: 1, sources: [] } });
    expect(panel.sources === final, 'an older turn does not take over').to.equal(true);
    // Another session does not either.
    wiring.store.apply({ type: 'qa/sources', seq: 5, data: { ...memoryPayload, sessionId: 'someone-else', turn: 7 } });
    expect(panel.sources === final, 'another session does not take over').to.equal(true);
  });

  it("panel and footer show the store's parse of an update, not a parse of their own", async () => {
    const { panel, footer, wiring } = await mountStory();
    const opened: QaSourceOpenEvent['detail'][] = [];
    const record = (e: QaSourceOpenEvent) => {
      e.preventDefault();
      opened.push(e.detail);
    };
    for (const el of [panel, footer]) el.addEventListener('qa-source-open', record);
    try {
      const update = { ...memoryPayload, turn: 3 };
      wiring.store.apply({ type: 'qa/sources', seq: 6, data: update });
      await settle(panel);
      const stored = wiring.store.latest(memoryPayload.sessionId)!;
      expect(stored.data === update).to.equal(true);
      card(panel, 'thresholds.ts').click();
      (footer as unknown as { expanded: boolean }).expanded = true;
      await settle(footer);
      [...shadow(footer).querySelectorAll<HTMLElement>('[part="entry"]')].find((e) => e.textContent!.includes('guide.md'))!.click();
      await microtasks();
      expect(opened.map((d) => d.path)).to.deep.equal(['src/thresholds.ts', 'docs/guide.md']);
      // The activated sources are the very objects of the stored parse: a second parse would make new ones.
      for (const d of opened) expect(stored.payload.sources.includes(d.source), d.path!).to.equal(true);
    } finally {
      for (const el of [panel, footer]) el.removeEventListener('qa-source-open', record);
    }
  });

  it('a footer chip opens (shows, expands, focuses) that group in the panel', async () => {
    const { panel, footer } = await mountStory();
    await collapse(panel, 'jira');
    panel.hidden = true;
    chip(footer, 'jira').click();
    await until(() => groupToggle(panel, 'jira').getAttribute('aria-expanded') === 'true', 'the Jira group to open');
    await settle(panel);
    expect(panel.hidden).to.equal(false);
    expect(shadow(panel).activeElement === groupToggle(panel, 'jira'), 'the group heading has focus').to.equal(true);
  });

  it('a card opens the preview at its range', async () => {
    const { panel, preview } = await mountStory();
    expect(preview.hidden).to.equal(true);
    card(panel, 'thresholds.ts').click();
    await microtasks();
    expect(preview.path).to.equal('src/thresholds.ts');
    expect(preview.ranges).to.deep.equal([{ lineStart: 13, lineEnd: 17 }]);
    expect(preview.sessionId).to.equal(memoryPayload.sessionId);
    expect(preview.hidden).to.equal(false);
    // The memory host answered (through the wiring's host) and the preview shows the range.
    await until(() => /13–17/.test(shadow(preview).querySelector('[part="chip"]')?.textContent ?? ''), 'the referenced-lines chip');
    await until(() => (shadow(preview).textContent ?? '').includes('classify'), 'the loaded file');
  });

  it('the card whose file is open in the preview is marked, until the preview closes', async () => {
    const { panel, preview } = await mountStory();
    const control = card(panel, 'thresholds.ts');
    expect(control.getAttribute('aria-current')).to.equal(null);
    control.click();
    await microtasks();
    expect(panel.currentPath).to.equal('src/thresholds.ts');
    await settle(panel);
    expect(control.getAttribute('aria-current')).to.equal('true');
    expect(control.closest('.card')!.classList.contains('current')).to.equal(true);
    // Marked once focus has left it, and only that card.
    control.blur();
    expect(shadow(panel).querySelectorAll('[aria-current="true"]').length).to.equal(1);
    await settle(preview);
    shadow(preview).querySelector<HTMLElement>('[part="button"][aria-label="Close"]')!.click();
    await settle(panel);
    expect(panel.currentPath).to.equal(null);
    expect(control.getAttribute('aria-current')).to.equal(null);
  });

  it('an entry of the expanded footer opens the preview at its range', async () => {
    const { footer, preview } = await mountStory();
    footer.expanded = true;
    await settle(footer);
    const entry = [...shadow(footer).querySelectorAll<HTMLElement>('[part="entry"]')].find((e) => e.textContent!.includes('guide.md'))!;
    entry.click();
    await microtasks();
    expect(preview.path).to.equal('docs/guide.md');
    expect(preview.ranges).to.deep.equal([{ lineStart: 8, lineEnd: 16 }]);
  });

  it('leaves a qa-source-open that someone else cancelled alone, and ignores remote sources', async () => {
    const { panel, preview } = await mountStory();
    const cancel = (e: Event) => e.preventDefault();
    document.addEventListener('qa-source-open', cancel);
    try {
      card(panel, 'thresholds.ts').click();
      await microtasks();
    } finally {
      document.removeEventListener('qa-source-open', cancel);
    }
    expect(preview.path ?? null).to.equal(null);
    expect(preview.hidden).to.equal(true);

    const remote = memoryPayload.sources.find((s) => s.kind === 'jira')!;
    panel.dispatchEvent(new QaSourceOpenEvent({ source: remote, location: remote.locations[0] ?? null, path: null, ranges: [], href: remote.uri! }));
    await microtasks();
    expect(preview.path ?? null).to.equal(null);
  });

  it('a workspace link in the preview is opened by the preview alone; the wiring marks its card', async () => {
    const { panel, preview } = await mountStory();
    card(panel, 'guide.md').click();
    await microtasks();
    expect(preview.path).to.equal('docs/guide.md');
    // An event that only looks like the preview's own: the wiring does not write the preview's path.
    preview.dispatchEvent(
      new QaSourceOpenEvent({
        source: {
          id: 'file:README.md',
          kind: 'file',
          title: 'README.md',
          path: 'README.md',
          locations: [{ path: 'README.md' }],
          evidence: 'read',
          origins: [],
          score: 0,
        },
        location: null,
        path: 'README.md',
        ranges: [],
        href: null,
      }),
    );
    await microtasks();
    expect(preview.path).to.equal('docs/guide.md');
    expect(panel.currentPath).to.equal('docs/guide.md');

    // A real link, resolved by the memory host: the preview opens it, and its card is marked.
    const link = () => shadow(preview).querySelector<HTMLElement>('a[data-qa-link="workspace"][data-qa-target="docs/architecture.md"]');
    await until(() => !!link(), 'the workspace link to be accepted');
    link()!.click();
    await microtasks();
    expect(preview.path).to.equal('docs/architecture.md');
    expect(preview.ranges).to.deep.equal([]);
    expect(panel.currentPath).to.equal('docs/architecture.md');
  });

  it('qa-close hides the preview and returns focus to the card that opened it; the panel hides too', async () => {
    const { panel, preview } = await mountStory();
    const control = card(panel, 'thresholds.ts');
    control.focus();
    control.click();
    await microtasks();
    await settle(preview);
    const close = shadow(preview).querySelector<HTMLElement>('[part="button"][aria-label="Close"]')!;
    close.focus();
    close.click();
    expect(preview.hidden).to.equal(true);
    expect(document.activeElement === panel, 'focus is back in the panel').to.equal(true);
    expect(shadow(panel).activeElement === control, 'focus is back on the card').to.equal(true);

    shadow(panel).querySelector<HTMLElement>('[part="close-button"]')!.click();
    expect(panel.hidden).to.equal(true);
  });

  it('a fixed turn ignores other turns; manageVisibility: false leaves hidden alone', async () => {
    const { panel, footer, preview, wiring } = await mountStory();
    wiring.disconnect();
    const disconnect = connectSources({
      store: wiring.store,
      host: wiring.host,
      sessionId: memoryPayload.sessionId,
      turn: 1,
      panel,
      footer,
      preview,
      manageVisibility: false,
    });
    try {
      wiring.store.apply({ type: 'qa/sources', seq: 2, data: { ...memoryPayload, turn: 2 } });
      expect(panel.sources === memoryPayload, 'turn 2 is not shown').to.equal(true);
      const update = { ...memoryPayload, sources: memoryPayload.sources.slice(1) };
      wiring.store.apply({ type: 'qa/sources', seq: 3, data: update });
      expect(footer.sources === update, 'turn 1 updates are shown').to.equal(true);
      card(panel, 'thresholds.ts').click();
      await microtasks();
      expect(preview.path).to.equal('src/thresholds.ts');
      expect(preview.hidden).to.equal(true);
      preview.hidden = false;
      shadow(preview).querySelector<HTMLElement>('[part="button"][aria-label="Close"]')!.click();
      expect(preview.hidden).to.equal(false);
    } finally {
      disconnect();
    }
  });

  it('the wired story is axe-clean with a file open in the preview', async () => {
    const { panel, preview } = await mountStory();
    card(panel, 'guide.md').click();
    await until(() => (shadow(preview).querySelector('[part="markdown"]')?.textContent ?? '').includes('Thresholds'), 'the rendered guide');
    await settle(preview);
    await expectAxeClean(preview.parentElement!, 'the wired memory story');
  });

  it('disconnect removes every listener and subscription: events and updates afterwards change nothing', async () => {
    const { panel, footer, preview, wiring } = await mountStory();
    card(panel, 'guide.md').click();
    await microtasks();
    expect(preview.path).to.equal('docs/guide.md');
    await collapse(panel, 'jira');

    wiring.disconnect();

    // Card and footer entry: no preview change.
    card(panel, 'thresholds.ts').click();
    footer.expanded = true;
    await settle(footer);
    [...shadow(footer).querySelectorAll<HTMLElement>('[part="entry"]')].find((e) => e.textContent!.includes('thresholds'))!.click();
    await microtasks();
    expect(preview.path).to.equal('docs/guide.md');
    // The preview's own link event: no change from the wiring.
    preview.dispatchEvent(new QaSourceOpenEvent({ source: memoryPayload.sources[0]!, location: null, path: 'README.md', ranges: [], href: null }));
    await microtasks();
    expect(preview.path).to.equal('docs/guide.md');
    // Footer chip: the panel group stays closed.
    chip(footer, 'jira').click();
    await settle(panel);
    await new Promise((r) => setTimeout(r, 50));
    expect(groupToggle(panel, 'jira').getAttribute('aria-expanded')).to.equal('false');
    // Store updates: not applied.
    const next = { ...memoryPayload, turn: 3 };
    wiring.store.apply({ type: 'qa/sources', seq: 9, data: next, provisional: true });
    expect(panel.sources === memoryPayload && footer.sources === memoryPayload, 'store updates no longer reach the elements').to.equal(true);
    expect(panel.provisional).to.equal(false);
    // Close events: nothing hides.
    shadow(preview).querySelector<HTMLElement>('[part="button"][aria-label="Close"]')!.click();
    shadow(panel).querySelector<HTMLElement>('[part="close-button"]')!.click();
    expect(preview.hidden).to.equal(false);
    expect(panel.hidden).to.equal(false);
    // A second disconnect is harmless.
    wiring.disconnect();
  });
});
