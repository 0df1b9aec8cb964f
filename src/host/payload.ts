/**
 * One parse per payload, shared by the store, the elements and the citation
 * wiring. The store parses an event's payload here and hands its object to
 * panel and footer (`entry.data`), so the elements find the parse done; an
 * element given a payload nobody parsed (an object or JSON text from the
 * embedder) parses it here once, whoever else is given the same payload.
 * The parsed payload (`entry.payload`, `viewOf(…).payload`) is accepted too
 * and maps to its own parse. Payloads are treated as immutable: pass a new
 * object (or a new JSON string) for an update.
 */
import { parseTurnSources, type QaParseResult, type QaPayloadProblem } from '../model/parse.js';
import { DEFAULT_MAX_PER_GROUP, DEFAULT_THRESHOLD, presentSources, type QaPresentOptions, type QaSourcesView } from '../model/present.js';
import type { QaTurnSources } from '../model/types.js';

/** Options of `viewOf`: the presentation options of `presentSources`. */
export type QaViewOptions = QaPresentOptions;

/** What an element renders from its `sources` property. */
export interface QaViewResult {
  view: QaSourcesView;
  /** What was wrong with the payload (empty when nothing, or when no payload was given). */
  problems: QaPayloadProblem[];
  /** The parsed payload, or null when there was none or nothing usable. */
  payload: QaTurnSources | null;
}

/** JSON strings whose parse is kept (the most recent ones). */
const TEXT_CACHE_SIZE = 8;

/** Parses by payload object; a parsed payload maps to the parse it came from. */
const parsedObjects = new WeakMap<object, QaParseResult>();
const parsedTexts = new Map<string, QaParseResult>();
/** Parses whose problems were logged (once each, when an element first shows them). */
const warned = new WeakSet<QaParseResult>();
const views = new WeakMap<QaParseResult, Map<string, QaSourcesView>>();
const NO_PAYLOAD: QaParseResult = Object.freeze({ value: null, problems: [] }) as QaParseResult;

/**
 * Parses a payload now and shares the result: whoever is later given the same
 * object (or the parsed payload) gets this parse. The store calls it once per
 * event, so a payload object sent again is parsed again, as an update.
 * Logs nothing: the store may still reject the payload.
 */
export function parseShared(sources: unknown): QaParseResult {
  const result = parseTurnSources(sources);
  if ((typeof sources === 'object' && sources !== null) || typeof sources === 'function') parsedObjects.set(sources, result);
  if (result.value) parsedObjects.set(result.value, result);
  return result;
}

/** The shared parse of a payload (an object, its JSON text, or a parsed payload): made on first use, then reused. */
function parseOnce(sources: unknown): QaParseResult {
  if (sources === null || sources === undefined) return NO_PAYLOAD;
  if (typeof sources === 'object' || typeof sources === 'function') return parsedObjects.get(sources) ?? parseShared(sources);
  if (typeof sources !== 'string') return parseTurnSources(sources);
  const hit = parsedTexts.get(sources);
  if (hit) {
    // Refresh its place in the small most-recent cache.
    parsedTexts.delete(sources);
    parsedTexts.set(sources, hit);
    return hit;
  }
  const result = parseShared(sources);
  parsedTexts.set(sources, result);
  if (parsedTexts.size > TEXT_CACHE_SIZE) parsedTexts.delete(parsedTexts.keys().next().value!);
  return result;
}

/** The shared parse of a payload, its problems logged the first time an element shows it. */
export function parseCached(sources: unknown): QaParseResult {
  const result = parseOnce(sources);
  if (result.problems.length > 0 && !warned.has(result)) {
    warned.add(result);
    const errors = result.problems.filter((p) => p.severity === 'error').length;
    console.warn(
      `qa-sources-kit: the sources payload has ${result.problems.length} problem(s) (${errors} error(s)); the valid parts are shown.`,
      result.problems,
    );
  }
  return result;
}

function optionsKey(o: QaViewOptions): string {
  const threshold = Number.isFinite(o.threshold) ? o.threshold : DEFAULT_THRESHOLD;
  const max = Number.isFinite(o.maxPerGroup) ? o.maxPerGroup : DEFAULT_MAX_PER_GROUP;
  return `${threshold}|${o.showDiscovered ? 1 : 0}|${max}`;
}

/**
 * The view model of a payload (object, JSON string, or a payload parsed
 * already) for the given presentation options. Parsing is shared per
 * payload, and the view per payload and options, so elements given the same
 * payload agree and share the work. Never throws.
 */
export function viewOf(sources: unknown, options: QaViewOptions = {}): QaViewResult {
  const parsed = parseCached(sources);
  let byOptions = views.get(parsed);
  if (!byOptions) views.set(parsed, (byOptions = new Map()));
  const key = optionsKey(options);
  let view = byOptions.get(key);
  if (!view) {
    view = presentSources(parsed.value, options);
    byOptions.set(key, view);
  }
  return { view, problems: parsed.problems, payload: parsed.value };
}
