/**
 * The three elements wired together with `connectSources`: an answer with
 * its footer, the Sources panel and the file preview over one store and one
 * host. The live stories read this repository through the read-only file
 * endpoint that `npm start` mounts on the dev server (`/__qa/files`); the
 * memory story runs anywhere.
 */
import { html, type TemplateResult } from 'lit';
import { ref } from 'lit/directives/ref.js';
import { cssProps } from './css-props.js';
import {
  connectSources,
  createFetchHost,
  createMemoryHost,
  createSourcesStore,
  type QaPanelLike,
  type QaFooterLike,
  type QaPreviewLike,
  type QaSourcesHost,
  type QaSourcesStore,
} from '../src/host/index.js';
import type { QaTurnSources } from '../src/model/types.js';
import type { Story, StoryContext, StoryGroup } from './types.js';
import { drawer } from './panel.stories.js';
import { memoryPayload, memoryWorkspace, refusedPayload, repositoryPayload, repositorySteps } from './fixtures/workspace.js';

/** Where the dev server mounts the file endpoint (see vite.config.ts). */
export const LIVE_ENDPOINT = '/__qa/files';
/** Milliseconds between the streaming story's updates. */
const STREAM_STEP_MS = 1_200;

/** One wired story's lasting state: a re-render reconnects to the same host and store, so nothing reloads. */
export interface Wiring {
  host: QaSourcesHost;
  store: QaSourcesStore;
  sessionId: string;
  /** Disconnects the elements currently wired (a no-op when none are). */
  disconnect: () => void;
  /** Restarts a streaming story; null for the others. */
  replay: (() => void) | null;
}

/** The wiring of every story rendered so far, by story id: the tests reach the store and `disconnect` through it. */
export const wirings = new Map<string, Wiring>();

interface WiredArgs {
  id: string;
  host: () => QaSourcesHost;
  payload: QaTurnSources;
  /** Push these as provisional updates, then `payload` as the final snapshot. */
  steps?: QaTurnSources[];
  /** Open this file in the preview at once. */
  open?: { path: string; ranges: Array<{ lineStart: number; lineEnd: number }> };
  answer: string;
}

function wiringFor(args: WiredArgs): Wiring {
  let w = wirings.get(args.id);
  if (w) return w;
  const store = createSourcesStore();
  let timer = 0;
  let seq = 0;
  const push = (data: QaTurnSources, provisional: boolean) =>
    store.apply({ type: 'qa/sources', seq: ++seq, time: new Date().toISOString(), data, provisional });
  const stream = () => {
    window.clearTimeout(timer);
    store.clear(args.payload.sessionId);
    const steps = args.steps ?? [];
    let i = 0;
    const next = () => {
      if (i < steps.length - 1) {
        push(steps[i++]!, true);
        timer = window.setTimeout(next, STREAM_STEP_MS);
      } else push(args.payload, false);
    };
    next();
  };
  w = {
    host: args.host(),
    store,
    sessionId: args.payload.sessionId,
    disconnect: () => undefined,
    replay: args.steps ? stream : null,
  };
  if (args.steps) stream();
  else push(args.payload, false);
  wirings.set(args.id, w);
  return w;
}

function attach(args: WiredArgs, root: Element | undefined): void {
  const w = wiringFor(args);
  w.disconnect();
  w.disconnect = () => undefined;
  if (!root) return;
  const panel = root.querySelector('qa-sources-panel') as QaPanelLike | null;
  const footer = root.querySelector('qa-source-footer') as QaFooterLike | null;
  const preview = root.querySelector('qa-file-preview') as QaPreviewLike | null;
  w.disconnect = connectSources({ store: w.store, host: w.host, sessionId: w.sessionId, panel, footer, preview });
  if (args.open && preview && !preview.path) {
    preview.ranges = args.open.ranges;
    preview.path = args.open.path;
    preview.hidden = false;
  }
}

/**
 * The wired layout: the answer with its footer, the panel in a drawer, the
 * preview below. The wiring hangs on the last element, so that the nested
 * drawer is rendered when it runs.
 */
function wired(ctx: StoryContext, args: WiredArgs): TemplateResult {
  const w = wiringFor(args);
  return html`<div
    class="live-story"
    data-wiring=${args.id}
    style=${cssProps({ display: 'grid', gap: '16px', alignContent: 'start' })}
  >
    <article class="story-answer">
      <p>${args.answer}</p>
      ${w.replay ? html`<div class="story-actions"><button type="button" @click=${() => w.replay?.()}>Replay the turn</button></div>` : null}
      <qa-source-footer></qa-source-footer>
    </article>
    ${drawer(html`<qa-sources-panel ?debug=${ctx.debug}></qa-sources-panel>`, 420)}
    <qa-file-preview
      hidden
      style=${cssProps({ blockSize: '520px', border: '1px solid var(--g-border)', borderRadius: '10px', overflow: 'hidden' })}
      ${ref((el) => attach(args, el?.parentElement ?? undefined))}
    ></qa-file-preview>
  </div>`;
}

const repository: WiredArgs = {
  id: 'live/repository',
  host: () => createFetchHost({ endpoint: LIVE_ENDPOINT }),
  payload: repositoryPayload,
  open: { path: 'src/workspace/deny.ts', ranges: [{ lineStart: 8, lineEnd: 28 }] },
  answer:
    'The file endpoint refuses version-control internals, environment files and keys by default; the list is in deny.ts, and the CommonMark spec describes how tabs expand.',
};

const streaming: WiredArgs = {
  id: 'live/streaming',
  host: () => createFetchHost({ endpoint: LIVE_ENDPOINT }),
  payload: repositoryPayload,
  steps: repositorySteps,
  answer: 'While the turn runs, sources arrive as provisional updates; the final snapshot replaces them at turn end.',
};

const refused: WiredArgs = {
  id: 'live/refused',
  host: () => createFetchHost({ endpoint: LIVE_ENDPOINT }),
  payload: refusedPayload,
  answer:
    'Each of these sources names a path the endpoint must not serve (outside the workspace, secrets, dependencies) or one that no longer exists: opening it shows the error state, never the file.',
};

const memory: WiredArgs = {
  id: 'live/memory',
  host: () => createMemoryHost(memoryWorkspace, { latencyMs: 250 }),
  payload: memoryPayload,
  answer: 'Thresholds are set per unit type: a warning at 4.5 mm/s and an alarm at 7.1 mm/s (see the guide and classify() in thresholds.ts).',
};

function story(id: string, name: string, args: WiredArgs, live: boolean): Story {
  return { id, name, live, render: (ctx) => wired(ctx, args) };
}

/** End to end: the three elements over the dev server's read-only file endpoint (this repository), and over a memory workspace. */
export const liveStories: StoryGroup = {
  id: 'live',
  title: 'Live workspace',
  element: 'qa-sources-panel',
  stories: [
    story('repository', 'This repository (live endpoint)', repository, true),
    story('streaming', 'Streaming turn (live endpoint)', streaming, true),
    story('refused', 'Refused paths (live endpoint)', refused, true),
    story('memory', 'Wired over a memory workspace', memory, false),
  ],
};
