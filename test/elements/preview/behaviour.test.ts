/** <qa-file-preview>: keyboard, ranges, limits, races, links, download and the remembered mode. */
import { expect } from 'chai';
import { html } from 'lit';
import { sendKeys } from '@web/test-runner-commands';
import { createMemoryHost } from '../../../src/host/memory.js';
import { QaHostError } from '../../../src/host/types.js';
import type { QaSourceReference } from '../../../src/model/types.js';
import type { QaFilePreview } from '../../../src/elements/file-preview/file-preview.js';
import { sampleWorkspace, sampleTs } from '../../../stories/fixtures/preview-files.js';
import { cleanup, clickDownload, controlledHost, mount, mountStory, nextRendered, q, root, status, waitFor, waitForStatus } from './helpers.js';

const STORAGE_KEY = 'qa-sources-kit:preview-mode:md';

function active(el: QaFilePreview): Element | null {
  return root(el).activeElement;
}

/** True when the raw row of 1-based `line` is inside the raw scroller's viewport. */
function lineInView(el: QaFilePreview, line: number): boolean {
  const row = root(el).querySelector(`.ln[data-n="${line}"]`);
  if (!row) return false;
  const a = row.getBoundingClientRect();
  const b = q(el, '.raw').getBoundingClientRect();
  return a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
}

function events<T extends Event>(el: HTMLElement, name: string): T[] {
  const out: T[] = [];
  el.addEventListener(name, (e) => out.push(e as T));
  return out;
}

