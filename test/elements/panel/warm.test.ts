/**
 * Colour sooner: the pointer on, or keyboard focus in, the card of a local
 * code file starts the highlighter and loads that language's grammar before
 * any click; so does the first code card of a panel a moment after it is
 * shown, for a click without a hover, when a file preview is on the page. A
 * page of its own, so no other test loaded them first.
 */
import { expect } from 'chai';
import { html } from 'lit';
import { resetMouse, sendMouse } from '@web/test-runner-commands';
import '../../../src/elements/sources-panel/define.js';
import '../../../src/elements/file-preview/define.js';
import type { QaSourcesPanel } from '../../../src/elements/sources-panel/sources-panel.js';
import { mount, shadowOf, unmountAll } from '../shared/fixture.js';
import { until as waitFor } from '../../wait.js';
import { afterShownMoment, grammarsLoaded, localSource as source, payloadOf } from '../shared/warm.js';
import { firstCodePath, warmedLanguages, warmWhenShown } from '../../../src/elements/shared/warm-source.js';

describe('<qa-sources-panel>: a code card warms its colouring', () => {
  const workers: string[] = [];
  /** The `warm` messages posted to the highlighter's worker. */
  const warms: Array<{ lang: string | null; sample?: boolean }> = [];
  const RealWorker = window.Worker;
  before(() => {
    // Observed, not replaced: the workers are real.
    window.Worker = class extends RealWorker {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        workers.push(String(url));
      }
      override postMessage(message: unknown, options?: StructuredSerializeOptions | Transferable[]): void {
        const m = message as { type?: string; lang?: string | null; sample?: boolean };
        if (m?.type === 'warm') warms.push({ lang: m.lang ?? null, sample: m.sample });
        super.postMessage(message, options as StructuredSerializeOptions);
      }
    };
  });
  after(async () => {
    window.Worker = RealWorker;
    unmountAll();
    await resetMouse();
  });

  it('warms nothing from the cards shown while no preview is on the page', async () => {
    const el = document.createElement('qa-sources-panel') as QaSourcesPanel;
    el.sources = payloadOf(source('lib/main.dart', 90));
    await mount(html`<div style="block-size: 300px; inline-size: 420px">${el}</div>`);
    // A warm-up scheduled after the panel's has run: the panel's had its moment, and found no preview to open a file in.
    await afterShownMoment('a warm-up scheduled after the panel was shown');
    expect([...warmedLanguages()]).to.deep.equal([]);
    unmountAll();
  });

  it('loads the grammar of the card under the pointer, then of the card that gets focus, and starts the highlighter', async () => {
    // A preview on the page, with nothing open: where the panel's files would open.
    await mount(html`<qa-file-preview></qa-file-preview>`);
    const el = document.createElement('qa-sources-panel') as QaSourcesPanel;
    // The first code card (TypeScript) is warmed a moment after it is shown (next test): the pointer and the focus go to the others.
    el.sources = payloadOf(source('src/net/backoff.ts', 90), source('tools/release.py', 80), source('crates/core/src/lib.rs', 70));
    await mount(html`<div style="block-size: 480px; inline-size: 420px">${el}</div>`);
    expect(grammarsLoaded()).to.deep.equal([]);
    const [, pyCard, rsCard] = Array.from(shadowOf(el).querySelectorAll<HTMLElement>('.card'));
    const r = pyCard!.getBoundingClientRect();
    await sendMouse({ type: 'move', position: [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)] });
    await waitFor(() => grammarsLoaded().includes('python'), `the Python grammar (loaded: ${grammarsLoaded().join(', ')})`);
    await waitFor(() => workers.some((w) => /highlight\.worker/.test(w)), `the highlighter's worker (started: ${workers.join(', ')})`);
    expect(grammarsLoaded()).not.to.include('rust');
    rsCard!.querySelector<HTMLElement>('button, a, [tabindex]')!.focus();
    await waitFor(() => grammarsLoaded().includes('rust'), `the Rust grammar (loaded: ${grammarsLoaded().join(', ')})`);
    // Well ahead of a click, the worker also compiles what a first screen most likely needs (a sample).
    await waitFor(() => warms.some((w) => w.lang === 'rust'), `the warm messages (${JSON.stringify(warms)})`);
    expect(warms).to.deep.include({ lang: 'python', sample: true });
    expect(warms).to.deep.include({ lang: 'rust', sample: true });
  });

  it('warms the first code card a moment after the panel shows it, with no pointer or focus on it', async () => {
    // The panel of the test before: nothing pointed at or focused its TypeScript card.
    await waitFor(() => grammarsLoaded().includes('typescript'), `the TypeScript grammar (loaded: ${grammarsLoaded().join(', ')})`);
    await waitFor(() => warms.some((w) => w.lang === 'typescript'), `a warm message for TypeScript (${JSON.stringify(warms)})`);
    expect(warms.filter((w) => w.lang === 'typescript')).to.deep.equal([{ lang: 'typescript', sample: true }]);
  });

  it("warms the card of a source whose citation is pointed at in the answer (the panel's highlightedSource)", async () => {
    const el = document.createElement('qa-sources-panel') as QaSourcesPanel;
    // Kotlin is the first code card (warmed once shown): Java only through its citation.
    el.sources = payloadOf(source('docs/notes.md', 90), source('app/src/Util.kt', 85), source('app/src/Main.java', 80));
    await mount(html`<div style="block-size: 300px; inline-size: 420px">${el}</div>`);
    expect(grammarsLoaded()).not.to.include('java');
    el.highlightedSource = 'file:app/src/Main.java';
    await waitFor(() => grammarsLoaded().includes('java'), `the Java grammar (loaded: ${grammarsLoaded().join(', ')})`);
  });

  it('picks the first local code file of the cards shown, and can be called off', async () => {
    expect(firstCodePath(['docs/guide.md', 'README', 'notes.txt', 'src/a.go', 'src/b.ts'])).to.equal('src/a.go');
    expect(firstCodePath(['docs/guide.md', 'docs/ADR-7.markdown'])).to.equal(null);
    expect(firstCodePath([])).to.equal(null);
    // Called off before its moment, a warm-up never looks at the page again; one scheduled after it, not called off, does.
    const read: string[] = [];
    const stop = warmWhenShown(
      () => [],
      () => (read.push('called off'), false),
    );
    stop();
    warmWhenShown(
      () => [],
      () => (read.push('kept'), false),
    );
    await waitFor(() => read.includes('kept'), 'the kept warm-up');
    expect(read).to.deep.equal(['kept']);
    // While the panel is busy (cards being added), it waits another moment, then reads the cards (a preview is on the page).
    await mount(html`<qa-file-preview></qa-file-preview>`);
    const order: string[] = [];
    let busyOnce = true;
    warmWhenShown(
      () => (order.push('cards read'), []),
      () => {
        const busy = busyOnce;
        busyOnce = false;
        order.push(busy ? 'busy' : 'free');
        return busy;
      },
    );
    await waitFor(() => order.includes('cards read'), 'the warm-up after the busy moment');
    expect(order).to.deep.equal(['busy', 'free', 'cards read']);
  });

  it('warms without the sample when a file opens (it would hold the file back)', async () => {
    const { createMemoryHost } = await import('../../../src/host/memory.js');
    const preview = document.createElement('qa-file-preview');
    preview.host = createMemoryHost({ 'cmd/main.go': 'package main\n\nfunc main() {}\n' });
    preview.sessionId = 's';
    await mount(html`<div style="block-size: 300px">${preview}</div>`);
    preview.path = 'cmd/main.go';
    await waitFor(() => warms.some((w) => w.lang === 'go'), `a warm message for Go (${JSON.stringify(warms)})`);
    expect(warms.filter((w) => w.lang === 'go')).to.deep.equal([{ lang: 'go', sample: false }]);
  });
});
