/**
 * `qa-sources-kit/react` with React 18 (`react-dom/client`) in Chromium:
 * props reach the elements as properties (objects by identity, not as
 * attribute strings), updates and unmounts behave, and the elements' events
 * reach the `onQa…` callbacks with the kit's event classes.
 */
import { expect } from 'chai';
import * as React from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QaFilePreview, QaSourceFooter, QaSourcesPanel } from '../../src/react/index.js';
import { QaFilePreview as PreviewElement, QaSourceFooter as FooterElement, QaSourcesPanel as PanelElement } from '../../src/index.js';
import { QaCloseEvent, QaGroupOpenEvent, QaModeChangeEvent, QaRenderedEvent, QaSourceOpenEvent, QaToggleEvent } from '../../src/events.js';
import { createMemoryHost } from '../../src/host/memory.js';
import { term } from '../../src/i18n/index.js';
import { referencePayload, singlePayload } from '../../stories/fixtures/payloads.js';
import { sampleWorkspace } from '../../stories/fixtures/preview-files.js';
import { expectedView, settle, shadowOf } from '../elements/shared/fixture.js';
import { until } from '../wait.js';

let root: Root | null = null;
let container: HTMLElement | null = null;

/** Renders a React tree into a fresh container and waits for React's commit and the elements' updates. */
async function renderReact(node: React.ReactNode): Promise<HTMLElement> {
  container ??= document.body.appendChild(document.createElement('div'));
  root ??= createRoot(container);
  root.render(node);
  await new Promise((r) => setTimeout(r, 0));
  await settle(container);
  return container;
}

/** Records calls of an event prop. */
function spy<E extends Event>(): { calls: E[]; fn: (e: E) => void } {
  const calls: E[] = [];
  return { calls, fn: (e: E) => void calls.push(e) };
}

