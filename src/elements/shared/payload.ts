/**
 * One parse per payload: the panel and the footer of an answer usually get
 * the same payload object, so its parse (and its view for the same options)
 * is cached and shared. Payloads are treated as immutable: pass a new object
 * (or a new JSON string) for an update.
 */
import { parseTurnSources, type QaParseResult, type QaPayloadProblem } from '../../model/parse.js';
import { DEFAULT_MAX_PER_GROUP, DEFAULT_THRESHOLD, presentSources, type QaPresentOptions, type QaSourcesView } from '../../model/present.js';
import type { QaTurnSources } from '../../model/types.js';

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

const parsedObjects = new WeakMap<object, QaParseResult>();
const parsedTexts = new Map<string, QaParseResult>();
const views = new WeakMap<QaParseResult, Map<string, QaSourcesView>>();
const NO_PAYLOAD: QaParseResult = Object.freeze({ value: null, problems: [] }) as QaParseResult;

function warn(problems: QaPayloadProblem[]): void {
  if (problems.length === 0) return;
  const errors = problems.filter((p) => p.severity === 'error').length;
  console.warn(
    `qa-sources-kit: the sources payload has ${problems.length} problem(s) (${errors} error(s)); the valid parts are shown.`,
    problems,
  );
}

/** Parses a payload once per object (or JSON string) and logs its problems once. */
export function parseCached(sources: unknown): QaParseResult {
  if (sources === null || sources === undefined) return NO_PAYLOAD;
  if (typeof sources === 'object' || typeof sources === 'function') {
    const hit = parsedObjects.get(sources);
    if (hit) return hit;
    const result = parseTurnSources(sources);
    parsedObjects.set(sources, result);
    warn(result.problems);
    return result;
  }
  if (typeof sources === 'string') {
    const hit = parsedTexts.get(sources);
    if (hit) {
      // Refresh its place in the small most-recent cache.
      parsedTexts.delete(sources);
      parsedTexts.set(sources, hit);
      return hit;
    }
    const result = parseTurnSources(sources);
    parsedTexts.set(sources, result);
    if (parsedTexts.size > TEXT_CACHE_SIZE) parsedTexts.delete(parsedTexts.keys().next().value!);
    warn(result.problems);
    return result;
  }
  const result = parseTurnSources(sources);
  warn(result.problems);
  return result;
}

function optionsKey(o: QaViewOptions): string {
  const threshold = Number.isFinite(o.threshold) ? o.threshold : DEFAULT_THRESHOLD;
  const max = Number.isFinite(o.maxPerGroup) ? o.maxPerGroup : DEFAULT_MAX_PER_GROUP;
  return `${threshold}|${o.showDiscovered ? 1 : 0}|${max}`;
}

/**
 * The view model of a raw payload (object or JSON string) for the given
 * presentation options. Parsing is cached per payload, and the view per
 * payload and options, so elements given the same payload agree and share
 * the work. Never throws.
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
