import { html, type TemplateResult } from 'lit';
import { ref } from 'lit/directives/ref.js';
import { cssProps } from './css-props.js';
import { numberCitations, type QaCitationIndex } from '../src/model/citations.js';
import type { QaTurnSources } from '../src/model/types.js';
import type { Story, StoryContext, StoryGroup } from './types.js';
import {
  belowThresholdPayload,
  emptyPayload,
  everyKindPayload,
  generatedPayload,
  hostilePayload,
  incompletePayload,
  longTitlesPayload,
  malformedPayload,
  provisionalPayload,
  referencePayload,
  singlePayload,
} from './fixtures/payloads.js';

/** Height of the drawer the panel stories render into, as a host page would size it. */
export const DRAWER_HEIGHT = 560;

/** A fixed-height drawer, the way a host page embeds the panel (so scrolling shows). */
export function drawer(content: TemplateResult, height = DRAWER_HEIGHT): TemplateResult {
  return html`<div class="story-drawer" style=${cssProps({ blockSize: `${height}px` })}>${content}</div>`;
}

// Built once: the big payloads are reused by every render (and share one parse).
const payload100 = generatedPayload(100);
const payload5000 = generatedPayload(5000);
const snippetPayload = withRemoteSnippets(referencePayload);

const DOC = 'file:docs/User_Guide/EAM/Diagnostics/technicalDiagnosis.md';
const CODE = 'code:src/Eam/ActivitySectionTypeEnum.cs';
const JIRA = 'jira:MDC-24929';
const ISO = 'web:https://www.iso.org/standard/66309.html';
/** The reference answer cites four of the seven shown sources (the order of first appearance: doc, code, Jira, ISO). */
const referenceCited = citationsOf(referencePayload, [DOC, CODE, JIRA, DOC, ISO]);
const everyKindCited = citationsOf(everyKindPayload, ['web:https://docs.example.org/alarm/6', 'file:docs/spectrum/bearing/sensor_1.txt', 'other:7']);
const many5000Cited = citationsOf(
  payload5000,
  payload5000.sources.filter((_, i) => i % 700 === 3).map((s) => s.id),
);

interface PanelArgs {
  sources: unknown;
  debug?: boolean;
  showDiscovered?: boolean;
  provisional?: boolean;
  threshold?: number;
  /** The answer's citation numbers (as `linkCitations` gives them). */
  citations?: QaCitationIndex | null;
  /** Id of a remote source whose hover card is shown once the panel is drawn. */
  preview?: string;
}

/** The citation numbers of an answer that cites `ids` in this order (ids the payload lacks get none). */
export function citationsOf(payload: QaTurnSources, ids: string[]): QaCitationIndex {
  const known = new Set([...payload.sources, ...(payload.discovered ?? [])].map((s) => s.id));
  return numberCitations(ids, (id) => known.has(id));
}

/** The payload with snippets on its remote sources, as Jira, Confluence and web tools return them. */
export function withRemoteSnippets(payload: QaTurnSources): QaTurnSources {
  const snippets: Record<string, string> = {
    jira: 'Imported units returned an empty alarm history: the GET /history handler filtered on the unit’s original site id. Fixed by reading the current site.',
    confluence: 'Severity zones A–D are assigned from the RMS velocity measured on the bearing housing; zone C means the unit may run for a limited time only.',
    web: 'ISO 20816-1 gives general guidelines for the measurement and evaluation of mechanical vibration of machines on non-rotating parts.',
  };
  return { ...payload, sources: payload.sources.map((s) => (snippets[s.kind] && !s.snippet ? { ...s, snippet: snippets[s.kind] } : s)) };
}

/** The panel as a host renders it. */
export function panel(ctx: StoryContext, args: PanelArgs): TemplateResult {
  const preview = args.preview;
  const show = (el: Element | undefined) => {
    if (!el || !preview) return;
    const p = el as HTMLElement & { updateComplete: Promise<unknown>; showPreview(id: string): void };
    void p.updateComplete.then(() => p.showPreview(preview));
  };
  return drawer(
    html`<qa-sources-panel
      .sources=${args.sources}
      .locale=${ctx.locale}
      .threshold=${args.threshold ?? 50}
      .citations=${args.citations ?? null}
      ?debug=${args.debug ?? ctx.debug}
      ?show-discovered=${args.showDiscovered ?? false}
      ?provisional=${args.provisional ?? false}
      ${ref(show)}
    ></qa-sources-panel>`,
  );
}

