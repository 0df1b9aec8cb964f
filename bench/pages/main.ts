/**
 * Entry of the benchmark page. The runner opens `index.html?s=<scenario>`,
 * waits for `window.__bench.ready` (the scenario's code is loaded), then
 * calls `window.__bench.run(params)` once and reads the metrics it returns.
 * One scenario per page load, so every measured run starts from a fresh page.
 */
import { observeLongTasks } from './measure.js';
import type { Metrics, ScenarioModule } from './types.js';

observeLongTasks();

const modules = import.meta.glob<ScenarioModule>('./scenarios/*.ts');

declare global {
  interface Window {
    __bench: {
      ready: Promise<string[]>;
      run(params: Record<string, unknown>): Promise<Metrics>;
    };
  }
}

const name = new URLSearchParams(location.search).get('s') ?? '';
const loader = modules[`./scenarios/${name}.ts`];
const loaded: Promise<ScenarioModule> = loader ? loader() : Promise.reject(new Error(`unknown scenario "${name}"`));

window.__bench = {
  // What the scenario could not find (e.g. an element that is not built yet).
  ready: loaded.then((m) => (m.prepare ? m.prepare() : [])),
  run: async (params) => (await loaded).run(params),
};
