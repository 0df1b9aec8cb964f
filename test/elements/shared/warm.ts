/** Helpers of the colouring warm-up tests (panel and footer). */
import { warmWhenShown } from '../../../src/elements/shared/warm-source.js';
import { until as waitFor } from '../../wait.js';
import { fetched } from './page-loads.js';

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
  return fetched()
    .filter((p) => /@shikijs\/langs[^/]*\/dist\/[^/]+\.mjs$/.test(p))
    .map((p) => p.replace(/^.*\/dist\/|\.mjs$/g, ''));
}

/** A payload of `sources` (a turn of session `s`). */
export const payloadOf = (...sources: Array<ReturnType<typeof localSource>>) => ({ version: 1, sessionId: 's', turn: 1, sources });

/**
 * Resolves once a warm-up scheduled now has had its moment, so one that an
 * element scheduled before it (when it showed its cards) has had its own.
 */
export async function afterShownMoment(what: string): Promise<void> {
  let ran = false;
  warmWhenShown(
    () => [],
    () => ((ran = true), false),
  );
  await waitFor(() => ran, what);
}
