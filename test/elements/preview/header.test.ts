/** <qa-file-preview>: the header (one row at 320–360 px, facts, full view, the `?` popover of keys), the focus ring, long lines and the partial badge. */
import { expect } from 'chai';
import { html } from 'lit';
import { sendKeys } from '@web/test-runner-commands';
import { createMemoryHost } from '../../../src/host/memory.js';
import type { QaFullViewRequest } from '../../../src/host/types.js';
import type { QaFilePreview } from '../../../src/elements/file-preview/file-preview.js';
import { PREVIEW_KEYS } from '../../../src/elements/file-preview/keys.js';
import { sampleWorkspace } from '../../../stories/fixtures/preview-files.js';
import { axeViolations, cleanup, mount, mountStory, nextRendered, q, root, waitFor } from './helpers.js';

/** Presses `key` with the modifiers held. */
async function combo(mods: string[], key: string): Promise<void> {
  for (const m of mods) await sendKeys({ down: m });
  await sendKeys({ press: key });
  for (const m of [...mods].reverse()) await sendKeys({ up: m });
}

function rect(e: Element): DOMRect {
  return e.getBoundingClientRect();
}

/** True when the element takes no room (display: none, or inside something that is). */
function hidden(e: Element): boolean {
  return e.getClientRects().length === 0;
}

function preview(
  path: string,
  width: number,
  extra: { ranges?: Array<{ lineStart: number; lineEnd: number }>; locale?: string; host?: ReturnType<typeof createMemoryHost> } = {},
): QaFilePreview {
  const host = extra.host ?? createMemoryHost(sampleWorkspace());
  return mount(
    html`<div style="block-size: 480px"><qa-file-preview .host=${host} session-id="s" .path=${path} .ranges=${extra.ranges ?? []} .locale=${extra.locale ?? 'en'}></qa-file-preview></div>`,
    width,
  );
}

