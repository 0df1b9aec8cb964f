// A page with no framework, bundled by esbuild: the README's embedding example with an in-memory host.
import { configureWorkers, connectSources, createMemoryHost, createSourcesStore } from 'qa-sources-kit';
import { files, payload, sessionId } from '../../shared/demo.js';

// esbuild does not copy files named by `new URL(…, import.meta.url)`: build.mjs copies the kit's
// workers folder, and this one line tells the kit where it is (without it, work runs on the main thread).
configureWorkers({ baseUrl: './qa-workers/' });

const store = createSourcesStore();
const $ = (tag) => document.querySelector(tag);
connectSources({ store, host: createMemoryHost(files), sessionId, panel: $('qa-sources-panel'), footer: $('qa-source-footer'), preview: $('qa-file-preview') });
store.apply({ type: 'qa/sources', seq: 1, time: Date.now(), data: payload });
