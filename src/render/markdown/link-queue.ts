/**
 * Workspace links of a rendered document put to the host: a few questions
 * at a time, one per path, and the answers applied in time slices.
 */
import { acceptWorkspaceLink, refuseWorkspaceLink, type DecorateContext } from './decorate.js';
import { SLICE_BUDGET_MS } from './slices.js';

const LINK_RESOLVE_CONCURRENCY = 4;

/** The render a link queue works for: once it is cancelled, no question goes out and no answer is applied. */
export interface LinkQueueOwner {
  readonly cancelled: boolean;
}

/** The host's question of a render (see `MarkdownRenderOptions.resolveLink`). */
export interface LinkQueueOptions {
  resolveLink?: (path: string) => Promise<string | null>;
}

/** Resolves workspace links through the host, a few at a time, one question per path. */
export function linkResolver(job: LinkQueueOwner, options: LinkQueueOptions, locale: string): (links: DecorateContext['pendingLinks']) => void {
  const answers = new Map<string, Promise<string | null>>();
  const queue: Array<() => Promise<void>> = [];
  let running = 0;
  const pump = () => {
    while (running < LINK_RESOLVE_CONCURRENCY && queue.length) {
      running++;
      void queue.shift()!().finally(() => {
        running--;
        pump();
      });
    }
  };
  const ask = (path: string): Promise<string | null> => {
    let answer = answers.get(path);
    if (!answer) {
      answer = new Promise<string | null>((resolve) => {
        queue.push(async () => {
          if (job.cancelled || !options.resolveLink) return resolve(null);
          try {
            const accepted = await options.resolveLink(path);
            resolve(typeof accepted === 'string' && accepted !== '' ? accepted : null);
          } catch {
            resolve(null);
          }
        });
        pump();
      });
      answers.set(path, answer);
    }
    return answer;
  };
  // Answers are applied in small time-sliced batches: thousands of links answered at once
  // must not turn into one long task (benchmark row "Markdown 1 MB: longest main-thread task").
  const answered: Array<[DecorateContext['pendingLinks'][number], string | null]> = [];
  let flushing = false;
  const flush = async () => {
    flushing = true;
    while (answered.length && !job.cancelled) {
      const until = performance.now() + SLICE_BUDGET_MS;
      while (answered.length && performance.now() < until) {
        const [link, accepted] = answered.shift()!;
        if (accepted) acceptWorkspaceLink(link.el, accepted, link.fragment);
        else refuseWorkspaceLink(link.el, locale);
      }
      if (answered.length) await new Promise((resolve) => setTimeout(resolve, 0));
    }
    flushing = false;
  };
  return (links: DecorateContext['pendingLinks']) => {
    for (const link of links) {
      if (!options.resolveLink) {
        refuseWorkspaceLink(link.el, locale);
        continue;
      }
      void ask(link.path).then((accepted) => {
        if (job.cancelled) return;
        answered.push([link, accepted]);
        if (!flushing) void flush();
      });
    }
    links.length = 0;
  };
}
