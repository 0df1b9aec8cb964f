/**
 * `examples/vanilla.html` from the built output: a plain page with no build
 * step and no import map loads `dist/browser/qa-sources-kit.js` (one module
 * script, relative URL), its elements upgrade and show the in-memory answer,
 * a card opens the preview, and code is coloured — so the highlighter's
 * worker and its grammar chunk, both loaded relative to the bundle, work.
 * Needs `npm run build` (part of `npm test`).
 */
import { expect } from 'chai';
import { until } from '../wait.js';

const PAGE = '/examples/vanilla.html';
const BUNDLE = '/dist/browser/qa-sources-kit.js';

function openPage(): Promise<HTMLIFrameElement> {
  const frame = document.createElement('iframe');
  frame.style.setProperty('inline-size', '1100px');
  frame.style.setProperty('block-size', '900px');
  frame.style.setProperty('border', '0');
  const loaded = new Promise<HTMLIFrameElement>((resolve, reject) => {
    frame.addEventListener('load', () => resolve(frame), { once: true });
    frame.addEventListener('error', () => reject(new Error(`${PAGE} did not load`)), { once: true });
  });
  frame.src = PAGE;
  document.body.append(frame);
  return loaded;
}

function resources(win: Window): string[] {
  return win.performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname);
}