describe('<qa-file-preview> behaviour', function () {
  beforeEach(() => sessionStorage.removeItem(STORAGE_KEY));
  afterEach(() => {
    cleanup();
    sessionStorage.removeItem(STORAGE_KEY);
  });

  describe('keyboard', () => {
    it('moves the Rendered/Raw choice with arrow keys, firing qa-mode-change', async () => {
      const el = mountStory('markdown-rendered');
      const changes = events<CustomEvent>(el, 'qa-mode-change');
      await nextRendered(el);
      const rendered = q(el, '[data-mode="rendered"]');
      expect(rendered.getAttribute('aria-checked')).to.equal('true');
      expect(rendered.tabIndex).to.equal(0);
      expect(q(el, '[data-mode="raw"]').tabIndex).to.equal(-1);
      rendered.focus();
      await sendKeys({ press: 'ArrowRight' });
      await waitFor(() => active(el)?.getAttribute('data-mode') === 'raw', 'focus on Raw');
      expect(el.currentMode).to.equal('raw');
      expect(q(el, '[data-mode="raw"]').getAttribute('aria-checked')).to.equal('true');
      expect(changes.map((e) => e.detail)).to.deep.equal([{ mode: 'raw', extension: 'md' }]);
      await sendKeys({ press: 'ArrowLeft' });
      await waitFor(() => active(el)?.getAttribute('data-mode') === 'rendered', 'focus on Rendered');
      expect(el.currentMode).to.equal('rendered');
      await sendKeys({ press: 'End' });
      await waitFor(() => el.currentMode === 'raw', 'End selects Raw');
      expect(changes.length).to.equal(3);
    });

    it('closes with Escape from inside the preview and with the Close button', async () => {
      const el = mountStory('code-raw');
      await nextRendered(el);
      const closes = events(el, 'qa-close');
      q(el, '.raw').focus();
      await sendKeys({ press: 'Escape' });
      expect(closes.length).to.equal(1);
      q(el, 'button[aria-label="Close"]').click();
      expect(closes.length).to.equal(2);
      expect(closes[0]!.bubbles && closes[0]!.composed).to.equal(true);
    });

    it('has a sensible tab order: toggle, Find, Full view, Download, Keys, Close, chip, View raw, document', async () => {
      const el = mountStory('markdown-rendered');
      await nextRendered(el);
      const before = document.createElement('button');
      before.textContent = 'before';
      el.parentElement!.before(before);
      before.focus();
      const order: string[] = [];
      for (let i = 0; i < 9; i += 1) {
        await sendKeys({ press: 'Tab' });
        const a = active(el) as HTMLElement | null;
        order.push(a?.getAttribute('data-mode') ?? a?.getAttribute('aria-label') ?? a?.getAttribute('part') ?? a?.className ?? '?');
      }
      before.remove();
      expect(order[0]).to.equal('rendered');
      expect(order.slice(1, 6)).to.deep.equal(['Find in file', 'Open in full view', 'Download', 'Keyboard shortcuts', 'Close']);
      expect(order[6]).to.equal('Referenced lines: 27–36');
      expect(order[7]).to.equal('button');
      expect(order[8]).to.match(/^Rendered: retry-policy\.md$/);
    });

    it('expands an elided breadcrumb from its … button', async () => {
      const el = mountStory('long-path');
      await nextRendered(el);
      const more = q<HTMLButtonElement>(el, '.elided');
      expect(more.getAttribute('aria-label')).to.contain('services/billing/internal');
      more.click();
      await el.updateComplete;
      expect(root(el).querySelectorAll('[part="breadcrumb"] li').length).to.equal(10);
      expect(root(el).querySelector('.elided')).to.equal(null);
    });

    it('keeps the breadcrumb parts apart at 320 px: no separator or … button over a shortened directory', async () => {
      const el = mountStory('long-path', 'en', 320);
      await nextRendered(el);
      // What shows of each part: its box clipped by its crumb (a folder shortened to nothing clips its separator away).
      const boxes = [...root(el).querySelectorAll<HTMLElement>('[part="breadcrumb"] li > bdi, [part="breadcrumb"] .sep, [part="breadcrumb"] .elided')]
        .map((n) => {
          const r = n.getBoundingClientRect();
          const li = n.closest('li')!.getBoundingClientRect();
          const left = Math.max(r.left, li.left);
          const right = Math.min(r.right, li.right);
          return { left, right, width: right - left };
        })
        .filter((r) => r.width > 0.5)
        .sort((a, b) => a.left - b.left);
      // At least the … button, its separator and the name (the folders give way first).
      expect(boxes.length).to.be.at.least(3);
      for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.left, `part ${i} starts inside the one before`).to.be.at.least(boxes[i - 1]!.right - 0.5);
    });
  });

  describe('ranges', () => {
    it('highlights the ranges in Raw, scrolls the first into view and re-scrolls when they change', async () => {
      const el = mountStory('code-raw');
      await nextRendered(el);
      expect(lineInView(el, 46)).to.equal(true);
      const refs = [...root(el).querySelectorAll('.ln.ref')].map((r) => Number(r.getAttribute('data-n')));
      expect(refs).to.include.members([46, 50, 62]);
      expect(refs).to.not.include(45);
      expect(refs).to.not.include(63);
      el.ranges = [{ lineStart: 3, lineEnd: 4 }];
      await el.updateComplete;
      expect(lineInView(el, 3)).to.equal(true);
      expect([...root(el).querySelectorAll('.ln.ref')].map((r) => r.getAttribute('data-n'))).to.deep.equal(['3', '4']);
      expect(q(el, '[part="chip"]').getAttribute('aria-label')).to.equal('Referenced lines: 3–4');
    });

    it('the chip scrolls to the current range on the first click; Next steps to each range in turn', async () => {
      const el = mountStory('markdown-raw-ranges');
      await nextRendered(el);
      q(el, '.raw').scrollTop = 0;
      q(el, '[part="chip"]').click();
      expect(lineInView(el, 14)).to.equal(true);
      q(el, 'button[aria-label="Next range"]').click();
      await el.updateComplete;
      expect(lineInView(el, 31)).to.equal(true);
      q(el, 'button[aria-label="Next range"]').click();
      await el.updateComplete;
      expect(lineInView(el, 14)).to.equal(true);
    });

    it('marks the overlapping blocks in Rendered and jumps to Raw at the range', async () => {
      const el = mountStory('markdown-rendered');
      await nextRendered(el);
      const marked = [...root(el).querySelectorAll<HTMLElement>('[part="markdown"] [data-qa-marked]')];
      expect(marked.length).to.be.greaterThan(0);
      for (const b of marked) {
        const [s, e] = b.dataset.qaLine!.split('-').map(Number);
        expect(s! <= 36 && e! >= 27, b.dataset.qaLine).to.equal(true);
      }
      expect(q(el, '.ranges-note').textContent).to.equal('Marked blocks contain the referenced lines.');
      const changes = events<CustomEvent>(el, 'qa-mode-change');
      const jump = q(el, '.link-button');
      expect(jump.textContent!.trim()).to.equal('View raw at lines 27–36');
      jump.click();
      await waitFor(() => lineInView(el, 27), 'line 27 in view');
      expect(el.currentMode).to.equal('raw');
      expect(changes.map((e) => e.detail.mode)).to.deep.equal(['raw']);
      expect(sessionStorage.getItem(STORAGE_KEY)).to.equal(null);
    });

    it('re-marks the rendered blocks when the ranges change', async () => {
      const el = mountStory('markdown-rendered');
      await nextRendered(el);
      el.ranges = [{ lineStart: 1, lineEnd: 3 }];
      await el.updateComplete;
      const marked = [...root(el).querySelectorAll<HTMLElement>('[part="markdown"] [data-qa-marked]')];
      expect(marked.length).to.be.greaterThan(0);
      for (const b of marked) expect(Number(b.dataset.qaLine!.split('-')[0])).to.be.at.most(3);
      expect(q(el, '[part="chip"]').getAttribute('aria-label')).to.equal('Referenced lines: 1–3');
      expect(q(el, '.link-button').textContent!.trim()).to.equal('View raw at lines 1–3');
    });

    it('takes path and ranges from a source reference', async () => {
      const host = createMemoryHost(sampleWorkspace());
      const source: QaSourceReference = {
        id: 'file:src/net/retry.ts',
        kind: 'file',
        title: 'retry.ts',
        path: 'src/net/retry.ts',
        locations: [{ path: 'src/net/retry.ts', lineStart: 20, lineEnd: 24 }],
        evidence: 'read',
        origins: [],
        score: 100,
      };
      const el = mount(html`<qa-file-preview .host=${host} .source=${source}></qa-file-preview>`);
      await nextRendered(el);
      expect(el.path).to.equal('src/net/retry.ts');
      expect(el.ranges).to.deep.equal([{ lineStart: 20, lineEnd: 24 }]);
      expect(root(el).querySelectorAll('.ln.ref').length).to.equal(5);
    });
  });

  describe('limits and content', () => {
    it('shows too large above maxBytes, then opens the raw excerpt as Partial', async () => {
      const host = createMemoryHost({ 'big.ts': sampleTs });
      const el = mount(html`<qa-file-preview .host=${host} path="big.ts" max-bytes="1000"></qa-file-preview>`);
      await waitForStatus(el, 'too-large');
      expect(q(el, '[part="notice"]').textContent).to.match(/2[.,]\d kB|2[.,]\d KB/);
      const open = [...root(el).querySelectorAll<HTMLButtonElement>('[part="notice"] button')].find((b) => b.textContent!.includes('Open raw excerpt'))!;
      const rendered = nextRendered(el);
      open.click();
      await rendered;
      expect(status(el)).to.equal('ready');
      expect(el.currentMode).to.equal('raw');
      expect(q(el, '.badge.partial').textContent).to.contain('Partial');
      expect(Number(q(el, '.raw').dataset.lines)).to.be.lessThan(sampleTs.split('\n').length - 1);
    });

    it('shows a host too-large refusal without an excerpt', async () => {
      const host = controlledHost();
      const el = mount(html`<qa-file-preview .host=${host} path="x.log"></qa-file-preview>`);
      await waitFor(() => host.reads.length === 1, 'read');
      host.reads[0]!.reject(new QaHostError('too-large', undefined, { size: 9_000_000 }));
      await waitForStatus(el, 'too-large');
      expect(q(el, '[part="notice"]').textContent).to.contain('This file is too large for preview.');
      expect(root(el).querySelectorAll('[part="notice"] button').length).to.equal(0);
    });

    it('opens Markdown over the render limit as Raw and keeps Rendered unavailable', async () => {
      const el = mountStory('render-limit');
      await nextRendered(el);
      const rendered = q(el, '[data-mode="rendered"]');
      rendered.click();
      q(el, '[data-mode="raw"]').focus();
      await sendKeys({ press: 'ArrowLeft' });
      await el.updateComplete;
      expect(el.currentMode).to.equal('raw');
    });

    it('marks truncated answers as Partial', async () => {
      const host = controlledHost();
      const el = mount(html`<qa-file-preview .host=${host} path="notes.txt"></qa-file-preview>`);
      await waitFor(() => host.reads.length === 1, 'read');
      expect(host.reads[0]!.req.maxBytes).to.equal(2_000_000);
      host.reads[0]!.resolve({ content: 'first part', size: 500, truncated: true });
      await waitForStatus(el, 'ready');
      expect(q(el, '.badge.partial').textContent).to.contain('Partial');
      expect(q(el, '[part="notice"]').textContent).to.contain('Only part of this file was loaded.');
    });

    for (const [name, answer] of [
      ['NUL bytes', { content: 'GIF89a\u0000\u0001\u0000' }],
      ['a non-text MIME type', { content: 'PNG....', mime: 'image/png' }],
      ['application/octet-stream', { content: 'abc', mime: 'application/octet-stream' }],
    ] as const) {
      it(`treats ${name} as binary`, async () => {
        const host = controlledHost();
        const el = mount(html`<qa-file-preview .host=${host} path="file.bin"></qa-file-preview>`);
        await waitFor(() => host.reads.length === 1, 'read');
        host.reads[0]!.resolve(answer);
        await waitForStatus(el, 'binary');
        expect(q(el, '[part="notice"]').textContent).to.contain('not text');
      });
    }

    it('keeps JSON and other text MIME types as text', async () => {
      const host = controlledHost();
      const el = mount(html`<qa-file-preview .host=${host} path="a.json"></qa-file-preview>`);
      await waitFor(() => host.reads.length === 1, 'read');
      host.reads[0]!.resolve({ content: '{"a": 1}', mime: 'application/json; charset=utf-8' });
      await waitForStatus(el, 'ready');
    });

    it('shows the empty state for an empty file', async () => {
      const el = mountStory('empty');
      await waitForStatus(el, 'empty');
      expect(q<HTMLButtonElement>(el, 'button[aria-label="Download"]').disabled).to.equal(false);
    });
  });

  describe('errors, retry, races and aborts', () => {
    it('shows the error without details, and Retry reads again', async () => {
      const host = controlledHost();
      const el = mount(html`<qa-file-preview .host=${host} path="docs/a.md"></qa-file-preview>`);
      await waitFor(() => host.reads.length === 1, 'read');
      const err = new Error('EACCES: /home/alice/secret/path at Object.read (/srv/app.js:10:5)');
      host.reads[0]!.reject(err);
      await waitForStatus(el, 'error');
      const shown = q(el, '[part="error"]').textContent!;
      expect(shown).to.contain('Could not open this source.');
      expect(shown).to.not.contain('alice');
      expect(shown).to.not.contain('app.js');
      q(el, '[part="error"] button').click();
      await waitFor(() => host.reads.length === 2, 'second read');
      expect(status(el)).to.equal('loading');
      host.reads[1]!.resolve({ content: '# Back\n' });
      await waitForStatus(el, 'ready');
    });

    it('words a timeout differently', async () => {
      const host = controlledHost();
      const el = mount(html`<qa-file-preview .host=${host} path="a.ts"></qa-file-preview>`);
      await waitFor(() => host.reads.length === 1, 'read');
      host.reads[0]!.reject(new QaHostError('timeout'));
      await waitForStatus(el, 'error');
      expect(q(el, '[part="error"]').textContent).to.contain('The file took too long to load.');
    });

    it('aborts the read when the path changes and never lets a late answer replace the newer file', async () => {
      const host = controlledHost();
      const el = mount(html`<qa-file-preview .host=${host} path="a.ts"></qa-file-preview>`);
      await waitFor(() => host.reads.length === 1, 'first read');
      el.path = 'b.ts';
      await waitFor(() => host.reads.length === 2, 'second read');
      expect(host.reads[0]!.req.signal!.aborted).to.equal(true);
      expect(host.reads[1]!.req.signal!.aborted).to.equal(false);
      host.reads[1]!.resolve({ content: 'const b = 2;\n' });
      await waitForStatus(el, 'ready');
      // The host ignores the abort and answers late anyway.
      host.reads[0]!.resolve({ content: 'const a = 1;\n' });
      await new Promise((r) => setTimeout(r, 50));
      expect(q(el, '.ln[data-n="1"]').textContent).to.equal('const b = 2;');
      expect(q(el, '[part="breadcrumb"]').textContent).to.contain('b.ts');
    });

    it('ignores an old answer that arrives before the new one', async () => {
      const host = controlledHost();
      const el = mount(html`<qa-file-preview .host=${host} path="a.ts"></qa-file-preview>`);
      await waitFor(() => host.reads.length === 1, 'first read');
      el.path = 'b.ts';
      await waitFor(() => host.reads.length === 2, 'second read');
      host.reads[0]!.resolve({ content: 'const a = 1;\n' });
      await new Promise((r) => setTimeout(r, 50));
      expect(status(el)).to.equal('loading');
      host.reads[1]!.resolve({ content: 'const b = 2;\n' });
      await waitForStatus(el, 'ready');
      expect(q(el, '.ln[data-n="1"]').textContent).to.equal('const b = 2;');
    });

    it('aborts the read when removed from the page', async () => {
      const host = controlledHost();
      const el = mount(html`<qa-file-preview .host=${host} path="a.ts"></qa-file-preview>`);
      await waitFor(() => host.reads.length === 1, 'read');
      el.remove();
      expect(host.reads[0]!.req.signal!.aborted).to.equal(true);
    });
  });

  describe('links', () => {
    it('resolves relative links through the host and opens accepted ones in the same preview', async () => {
      const el = mountStory('markdown-rendered');
      await nextRendered(el);
      const md = q(el, '[part="markdown"]');
      await waitFor(() => md.querySelector('a[data-qa-link="workspace"][data-qa-target="docs/runbook.md"]'), 'accepted runbook link');
      expect(md.querySelector('a[data-qa-link="workspace"][data-qa-target="architecture.md"]')).to.not.equal(null);
      expect([...md.querySelectorAll('a')].some((a) => a.textContent === 'secrets')).to.equal(false);
      const opens = events<CustomEvent>(el, 'qa-source-open');
      const rendered = nextRendered(el);
      md.querySelector<HTMLElement>('a[data-qa-target="docs/runbook.md"]')!.click();
      expect(opens.length).to.equal(1);
      const d = opens[0]!.detail;
      expect(d.path).to.equal('docs/runbook.md');
      expect(d.ranges).to.deep.equal([]);
      expect(d.location).to.equal(null);
      expect(d.href).to.equal(null);
      expect(d.source.kind).to.equal('file');
      expect(d.source.path).to.equal('docs/runbook.md');
      expect((await rendered).detail).to.deep.equal({ path: 'docs/runbook.md', mode: 'rendered' });
      expect(el.path).to.equal('docs/runbook.md');
      expect(q(el, '[part="markdown"] h1').textContent).to.contain('Runbook');
      expect(location.hash).to.equal('');
    });

    it('leaves navigation to the host when it cancels qa-source-open', async () => {
      const el = mountStory('markdown-rendered');
      await nextRendered(el);
      const md = q(el, '[part="markdown"]');
      const link = await waitFor(() => md.querySelector<HTMLElement>('a[data-qa-target="architecture.md"]'), 'architecture link');
      el.addEventListener('qa-source-open', (e) => e.preventDefault(), { once: true });
      link.click();
      await el.updateComplete;
      expect(el.path).to.equal('docs/retry-policy.md');
    });

    it('scrolls to #anchors inside the preview without changing the page hash', async () => {
      const el = mountStory('markdown-rendered');
      await nextRendered(el);
      const scroller = q(el, '.md-scroll');
      scroller.scrollTop = 0;
      const anchor = root(el).querySelector<HTMLElement>('a[data-qa-link="anchor"]')!;
      const target = root(el).querySelector<HTMLElement>(`[id="${anchor.dataset.qaTarget}"]`)!;
      anchor.click();
      expect(location.hash).to.equal('');
      const top = target.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
      expect(scroller.scrollTop).to.be.greaterThan(0);
      const atEnd = scroller.scrollTop >= scroller.scrollHeight - scroller.clientHeight - 1;
      // At the top of the scroller, or as close as the end of the document allows
      // (where the block above it shows whole rather than cut by the top edge).
      const above = target.previousElementSibling!.getBoundingClientRect();
      const aboveWhole = above.top >= scroller.getBoundingClientRect().top - 0.5;
      expect(top >= -2 && (top <= 40 || atEnd || aboveWhole), `top ${top}`).to.equal(true);
      expect(active(el)).to.equal(target);
    });
  });

  describe('download and the remembered mode', () => {
    it('downloads the content as a Blob named after the file', async () => {
      const el = mountStory('code-raw');
      await nextRendered(el);
      const a = clickDownload(el);
      expect(a).to.not.equal(null);
      expect(a!.download).to.equal('retry.ts');
      expect(a!.href.startsWith('blob:')).to.equal(true);
      expect(await (await fetch(a!.href)).text()).to.equal(sampleTs);
      expect(a!.isConnected).to.equal(false);
    });

    it('remembers Rendered/Raw per extension for the session and fires qa-mode-change only for the user', async () => {
      const first = mountStory('markdown-rendered');
      const changes = events<CustomEvent>(first, 'qa-mode-change');
      await nextRendered(first);
      first.mode = 'raw';
      await first.updateComplete;
      expect(changes.length, 'no event for a property set by the owner').to.equal(0);
      first.mode = undefined;
      await first.updateComplete;
      q(first, '[data-mode="raw"]').click();
      await first.updateComplete;
      expect(changes.map((e) => e.detail)).to.deep.equal([{ mode: 'raw', extension: 'md' }]);
      expect(sessionStorage.getItem(STORAGE_KEY)).to.equal('raw');
      cleanup();
      const host = createMemoryHost(sampleWorkspace());
      const second = mount(html`<qa-file-preview .host=${host} path="docs/runbook.md"></qa-file-preview>`);
      await nextRendered(second);
      expect(second.currentMode).to.equal('raw');
      const code = mount(html`<qa-file-preview .host=${host} path="src/net/retry.ts"></qa-file-preview>`);
      await nextRendered(code);
      expect(code.currentMode).to.equal('raw');
      sessionStorage.setItem(STORAGE_KEY, 'rendered');
      const third = mount(html`<qa-file-preview .host=${host} path="docs/runbook.md"></qa-file-preview>`);
      const ev = await nextRendered(third);
      expect(ev.detail).to.deep.equal({ path: 'docs/runbook.md', mode: 'rendered' });
    });
  });
});
