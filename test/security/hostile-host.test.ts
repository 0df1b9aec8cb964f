/**
 * Hostile and failing hosts against the real `<qa-file-preview>`: a read that
 * never answers (the preview times out with a clear state), an answer for
 * another path, answers of the wrong shape (including getters that throw), a
 * host that throws synchronously or rejects with things that are not Errors,
 * an answer after the element left the page, and 100 rapid open/close/switch
 * steps over a host that answers late and out of order. Nothing is shown
 * that does not belong to the current path; no unhandled rejection; no
 * leaked listener, worker or pending request.
 */
import { expect } from 'chai';
import { html } from 'lit';
import type { QaFilePreview } from '../../src/elements/file-preview/file-preview.js';
import { createFetchHost } from '../../src/host/fetch.js';
import { QaHostError, type QaFileContent, type QaReadFileRequest, type QaSourcesHost } from '../../src/host/types.js';
import { cleanup, mount, nextRendered, root, status, waitFor, waitForStatus } from '../elements/preview/helpers.js';

const FILES: Record<string, string> = {
  'docs/a.md': '# Document A\n\nAlpha paragraph.\n',
  'docs/b.md': '# Document B\n\nBravo paragraph.\n',
  'src/c.ts': 'export const charlie = 3;\n',
  'src/d.ts': 'export function delta(n: number): number {\n  return n + 4;\n}\n',
  'notes/e.txt': 'echo echo echo\n',
};
const MARKERS: Record<string, string> = { 'docs/a.md': 'Alpha', 'docs/b.md': 'Bravo', 'src/c.ts': 'charlie', 'src/d.ts': 'delta', 'notes/e.txt': 'echo' };

function file(path: string): QaFileContent {
  const content = FILES[path]!;
  return { path, content, size: content.length, truncated: false };
}

/** The preview's visible text: breadcrumb, document and states. */
function shown(el: QaFilePreview): string {
  const r = root(el);
  const md = r.querySelector<HTMLElement>('.md-scroll:not([hidden]) [part="markdown"]')?.textContent ?? '';
  const raw = r.querySelector<HTMLElement>('[part="raw"]:not([hidden])')?.textContent ?? '';
  return `${r.querySelector('[part="breadcrumb"]')?.textContent ?? ''}\n${md}\n${raw}\n${r.querySelector('[part="body"]')?.textContent ?? ''}`;
}

async function preview(host: QaSourcesHost, path: string, extra: { timeoutMs?: number } = {}): Promise<QaFilePreview> {
  const el = mount(html`<qa-file-preview .host=${host} .path=${path} .timeoutMs=${extra.timeoutMs ?? 30_000} mode="raw"></qa-file-preview>`);
  el.style.setProperty('block-size', '400px');
  await el.updateComplete;
  return el;
}

/** Waits until the preview has left its loading state. */
const settled = (el: QaFilePreview, what = 'a final state') => waitFor(() => status(el) !== undefined && status(el) !== 'loading', what);

/** Collects unhandled rejections and uncaught errors while a test runs. */
function watchErrors(): { rejections: unknown[]; errors: string[]; stop(): void } {
  const rejections: unknown[] = [];
  const errors: string[] = [];
  const onRejection = (e: PromiseRejectionEvent) => {
    rejections.push(e.reason);
    e.preventDefault();
  };
  const onError = (e: ErrorEvent) => errors.push(e.message);
  window.addEventListener('unhandledrejection', onRejection);
  window.addEventListener('error', onError);
  return {
    rejections,
    errors,
    stop() {
      window.removeEventListener('unhandledrejection', onRejection);
      window.removeEventListener('error', onError);
    },
  };
}

const settleTasks = (ms = 50) => new Promise((r) => setTimeout(r, ms));

/** A test body that also fails on any unhandled rejection or uncaught error while it (and a moment after it) runs. */
function guarded(body: (this: Mocha.Context) => Promise<void>): (this: Mocha.Context) => Promise<void> {
  return async function (this: Mocha.Context) {
    const watch = watchErrors();
    try {
      await body.call(this);
      cleanup();
      await settleTasks();
    } finally {
      watch.stop();
    }
    expect(watch.rejections.map(String), 'unhandled rejections').to.deep.equal([]);
    expect(watch.errors, 'uncaught errors').to.deep.equal([]);
  };
}

