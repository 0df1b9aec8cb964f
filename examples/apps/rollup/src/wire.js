// The README's embedding example with an in-memory host, as both pages of this app run it.
import { connectSources, createMemoryHost, createSourcesStore } from 'qa-sources-kit';
import { files, payload, sessionId } from '../../shared/demo.js';

export function wire() {
  const store = createSourcesStore();
  const $ = (tag) => document.querySelector(tag);
  connectSources({
    store,
    host: createMemoryHost(files),
    sessionId,
    panel: $('qa-sources-panel'),
    footer: $('qa-source-footer'),
    preview: $('qa-file-preview'),
  });
  store.apply({ type: 'qa/sources', seq: 1, time: Date.now(), data: payload });
}
