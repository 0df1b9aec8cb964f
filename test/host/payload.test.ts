// The shared parse of a payload (host/payload.ts): one parse per payload
// object or JSON text, one view per payload and options, a parsed payload
// mapping back to its parse, problems logged once.
import { expect } from 'chai';
import { parseCached, parseShared, viewOf } from '../../src/host/payload.js';
import { presentSources } from '../../src/model/present.js';
import { parseTurnSources } from '../../src/model/parse.js';
import { generatedPayload, malformedPayload, referencePayload } from '../../stories/fixtures/payloads.js';

/** Runs `fn` with console.warn captured. */
function warnings(fn: () => void): unknown[][] {
  const seen: unknown[][] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => seen.push(args);
  try {
    fn();
  } finally {
    console.warn = original;
  }
  return seen;
}

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
        expect(view.groups.map((g) => [g.kind, g.count, g.items.map((i) => i.id)])).to.deep.equal(
          expected.groups.map((g) => [g.kind, g.count, g.items.map((i) => i.id)]),
        );
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

describe("parseShared (the store's parse)", () => {
  it('is the parse viewOf then finds, for the payload object and for the parsed payload', () => {
    const payload = generatedPayload(20);
    const shared = parseShared(payload);
    expect(viewOf(payload).payload).to.equal(shared.value);
    expect(viewOf(shared.value).payload, 'a parsed payload is not parsed again').to.equal(shared.value);
    expect(viewOf(shared.value).view).to.equal(viewOf(payload).view);
  });

  it('parses again when called again: a payload object sent twice is an update', () => {
    const payload = generatedPayload(5);
    const first = parseShared(payload);
    const second = parseShared(payload);
    expect(second.value).to.not.equal(first.value);
    expect(second.value).to.deep.equal(first.value);
    expect(viewOf(payload).payload, 'the latest parse is the shared one').to.equal(second.value);
  });

  it('logs nothing itself; the problems are logged once, when the payload is first viewed', () => {
    const bad = { ...(malformedPayload as object) };
    expect(warnings(() => parseShared(bad))).to.have.length(0);
    const logged = warnings(() => {
      viewOf(bad);
      viewOf(bad, { threshold: 0 });
      parseCached(bad);
    });
    expect(logged).to.have.length(1);
    expect(String(logged[0]![0])).to.match(/problem/);
    expect(logged[0]![1]).to.equal(parseCached(bad).problems);
  });

  it('the parse of JSON text maps its parsed payload back to it', () => {
    const text = JSON.stringify(generatedPayload(3));
    const { payload } = viewOf(text);
    expect(payload).to.not.equal(null);
    expect(viewOf(payload).payload).to.equal(payload);
  });
});
