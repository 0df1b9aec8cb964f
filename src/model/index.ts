/**
 * `qa-sources-kit/model`: the payload contract, parsing of untrusted payloads,
 * merging, and the presentation rules. Pure: no DOM, importable from Node.
 *
 * Exports are listed by name: what the docs describe and what a consumer
 * builds on. Helpers of the modules below stay internal.
 */
export * from './types.js';
export {
  parseTurnSources,
  MAX_SOURCES,
  MAX_ENTRIES_PER_SOURCE,
  MAX_METADATA_DEPTH,
  MAX_METADATA_VALUES,
  MAX_PROBLEMS,
  type QaParseResult,
  type QaPayloadProblem,
} from './parse.js';
export { mergeSources, dedupeSources, compactLocations, unionOrigins, evidenceRank, isFallbackTitle } from './merge.js';
export { presentSources, DEFAULT_THRESHOLD, DEFAULT_MAX_PER_GROUP, type QaPresentOptions, type QaSourcesView } from './present.js';
export { presentItem, compareSourceItems, type QaSourceItemView } from './item.js';
export { itemsUpTo, type QaSourceGroupView } from './group.js';
export type { QaLocationView, QaOriginView, QaLineRange } from './display.js';
export { truncate, elideMiddle, codePointLength, cleanProse, revealHidden, type CleanedText } from './text.js';
export { readUrl, toOpenableUrl, shortUrl, describeHost, hostToUnicode, decodePunycode, isConfusableLabel, type QaReadUrl, type HostDisplay } from './url.js';
export {
  scanMarkers,
  numberCitations,
  citationTargets,
  splitCited,
  citedRanges,
  citationIdLabel,
  MAX_CITATION_ID_LENGTH,
  type QaCitationMarker,
  type QaMarkerScan,
  type QaCitationIndex,
  type QaCitationTargets,
  type QaCitedSplit,
} from './citations.js';