describe('<qa-file-preview> header', function () {
  beforeEach(() => {
    sessionStorage.removeItem('qa-sources-kit:preview-wrap');
    sessionStorage.removeItem('qa-sources-kit:preview-mode:md');
  });
  afterEach(() => {
    cleanup();
    sessionStorage.removeItem('qa-sources-kit:preview-wrap');
    sessionStorage.removeItem('qa-sources-kit:preview-mode:md');
  });

  describe('at 320–360 px', () => {
    for (const width of [320, 360]) {
      for (const id of ['long-path', 'markdown-rendered', 'navigator-three-ranges', 'partial']) {
        it(`keeps ${id} to one header row with every button inside it (${width} px)`, async () => {
          const el = mountStory(id, 'ru', width);
          await nextRendered(el);
          const header = q(el, '.header');
          // One row: the 44px minimum (a second row would add 30px or more).
          expect(rect(header).height).to.be.at.most(48);
          const box = rect(header);
          for (const b of root(el).querySelectorAll('.toolbar > button, .toolbar > .toggle')) {
            if (hidden(b)) continue;
            const r = rect(b);
            expect(r.right, `${b.getAttribute('aria-label') ?? b.className} clipped`).to.be.at.most(box.right + 0.5);
            expect(r.left).to.be.at.least(box.left - 0.5);
          }
          // The ranges bar is one line too.
          const ranges = root(el).querySelector('.ranges');
          if (ranges) expect(rect(ranges).height).to.be.at.most(40);
        });
      }
    }

    it('shortens the folders before the file name (long-path, 320 px)', async () => {
      const el = mountStory('long-path', 'en', 320);
      await nextRendered(el);
      const name = q(el, '.crumb.name bdi');
      const folders = [...root(el).querySelectorAll<HTMLElement>('.crumb:not(.name)')].filter((c) => !c.querySelector('.elided'));
      expect(folders.length).to.be.greaterThan(0);
      // The name is cut only when no folder has any room left.
      if (name.scrollWidth > name.clientWidth + 1) for (const f of folders) expect(rect(f).width, f.textContent!).to.be.at.most(1);
      // And the name keeps most of the breadcrumb.
      expect(rect(name).width).to.be.at.least(rect(q(el, '.crumbs ol')).width * 0.6);
    });

    it('keeps the whole file name when the folders can give way (long-path, 560 px)', async () => {
      const el = mountStory('long-path', 'en', 560);
      await nextRendered(el);
      const name = q(el, '.crumb.name bdi');
      expect(name.scrollWidth).to.be.at.most(name.clientWidth + 1);
    });

    it('shows the partial state in words, not as a bare icon (320 px)', async () => {
      const el = mountStory('partial', 'en', 320);
      await nextRendered(el);
      const badge = root(el).querySelector('.badge.partial');
      // Either no badge, or one with its word visible.
      if (badge && !hidden(badge)) expect(hidden(q(el, '.badge.partial .badge-label'))).to.equal(false);
      const notes = [...root(el).querySelectorAll('[part="notice"]')].map((n) => n.textContent ?? '');
      expect(notes.some((t) => /part/i.test(t))).to.equal(true);
    });

    it('shows the partial badge with its word where there is room (720 px)', async () => {
      const el = mountStory('partial', 'en', 720);
      await nextRendered(el);
      expect(hidden(q(el, '.badge.partial'))).to.equal(false);
      expect(q(el, '.badge.partial').textContent).to.contain('Partial');
    });
  });

  describe('focus ring of the document', () => {
    for (const id of ['code-raw', 'markdown-rendered']) {
      it(`draws the ring above the content on every edge (${id})`, async () => {
        const el = mountStory(id);
        await nextRendered(el);
        const scroller = q(el, id === 'code-raw' ? '.raw' : '.md-scroll');
        scroller.focus({ focusVisible: true } as FocusOptions);
        await waitFor(() => scroller.matches(':focus-visible'), 'focus-visible');
        const body = q(el, '.body');
        const ring = getComputedStyle(body, '::after');
        expect(ring.content).to.not.equal('none');
        expect(ring.borderTopWidth).to.equal('2px');
        expect(ring.pointerEvents).to.equal('none');
        // Above the raw view's sticky gutter (z-index 1) and rows, in the same stacking context.
        expect(Number(ring.zIndex)).to.be.greaterThan(1);
        // The ring's box is the scroller's box: inset 0 in the body, which the scroller fills.
        const b = rect(body);
        const s = rect(scroller);
        expect(Math.abs(b.left - s.left)).to.be.below(1);
        expect(Math.abs(b.right - s.right)).to.be.below(1);
        expect(Math.abs(b.bottom - s.bottom)).to.be.below(1);
        // The scroller's own outline (drawn under its children) is off.
        expect(getComputedStyle(scroller).outlineStyle).to.equal('none');
        scroller.blur();
        await waitFor(() => getComputedStyle(body, '::after').content === 'none', 'no ring without focus');
      });
    }
  });

  describe('long lines', () => {
    it('fades the edge while there is more line to scroll to, and says colouring stops on long lines', async () => {
      const el = mountStory('long-line');
      await nextRendered(el);
      const raw = q(el, '.raw');
      const notes = [...root(el).querySelectorAll('[part="notice"]')].map((n) => n.textContent ?? '');
      expect(notes.some((t) => t.includes('3,000 characters'))).to.equal(true);
      const fade = () => Number(getComputedStyle(q(el, '.body'), '::before').opacity);
      expect(raw.scrollWidth).to.be.greaterThan(raw.clientWidth);
      await waitFor(() => fade() > 0.9, 'fade shown at the start');
      raw.scrollLeft = raw.scrollWidth;
      await waitFor(() => fade() < 0.1, 'fade gone at the end of the line');
    });

    it('says nothing about colouring and shows no fade for a file of short lines', async () => {
      const el = mountStory('code-plain');
      await nextRendered(el);
      const notes = [...root(el).querySelectorAll('[part="notice"]')].map((n) => n.textContent ?? '');
      expect(notes.some((t) => t.includes('without colours'))).to.equal(false);
      const raw = q(el, '.raw');
      if (raw.scrollWidth <= raw.clientWidth) expect(Number(getComputedStyle(q(el, '.body'), '::before').opacity)).to.be.below(0.1);
    });
  });

  describe('facts', () => {
    it('names the line count, size and language (en, ru)', async () => {
      const el = preview('src/net/retry.ts', 1100);
      await nextRendered(el);
      expect(q(el, '.facts').textContent!.replace(/\s+/g, ' ').trim()).to.match(/^64 lines · [\d.]+ kB · TypeScript$/);
      const ru = preview('src/net/retry.ts', 1100, { locale: 'ru' });
      await nextRendered(ru);
      expect(q(ru, '.facts').textContent).to.match(/64 строки/);
    });

    it('says Markdown for Markdown and Plain text for an unknown kind', async () => {
      const el = preview('docs/retry-policy.md', 1100);
      await nextRendered(el);
      expect(q(el, '.facts').textContent).to.contain('Markdown');
      const plain = preview('notes.unknownext', 1100, { host: createMemoryHost({ 'notes.unknownext': 'one\ntwo\n' }) });
      await nextRendered(plain);
      expect(q(plain, '.facts').textContent!.replace(/\s+/g, ' ')).to.contain('2 lines').and.contain('Plain text');
    });

    it('counts the lines of a document shown Rendered without building its raw view, which Raw then builds once', async () => {
      const text = '# Title\n\nOne paragraph.\n\n- a\n- b\n';
      const el = preview('docs/lines.md', 1100, { host: createMemoryHost({ 'docs/lines.md': text }) });
      await nextRendered(el);
      const state = (el as unknown as { opened: { raw: unknown } }).opened;
      expect(q(el, '.facts').textContent!.replace(/\s+/g, ' ')).to.contain('6 lines');
      expect(state.raw, 'no raw document while Rendered').to.equal(null);
      const raw = nextRendered(el);
      el.mode = 'raw';
      await raw;
      expect(state.raw).to.not.equal(null);
      const made = state.raw;
      expect(q(el, '[part~="raw"]').textContent).to.contain('One paragraph.');
      expect(q(el, '.facts').textContent!.replace(/\s+/g, ' ')).to.contain('6 lines');
      el.mode = 'rendered';
      await el.updateComplete;
      el.mode = 'raw';
      await el.updateComplete;
      expect(state.raw, 'kept across Rendered and Raw').to.equal(made);
    });

    it('drops the facts before the file name when the header narrows, and keeps them in the popover', async () => {
      const el = mountStory('code-raw', 'en', 400);
      await nextRendered(el);
      expect(hidden(q(el, '.facts'))).to.equal(true);
      q(el, '.help-button').click();
      await waitFor(() => root(el).querySelector('.keys-help'), 'popover');
      expect(q(el, '.keys-help-facts').textContent).to.match(/64 lines · .* · TypeScript/);
    });
  });

  describe('full view', () => {
    it('calls the host hook openFullView with the file, ranges and mode when the host has one', async () => {
      const calls: QaFullViewRequest[] = [];
      const host = { ...createMemoryHost(sampleWorkspace()), openFullView: (r: QaFullViewRequest) => void calls.push(r) };
      const el = preview('src/net/retry.ts', 720, { host: host as ReturnType<typeof createMemoryHost>, ranges: [{ lineStart: 3, lineEnd: 6 }] });
      await nextRendered(el);
      q(el, '.full-view-button').click();
      expect(calls).to.deep.equal([{ sessionId: 's', path: 'src/net/retry.ts', ranges: [{ lineStart: 3, lineEnd: 6 }], mode: 'raw' }]);
      expect(document.fullscreenElement).to.equal(null);
    });

    it('fills the screen itself without the hook (F), and F or the button again goes back', async () => {
      const el = mountStory('code-raw');
      await nextRendered(el);
      q(el, '.raw').focus();
      await sendKeys({ press: 'f' });
      await waitFor(() => document.fullscreenElement === el, 'fullscreen');
      await waitFor(() => q(el, '.full-view-button').getAttribute('aria-label') === 'Exit full view', 'label says exit');
      // The document fills the screen: no height cap.
      expect(getComputedStyle(q(el, '.raw')).maxHeight).to.equal('none');
      q(el, '.raw').focus();
      await sendKeys({ press: 'f' });
      await waitFor(() => document.fullscreenElement === null, 'back from fullscreen');
      await waitFor(() => q(el, '.full-view-button').getAttribute('aria-label') === 'Open in full view', 'label says open');
    });
  });

  describe('the ? popover of keys', () => {
    it('opens with ?, lists every key with a button that does it, and Escape closes it and returns focus', async () => {
      const el = mountStory('code-raw');
      await nextRendered(el);
      const closes: Event[] = [];
      el.addEventListener('qa-close', (e) => closes.push(e));
      q(el, '.raw').focus();
      await sendKeys({ type: '?' });
      const pop = await waitFor(() => root(el).querySelector<HTMLElement>('.keys-help'), 'popover');
      expect(pop.getAttribute('role')).to.equal('dialog');
      expect(q(el, '.help-button').getAttribute('aria-expanded')).to.equal('true');
      await waitFor(() => pop.contains(root(el).activeElement), 'focus inside');
      const listed = PREVIEW_KEYS.filter((k) => k.action !== 'help');
      expect(pop.querySelectorAll('.keys-list > li').length).to.equal(listed.length);
      for (const k of listed.filter((k) => !k.listedOnly)) expect(pop.querySelector(`button[data-action="${k.action}"]`), k.action).to.not.equal(null);
      expect(await axeViolations(el)).to.deep.equal([]);
      await sendKeys({ press: 'Escape' });
      await waitFor(() => !root(el).querySelector('.keys-help'), 'popover closed');
      await waitFor(() => root(el).activeElement === q(el, '.help-button'), 'focus back on the ? button');
      expect(closes.length).to.equal(0);
    });

    it('moves between its buttons with the arrow keys and does the chosen action (Wrap lines)', async () => {
      const el = mountStory('code-raw');
      await nextRendered(el);
      q(el, '.help-button').click();
      const pop = await waitFor(() => root(el).querySelector<HTMLElement>('.keys-help'), 'popover');
      const enabled = [...pop.querySelectorAll<HTMLButtonElement>('button.keys-action:not(:disabled)')];
      await waitFor(() => root(el).activeElement === enabled[0], 'first button focused');
      await sendKeys({ press: 'ArrowDown' });
      expect(root(el).activeElement).to.equal(enabled[1]);
      await sendKeys({ press: 'End' });
      expect(root(el).activeElement).to.equal(enabled[enabled.length - 1]);
      pop.querySelector<HTMLButtonElement>('button[data-action="wrap"]')!.click();
      await waitFor(() => !root(el).querySelector('.keys-help'), 'closed after the action');
      expect(el.wrapLines).to.equal(true);
      expect(q(el, '.wrap-button').getAttribute('aria-pressed')).to.equal('true');
    });

    it('disables what does not apply now (no selection: Copy lines, Copy link)', async () => {
      const el = mountStory('code-raw');
      await nextRendered(el);
      q(el, '.help-button').click();
      const pop = await waitFor(() => root(el).querySelector<HTMLElement>('.keys-help'), 'popover');
      expect(pop.querySelector<HTMLButtonElement>('button[data-action="copy-lines"]')!.disabled).to.equal(true);
      expect(pop.querySelector<HTMLButtonElement>('button[data-action="download"]')!.disabled).to.equal(false);
    });

    it('holds Wrap, Full view and Download where the header is narrow (320 px)', async () => {
      const el = mountStory('code-raw', 'en', 320);
      await nextRendered(el);
      for (const sel of ['.wrap-button', '.full-view-button']) expect(hidden(q(el, sel)), sel).to.equal(true);
      expect(hidden(q(el, '.help-button'))).to.equal(false);
      q(el, '.help-button').click();
      const pop = await waitFor(() => root(el).querySelector<HTMLElement>('.keys-help'), 'popover');
      const r = rect(pop);
      expect(r.left).to.be.at.least(rect(el).left - 0.5);
      expect(r.right).to.be.at.most(rect(el).right + 0.5);
      expect(await axeViolations(el)).to.deep.equal([]);
    });

    it('switches Rendered and Raw with Ctrl+Shift+V and downloads with Ctrl+S', async () => {
      const el = mountStory('markdown-rendered');
      await nextRendered(el);
      q(el, '.md-scroll').focus();
      await combo(['Control', 'Shift'], 'KeyV');
      await waitFor(() => el.currentMode === 'raw', 'raw');
      let link: HTMLAnchorElement | null = null;
      root(el).addEventListener(
        'click',
        (e) => {
          const a = e.target as HTMLAnchorElement;
          if (a.tagName === 'A' && a.hasAttribute('download')) {
            link = a;
            e.preventDefault();
          }
        },
        { capture: true },
      );
      q(el, '.raw').focus();
      await combo(['Control'], 'KeyS');
      await waitFor(() => link, 'download link');
      expect(link!.download).to.equal('retry-policy.md');
    });

    it('gives every header button its key (aria-keyshortcuts and the tooltip)', async () => {
      const el = mountStory('code-raw', 'en', 1000);
      await nextRendered(el);
      expect(q(el, '.wrap-button').getAttribute('aria-keyshortcuts')).to.equal('Alt+Z');
      expect(q(el, '.wrap-button').title).to.equal('Wrap lines (Alt+Z)');
      expect(q(el, '.full-view-button').getAttribute('aria-keyshortcuts')).to.equal('F');
      expect(q(el, '.help-button').getAttribute('aria-keyshortcuts')).to.equal('?');
      expect(q(el, 'button[aria-label="Download"]').getAttribute('aria-keyshortcuts')).to.equal('Control+S');
    });
  });

  it('stays axe clean with the facts shown (1,000 px)', async () => {
    const el = mountStory('code-raw', 'en', 1000);
    await nextRendered(el);
    expect(hidden(q(el, '.facts'))).to.equal(false);
    expect(await axeViolations(el)).to.deep.equal([]);
  });
});