describe('React wrappers (qa-sources-kit/react)', () => {
  afterEach(() => {
    root?.unmount();
    container?.remove();
    root = null;
    container = null;
  });

  it('render the registered elements: the wrappers are the real custom elements', async () => {
    const c = await renderReact(
      React.createElement(
        React.Fragment,
        null,
        React.createElement(QaSourcesPanel, { sources: singlePayload }),
        React.createElement(QaSourceFooter, { sources: singlePayload }),
        React.createElement(QaFilePreview, {}),
      ),
    );
    expect(c.querySelector('qa-sources-panel')).to.be.instanceOf(PanelElement);
    expect(c.querySelector('qa-source-footer')).to.be.instanceOf(FooterElement);
    expect(c.querySelector('qa-file-preview')).to.be.instanceOf(PreviewElement);
    expect(QaSourcesPanel.displayName).to.equal('QaSourcesPanel');
  });

  it('QaSourcesPanel: props arrive as properties (the payload object itself), and re-renders update them', async () => {
    const c = await renderReact(
      React.createElement(QaSourcesPanel, {
        sources: referencePayload,
        threshold: 50,
        locale: 'ru',
        debug: true,
        maxPerGroup: 3,
        className: 'answer-sources',
        id: 'p1',
      }),
    );
    const el = c.querySelector('qa-sources-panel')!;
    expect(el.sources, 'same object, not a string').to.equal(referencePayload);
    expect(el.threshold).to.equal(50);
    expect(el.locale).to.equal('ru');
    expect(el.debug).to.equal(true);
    expect(el.maxPerGroup).to.equal(3);
    expect(el.className).to.equal('answer-sources');
    expect(el.id).to.equal('p1');
    const count = shadowOf(el).querySelector('.count-text')!;
    expect(count.textContent!.trim()).to.equal(term('ru', 'sourceCount', { n: expectedView(referencePayload, 50, 3).count }));

    await renderReact(
      React.createElement(QaSourcesPanel, {
        sources: referencePayload,
        threshold: 95,
        locale: 'zh',
        debug: false,
        maxPerGroup: 3,
        className: 'answer-sources',
        id: 'p1',
      }),
    );
    expect(c.querySelector('qa-sources-panel'), 'the same element is kept').to.equal(el);
    expect(el.threshold).to.equal(95);
    expect(el.debug).to.equal(false);
    await el.updateComplete;
    expect(shadowOf(el).querySelector('.count-text')!.textContent!.trim()).to.equal(
      term('zh', 'sourceCount', { n: expectedView(referencePayload, 95, 3).count }),
    );
  });

  it('QaSourcesPanel: onQaSourceOpen and onQaClose receive the kit events; a new callback replaces the old one', async () => {
    const open = spy<QaSourceOpenEvent>();
    const close = spy<QaCloseEvent>();
    const c = await renderReact(React.createElement(QaSourcesPanel, { sources: referencePayload, onQaSourceOpen: open.fn, onQaClose: close.fn }));
    const el = c.querySelector('qa-sources-panel')!;
    const local = [...shadowOf(el).querySelectorAll<HTMLElement>('[part~="card-control"]')].find((b) => b.localName === 'button')!;
    local.click();
    expect(open.calls).to.have.length(1);
    expect(open.calls[0]).to.be.instanceOf(QaSourceOpenEvent);
    const first = referencePayload.sources.find((s) => s.kind === 'file')!;
    expect(open.calls[0]!.detail.source.id).to.equal(first.id);
    expect(open.calls[0]!.detail.path).to.equal(first.path);

    shadowOf(el).querySelector<HTMLElement>('[part~="close-button"]')!.click();
    expect(close.calls).to.have.length(1);
    expect(close.calls[0]).to.be.instanceOf(QaCloseEvent);

    const next = spy<QaCloseEvent>();
    await renderReact(React.createElement(QaSourcesPanel, { sources: referencePayload, onQaSourceOpen: open.fn, onQaClose: next.fn }));
    shadowOf(el).querySelector<HTMLElement>('[part~="close-button"]')!.click();
    expect(close.calls, 'the old callback is not called again').to.have.length(1);
    expect(next.calls).to.have.length(1);

    await renderReact(React.createElement(QaSourcesPanel, { sources: referencePayload }));
    shadowOf(el).querySelector<HTMLElement>('[part~="close-button"]')!.click();
    expect(next.calls, 'a removed callback is not called').to.have.length(1);
  });

  it('QaSourceFooter: expanded, onQaGroupOpen, onQaToggle and onQaSourceOpen', async () => {
    const group = spy<QaGroupOpenEvent>();
    const toggle = spy<QaToggleEvent>();
    const open = spy<QaSourceOpenEvent>();
    const c = await renderReact(
      React.createElement(QaSourceFooter, { sources: referencePayload, onQaGroupOpen: group.fn, onQaToggle: toggle.fn, onQaSourceOpen: open.fn }),
    );
    const el = c.querySelector('qa-source-footer')!;
    expect(el.sources).to.equal(referencePayload);
    expect(el.expanded).to.equal(false);

    const chips = [...shadowOf(el).querySelectorAll<HTMLElement>('[part~="chip"]')];
    chips[1]!.click();
    expect(group.calls).to.have.length(1);
    expect(group.calls[0]).to.be.instanceOf(QaGroupOpenEvent);
    expect(group.calls[0]!.detail.kind).to.equal(chips[1]!.dataset.kind);

    shadowOf(el).querySelector<HTMLElement>('[part~="toggle"]')!.click();
    expect(toggle.calls.map((e) => e.detail.expanded)).to.deep.equal([true]);
    expect(toggle.calls[0]).to.be.instanceOf(QaToggleEvent);
    await el.updateComplete;
    const entry = shadowOf(el).querySelector<HTMLElement>('button[part~="entry"]')!;
    entry.click();
    expect(open.calls).to.have.length(1);
    expect(open.calls[0]!.detail.path).to.be.a('string');

    // The `expanded` prop drives the element too.
    await renderReact(React.createElement(QaSourceFooter, { sources: referencePayload, expanded: false }));
    expect(el.expanded).to.equal(false);
    await renderReact(React.createElement(QaSourceFooter, { sources: referencePayload, expanded: true }));
    expect(el.expanded).to.equal(true);
  });

  it('QaFilePreview: the host object, ranges and path reach the element; onQaRendered, onQaModeChange and onQaClose fire; ref is the element', async () => {
    const host = createMemoryHost(sampleWorkspace());
    const ranges = [{ lineStart: 27, lineEnd: 36 }];
    const rendered = spy<QaRenderedEvent>();
    const mode = spy<QaModeChangeEvent>();
    const close = spy<QaCloseEvent>();
    const ref = React.createRef<PreviewElement>();
    const c = await renderReact(
      React.createElement(QaFilePreview, {
        ref,
        host,
        sessionId: 'react-session',
        path: 'docs/retry-policy.md',
        ranges,
        locale: 'en',
        style: { display: 'block', height: '420px' },
        onQaRendered: rendered.fn,
        onQaModeChange: mode.fn,
        onQaClose: close.fn,
      }),
    );
    const el = c.querySelector('qa-file-preview')!;
    expect(ref.current).to.equal(el);
    expect(el.host, 'the host object itself').to.equal(host);
    expect(el.ranges).to.equal(ranges);
    expect(el.sessionId).to.equal('react-session');
    expect(el.path).to.equal('docs/retry-policy.md');

    await until(() => rendered.calls.length > 0, 'qa-rendered');
    expect(rendered.calls[0]).to.be.instanceOf(QaRenderedEvent);
    expect(rendered.calls[0]!.detail).to.deep.equal({ path: 'docs/retry-policy.md', mode: 'rendered' });

    shadowOf(el).querySelector<HTMLElement>('[part~="toggle"] [data-mode="raw"]')!.click();
    expect(mode.calls).to.have.length(1);
    expect(mode.calls[0]).to.be.instanceOf(QaModeChangeEvent);
    expect(mode.calls[0]!.detail).to.deep.equal({ mode: 'raw', extension: 'md' });

    el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    expect(close.calls).to.have.length(1);
    expect(close.calls[0]).to.be.instanceOf(QaCloseEvent);

    // A new path from React opens that file.
    await renderReact(
      React.createElement(QaFilePreview, { ref, host, sessionId: 'react-session', path: 'src/net/retry.ts', ranges: [], onQaRendered: rendered.fn }),
    );
    await until(() => rendered.calls.some((e) => e.detail.path === 'src/net/retry.ts'), 'qa-rendered of the second file');
    expect(el.path).to.equal('src/net/retry.ts');
    expect(el.currentMode).to.equal('raw');
  });

  it('unmounting removes the element', async () => {
    const c = await renderReact(React.createElement(QaSourcesPanel, { sources: singlePayload }));
    const el = c.querySelector('qa-sources-panel')!;
    expect(el.isConnected).to.equal(true);
    root!.unmount();
    root = null;
    expect(el.isConnected).to.equal(false);
    expect(c.querySelector('qa-sources-panel')).to.equal(null);
  });
});
