import { expect } from 'chai';
import { configureWorkers, startWorker, workerUrl } from '../../src/render/workers.js';
import { workerScriptUrl } from '../../src/render/trusted.js';
import { until } from '../wait.js';

function script(code: string): string {
  return URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
}

describe('workers', () => {
  const warn = console.warn;
  let warnings: string[] = [];
  beforeEach(() => {
    warnings = [];
    console.warn = (...args: unknown[]) => void warnings.push(args.join(' '));
  });
  afterEach(() => {
    console.warn = warn;
    configureWorkers({ baseUrl: null });
  });

  it('workerUrl: the bundled URL, or the file in the configured folder until reset', () => {
    expect(workerUrl('parse', 'https://b.example/x.js')).to.equal('https://b.example/x.js');
    configureWorkers({ baseUrl: '/static/workers/' });
    expect(workerUrl('highlight', 'ignored')).to.equal(new URL('/static/workers/highlight.worker.js', document.baseURI).href);
    configureWorkers({});
    expect(workerUrl('parse', 'ignored')).to.equal(new URL('/static/workers/parse.worker.js', document.baseURI).href);
    configureWorkers({ baseUrl: null });
    expect(workerUrl('parse', 'b.js')).to.equal('b.js');
  });

  it('a worker that says ready is never reported broken; stop ends it without onBroken', async () => {
    let broken = 0;
    const w = startWorker('parse', script("postMessage({ type: 'ready' }); onmessage = (e) => postMessage(e.data * 2);"), () => broken++)!;
    expect(w).to.not.equal(null);
    let answer = 0;
    w.worker.addEventListener('message', (e: MessageEvent<unknown>) => {
      if (typeof e.data === 'number') answer = e.data;
    });
    w.worker.postMessage(21);
    await until(() => answer === 42, 'the answer');
    w.stop();
    expect(broken).to.equal(0);
    expect(warnings).to.deep.equal([]);
  });

  it('a worker that throws before it is ready is broken once, with one warning naming it', async () => {
    let broken = 0;
    startWorker('highlight', script("throw new Error('boom');"), () => broken++);
    await until(() => broken > 0, 'onBroken');
    expect(broken).to.equal(1);
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.contain('highlighter worker failed to load');
  });

  it('a worker that never answers is broken after the start timeout', async () => {
    configureWorkers({ startTimeout: 50 });
    configureWorkers({ startTimeout: -1 });
    let broken = 0;
    startWorker('parse', script('onmessage = () => {};'), () => broken++);
    await until(() => broken > 0, 'onBroken');
    expect(warnings[0]).to.contain('did not answer within 50 ms');
    configureWorkers({ startTimeout: 5_000 });
  });

  it('a new start timeout applies to workers still starting, counted from their start', async () => {
    let broken = 0;
    // Longer: a worker started under a 50 ms limit that answers after 300 ms is given the new limit.
    configureWorkers({ startTimeout: 50 });
    const slow = startWorker('highlight', script("setTimeout(() => postMessage({ type: 'ready' }), 300);"), () => broken++)!;
    configureWorkers({ startTimeout: 60_000 });
    let ready = false;
    slow.worker.addEventListener('message', () => (ready = true));
    await until(() => ready, 'the slow worker to say ready');
    await new Promise((r) => setTimeout(r, 100));
    expect(broken, 'not broken at 50 ms').to.equal(0);
    // Shorter: a worker still starting is broken by the new limit.
    startWorker('parse', script('onmessage = () => {};'), () => broken++);
    configureWorkers({ startTimeout: 20 });
    await until(() => broken === 1, 'broken by the shorter limit');
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.contain('did not answer within 20 ms');
    // The worker that said ready is not touched by a later change.
    configureWorkers({ startTimeout: 1 });
    await new Promise((r) => setTimeout(r, 50));
    expect(broken).to.equal(1);
    slow.stop();
    configureWorkers({ startTimeout: 5_000 });
  });

  it('the kit’s Trusted Types policy makes script URLs for this origin and blob: only', () => {
    expect(String(workerScriptUrl('/w.js'))).to.equal(new URL('/w.js', location.href).href);
    const blob = script('');
    expect(String(workerScriptUrl(blob))).to.equal(blob);
    expect(() => workerScriptUrl('https://cdn.example/w.js')).to.throw(TypeError);
  });
});
