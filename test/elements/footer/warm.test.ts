/**
 * Colour sooner from the footer too: an entry of the expanded list under
 * the pointer or with focus warms its code file's colouring, and so does
 * the first code entry a moment after the list is shown, for a tap or a key
 * without a hover, and the entry whose citation is pointed at in the
 * answer. A collapsed footer warms nothing. A page of its own, so no other
 * test loaded a grammar first.
 */
import { expect } from 'chai';
import { html } from 'lit';
import { resetMouse, sendMouse } from '@web/test-runner-commands';
import '../../../src/elements/source-footer/define.js';
import '../../../src/elements/file-preview/define.js';
import type { QaSourceFooter } from '../../../src/elements/source-footer/source-footer.js';
import { warmedLanguages } from '../../../src/elements/shared/warm-source.js';
import { mount, shadowOf, unmountAll } from '../shared/fixture.js';
import { until as waitFor } from '../../wait.js';
import { afterShownMoment, grammarsLoaded, localSource as source, payloadOf } from '../shared/warm.js';

describe('<qa-source-footer>: a code entry warms its colouring', () => {
  after(async () => {
    unmountAll();
    await resetMouse();
  });

  it('warms nothing while collapsed, then the first code entry once expanded, and the entry under the pointer or with focus', async () => {
    const el = document.createElement('qa-source-footer') as QaSourceFooter;
    el.sources = payloadOf(
      source('docs/guide.md', 95, 'doc'),
      source('cmd/server/main.go', 90),
      source('tools/release.py', 80),
      source('crates/core/src/lib.rs', 70),
      source('ios/App.swift', 60),
    );
    await mount(html`<div style="inline-size: 520px">${el}</div>`);
    // Collapsed: a warm-up scheduled after the footer's own moment has run, and still no grammar was fetched.
    await afterShownMoment('a warm-up scheduled after the footer was shown');
    expect([...warmedLanguages()], 'nothing while collapsed').to.deep.equal([]);

    // A preview on the page, with nothing open: where the footer's files would open.
    await mount(html`<qa-file-preview></qa-file-preview>`);
    el.expanded = true;
    await el.updateComplete;
    const entries = Array.from(shadowOf(el).querySelectorAll<HTMLElement>('.list li[data-id]'));
    const entry = (path: string) => entries.find((li) => li.dataset.id === `file:${path}`)!.querySelector<HTMLElement>('.entry')!;
    const r = entry('tools/release.py').getBoundingClientRect();
    await sendMouse({ type: 'move', position: [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)] });
    await waitFor(() => grammarsLoaded().includes('python'), `the Python grammar (loaded: ${grammarsLoaded().join(', ')})`);
    entry('crates/core/src/lib.rs').focus();
    await waitFor(() => grammarsLoaded().includes('rust'), `the Rust grammar (loaded: ${grammarsLoaded().join(', ')})`);
    // Nothing pointed at or focused the Go entry: it is the first code entry shown.
    await waitFor(() => grammarsLoaded().includes('go'), `the Go grammar (loaded: ${grammarsLoaded().join(', ')})`);
    // A citation of the Swift file pointed at in the answer (the wiring sets highlightedSource).
    expect(grammarsLoaded()).not.to.include('swift');
    el.highlightedSource = 'file:ios/App.swift';
    await waitFor(() => grammarsLoaded().includes('swift'), `the Swift grammar (loaded: ${grammarsLoaded().join(', ')})`);
  });
});
