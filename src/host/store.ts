/**
 * The payload store: one `QaTurnSources` per `sessionId` + `turn`, fed by
 * the host's session events as they arrive, read by panel and footer so both
 * always show the same bundle.
 *
 * Events are `{ type: 'qa/sources', seq, time, data }` with a
 * `QaTurnSources` (object or JSON string) as `data`; other types are
 * ignored.
 *
 * Provisional vs final: an event is **provisional** when it carries
 * `provisional: true` — on the event itself, or on its `data` when the host
 * can only send the payload. Everything else is a **final** snapshot: the
 * durable `qa/sources` event a host appends at turn end (and replays on
 * reload) carries no flag. `data.complete` is not used for this: it says
 * whether delegated provenance is complete, which a final snapshot may not
 * be.
 *
 * Ordering, per `sessionId` + `turn`:
 * - an event whose `seq` is not above the stored one is ignored (late or
 *   duplicate delivery); events without a numeric `seq` count in arrival
 *   order;
 * - once a final snapshot is stored, provisional events for that turn are
 *   ignored, whatever their `seq`;
 * - a final snapshot replaces a provisional one; a later final replaces an
 *   earlier final (a host that re-finalises a turn).
 */
import type { QaPayloadProblem } from '../model/parse.js';
import type { QaTurnSources } from '../model/types.js';
import { parseShared } from './payload.js';

/** The session-event type the store accepts. */
export const SOURCES_EVENT_TYPE = 'qa/sources';

/** A host session event, as it reaches the browser. */
export interface QaSessionEvent {
  type: string;
  seq?: number;
  time?: string | number;
  data?: unknown;
  provisional?: boolean;
}

/** What the store holds for one turn. */
export interface QaStoredSources {
  sessionId: string;
  turn: number;
  /** The payload as parsed (clean, typed). Panel and footer accept it as their `sources` too. */
  payload: QaTurnSources;
  /**
   * The payload as the event carried it (a JSON string read into an object
   * once). Hand this one object to panel and footer: they use the store's
   * parse of it (no second parse) and list its problems in debug mode.
   */
  data: unknown;
  /** True while the turn runs and this is a partial payload. */
  provisional: boolean;
  /** `seq` of the event stored (or -Infinity when it had none). */
  seq: number;
  time: string | number | undefined;
  /** What was wrong with the payload (valid parts are kept). */
  problems: QaPayloadProblem[];
}

/** The outcome of `apply`: whether the event changed the store, and why not. */
export type QaApplyResult =
  | { applied: true; entry: QaStoredSources }
  | {
      applied: false;
      reason: 'other-type' | 'unreadable' | 'stale-seq' | 'after-final';
      /** For an event that could not be read at all (a getter or Proxy that throws): what went wrong, for debug display. */
      problems?: QaPayloadProblem[];
    };

/** Called with the entry that changed. */
export type QaStoreListener = (entry: QaStoredSources) => void;

/** A store of turn payloads. */
export interface QaSourcesStore {
  /**
   * Takes one host session event; ignores other types, stale and unreadable
   * ones. Never throws, whatever the object: an event that throws when read
   * is reported (one console warning, `problems` in the result) and ignored.
   */
  apply(event: QaSessionEvent | unknown): QaApplyResult;
  /** The payload of one turn, or null. */
  get(sessionId: string, turn: number): QaStoredSources | null;
  /** The payload of the session's highest turn, or null. */
  latest(sessionId: string): QaStoredSources | null;
  /** Calls `listener` after every change; returns the function that stops it. */
  subscribe(listener: QaStoreListener): () => void;
  /** Forgets one session, or everything. Listeners are not called. */
  clear(sessionId?: string): void;
}

