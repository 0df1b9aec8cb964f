// Everything comes from the copied browser build, by relative URL: no import map, no bundler.
import { connectSources, createMemoryHost, createSourcesStore } from './qa-sources-kit/qa-sources-kit.js';
import { files, payload, sessionId } from './demo.js';

const store = createSourcesStore();
const $ = (tag) => document.querySelector(tag);
connectSources({ store, host: createMemoryHost(files), sessionId, panel: $('qa-sources-panel'), footer: $('qa-source-footer'), preview: $('qa-file-preview') });
store.apply({ type: 'qa/sources', seq: 1, time: Date.now(), data: payload });
