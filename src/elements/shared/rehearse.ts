/**
 * The first render of an element pays once for what every later one finds
 * ready: Lit's templates prepared, the shadow styles built, the code of the
 * parser, the view model and the cards run for the first time. Panel and
 * footer pay it in idle time after they are defined, by a rehearsal: one
 * element, given a small sample payload, rendered without ever being
 * connected to the page (its lifecycle callbacks are called as the page
 * would call them), then let go. Nothing is added to the page, nothing is
 * loaded, no event leaves it (an element outside the document has no one to
 * hear it). A page whose element of that kind is already there skips it.
 * This module is a lazy chunk, loaded when the page is idle
 * (rehearse-idle.ts).
 */
import type { ReactiveElement } from 'lit';
import { SOURCE_KINDS } from '../../model/types.js';

/** Sources per kind in the sample: enough cards for every kind's template, a few of them with tags. */
const PER_KIND = 3;

/**
 * A payload like a host's, freshly parsed from JSON as a host's would be:
 * sources of every kind except code (a code card would warm the
 * highlighter), with lines, keys, pages, URLs, subagent origins and partial
 * content. It parses without a problem (a test holds this).
 */
export function rehearsalPayload(): unknown {
  const sources = [];
  for (let i = 0; i < SOURCE_KINDS.length * PER_KIND; i++) {
    const kind = SOURCE_KINDS[i % SOURCE_KINDS.length]!;
    if (kind === 'code') continue;
    const path = `docs/section-${i}/page-${i}.md`;
    const remote = kind === 'jira' || kind === 'confluence' || kind === 'web';
    const location =
      kind === 'jira'
        ? { jiraKey: `KEY-${i}` }
        : kind === 'confluence'
          ? { confluencePageId: String(i) }
          : remote
            ? {}
            : { path, lineStart: i + 1, lineEnd: i + 3 };
    sources.push({
      id: `${kind}:${i}`,
      kind,
      title: `Page ${i}`,
      ...(remote ? { uri: `https://example.com/${kind}/${i}` } : kind === 'file' ? { path } : {}),
      locations: [location],
      evidence: remote ? 'fetched' : 'read',
      origins: [i % 4 === 0 ? { sessionId: 's', turn: 1, role: 'subagent', subagentRunId: 'run' } : { sessionId: 's', turn: 1, role: 'parent', step: i }],
      score: 50 + i,
      ...(i % 5 === 0 ? { metadata: { truncated: true } } : {}),
    });
  }
  return JSON.parse(JSON.stringify({ version: 1, sessionId: 's', turn: 1, complete: true, sources }));
}

const rehearsals = new Map<string, Promise<number>>();

/**
 * Rehearses the first render of `tag` (a defined element with a `sources`
 * property) once per page; resolves, once the element has rendered and been
 * let go, with the number of elements it rendered in its shadow root (0 when
 * skipped, as an element of that kind was on the page already, or failed).
 */
export function rehearse(tag: string): Promise<number> {
  let done = rehearsals.get(tag);
  if (done) return done;
  done = (async () => {
    if (document.querySelector(tag)) return 0;
    const el = document.createElement(tag) as ReactiveElement & { sources: unknown };
    el.sources = rehearsalPayload();
    el.connectedCallback();
    try {
      await el.updateComplete;
    } finally {
      el.disconnectedCallback();
    }
    return el.shadowRoot?.querySelectorAll('*').length ?? 0;
  })().catch(() => 0);
  rehearsals.set(tag, done);
  return done;
}
