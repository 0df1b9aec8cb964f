/**
 * A code file opened again on the same page starts with its colours: the
 * tokens of files coloured before are kept (recent.ts), so the rows of the
 * first frame are coloured already and a file coloured to its end is not
 * sent to the worker again. Real worker, real memory host; the page's
 * messages to the worker are observed, not changed.
 */
import { expect } from 'chai';
import { html } from 'lit';
import '../../../src/elements/file-preview/define.js';
import { createMemoryHost } from '../../../src/host/memory.js';
import { RawDocument } from '../../../src/elements/file-preview/raw-document.js';
import { MAX_TOKENIZED_LINE } from '../../../src/render/highlight/constants.js';
import {
  forgetRecentTokens,
  recallTokens,
  recentTokensHeld,
  rememberTokens,
  RECENT_TOKENS_BUDGET,
  RECENT_TOKENS_FILES,
} from '../../../src/render/highlight/recent.js';
import type { TokenChunk } from '../../../src/render/highlight/tokens.js';
import { loadHighlighter } from '../../../src/render/highlight/start.js';
import { cleanup, mount, nextRendered, root, waitFor } from './helpers.js';
import type { QaFilePreview } from '../../../src/elements/file-preview/file-preview.js';

const TS = Array.from({ length: 400 }, (_, i) => `export function f${i}(x: number): string { return \`v\${x + ${i}}\`; } // line ${i}`).join('\n');
const JSON_TEXT = `{\n${Array.from({ length: 50 }, (_, i) => `  "k${i}": ${i}`).join(',\n')}\n}\n`;

/** Rows of the raw view, and those that carry token classes. */
function rows(el: QaFilePreview): HTMLElement[] {
  return Array.from(root(el).querySelectorAll<HTMLElement>('[part~="raw"] [data-n]'));
}
const colouredRows = (el: QaFilePreview) => rows(el).filter((r) => r.querySelector('[class*="qa-tk-"]') !== null).length;

/** The job messages the page posts to workers until `stop()`. */
function countJobs(): { readonly jobs: string[]; stop(): void } {
  const jobs: string[] = [];
  const real = Worker.prototype.postMessage as (this: Worker, message: unknown, options?: unknown) => void;
  Worker.prototype.postMessage = function (this: Worker, message: unknown, options?: unknown) {
    const m = message as { type?: string; lang?: string } | null;
    if (m?.type === 'job') jobs.push(m.lang ?? '');
    real.call(this, message, options);
  } as Worker['postMessage'];
  return {
    jobs,
    stop() {
      Worker.prototype.postMessage = real;
    },
  };
}

function chunk(from: number, count: number, exact: boolean, bytes = 8): TokenChunk {
  const offsets = new Uint32Array(count + 1);
  for (let i = 0; i <= count; i += 1) offsets[i] = Math.min(i * 2, bytes / 4);
  return { from, count, offsets, data: new Uint32Array(Math.max(2, bytes / 4)), exact };
}

