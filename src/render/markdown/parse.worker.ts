/**
 * Parsing worker: turns Markdown into HTML chunks off the main thread and
 * posts them one by one. It never touches a DOM and never sanitizes (the
 * page does that, chunk by chunk, before anything is inserted). Built as one
 * self-contained file (the emoji table included), so an application's
 * bundler can copy it as it is.
 */
import { documentChunks } from './parser.js';
import { getParser } from './setup.js';
import type { ParseRequest, ParseResponse } from './protocol.js';
import { nextTask } from '../tasks.js';

const scope = self as unknown as {
  postMessage(message: ParseResponse | { type: 'ready' }): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ParseRequest>) => void): void;
};

const active = new Set<number>();
const cancelled = new Set<number>();
const YIELD_EVERY_MS = 16;

// The worker starts with a large document's render: set the parser up while the page parses the first screen.
getParser();

async function parse(request: Extract<ParseRequest, { type: 'parse' }>): Promise<void> {
  const { id, source, type: _type, ...options } = request;
  active.add(id);
  try {
    let last = performance.now();
    for await (const chunk of documentChunks(source, options)) {
      if (cancelled.has(id)) return;
      scope.postMessage({ type: 'chunk', id, chunk });
      if (performance.now() - last > YIELD_EVERY_MS) {
        // A new task, so `cancel` messages are seen between chunks.
        await nextTask();
        last = performance.now();
      }
    }
    if (!cancelled.has(id)) scope.postMessage({ type: 'done', id });
  } catch (error) {
    scope.postMessage({ type: 'error', id, message: error instanceof Error ? error.message : String(error) });
  } finally {
    active.delete(id);
    cancelled.delete(id);
  }
}

scope.addEventListener('message', (event) => {
  const request = event.data;
  if (request.type === 'cancel') {
    if (active.has(request.id)) cancelled.add(request.id);
  } else if (request.type === 'parse') void parse(request);
});

// The page waits for this before it trusts the worker (see workers.ts).
scope.postMessage({ type: 'ready' });
