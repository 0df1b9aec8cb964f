import { expect } from 'chai';
import { renderMarkdown } from '../../../src/render/markdown/index.js';
import { lastStreamUsedWorker, setWorkerParsing } from '../../../src/render/markdown/chunks.js';
import { ID_PREFIX, corpus, mount, syntheticMarkdown, waitFor } from './fixture.js';

const BIG = syntheticMarkdown(1_000_000);

function chunkCount(c: HTMLElement): number {
  return c.querySelectorAll(':scope > .qa-chunk').length;
}

for (const mode of ['worker', 'main thread'] as const) {
  describe(`Markdown rendering: progressive (${mode})`, function () {
    before(() => setWorkerParsing(mode === 'worker' ? 'always' : false));
    after(() => setWorkerParsing(true));

    it('shows the first chunk before the render completes', async () => {
      const m = mount();
      let chunksAtFirst = -1;
      let provisionalAtFirst = false;
      let resolved = false;
      const done = renderMarkdown(m.container, BIG, {
        path: 'big.md',
        idPrefix: ID_PREFIX,
        onFirstChunk: () => {
          chunksAtFirst = chunkCount(m.container);
          provisionalAtFirst = m.container.querySelector('[data-qa-provisional]') !== null;
          expect(resolved).to.equal(false);
        },
      }).then((r) => {
        resolved = true;
        return r;
      });
      const result = await done;
      expect(chunksAtFirst).to.equal(1);
      // With the worker parsing the whole document, the first screen comes from the document's start alone.
      if (mode === 'worker') expect(provisionalAtFirst).to.equal(true);
      // The provisional first screen was swapped for the real first chunk, not kept beside it.
      expect(m.container.querySelector('[data-qa-provisional]')).to.equal(null);
      expect(m.container.querySelectorAll('[id="qa1-section-0"]')).to.have.length(1);
      expect(chunkCount(m.container)).to.be.greaterThan(20);
      expect(m.container.querySelector('h2')!.textContent).to.equal('Section 0');
      expect(m.container.querySelectorAll('h2').length).to.equal(BIG.split('\n## ').length);
      expect(result.blocks).to.be.greaterThan(5000);
      m.remove();
    });

    it('stops inserting when aborted mid-way', async () => {
      const m = mount();
      const controller = new AbortController();
      const rendering = renderMarkdown(m.container, BIG, {
        path: 'big.md',
        idPrefix: ID_PREFIX,
        signal: controller.signal,
        onFirstChunk: () => queueMicrotask(() => controller.abort()),
      });
      let error: unknown = null;
      await rendering.catch((e) => (error = e));
      expect(error).to.be.instanceOf(DOMException);
      expect((error as DOMException).name).to.equal('AbortError');
      const count = chunkCount(m.container);
      await new Promise((r) => setTimeout(r, 300));
      expect(chunkCount(m.container)).to.equal(count);
      expect(count).to.be.lessThan(10);
      m.remove();
    });

    it('rejects at once when the signal is already aborted', async () => {
      const m = mount();
      let error: unknown = null;
      await renderMarkdown(m.container, '# x', { path: 'a.md', idPrefix: ID_PREFIX, signal: AbortSignal.abort() }).catch((e) => (error = e));
      expect((error as DOMException).name).to.equal('AbortError');
      m.remove();
    });

    it('never interleaves two renders into one container', async () => {
      const m = mount();
      let started!: () => void;
      const firstChunk = new Promise<void>((r) => (started = r));
      const first = renderMarkdown(m.container, BIG.replaceAll('Section', 'OLDDOC'), { path: 'a.md', idPrefix: ID_PREFIX, onFirstChunk: () => started() });
      await firstChunk;
      const second = renderMarkdown(m.container, syntheticMarkdown(200_000), { path: 'b.md', idPrefix: ID_PREFIX });
      const [a, b] = await Promise.allSettled([first, second]);
      expect(a.status).to.equal('rejected');
      expect(((a as PromiseRejectedResult).reason as DOMException).name).to.equal('AbortError');
      expect(b.status).to.equal('fulfilled');
      await new Promise((r) => setTimeout(r, 200));
      expect(m.container.textContent).not.to.contain('OLDDOC');
      expect(m.container.querySelectorAll('h2').length).to.equal(syntheticMarkdown(200_000).split('\n## ').length);
      m.remove();
    });

    it('calls onFirstChunk for an empty document too', async () => {
      const m = mount();
      let calls = 0;
      const r = await renderMarkdown(m.container, '', { path: 'a.md', idPrefix: ID_PREFIX, onFirstChunk: () => calls++ });
      expect(calls).to.equal(1);
      expect(r.blocks).to.equal(0);
      m.remove();
    });

    it('puts a long list and a long table sent in pieces back together as one list and one table', async () => {
      const m = mount();
      const items = Array.from({ length: 1_500 }, (_, i) => `${i + 1}. item number ${i + 1}, [a link](https://example.com/${i})`).join('\n');
      const rows = Array.from({ length: 1_500 }, (_, i) => `| ${i} | row ${i} |`).join('\n');
      await renderMarkdown(m.container, `# Lists\n\n${items}\n\n| a | b |\n|---|--:|\n${rows}\n\nAfter.\n`, { path: 'a.md', idPrefix: ID_PREFIX });
      const lists = m.container.querySelectorAll('ol');
      expect(lists).to.have.length(1);
      const entries = Array.from(lists[0]!.children);
      expect(entries).to.have.length(1_500);
      expect(entries.every((li, i) => li.localName === 'li' && li.textContent!.startsWith(`item number ${i + 1},`))).to.equal(true);
      expect(lists[0]!.hasAttribute('start')).to.equal(false);
      expect(m.container.querySelectorAll('a[data-qa-link="external"]')).to.have.length(1_500);
      const tables = m.container.querySelectorAll('table');
      expect(tables).to.have.length(1);
      expect(tables[0]!.tHead!.rows).to.have.length(1);
      expect(tables[0]!.tBodies).to.have.length(1);
      // The first 1,000 body rows are shown; the rest wait behind one button after the table.
      expect(tables[0]!.tBodies[0]!.rows).to.have.length(1_000);
      const more = m.container.querySelectorAll<HTMLButtonElement>('button.qa-show-rows');
      expect(more).to.have.length(1);
      expect(more[0]!.textContent).to.equal('Show all 1,500 rows');
      expect(more[0]!.previousElementSibling).to.equal(tables[0]!.parentElement);
      more[0]!.click();
      await waitFor(() => tables[0]!.tBodies[0]!.rows.length === 1_500 && !more[0]!.isConnected);
      expect((m.container.getRootNode() as ShadowRoot).activeElement, 'focus moves to the table').to.equal(tables[0]!.parentElement);
      const body = Array.from(tables[0]!.tBodies[0]!.rows);
      expect(body.every((tr, i) => tr.cells[1]!.textContent === `row ${i}`)).to.equal(true);
      expect(tables[0]!.parentElement!.classList.contains('qa-table')).to.equal(true);
      expect(m.container.querySelectorAll('.qa-table')).to.have.length(1);
      const last = m.container.lastElementChild!.lastElementChild!;
      expect(last.textContent).to.equal('After.');
      expect(tables[0]!.compareDocumentPosition(last) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
      m.remove();
    });

    it("a 30,000-row table shows its first 1,000 rows and says how many there are, in the reader's language", async () => {
      const m = mount('ru');
      const rows = Array.from({ length: 30_000 }, (_, i) => `| ${i} | r${i} |`).join('\n');
      await renderMarkdown(m.container, `| a | b |\n|---|---|\n${rows}\n\nAfter.\n`, { path: 'a.md', idPrefix: ID_PREFIX });
      const table = m.container.querySelector('table')!;
      expect(table.tBodies[0]!.rows).to.have.length(1_000);
      expect(m.container.querySelectorAll('tr')).to.have.length(1_001);
      expect(m.container.querySelector('button.qa-show-rows')!.textContent).to.match(/^Показать все 30\s000 строк$/);
      expect(m.container.lastElementChild!.lastElementChild!.textContent).to.equal('After.');
      m.remove();
    });

    it('counts each marked block once when a long list comes in pieces', async () => {
      const m = mount();
      const items = Array.from({ length: 1_500 }, (_, i) => `- item number ${i + 1}`).join('\n');
      // The list starts on line 3; lines 1,000–1,400 are deep in its later pieces.
      const r = await renderMarkdown(m.container, `# Lists\n\n${items}\n\nAfter.\n`, {
        path: 'a.md',
        idPrefix: ID_PREFIX,
        ranges: [{ lineStart: 1_000, lineEnd: 1_400 }],
      });
      expect(m.container.querySelectorAll('ul')).to.have.length(1);
      const marked = m.container.querySelectorAll('[data-qa-marked]');
      expect(marked.length).to.be.greaterThan(0);
      expect(r.marked).to.equal(marked.length);
      m.remove();
    });

    it('keeps raw HTML that wraps Markdown (<details>) in one piece across chunks', async () => {
      const m = mount();
      const filler = Array.from({ length: 400 }, (_, i) => `Paragraph ${i} inside the details element.\n`).join('\n');
      await renderMarkdown(m.container, `# T\n\n<details>\n<summary>More</summary>\n\n${filler}\n</details>\n\nAfter the details.`, {
        path: 'a.md',
        idPrefix: ID_PREFIX,
      });
      const details = m.container.querySelector('details')!;
      expect(details.querySelectorAll('p').length).to.equal(400);
      const after = Array.from(m.container.querySelectorAll('p')).find((p) => p.textContent === 'After the details.')!;
      expect(details.contains(after)).to.equal(false);
      m.remove();
    });
  });
}

describe('Markdown rendering: worker and main thread agree', function () {
  after(() => setWorkerParsing(true));

  it('produces the same DOM for a real document either way', async () => {
    const source = await corpus('gfm-tasklists-strikethrough-alerts-html.md');
    const html: string[] = [];
    const used: boolean[] = [];
    for (const worker of ['always', false] as const) {
      setWorkerParsing(worker);
      const m = mount();
      await renderMarkdown(m.container, source, { path: 'docs/ui-kit.md', idPrefix: ID_PREFIX });
      html.push(m.container.innerHTML);
      used.push(lastStreamUsedWorker);
      m.remove();
    }
    expect(used).to.deep.equal([true, false]);
    expect(html[0]!.length).to.be.greaterThan(1000);
    expect(html[0]).to.equal(html[1]);
  });
});

describe('Markdown rendering: lazy highlighting', function () {
  it('highlights fenced code only when it comes near the viewport', async () => {
    const m = mount();
    const filler = Array.from({ length: 500 }, (_, i) => `Filler paragraph number ${i}.`).join('\n\n');
    const code = '```ts\nconst answer: number = 42;\n```';
    await renderMarkdown(m.container, `${code}\n\n${filler}\n\n${code}`, { path: 'a.md', idPrefix: ID_PREFIX });
    m.host.scrollIntoView();
    const [top, bottom] = Array.from(m.container.querySelectorAll<HTMLElement>('pre.qa-code > code'));
    await waitFor(() => top!.dataset.qaHighlighted !== undefined, 'highlighting');
    expect(top!.textContent).to.equal('const answer: number = 42;\n');
    await new Promise((r) => setTimeout(r, 300));
    expect(bottom!.dataset.qaHighlighted).to.equal(undefined);
    m.host.scrollTop = m.host.scrollHeight;
    await waitFor(() => bottom!.dataset.qaHighlighted !== undefined, 'highlighting');
    expect(bottom!.textContent).to.equal('const answer: number = 42;\n');
    m.remove();
  });
});