describe('<qa-file-preview> against hostile and failing hosts', function () {
  afterEach(() => cleanup());

  it(
    'a read that never answers times out with a clear state, aborts the request, and Retry asks again',
    guarded(async function () {
      const requests: QaReadFileRequest[] = [];
      const host: QaSourcesHost = { readFile: (req) => (requests.push(req), new Promise<QaFileContent>(() => undefined)) };
      const el = await preview(host, 'docs/a.md', { timeoutMs: 300 });
      expect(status(el)).to.equal('loading');
      await waitForStatus(el, 'error');
      expect(root(el).querySelector('[part="error"]')!.textContent).to.contain('took too long');
      expect(requests).to.have.length(1);
      expect(requests[0]!.signal!.aborted, 'the request was cancelled').to.equal(true);
      root(el).querySelector<HTMLButtonElement>('[part="error"] button')!.click();
      await waitFor(() => requests.length === 2, 'a second request');
      expect(status(el)).to.equal('loading');
    }),
  );

  it(
    'has a sensible default timeout, and 0 waits for ever',
    guarded(async function () {
      const el = await preview({ readFile: () => new Promise<QaFileContent>(() => undefined) }, 'docs/a.md');
      el.timeoutMs = undefined as unknown as number;
      const fresh = document.createElement('qa-file-preview');
      expect(fresh.timeoutMs).to.be.within(5_000, 120_000);
      el.timeoutMs = 0;
      el.path = 'docs/b.md';
      await settleTasks(400);
      expect(status(el)).to.equal('loading');
    }),
  );

  it(
    'an answer for another path is never shown',
    guarded(async function () {
      for (const answered of ['docs/b.md', '../docs/a.md', '/etc/passwd', 'https://evil.example/docs/a.md', 'docs/a.md/../b.md', 'docs/A.md']) {
        const host: QaSourcesHost = { readFile: async () => ({ path: answered, content: 'WRONG FILE CONTENT', size: 18, truncated: false }) };
        const el = await preview(host, 'docs/a.md');
        await waitForStatus(el, 'error');
        expect(shown(el), answered).to.not.contain('WRONG FILE CONTENT');
        expect(root(el).querySelector('[part="breadcrumb"]')!.textContent, answered).to.contain('a.md');
        cleanup();
      }
    }),
  );

  it(
    'an answer for the same path written differently (Unicode form, ./ segments) is shown',
    guarded(async function () {
      const nfd = 'docs/Cafe\u0301.md';
      for (const [asked, answered] of [
        ['docs/a.md', './docs//a.md'],
        [nfd.normalize('NFC'), nfd],
      ] as const) {
        const host: QaSourcesHost = { readFile: async () => ({ path: answered, content: 'RIGHT CONTENT\n', size: 14, truncated: false }) };
        const el = await preview(host, asked);
        await waitForStatus(el, 'ready');
        await waitFor(() => shown(el).includes('RIGHT CONTENT'), 'the content');
        cleanup();
      }
    }),
  );

  it(
    'a symlink inside the workspace still opens through the real endpoint (the answer is for the path asked for)',
    guarded(async function () {
      const host = createFetchHost({ endpoint: '/__qa/files' });
      const el = await preview(host, 'link-inside.md');
      await waitForStatus(el, 'ready');
      expect(root(el).querySelector('[part="breadcrumb"]')!.textContent).to.contain('link-inside.md');
    }),
  );

  const WRONG_SHAPES: Array<[string, () => unknown]> = [
    ['null', () => null],
    ['a string', () => 'content'],
    ['an array', () => [FILES['docs/a.md']]],
    ['content as a number', () => ({ path: 'docs/a.md', content: 42, size: 2, truncated: false })],
    ['content as an object with toString', () => ({ path: 'docs/a.md', content: { toString: () => 'SNEAKY' }, size: 6, truncated: false })],
    [
      'a getter that throws',
      () =>
        Object.defineProperty({ path: 'docs/a.md', size: 1, truncated: false }, 'content', {
          get: () => {
            throw new Error('hostile getter');
          },
          enumerable: true,
        }),
    ],
    [
      'a path getter that throws',
      () =>
        Object.defineProperty({ content: 'SNEAKY', size: 6, truncated: false }, 'path', {
          get: () => {
            throw new Error('hostile getter');
          },
        }),
    ],
    [
      'a proxy that throws on every read',
      () =>
        new Proxy(
          {},
          {
            get: () => {
              throw new Error('hostile proxy');
            },
            has: () => {
              throw new Error('hostile proxy');
            },
          },
        ),
    ],
    ['a thenable that never settles', () => ({ then: () => undefined })],
    ['a path of the wrong type', () => ({ path: ['docs', 'a.md'], content: 'SNEAKY', size: 6, truncated: false })],
  ];

  for (const [name, answer] of WRONG_SHAPES) {
    it(
      `an answer of the wrong shape (${name}) shows the error state or nothing of it`,
      guarded(async function () {
        const host = { readFile: async () => answer() } as unknown as QaSourcesHost;
        const el = await preview(host, 'docs/a.md', { timeoutMs: 500 });
        await settled(el, `a final state (${name})`);
        await el.updateComplete;
        expect(status(el), name).to.equal('error');
        expect(shown(el)).to.not.contain('SNEAKY');
      }),
    );
  }

  it(
    'a content longer than the declared size is measured by its real length',
    guarded(async function () {
      const big = 'x'.repeat(3_000_000);
      const host: QaSourcesHost = { readFile: async () => ({ path: 'notes/e.txt', content: big, size: 10, truncated: false }) };
      const el = await preview(host, 'notes/e.txt');
      await waitForStatus(el, 'too-large');
    }),
  );

  const REJECTIONS: Array<[string, () => unknown]> = [
    ['undefined', () => undefined],
    ['null', () => null],
    ['a string with a host path', () => 'ENOENT /home/user/workspace/secret.ts'],
    ['a number', () => 42],
    ['a symbol', () => Symbol('nope')],
    ['a plain object', () => ({ code: 'timeout', message: 'secret /home/user' })],
    ['a fake QaHostError', () => ({ name: 'QaHostError', code: 'too-large', details: { size: 'a lot' } })],
    [
      'a proxy that throws on every read',
      () =>
        new Proxy(
          {},
          {
            get: () => {
              throw new Error('hostile proxy');
            },
            getPrototypeOf: () => {
              throw new Error('hostile proxy');
            },
          },
        ),
    ],
    ['an Error with a stack trace', () => new Error('boom at /home/user/workspace/secret.ts:12')],
  ];

  for (const [name, reason] of REJECTIONS) {
    it(
      `a rejection with ${name} shows the fixed error wording, never the reason`,
      guarded(async function () {
        const host = { readFile: () => Promise.reject(reason()) } as unknown as QaSourcesHost;
        const el = await preview(host, 'docs/a.md');
        await settled(el);
        await el.updateComplete;
        expect(['error', 'too-large']).to.include(status(el));
        expect(shown(el)).to.not.match(/home\/user|secret|boom|hostile|ENOENT/);
      }),
    );
  }

  it(
    'a host that throws synchronously shows the error state',
    guarded(async function () {
      const host: QaSourcesHost = {
        readFile: () => {
          throw new TypeError('synchronous failure /home/user');
        },
      };
      const el = await preview(host, 'docs/a.md');
      await waitForStatus(el, 'error');
      expect(shown(el)).to.not.contain('/home/user');
    }),
  );

  it(
    'a readFile that is not a function shows the error state',
    guarded(async function () {
      const el = await preview({ readFile: 'nope' } as unknown as QaSourcesHost, 'docs/a.md');
      await waitForStatus(el, 'error');
    }),
  );

  it(
    'an answer that arrives after the element left the page is dropped, and the request was aborted',
    guarded(async function () {
      let answer!: (f: QaFileContent) => void;
      let signal: AbortSignal | undefined;
      const host: QaSourcesHost = {
        readFile: (req) => {
          signal = req.signal;
          return new Promise((resolve) => (answer = resolve));
        },
      };
      const el = await preview(host, 'docs/a.md');
      await el.updateComplete;
      const box = el.parentElement!;
      el.remove();
      expect(signal!.aborted, 'aborted on removal').to.equal(true);
      answer(file('docs/a.md'));
      await settleTasks();
      expect(shown(el)).to.not.contain('Alpha');
      expect(status(el)).to.equal('loading');
      // Back in the page, it reads again and shows the file.
      box.append(el);
      await waitForStatus(el, 'loading');
    }),
  );

  it(
    '100 rapid open/close/switch steps over a late, out-of-order host: no stale content, no rejection, no leak',
    guarded(async function () {
      const paths = Object.keys(FILES);
      const signals: AbortSignal[] = [];
      let seed = 20_240_601;
      const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
      const host: QaSourcesHost = {
        readFile: (req) => {
          signals.push(req.signal!);
          const delay = random() * 40;
          const outcome = random();
          return new Promise((resolve, reject) => {
            // Answers ignore the signal on purpose: late answers must be dropped by the preview.
            setTimeout(() => {
              if (outcome < 0.1) reject(outcome < 0.05 ? 'a string reason' : new QaHostError('network'));
              else if (outcome < 0.15) resolve({ ...file(req.path), path: paths[(paths.indexOf(req.path) + 1) % paths.length]! });
              else resolve(file(req.path));
            }, delay);
          });
        },
      };
      // Count listeners on the document and the workers the kit starts.
      const active = new Map<string, number>();
      const add = document.addEventListener;
      const remove = document.removeEventListener;
      const count = (type: string, d: number) => active.set(type, (active.get(type) ?? 0) + d);
      document.addEventListener = function (this: Document, type: string, ...rest: unknown[]) {
        count(type, 1);
        return (add as (...a: unknown[]) => void).call(this, type, ...rest);
      } as typeof document.addEventListener;
      document.removeEventListener = function (this: Document, type: string, ...rest: unknown[]) {
        count(type, -1);
        return (remove as (...a: unknown[]) => void).call(this, type, ...rest);
      } as typeof document.removeEventListener;
      const RealWorker = window.Worker;
      let workers = 0;
      window.Worker = class extends RealWorker {
        constructor(...args: ConstructorParameters<typeof Worker>) {
          super(...args);
          workers += 1;
        }
      };
      try {
        const el = await preview(host, paths[0]!);
        const box = el.parentElement!;
        for (let step = 0; step < 100; step++) {
          const r = random();
          if (r < 0.15 && el.isConnected) el.remove();
          else if (r < 0.3 && !el.isConnected) box.append(el);
          else if (r < 0.4) el.mode = el.mode === 'raw' ? 'rendered' : 'raw';
          else el.path = paths[Math.floor(random() * paths.length)]!;
          if (random() < 0.5) await el.updateComplete;
          if (random() < 0.3) await settleTasks(random() * 30);
        }
        if (!el.isConnected) box.append(el);
        // The last word: a file the host answers correctly.
        const last = 'src/d.ts';
        const rendered = nextRendered(el);
        el.mode = 'raw';
        el.path = last;
        for (;;) {
          await settled(el);
          if (status(el) === 'ready') break;
          // The random host failed this read: ask again.
          root(el).querySelector<HTMLButtonElement>('[part="error"] button')?.click();
          await waitFor(() => status(el) === 'loading' || status(el) === 'ready', 'the retry');
        }
        expect((await rendered).detail.path).to.equal(last);
        await settleTasks(100);
        const text = shown(el);
        expect(text).to.contain(MARKERS[last]);
        for (const [p, marker] of Object.entries(MARKERS)) if (p !== last) expect(text, `stale ${p}`).to.not.contain(marker);
        // Every request but the one shown was aborted.
        expect(signals.slice(0, -1).filter((s) => !s.aborted)).to.have.length(0);
        expect(signals.length).to.be.greaterThan(20);
        el.remove();
        expect(signals.at(-1)!.aborted || status(el) === 'ready').to.equal(true);
        await settleTasks(100);
        // Nothing the preview put on the document is still there, and at most one worker per kind was started.
        expect(
          [...active].filter(([, n]) => n !== 0),
          'document listeners left behind',
        ).to.deep.equal([]);
        expect(workers, 'workers started').to.be.at.most(2);
      } finally {
        document.addEventListener = add;
        document.removeEventListener = remove;
        window.Worker = RealWorker;
      }
    }),
  );
});
