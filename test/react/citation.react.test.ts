// <QaCitation> from qa-sources-kit/react: props arrive as properties (the payload by identity),
// and the chip's events reach onQaSourceOpen / onQaSourceHighlight as the kit's event classes.
import { expect } from 'chai';
import * as React from 'react';
import { createRoot } from 'react-dom/client';
import { QaCitation } from '../../src/react/index.js';
import { QaCitation as CitationElement } from '../../src/citations.js';
import { QaSourceHighlightEvent, QaSourceOpenEvent } from '../../src/events.js';
import { referencePayload } from '../../stories/fixtures/payloads.js';
import { settle, shadowOf } from '../elements/shared/fixture.js';

const DOC = 'file:docs/User_Guide/EAM/Diagnostics/technicalDiagnosis.md';

describe('React <QaCitation>', () => {
  it('renders the chip from typed props and calls the event props', async () => {
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    const opened: QaSourceOpenEvent[] = [];
    const pointed: QaSourceHighlightEvent[] = [];
    root.render(
      React.createElement(QaCitation, {
        sourceId: DOC,
        lines: '197-218',
        number: 2,
        sources: referencePayload,
        onQaSourceOpen: (e) => opened.push(e),
        onQaSourceHighlight: (e) => pointed.push(e),
      }),
    );
    await new Promise((r) => setTimeout(r, 0));
    await settle(container);
    const el = container.querySelector('qa-citation')!;
    expect(el).to.be.instanceOf(CitationElement);
    expect(el.sources).to.equal(referencePayload);
    const button = shadowOf(el).querySelector<HTMLButtonElement>('button')!;
    expect(button.getAttribute('aria-label')).to.equal('Source 2: technicalDiagnosis.md, lines 197–218');
    button.focus();
    button.click();
    expect(opened.length).to.equal(1);
    expect(opened[0]).to.be.instanceOf(QaSourceOpenEvent);
    expect(opened[0]!.detail.ranges).to.deep.equal([{ lineStart: 197, lineEnd: 218 }]);
    expect(pointed[0]).to.be.instanceOf(QaSourceHighlightEvent);
    expect(pointed[0]!.detail.id).to.equal(DOC);
    root.unmount();
    container.remove();
  });
});
