// The payload store: session events in arrival order, provisional updates
// replaced by the final snapshot, seq ordering, stale updates ignored,
// subscribe/unsubscribe.
import { expect } from 'chai';
import { createSourcesStore, type QaStoredSources } from '../../src/host/index.js';
import { viewOf } from '../../src/index.js';
import { malformedPayload, provisionalPayload, referencePayload, singlePayload } from '../../stories/fixtures/payloads.js';

const SESSION = referencePayload.sessionId;
const TURN = referencePayload.turn;

const event = (seq: number, data: unknown, extra: Record<string, unknown> = {}) => ({
  type: 'qa/sources',
  seq,
  time: `2026-01-01T00:00:${String(seq).padStart(2, '0')}Z`,
  data,
  ...extra,
});
const provisional = (seq: number, data: unknown = provisionalPayload) => event(seq, data, { provisional: true });

describe('createSourcesStore', () => {
  it('a turn: provisional updates, then the final snapshot replaces them', () => {
    const store = createSourcesStore();
    const seen: QaStoredSources[] = [];
    store.subscribe((e) => seen.push(e));

    const first = { ...provisionalPayload, sources: provisionalPayload.sources.slice(0, 1) };
    expect(store.apply(provisional(1, first)).applied).to.equal(true);
    expect(store.get(SESSION, TURN)).to.include({ provisional: true, data: first });
    expect(store.get(SESSION, TURN)!.payload.sources).to.have.length(1);

    expect(store.apply(provisional(2)).applied).to.equal(true);
    expect(store.get(SESSION, TURN)!.payload.sources).to.have.length(3);

    expect(store.apply(event(3, referencePayload)).applied).to.equal(true);
    const final = store.get(SESSION, TURN)!;
    expect(final.provisional).to.equal(false);
    expect(final.data).to.equal(referencePayload);
    expect(final.payload.sources).to.have.length(referencePayload.sources.length);
    expect(final.seq).to.equal(3);

    expect(seen.map((e) => [e.seq, e.provisional])).to.deep.equal([
      [1, true],
      [2, true],
      [3, false],
    ]);
  });

  it('a provisional update after the final one is ignored, whatever its seq', () => {
    const store = createSourcesStore();
    store.apply(event(5, referencePayload));
    expect(store.apply(provisional(9))).to.deep.equal({ applied: false, reason: 'after-final' });
    expect(store.get(SESSION, TURN)!.data).to.equal(referencePayload);
  });

  it('events with a lower or equal seq are ignored; a later final replaces an earlier final', () => {
    const store = createSourcesStore();
    store.apply(provisional(10));
    expect(store.apply(provisional(9, referencePayload))).to.deep.equal({ applied: false, reason: 'stale-seq' });
    expect(store.apply(provisional(10, referencePayload))).to.deep.equal({ applied: false, reason: 'stale-seq' });
    expect(store.get(SESSION, TURN)!.data).to.equal(provisionalPayload);
    expect(store.apply(event(8, referencePayload))).to.deep.equal({ applied: false, reason: 'stale-seq' });
    expect(store.apply(event(11, referencePayload)).applied).to.equal(true);
    const again = { ...referencePayload, sources: referencePayload.sources.slice(0, 2) };
    expect(store.apply(event(12, again)).applied).to.equal(true);
    expect(store.get(SESSION, TURN)!.data).to.equal(again);
    expect(store.apply(event(7, referencePayload)).applied).to.equal(false);
  });

  it('events without a seq count in arrival order', () => {
    const store = createSourcesStore();
    store.apply({ type: 'qa/sources', data: provisionalPayload, provisional: true });
    store.apply({ type: 'qa/sources', data: referencePayload });
    expect(store.get(SESSION, TURN)!.provisional).to.equal(false);
    expect(store.apply({ type: 'qa/sources', data: provisionalPayload, provisional: true }).applied).to.equal(false);
  });

  it('out-of-order delivery ends on the newest state', () => {
    const store = createSourcesStore();
    const events = [provisional(1), provisional(2), event(4, referencePayload), provisional(3)];
    for (const order of [
      [0, 1, 2, 3],
      [3, 2, 1, 0],
      [2, 0, 3, 1],
      [1, 3, 0, 2],
    ]) {
      const s = createSourcesStore();
      for (const i of order) s.apply(events[i]);
      expect(s.get(SESSION, TURN)).to.include({ provisional: false, data: referencePayload, seq: 4 });
    }
    expect(store.get(SESSION, TURN)).to.equal(null);
  });

  it('a `provisional: true` inside the payload marks it too; `complete: false` does not', () => {
    const store = createSourcesStore();
    store.apply(event(1, { ...provisionalPayload, provisional: true }));
    expect(store.get(SESSION, TURN)!.provisional).to.equal(true);
    store.apply(event(2, { ...referencePayload, complete: false }));
    expect(store.get(SESSION, TURN)!.provisional).to.equal(false);
  });

  it('payloads are keyed by session and turn; latest() is the highest turn', () => {
    const store = createSourcesStore();
    store.apply(event(1, referencePayload));
    store.apply(event(2, { ...singlePayload, sessionId: SESSION, turn: 9 }));
    store.apply(event(3, { ...singlePayload, sessionId: 'other', turn: 99 }));
    expect(store.get(SESSION, TURN)!.turn).to.equal(TURN);
    expect(store.get(SESSION, 9)!.turn).to.equal(9);
    expect(store.get(SESSION, 5)).to.equal(null);
    expect(store.latest(SESSION)!.turn).to.equal(9);
    expect(store.latest('other')!.turn).to.equal(99);
    expect(store.latest('nobody')).to.equal(null);
    // The same seq in another turn is no conflict.
    store.apply(event(1, { ...singlePayload, sessionId: SESSION, turn: 10 }));
    expect(store.latest(SESSION)!.turn).to.equal(10);
    store.clear(SESSION);
    expect(store.latest(SESSION)).to.equal(null);
    expect(store.latest('other')).not.to.equal(null);
    store.clear();
    expect(store.latest('other')).to.equal(null);
  });

  it('ignores other event types and unreadable data', () => {
    const store = createSourcesStore();
    let calls = 0;
    store.subscribe(() => calls++);
    for (const e of [null, 'qa/sources', 42, {}, { type: 'turn/end', seq: 1, data: referencePayload }, { type: 'QA/SOURCES', data: referencePayload }]) {
      expect(store.apply(e)).to.deep.equal({ applied: false, reason: 'other-type' });
    }
    const warned: unknown[][] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => warned.push(args);
    const unreadable = [
      undefined,
      null,
      'not json',
      '[1]',
      42,
      { ...referencePayload, sessionId: 7 },
      { ...referencePayload, turn: 'four' },
      { ...referencePayload, sessionId: '' },
    ];
    try {
      for (const data of unreadable) {
        const result = store.apply(event(1, data));
        expect(result).to.include({ applied: false, reason: 'unreadable' });
        // Reported for debug display: what was wrong.
        expect((result as { problems?: unknown[] }).problems).to.have.length.greaterThan(0);
      }
    } finally {
      console.warn = original;
    }
    // One warning per event ignored.
    expect(warned).to.have.length(unreadable.length);
    expect(calls).to.equal(0);
  });

  it('a JSON string is read into one object; malformed sources keep the valid parts and list problems', () => {
    const store = createSourcesStore();
    store.apply(event(1, JSON.stringify(referencePayload)));
    const entry = store.get(SESSION, TURN)!;
    expect(entry.data).to.be.an('object');
    expect(entry.data).to.deep.equal(JSON.parse(JSON.stringify(referencePayload)));

    const bad = createSourcesStore();
    const result = bad.apply(event(1, { ...(malformedPayload as object), turn: 4 }));
    expect(result.applied).to.equal(true);
    const stored = bad.get(SESSION, 4)!;
    expect(stored.problems.length).to.be.greaterThan(0);
    expect(stored.payload.sources.length).to.be.greaterThan(0);
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
  });

  it('subscribe returns an unsubscribe; a throwing listener does not starve the others', () => {
    const store = createSourcesStore();
    const a: number[] = [];
    const b: number[] = [];
    const logged: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => logged.push(args);
    try {
      const offThrow = store.subscribe(() => {
        throw new Error('listener bug');
      });
      const offA = store.subscribe((e) => a.push(e.seq));
      store.subscribe((e) => b.push(e.seq));
      expect(store.apply(provisional(1)).applied).to.equal(true);
      offA();
      offA();
      store.apply(provisional(2));
      offThrow();
      store.apply(event(3, referencePayload));
    } finally {
      console.error = original;
    }
    expect(a).to.deep.equal([1]);
    expect(b).to.deep.equal([1, 2, 3]);
    expect(logged).to.have.length(2);
  });

  it('never throws: an event that throws when read is reported once and ignored, the store keeps working', () => {
    const boom = () => {
      throw new Error('hostile read');
    };
    const throwingEverywhere = new Proxy({}, { get: boom, has: boom, ownKeys: boom, getOwnPropertyDescriptor: boom, getPrototypeOf: boom });
    const revocable = Proxy.revocable({ type: 'qa/sources', seq: 1, data: referencePayload }, {});
    revocable.revoke();
    const revokedData = Proxy.revocable({ ...referencePayload }, {});
    revokedData.revoke();
    const hostile: Array<[string, unknown]> = [
      ['a data getter that throws', Object.defineProperty({ type: 'qa/sources', seq: 1 }, 'data', { get: boom, enumerable: true })],
      ['a type getter that throws', Object.defineProperty({ seq: 1, data: referencePayload }, 'type', { get: boom })],
      ['a seq getter that throws', Object.defineProperty({ type: 'qa/sources', data: referencePayload }, 'seq', { get: boom })],
      ['a Proxy that throws on every read', throwingEverywhere],
      ['a revoked Proxy', revocable.proxy],
      ['data that is a Proxy throwing on every read', { type: 'qa/sources', seq: 1, data: throwingEverywhere }],
      ['data that is a revoked Proxy', { type: 'qa/sources', seq: 1, data: revokedData.proxy }],
      [
        'an error whose message getter throws',
        Object.defineProperty({ type: 'qa/sources' }, 'data', {
          get: () => {
            throw Object.defineProperty(new Error(), 'message', { get: boom });
          },
        }),
      ],
    ];
    const store = createSourcesStore();
    let calls = 0;
    store.subscribe(() => calls++);
    const warned: unknown[][] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => warned.push(args);
    try {
      for (const [what, e] of hostile) {
        const before = warned.length;
        let result: ReturnType<typeof store.apply> | undefined;
        expect(() => (result = store.apply(e)), what).not.to.throw();
        expect(result!.applied, what).to.equal(false);
        if (!result!.applied) {
          expect(result!.reason, what).to.equal('unreadable');
          expect(result!.problems?.[0], what).to.include({ path: '', severity: 'error' });
        }
        expect(warned.length - before, what).to.equal(1);
      }
    } finally {
      console.warn = original;
    }
    expect(calls).to.equal(0);
    // The store still takes ordinary events afterwards.
    expect(store.apply(event(2, referencePayload)).applied).to.equal(true);
    expect(calls).to.equal(1);
  });

  it("parses each update once: elements given the entry's data or payload use the store's parse", () => {
    const store = createSourcesStore();
    const data = { ...referencePayload };
    const first = (store.apply(event(1, data)) as { entry: QaStoredSources }).entry;
    // viewOf is what panel, footer and citations call; the same parsed object means no second parse.
    expect(viewOf(first.data).payload).to.equal(first.payload);
    expect(viewOf(first.payload).payload).to.equal(first.payload);
    expect(viewOf(first.payload).view).to.equal(viewOf(first.data).view);
    // The same object sent again is an update: parsed again, and that parse is the shared one.
    const second = (store.apply(event(2, data)) as { entry: QaStoredSources }).entry;
    expect(second.payload).to.not.equal(first.payload);
    expect(viewOf(data).payload).to.equal(second.payload);
    // JSON text is read into one object, whose parse is shared the same way.
    const text = (store.apply(event(3, JSON.stringify({ ...referencePayload, turn: 9 }))) as { entry: QaStoredSources }).entry;
    expect(viewOf(text.data).payload).to.equal(text.payload);
  });
});
