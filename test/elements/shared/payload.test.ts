import { expect } from 'chai';
import { viewOf, parseCached } from '../../../src/elements/shared/payload.js';
import { openDetail, activateItem } from '../../../src/elements/shared/activation.js';
import { nextInList } from '../../../src/elements/shared/roving.js';
import { presentSources } from '../../../src/model/present.js';
import { parseTurnSources } from '../../../src/model/parse.js';
import { generatedPayload, malformedPayload, referencePayload } from '../../../stories/fixtures/payloads.js';

describe('viewOf (shared payload cache)', () => {
  it('parses one payload object once and shares the view for the same options', () => {
    const payload = generatedPayload(50);
    const a = viewOf(payload, { threshold: 50 });
    const b = viewOf(payload, { threshold: 50 });
    expect(b.view).to.equal(a.view);
    expect(b.payload).to.equal(a.payload);
    expect(parseCached(payload)).to.equal(parseCached(payload));
    const c = viewOf(payload, { threshold: 90 });
    expect(c.view).to.not.equal(a.view);
    expect(c.payload, 'one parse for every option set').to.equal(a.payload);
    // Defaults are the same key as explicit defaults: panel and footer share one view.
    expect(viewOf(payload).view).to.equal(viewOf(payload, { threshold: 50, maxPerGroup: 8, showDiscovered: false }).view);
  });

  it('gives the same view as the model for objects and JSON text', () => {
    for (const payload of [referencePayload, malformedPayload]) {
      const expected = presentSources(parseTurnSources(payload).value, { threshold: 50 });
      for (const input of [payload, JSON.stringify(payload)]) {
        const { view, problems } = viewOf(input, { threshold: 50 });
        expect(view.count).to.equal(expected.count);
        expect(view.groups.map((g) => [g.kind, g.count, g.items.map((i) => i.id)])).to.deep.equal(expected.groups.map((g) => [g.kind, g.count, g.items.map((i) => i.id)]));
        expect(problems).to.deep.equal(parseTurnSources(payload).problems);
      }
    }
  });

  it('caches JSON text by value', () => {
    const text = JSON.stringify(referencePayload);
    expect(viewOf(text).view).to.equal(viewOf(`${text}`).view);
  });

  it('treats a missing payload as empty, without problems, and garbage as empty with problems', () => {
    for (const none of [null, undefined]) {
      const r = viewOf(none);
      expect(r.view.empty).to.equal(true);
      expect(r.problems).to.deep.equal([]);
    }
    for (const junk of [42, 'nope', [], true]) {
      const original = console.warn;
      console.warn = () => {};
      try {
        const r = viewOf(junk);
        expect(r.view.count).to.equal(0);
        expect(r.problems.length).to.be.greaterThan(0);
      } finally {
        console.warn = original;
      }
    }
  });
});

describe('activation', () => {
  const view = presentSources(parseTurnSources(referencePayload).value);
  const item = (id: string) => view.groups.flatMap((g) => g.items).find((i) => i.id === id)!;

  it('builds the open detail of local and remote sources', () => {
    const file = openDetail(item('file:docs/User_Guide/EAM/Diagnostics/technicalDiagnosis.md'));
    expect(file.path).to.equal('docs/User_Guide/EAM/Diagnostics/technicalDiagnosis.md');
    expect(file.href).to.equal(null);
    expect(file.location).to.deep.include({ lineStart: 197, lineEnd: 218 });
    const web = openDetail(item('web:https://www.iso.org/standard/66309.html'));
    expect(web).to.deep.include({ path: null, href: 'https://www.iso.org/standard/66309.html', location: null });
    expect(web.ranges).to.deep.equal([]);
  });

  it('hands out copies of the ranges, so a listener cannot change the view', () => {
    const i = item('file:docs/User_Guide/EAM/Diagnostics/technicalDiagnosis.md');
    openDetail(i).ranges[0]!.lineStart = 1;
    expect(i.ranges[0]!.lineStart).to.equal(197);
  });

  it('cancels the triggering event when the qa-source-open event is cancelled', () => {
    const host = document.createElement('div');
    document.body.append(host);
    try {
      const click = new MouseEvent('click', { cancelable: true });
      host.addEventListener('qa-source-open', (e) => e.preventDefault(), { once: true });
      expect(activateItem(host, item('jira:MDC-24929'), click)).to.equal(false);
      expect(click.defaultPrevented).to.equal(true);
      const click2 = new MouseEvent('click', { cancelable: true });
      expect(activateItem(host, item('jira:MDC-24929'), click2)).to.equal(true);
      expect(click2.defaultPrevented).to.equal(false);
    } finally {
      host.remove();
    }
  });
});

describe('roving focus', () => {
  const list = ['a', 'b', 'c'].map((id) => Object.assign(document.createElement('button'), { id }));
  it('moves with Up/Down and jumps with Home/End, stopping at the ends', () => {
    expect(nextInList('ArrowDown', list, 0)!.id).to.equal('b');
    expect(nextInList('ArrowDown', list, 2)!.id).to.equal('c');
    expect(nextInList('ArrowUp', list, 0)!.id).to.equal('a');
    expect(nextInList('Home', list, 2)!.id).to.equal('a');
    expect(nextInList('End', list, 0)!.id).to.equal('c');
    expect(nextInList('Tab', list, 0)).to.equal(null);
    expect(nextInList('ArrowDown', [], 0)).to.equal(null);
  });
});
