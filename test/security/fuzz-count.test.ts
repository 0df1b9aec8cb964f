/**
 * Fuzzing the two views of one answer (fast-check, seeded): for any payload
 * — valid, half valid or garbage, as an object or as JSON text, the same
 * object for both or two copies — `<qa-sources-panel>` and
 * `<qa-source-footer>` rendered with the same threshold show the same count,
 * equal to the model's, and their per-group counts add up to it.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { html, render } from 'lit';
import '../../src/index.js';
import { parseTurnSources } from '../../src/model/parse.js';
import { presentSources } from '../../src/model/present.js';
import { asJsonText, build, payloadArb } from './fuzz/arbitraries.js';
import { checkProperty, fuzzTimeout } from './fuzz/harness.js';

const digits = (s: string | null | undefined) => Number((s ?? '').replace(/\D/g, '') || 0);

interface Counts {
  count: number;
  groups: number;
}

function panelCounts(panel: HTMLElement): Counts {
  const root = panel.shadowRoot!;
  const text = root.querySelector('.count-text');
  const groups = [...root.querySelectorAll('.group:not(.discovered-group) .group-count')].reduce((n, el) => n + digits(el.textContent), 0);
  return { count: text ? digits(text.textContent) : root.querySelector('[part="empty"]') ? 0 : NaN, groups };
}

function footerCounts(footer: HTMLElement): Counts {
  const root = footer.shadowRoot!;
  const n = root.querySelector('.label .n');
  const groups = [...root.querySelectorAll('.chip-n')].reduce((sum, el) => sum + digits(el.textContent), 0);
  return { count: n ? digits(n.textContent) : root.querySelector('[part="base"]') ? NaN : 0, groups };
}

describe('fuzz: panel and footer agree on the count', () => {
  const container = document.createElement('div');
  container.lang = 'en';
  let warn: typeof console.warn;
  before(() => {
    document.body.append(container);
    // Every malformed payload logs its problems once; thousands of them would only flood the log.
    warn = console.warn;
    console.warn = () => undefined;
  });
  after(() => {
    console.warn = warn;
    render(null, container);
    container.remove();
  });

  it('for any parsed payload and threshold', async function () {
    this.timeout(await fuzzTimeout(240_000));
    const thresholdArb = fc.oneof(
      { weight: 3, arbitrary: fc.constant(50) },
      { weight: 3, arbitrary: fc.integer({ min: -5, max: 105 }) },
      { weight: 1, arbitrary: fc.constantFrom(NaN, -Infinity, Infinity, 0, 49.5) },
    );
    const inputArb = fc.record({
      recipe: fc.oneof({ weight: 3, arbitrary: payloadArb }, { weight: 1, arbitrary: payloadArb.map(asJsonText) }),
      shared: fc.boolean(),
      fresh: fc.boolean(),
    });
    await checkProperty(
      'panel and footer counts',
      fc.asyncProperty(inputArb, thresholdArb, async ({ recipe, shared, fresh }, threshold) => {
        const forPanel = build(recipe);
        const forFooter = shared ? forPanel : build(recipe);
        // Fresh elements half of the time, updated ones otherwise.
        if (fresh) render(null, container);
        render(
          html`<qa-sources-panel .sources=${forPanel} .threshold=${threshold}></qa-sources-panel><qa-source-footer .sources=${forFooter} .threshold=${threshold} expanded></qa-source-footer>`,
          container,
        );
        const panel = container.querySelector('qa-sources-panel')!;
        const footer = container.querySelector('qa-source-footer')!;
        await Promise.all([panel.updateComplete, footer.updateComplete]);
        const expected = presentSources(parseTurnSources(build(recipe)).value, { threshold }).count;
        const p = panelCounts(panel);
        const f = footerCounts(footer);
        if (p.count !== f.count || p.count !== expected || p.groups !== expected || f.groups !== expected) {
          throw new Error(`panel ${JSON.stringify(p)}, footer ${JSON.stringify(f)}, model ${expected}`);
        }
      }),
      { runs: 400, weight: 0.02 },
    );
    expect(container.querySelector('qa-sources-panel')).to.exist;
  });
});