/** Creates an empty payload store. */
export function createSourcesStore(): QaSourcesStore {
  const sessions = new Map<string, Map<number, QaStoredSources>>();
  const listeners = new Set<QaStoreListener>();

  /** Reads an event into the entry it would store (may throw: the object is untrusted). */
  function readEvent(event: unknown): QaApplyResult | { entry: QaStoredSources; turns: Map<number, QaStoredSources> | undefined } {
    if (typeof event !== 'object' || event === null || (event as QaSessionEvent).type !== SOURCES_EVENT_TYPE) return { applied: false, reason: 'other-type' };
    const e = event as QaSessionEvent;
    // A JSON string is read once here, so panel and footer share one object.
    let data = e.data;
    if (typeof data === 'string') {
      try {
        data = JSON.parse(data) as unknown;
      } catch {
        return unreadable([{ path: '', message: 'data is not valid JSON', severity: 'error' }]);
      }
    }
    // The one parse of this update: elements given `data` or `payload` find it done.
    const { value, problems } = parseShared(data);
    if (!value || problems.some((p) => p.severity === 'error' && (p.path === '' || p.path === 'sessionId' || p.path === 'turn')) || value.sessionId === '') {
      const fatal = problems.filter((p) => p.severity === 'error');
      return unreadable(fatal.length ? fatal : [{ path: 'sessionId', message: 'sessionId is empty', severity: 'error' }]);
    }
    const seq = typeof e.seq === 'number' && Number.isFinite(e.seq) ? e.seq : null;
    const provisional = e.provisional === true || dataFlag(data);
    const turns = sessions.get(value.sessionId);
    const previous = turns?.get(value.turn);
    if (previous) {
      if (previous.provisional === false && provisional) return { applied: false, reason: 'after-final' };
      if (seq !== null && seq <= previous.seq) return { applied: false, reason: 'stale-seq' };
    }
    const entry: QaStoredSources = {
      sessionId: value.sessionId,
      turn: value.turn,
      payload: value,
      data,
      provisional,
      seq: seq ?? previous?.seq ?? -Infinity,
      time: e.time,
      problems,
    };
    return { entry, turns };
  }

  return {
    apply(event: unknown): QaApplyResult {
      let read: QaApplyResult | { entry: QaStoredSources; turns: Map<number, QaStoredSources> | undefined };
      try {
        read = readEvent(event);
      } catch (error) {
        return unreadableEvent(error);
      }
      if ('applied' in read) return read;
      const { entry } = read;
      let turns = read.turns;
      if (!turns) sessions.set(entry.sessionId, (turns = new Map()));
      turns.set(entry.turn, entry);
      for (const listener of [...listeners]) {
        try {
          listener(entry);
        } catch (err) {
          // One failing listener must not starve the others, nor fail `apply`.
          console.error('qa-sources-kit: a store listener failed', err);
        }
      }
      return { applied: true, entry };
    },

    get(sessionId, turn) {
      return sessions.get(sessionId)?.get(turn) ?? null;
    },

    latest(sessionId) {
      const turns = sessions.get(sessionId);
      if (!turns || turns.size === 0) return null;
      return turns.get(Math.max(...turns.keys())) ?? null;
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    clear(sessionId) {
      if (sessionId === undefined) sessions.clear();
      else sessions.delete(sessionId);
    },
  };
}

/** An event ignored because it cannot be read: its problems for debug display, and one console warning. */
function unreadable(problems: QaPayloadProblem[]): QaApplyResult {
  console.warn('qa-sources-kit: a session event could not be read and was ignored.', problems);
  return { applied: false, reason: 'unreadable', problems };
}

/** The result for an event that threw while being read (a throwing getter, a Proxy that throws on every read, a revoked Proxy). */
function unreadableEvent(error: unknown): QaApplyResult {
  let detail = 'the event could not be read';
  try {
    if (error instanceof Error) detail = `the event could not be read: ${String(error.message).slice(0, 200)}`;
  } catch {
    // The error itself may be hostile too.
  }
  return unreadable([{ path: '', message: detail, severity: 'error' }]);
}

/** `provisional: true` inside the payload itself. */
function dataFlag(data: unknown): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    Object.prototype.hasOwnProperty.call(data, 'provisional') &&
    (data as { provisional?: unknown }).provisional === true
  );
}
