import { expect } from 'chai';
import { LitElement, html } from 'lit';
import { QaSourcesPanel } from '../../../src/elements/sources-panel/define.js';
import { QaSourceFooter } from '../../../src/elements/source-footer/define.js';
import { rehearsalPayload, rehearse } from '../../../src/elements/shared/rehearse.js';
import { parseTurnSources } from '../../../src/model/parse.js';
import { presentSources } from '../../../src/model/present.js';
import { SOURCE_KINDS } from '../../../src/model/types.js';

/** A minimal element with a `sources` property that counts its renders, and records whether it was in the document when connected. */
class Probe extends LitElement {
  static override properties = { sources: { attribute: false } };
  static renders = 0;
  static connected: string[] = [];
  declare sources: unknown;
  override connectedCallback(): void {
    super.connectedCallback();
    Probe.connected.push(`${this.localName}:${this.isConnected}`);
  }
  override render() {
    Probe.renders += 1;
    return html`<p>${this.sources ? 'with sources' : 'none'}</p>`;
  }
}
customElements.define('x-rehearse-probe', Probe);
customElements.define('x-rehearse-probe-on-page', class extends Probe {});
// Panel and footer under tags of their own: their rehearsals run inside the test, not in some idle moment before it.
customElements.define('x-rehearse-panel', class extends QaSourcesPanel {});
customElements.define('x-rehearse-footer', class extends QaSourceFooter {});

describe('the rehearsal of a first render', () => {
  it('has a sample payload without a problem, with every kind but code, subagent origins and partial content', () => {
    const { value, problems } = parseTurnSources(rehearsalPayload());
    expect(problems).to.deep.equal([]);
    const view = presentSources(value);
    expect(view.groups.map((g) => g.kind)).to.deep.equal(SOURCE_KINDS.filter((k) => k !== 'code'));
    const items = view.groups.flatMap((g) => g.items);
    expect(items.some((i) => i.subagent)).to.equal(true);
    expect(items.some((i) => i.partial)).to.equal(true);
  });

  it('renders panel and footer off the page, and leaves the page, the console and the network as they were', async () => {
    const added: Node[] = [];
    const observer = new MutationObserver((records) => records.forEach((r) => added.push(...r.addedNodes)));
    observer.observe(document, { childList: true, subtree: true });
    const logged: unknown[] = [];
    const { warn, error } = console;
    console.warn = (...a: unknown[]) => logged.push(a);
    console.error = (...a: unknown[]) => logged.push(a);
    const resources = performance.getEntriesByType('resource').length;
    try {
      // Cards for 18 sources, and the footer's count line.
      expect(await rehearse('x-rehearse-panel')).to.be.greaterThan(100);
      expect(await rehearse('x-rehearse-footer')).to.be.greaterThan(3);
    } finally {
      console.warn = warn;
      console.error = error;
      observer.disconnect();
    }
    expect(added, 'nothing added to the page').to.deep.equal([]);
    expect(logged, 'nothing logged').to.deep.equal([]);
    expect(performance.getEntriesByType('resource').length, 'nothing loaded').to.equal(resources);
    expect(document.querySelector('x-rehearse-panel, x-rehearse-footer')).to.equal(null);
  });

  it('rehearses panel and footer under their own tags', async () => {
    expect(await rehearse('qa-sources-panel')).to.be.greaterThan(100);
    expect(await rehearse('qa-source-footer')).to.be.greaterThan(3);
  });

  it('renders an element once, off the page', async () => {
    const before = Probe.renders;
    expect(await rehearse('x-rehearse-probe')).to.equal(1);
    expect(await rehearse('x-rehearse-probe')).to.equal(1);
    expect(Probe.renders - before).to.equal(1);
    expect(Probe.connected).to.deep.equal(['x-rehearse-probe:false']);
  });

  it('is skipped when an element of that kind is on the page already', async () => {
    const onPage = document.createElement('x-rehearse-probe-on-page');
    document.body.append(onPage);
    try {
      expect(await rehearse('x-rehearse-probe-on-page')).to.equal(0);
    } finally {
      onPage.remove();
    }
  });
});