describe('<qa-file-preview>: a file opened again starts with its colours', () => {
  afterEach(() => {
    cleanup();
    forgetRecentTokens();
  });

  it('colours the first rows of a file opened again in the frame that shows them, and sends a finished file to no worker', async () => {
    const host = createMemoryHost({ 'src/a.ts': TS, 'data/b.json': JSON_TEXT });
    const el = mount(html`<qa-file-preview .host=${host} .sessionId=${'s'} .mode=${'raw'} path="src/a.ts"></qa-file-preview>`);
    await nextRendered(el);
    await waitFor(() => colouredRows(el) > 0, 'the first open in colour');
    // Coloured to its end: every row the view shows has its tokens, and the job is done.
    const doc = (el as unknown as { doc: RawDocument }).doc;
    expect(await doc.highlight(null)).to.equal('done');

    let shown = nextRendered(el);
    el.path = 'data/b.json';
    await shown;

    const watch = countJobs();
    try {
      shown = nextRendered(el);
      // Checked when the rows are first in the DOM, before any message from a worker could have come back.
      let first: { rows: number; coloured: number } | null = null;
      const observer = new MutationObserver(() => {
        if (first || rows(el).length === 0 || !rows(el).some((r) => r.dataset.n === '1' && r.textContent?.startsWith('export function f0'))) return;
        first = { rows: rows(el).length, coloured: colouredRows(el) };
      });
      observer.observe(root(el), { childList: true, subtree: true });
      el.path = 'src/a.ts';
      await shown;
      observer.disconnect();
      expect(first, 'the rows of the file opened again').to.not.equal(null);
      const seen = first as unknown as { rows: number; coloured: number };
      expect(seen.coloured, 'every row coloured in the first frame').to.equal(seen.rows);
      expect(watch.jobs, 'no job for a file coloured to its end').to.deep.equal([]);
    } finally {
      watch.stop();
    }
  });

  it('starts a file left half coloured with the lines it had, and colours the rest', async () => {
    const long = `${TS}\n`.repeat(40);
    const doc = new RawDocument(long, 'typescript');
    void doc.highlight([0, 30]);
    await doc.whenColoured();
    expect(doc.tokensOf(0)?.length ?? 0).to.be.greaterThan(0);
    doc.dispose();
    const kept = recallTokens(long, 'typescript');
    expect(kept, 'what was coloured is kept').to.not.equal(null);
    expect(kept!.complete, 'but not as finished').to.equal(false);

    const again = new RawDocument(long, 'typescript');
    expect(Array.from(again.tokensOf(0) ?? []), 'line 1 at once, as coloured before').to.deep.equal(Array.from(doc.tokensOf(0) ?? []));
    expect(again.tokensOf(again.count - 1), 'the last line is not coloured yet').to.equal(undefined);
    expect(await again.highlight(null), 'the rest is coloured by a new job').to.equal('done');
    expect(again.tokensOf(again.count - 1)?.length ?? 0).to.be.greaterThan(0);
    again.dispose();
    expect(recallTokens(long, 'typescript')?.complete, 'kept as finished now').to.equal(true);

    // A line too long to colour still counts as coloured (plain): the file is finished all the same.
    const capped = `const a = 1;\nconst s = "${'x'.repeat(MAX_TOKENIZED_LINE + 10)}";\nconst b = 2;\n`;
    const withLong = new RawDocument(capped, 'typescript');
    expect(await withLong.highlight(null)).to.equal('done');
    withLong.dispose();
    expect(recallTokens(capped, 'typescript')?.complete, 'a file with a capped line, finished').to.equal(true);
  });

  it('colours a changed file anew, and a text in another language as that language', async () => {
    // The kept tokens live with the highlighter's client: here it is loaded, so only the language can keep them out.
    await loadHighlighter();
    rememberTokens('const a = 1;\n', 'typescript', [chunk(0, 1, true)], true);
    expect(new RawDocument('const a = 1;\n', 'typescript').tokensOf(0), 'the same text and language').to.not.equal(undefined);
    expect(recallTokens('const a = 2;\n', 'typescript'), 'another text').to.equal(null);
    expect(recallTokens('const a = 1;\n', 'javascript'), 'another language').to.equal(null);
    expect(recallTokens('const a = 1;\n', 'typescript')).to.not.equal(null);
    const doc = new RawDocument('const a = 1;\n', 'rust');
    expect(doc.tokensOf(0), 'nothing taken from another language').to.equal(undefined);
  });

  it('keeps only exact chunks, at most a budget and a number of files, the least recently used going first', () => {
    rememberTokens('ahead', 'typescript', [chunk(5, 2, false)], false);
    expect(recallTokens('ahead', 'typescript'), 'nothing exact: nothing kept').to.equal(null);

    for (let i = 0; i < RECENT_TOKENS_FILES; i += 1) rememberTokens(`file ${i}`, 'typescript', [chunk(0, 1, true), chunk(1, 1, false)], true);
    expect(recallTokens('file 0', 'typescript')!.chunks, 'the exact chunk only').to.have.length(1);
    // file 0 was just used: file 1 is now the least recently used, and goes when one more comes.
    rememberTokens('one more', 'typescript', [chunk(0, 1, true)], true);
    expect(recentTokensHeld().files).to.equal(RECENT_TOKENS_FILES);
    expect(recallTokens('file 1', 'typescript')).to.equal(null);
    expect(recallTokens('file 0', 'typescript')).to.not.equal(null);

    forgetRecentTokens();
    const third = Math.floor(RECENT_TOKENS_BUDGET / 3);
    rememberTokens('big 1', 'typescript', [chunk(0, 1, true, third)], true);
    rememberTokens('big 2', 'typescript', [chunk(0, 1, true, third)], true);
    rememberTokens('big 3', 'typescript', [chunk(0, 1, true, third)], true);
    expect(recentTokensHeld().bytes, 'within the budget').to.be.at.most(RECENT_TOKENS_BUDGET);
    expect(recallTokens('big 1', 'typescript'), 'the oldest made room').to.equal(null);
    expect(recallTokens('big 3', 'typescript')).to.not.equal(null);
    rememberTokens('too big', 'typescript', [chunk(0, 1, true, RECENT_TOKENS_BUDGET)], true);
    expect(recallTokens('too big', 'typescript'), 'bigger than the budget on its own').to.equal(null);
    expect(recallTokens('big 3', 'typescript'), 'and nothing dropped for it').to.not.equal(null);
  });
});
