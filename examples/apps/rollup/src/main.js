// A page with no framework, bundled by Rollup.
import { configureWorkers } from 'qa-sources-kit';
import { wire } from './wire.js';

// Rollup does not copy files named by `new URL(…, import.meta.url)`: build.mjs copies the kit's
// workers folder, and this one line tells the kit where it is (without it, work runs on the main thread).
configureWorkers({ baseUrl: './qa-workers/' });
wire();
