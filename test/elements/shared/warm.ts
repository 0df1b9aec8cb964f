/** Helpers of the colouring warm-up tests (panel and footer). */

// The page loads hundreds of modules in a test run: past the default 250 entries, resource timing keeps none.
performance.setResourceTimingBufferSize(100_000);

const origin = { sessionId: 's', turn: 1, role: 'parent' as const };

/** A local source at `path` (a code file unless `kind` says otherwise). */
export const localSource = (path: string, score: number, kind = 'code') => ({
  id: `file:${path}`,
  kind,
  path,
  score,
  evidence: 'read',
  origins: [origin],
  locations: [],
});

/** Language file names of the grammar modules the page fetched (`typescript`, `python`, …). */
export function grammarsLoaded(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((e) => new URL(e.name).pathname)
    .filter((p) => /@shikijs\/langs[^/]*\/dist\/[^/]+\.mjs$/.test(p))
    .map((p) => p.replace(/^.*\/dist\/|\.mjs$/g, ''));
}

/** A payload of `sources` (a turn of session `s`). */
export const payloadOf = (...sources: Array<ReturnType<typeof localSource>>) => ({ version: 1, sessionId: 's', turn: 1, sources });
