/**
 * Colour sooner: the pointer on, or keyboard focus in, the card of a local
 * code file starts the highlighter and loads that language's grammar before
 * any click. A page of its own, so no other test loaded them first.
 */
import { expect } from 'chai';
import { html } from 'lit';
import { resetMouse, sendMouse } from '@web/test-runner-commands';
import '../../../src/elements/sources-panel/define.js';
import '../../../src/elements/file-preview/define.js';
import type { QaSourcesPanel } from '../../../src/elements/sources-panel/sources-panel.js';
import { mount, shadowOf, unmountAll } from '../shared/fixture.js';
import { until as waitFor } from '../../wait.js';

const origin = { sessionId: 's', turn: 1, role: 'parent' as const };
const source = (path: string, score: number) => ({ id: `file:${path}`, kind: 'code', path, score, evidence: 'read', origins: [origin], locations: [] });

/** Paths of the grammar modules the page fetched, by language file name (`typescript`, `python`, …). */
function grammarsLoaded(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((e) => new URL(e.name).pathname)
    .filter((p) => /@shikijs\/langs[^/]*\/dist\/[^/]+\.mjs$/.test(p))
    .map((p) => p.replace(/^.*\/dist\/|\.mjs$/g, ''));
}

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

  it('loads the grammar of the card under the pointer, then of the card that gets focus, and starts the highlighter', async () => {
    const el = document.createElement('qa-sources-panel') as QaSourcesPanel;
    el.sources = { version: 1, sessionId: 's', turn: 1, sources: [source('src/net/backoff.ts', 90), source('tools/release.py', 80)] };
    await mount(html`<div style="block-size: 480px; inline-size: 420px">${el}</div>`);
    expect(grammarsLoaded()).to.deep.equal([]);
    const [tsCard, pyCard] = Array.from(shadowOf(el).querySelectorAll<HTMLElement>('.card'));
    const r = tsCard!.getBoundingClientRect();
    await sendMouse({ type: 'move', position: [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)] });
    await waitFor(() => grammarsLoaded().includes('typescript'), `the TypeScript grammar (loaded: ${grammarsLoaded().join(', ')})`);
    await waitFor(() => workers.some((w) => /highlight\.worker/.test(w)), `the highlighter's worker (started: ${workers.join(', ')})`);
    expect(grammarsLoaded()).not.to.include('python');
    pyCard!.querySelector<HTMLElement>('button, a, [tabindex]')!.focus();
    await waitFor(() => grammarsLoaded().includes('python'), `the Python grammar (loaded: ${grammarsLoaded().join(', ')})`);
    // Well ahead of a click, the worker also compiles what a first screen most likely needs (a sample).
    await waitFor(() => warms.length >= 2, `the warm messages (${JSON.stringify(warms)})`);
    expect(warms).to.deep.include({ lang: 'typescript', sample: true });
    expect(warms).to.deep.include({ lang: 'python', sample: true });
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
