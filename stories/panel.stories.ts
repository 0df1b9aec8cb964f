import { html, type TemplateResult } from 'lit';
import { cssProps } from './css-props.js';
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

interface PanelArgs {
  sources: unknown;
  debug?: boolean;
  showDiscovered?: boolean;
  provisional?: boolean;
  threshold?: number;
}

/** The panel as a host renders it. */
export function panel(ctx: StoryContext, args: PanelArgs): TemplateResult {
  return drawer(
    html`<qa-sources-panel
      .sources=${args.sources}
      .locale=${ctx.locale}
      .threshold=${args.threshold ?? 50}
      ?debug=${args.debug ?? ctx.debug}
      ?show-discovered=${args.showDiscovered ?? false}
      ?provisional=${args.provisional ?? false}
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
    {
      id: 'themed',
      name: 'Themed with custom properties and parts',
      render: (ctx) => html`<div class="story-themed">${panel(ctx, { sources: referencePayload })}</div>`,
    },
  ],
};