function simple(id: string, name: string, args: PanelArgs): Story {
  return { id, name, render: (ctx) => panel(ctx, args) };
}

/** The updates a running turn pushes, then its final snapshot. */
export const provisionalSteps: unknown[] = [
  { ...referencePayload, sources: referencePayload.sources.slice(0, 1), discovered: [] },
  provisionalPayload,
  { ...referencePayload, sources: referencePayload.sources.slice(0, 5), discovered: [] },
  referencePayload,
];

function streamStory(ctx: StoryContext): TemplateResult {
  let step = 0;
  const panelOf = (e: Event) => (e.target as HTMLElement).closest('.story-stream')!.querySelector('qa-sources-panel')!;
  const status = (e: Event, text: string) => {
    (e.target as HTMLElement).closest('.story-stream')!.querySelector('.story-status')!.textContent = text;
  };
  const next = (e: Event) => {
    const p = panelOf(e);
    step = Math.min(step + 1, provisionalSteps.length - 1);
    p.sources = provisionalSteps[step];
    p.provisional = step < provisionalSteps.length - 1;
    status(e, p.provisional ? `Update ${step + 1}: provisional` : 'Final snapshot');
  };
  const restart = (e: Event) => {
    const p = panelOf(e);
    step = 0;
    p.sources = provisionalSteps[0];
    p.provisional = true;
    status(e, 'Update 1: provisional');
  };
  return html`<div class="story-stream">
    <div class="story-actions">
      <button type="button" @click=${next}>Push the next update</button>
      <button type="button" @click=${restart}>Restart the turn</button>
      <span class="story-status" aria-live="off">Update 1: provisional</span>
    </div>
    ${panel(ctx, { sources: provisionalSteps[0], provisional: true })}
  </div>`;
}

/** Stories of <qa-sources-panel>. */
export const panelStories: StoryGroup = {
  id: 'panel',
  title: 'Sources panel',
  element: 'qa-sources-panel',
  stories: [
    simple('reference', 'Reference example · 7 sources', { sources: referencePayload }),
    simple('empty', 'Empty', { sources: emptyPayload }),
    simple('single', 'One source', { sources: singlePayload }),
    simple('below-threshold', 'Nothing above the threshold', { sources: belowThresholdPayload }),
    simple('many-100', '100 sources', { sources: payload100 }),
    simple('many-5000', '5,000 sources', { sources: payload5000 }),
    simple('long-titles', 'Long and Unicode titles', { sources: longTitlesPayload }),
    simple('hostile', 'Bidi tricks, look-alike hosts, hostile strings', { sources: hostilePayload }),
    simple('every-kind', 'Every kind', { sources: everyKindPayload }),
    simple('discovered', 'Discovered shown', { sources: referencePayload, showDiscovered: true }),
    simple('incomplete', 'Incomplete provenance (debug)', { sources: incompletePayload, debug: true }),
    simple('provisional', 'Provisional (turn running)', { sources: provisionalPayload, provisional: true }),
    { id: 'provisional-stream', name: 'Provisional updates → final', render: streamStory },
    simple('malformed', 'Malformed payload (debug)', { sources: malformedPayload, debug: true }),
    simple('json-text', 'Payload as JSON text', { sources: JSON.stringify(referencePayload) }),
    simple('cited', 'Cited in the answer · 4, Also used · 3', { sources: referencePayload, citations: referenceCited }),
    simple('cited-every-kind', 'Cited and also used, every kind (scrolls)', { sources: everyKindPayload, citations: everyKindCited }),
    simple('cited-5000', 'Cited and also used, 5,000 sources', { sources: payload5000, citations: many5000Cited }),
    simple('cited-unknown-only', 'Only unknown ids cited: grouped as without citations', {
      sources: referencePayload,
      citations: citationsOf(referencePayload, ['file:docs/missing.md', 'jira:NOPE-1']),
    }),
    simple('remote-preview', 'Hover card of a remote card (Jira)', { sources: snippetPayload, preview: JIRA }),
    simple('remote-preview-cited', 'Hover card in the cited section (web)', { sources: snippetPayload, citations: referenceCited, preview: ISO }),
    {
      id: 'themed',
      name: 'Themed with custom properties and parts',
      render: (ctx) => html`<div class="story-themed">${panel(ctx, { sources: referencePayload })}</div>`,
    },
  ],
};