describe('examples/vanilla.html (no-bundler build)', function () {
  let frame: HTMLIFrameElement;
  let win: Window & typeof globalThis;
  let doc: Document;
  const errors: string[] = [];

  before(async () => {
    const bundle = await fetch(BUNDLE);
    expect(bundle.ok, `${BUNDLE} is built (npm run build)`).to.equal(true);
    frame = await openPage();
    win = frame.contentWindow as Window & typeof globalThis;
    doc = frame.contentDocument!;
    win.addEventListener('error', (e) => errors.push(e.message));
    win.addEventListener('unhandledrejection', (e) => errors.push(String(e.reason)));
    // The page's own copy of the kit (the same module the page imported): a busy machine may take longer
    // than the default 5 s to start the worker, and this test checks that the worker did the work.
    const kit = (await (win as unknown as { eval(code: string): unknown }).eval(`import(${JSON.stringify(BUNDLE)})`)) as typeof import('../../src/index.js');
    kit.configureWorkers({ startTimeout: 60_000 });
  });

  after(() => frame?.remove());

  it('is a plain page: one module script from dist/browser, no import map, no bare specifiers', () => {
    const scripts = [...doc.querySelectorAll('script')];
    expect(doc.querySelector('script[type="importmap"]')).to.equal(null);
    // (The test server adds its own `/__web-dev-server…` script to every page it serves.)
    const external = scripts.filter((s) => s.src && !new URL(s.src).pathname.startsWith('/__web-dev-server'));
    expect(external.map((s) => new URL(s.src).pathname)).to.deep.equal([BUNDLE]);
    expect(external[0]!.type).to.equal('module');
    for (const s of scripts.filter((x) => !x.src)) {
      for (const m of s.textContent!.matchAll(/from\s+['"]([^'"]+)['"]/g)) expect(m[1], 'inline imports name the bundle by relative URL').to.match(/^\.\.?\//);
    }
  });

  it('upgrades the three elements from the bundle and shows the answer through the wiring', async () => {
    const panel = await until(() => doc.querySelector('qa-sources-panel')?.shadowRoot && doc.querySelector('qa-sources-panel')!, 'the panel to upgrade');
    for (const tag of ['qa-sources-panel', 'qa-source-footer', 'qa-file-preview']) {
      const ctor = win.customElements.get(tag);
      expect(ctor, `${tag} is defined in the page`).to.be.a('function');
      expect(doc.querySelector(tag)).to.be.instanceOf(ctor!);
    }
    expect(customElements.get('qa-sources-panel'), 'the test page itself loaded nothing').to.equal(undefined);
    const count = await until(() => panel.shadowRoot!.querySelector('.count-text')?.textContent?.trim(), 'the count');
    expect(count).to.equal('3 sources');
    const footer = doc.querySelector('qa-source-footer')!;
    await until(() => footer.shadowRoot?.querySelector('.label .n'), 'the footer label');
    expect(footer.shadowRoot!.querySelector('.label .n')!.textContent).to.equal('3');
    expect(
      resources(win).some((p) => p.startsWith('/dist/browser/chunks/')),
      'the bundle loaded its chunks relative to itself',
    ).to.equal(true);
  });

  it('a code card opens the preview, and the code is coloured by the worker with its grammar chunk', async () => {
    const panel = doc.querySelector('qa-sources-panel')!;
    const preview = doc.querySelector('qa-file-preview')!;
    expect(preview.hidden).to.equal(true);
    const rendered = new Promise<CustomEvent>((resolve) => preview.addEventListener('qa-rendered', (e) => resolve(e as CustomEvent), { once: true }));
    const card = [...panel.shadowRoot!.querySelectorAll<HTMLElement>('[part~="card-control"]')].find((c) => c.textContent!.includes('backoff.ts'));
    expect(card, 'the backoff.ts card').to.not.equal(undefined);
    card!.click();
    await until(() => !preview.hidden, 'the wiring to show the preview');
    expect((preview as unknown as { path: string }).path).to.equal('src/net/backoff.ts');
    const e = await rendered;
    expect(e.detail).to.deep.equal({ path: 'src/net/backoff.ts', mode: 'raw' });

    // Coloured: token spans whose colour differs from plain text.
    const token = await until(
      () => preview.shadowRoot!.querySelector<HTMLElement>('[part~="raw"] span[class^="qa-tk-"]:not(.qa-tk-0)'),
      'coloured tokens',
      30_000,
    );
    const plain = preview.shadowRoot!.querySelector<HTMLElement>('[part~="raw"]')!;
    expect(win.getComputedStyle(token).color).to.not.equal(win.getComputedStyle(plain).color);
    const keyword = [...preview.shadowRoot!.querySelectorAll<HTMLElement>('[part~="raw"] span[class^="qa-tk-"]')].find((s) => s.textContent === 'export');
    expect(keyword, '`export` is a token of its own').to.not.equal(undefined);

    // In the worker: its script came from the bundle's folder, the page loaded the TypeScript grammar
    // (for the worker) but not the main-thread tokenizer.
    const loaded = resources(win);
    expect(loaded, 'worker script').to.include('/dist/browser/workers/highlight.worker.js');
    expect(
      loaded.some((p) => /\/chunks\/typescript-[\w-]+\.js$/.test(p)),
      'grammar chunk',
    ).to.equal(true);
    expect(
      loaded.filter((p) => /\/chunks\/(jobs|engine)-/.test(p)),
      'no main-thread fallback',
    ).to.deep.equal([]);
  });

  it('a Markdown card opens the rendered document', async () => {
    const panel = doc.querySelector('qa-sources-panel')!;
    const preview = doc.querySelector('qa-file-preview')!;
    const rendered = new Promise<CustomEvent>((resolve) => preview.addEventListener('qa-rendered', (e) => resolve(e as CustomEvent), { once: true }));
    [...panel.shadowRoot!.querySelectorAll<HTMLElement>('[part~="card-control"]')].find((c) => c.textContent!.includes('retry-policy.md'))!.click();
    expect((await rendered).detail).to.deep.equal({ path: 'docs/retry-policy.md', mode: 'rendered' });
    const md = preview.shadowRoot!.querySelector('[part~="markdown"]')!;
    expect(md.querySelector('h1')?.textContent).to.equal('Retry policy');
    expect(md.querySelector('strong')?.textContent).to.equal('up to five times');
    expect(errors, 'no page errors').to.deep.equal([]);
  });
});
