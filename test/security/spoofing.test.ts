/**
 * Display spoofing, in the rendered DOM of the real elements:
 *
 * - bidi controls (U+202A–U+202E, U+2066–U+2069, U+200E/F, U+061C) and
 *   zero-width or tag characters (U+200B, U+FEFF, U+E0000–U+E007F) from a
 *   payload, a path or a host never reach the page as they are: removed from
 *   prose, shown as `⟦U+…⟧` markers in names (file names, paths, hosts), in
 *   text and in tooltips, labels and download names alike;
 * - untrusted text is bidi-isolated, so even legitimate right-to-left titles
 *   cannot reorder the surrounding UI (a line range stays after its title; a
 *   heading cannot move the paragraph after it);
 * - look-alike (mixed-script) hosts show their ASCII form next to the title,
 *   and a Markdown link whose text names another host shows the real one.
 */
import { expect } from 'chai';
import { html } from 'lit';
import type { QaFilePreview } from '../../src/elements/file-preview/file-preview.js';
import { createMemoryHost } from '../../src/host/memory.js';
import { hostilePayload } from '../../stories/fixtures/payloads.js';
import { mount, settle, shadowOf, unmountAll } from '../elements/shared/fixture.js';
import { root, waitForStatus } from '../elements/preview/helpers.js';

/** Characters that must never reach the page silently (outside an emoji tag sequence). */
const HIDDEN = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B\uFEFF]|(?<!\u{1F3F4}[\u{E0020}-\u{E007E}]*)[\u{E0000}-\u{E007F}]/u;
const ATTRIBUTES = ['title', 'aria-label', 'download', 'data-full'];

/** Every text node and labelling attribute under `root`, across open shadow roots, that holds a hidden character. */
function hiddenCharacters(node: ParentNode): string[] {
  const out: string[] = [];
  const walk = (r: ParentNode) => {
    const walker = document.createTreeWalker(r, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      if (HIDDEN.test(t.textContent ?? '') && !t.parentElement?.closest('style'))
        out.push(`text ${JSON.stringify(t.textContent)} in <${t.parentElement?.localName}.${t.parentElement?.className}>`);
    }
    for (const el of r.querySelectorAll('*')) {
      for (const a of ATTRIBUTES) {
        const v = el.getAttribute(a);
        if (v && HIDDEN.test(v)) out.push(`${a}=${JSON.stringify(v)} on <${el.localName}.${el.className}>`);
      }
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(node);
  return out;
}

function isIsolated(el: Element): boolean {
  const bidi = getComputedStyle(el).unicodeBidi;
  return bidi === 'isolate' || bidi === 'plaintext' || bidi === 'isolate-override' || el.localName === 'bdi';
}

const parent = { sessionId: 's', turn: 1, role: 'parent' as const };

/** The hostile fixture plus every hidden character in titles, paths, hosts, tools and keys. */
const payload = {
  ...hostilePayload,
  sources: [
    ...hostilePayload.sources,
    {
      id: 'file:spoof-path',
      kind: 'file',
      title: 'x',
      path: 'docs/\u2066evil\u2069/\u200Breport\uFEFF.md',
      locations: [{ path: 'docs/\u202Dother\u202C.md', lineStart: 3, lineEnd: 4 }],
      evidence: 'read',
      origins: [{ ...parent, toolName: 'read\u202E_file' }],
      score: 100,
    },
    {
      id: 'code:tags',
      kind: 'code',
      title: 'x',
      path: 'src/ta\u{E0041}\u{E0042}gs\u200E.ts',
      locations: [{ lineStart: 1, lineEnd: 2, anchor: 'sec\u200Ftion' }],
      evidence: 'read',
      origins: [parent],
      score: 100,
    },
    {
      id: 'web:spoofed-title',
      kind: 'web',
      title: 'Bank \u202Emoc.knab\u202C login',
      uri: 'https://bank.example/\u202Epath',
      locations: [],
      evidence: 'fetched',
      origins: [parent],
      score: 100,
    },
    {
      id: 'jira:SPOOF-1',
      kind: 'jira',
      title: 'SPOOF-1 \u061Csummary\u200F',
      locations: [{ jiraKey: 'SPOOF-1' }],
      evidence: 'fetched',
      origins: [{ ...parent, role: 'subagent' as const, subagentRunId: 'r\u202E1' }],
      score: 100,
      metadata: { subagents: { 'r\u202E1': { label: 'Search \u2067Jira\u2069' } } },
    },
    { id: 'web:zw-host', kind: 'web', title: '', uri: 'https://exa\u200Bmple\uFEFF.com/zw', locations: [], evidence: 'fetched', origins: [parent], score: 100 },
    { id: 'web:tag-host', kind: 'web', title: '', uri: 'https://exa\u{E0041}mple.com/tags', locations: [], evidence: 'fetched', origins: [parent], score: 100 },
    { id: 'web:rtl', kind: 'web', title: 'שלום עולם 2024', uri: 'https://he.example/a', locations: [], evidence: 'fetched', origins: [parent], score: 100 },
    {
      id: 'file:rtl-ranges',
      kind: 'file',
      title: 'x',
      path: 'docs/מדריך.md',
      locations: [{ lineStart: 12, lineEnd: 18 }],
      evidence: 'read',
      origins: [parent],
      score: 100,
    },
  ],
};

describe('display spoofing', function () {
  afterEach(() => unmountAll());

  describe('<qa-sources-panel> with every card’s details open', () => {
    let panel: HTMLElement;
    beforeEach(async () => {
      const frame = await mount(html`<qa-sources-panel .sources=${payload} debug></qa-sources-panel>`, { lang: 'en' });
      panel = frame.querySelector('qa-sources-panel')!;
      for (const t of shadowOf(panel).querySelectorAll<HTMLElement>('.card .toggle')) t.click();
      await settle(frame);
    });

    it('shows no bidi, zero-width or tag character as it is, in text or in labels', () => {
      expect(hiddenCharacters(shadowOf(panel))).to.deep.equal([]);
    });

    it('shows them as markers in names: file names, paths, locations, keys', () => {
      const text = shadowOf(panel).textContent!;
      for (const marker of ['⟦U+2066⟧', '⟦U+200B⟧', '⟦U+FEFF⟧', '⟦U+202D⟧', '⟦U+E0041⟧', '⟦U+200E⟧', '⟦U+200F⟧', '⟦U+202E⟧'])
        expect(text, marker).to.contain(marker);
    });

    it('isolates every piece of untrusted text', () => {
      const r = shadowOf(panel);
      const pieces = [...r.querySelectorAll('.title, .secondary, .details .where, .details li, .warning span')];
      expect(pieces.length).to.be.greaterThan(20);
      expect(pieces.filter((p) => !isIsolated(p)).map((p) => p.className)).to.deep.equal([]);
    });

    it('zero-width and tag characters in a host are dropped (as the browser drops them) or shown, never kept', () => {
      const cards = [...shadowOf(panel).querySelectorAll('.card')];
      const zw = cards.find((c) => c.querySelector('a[href$="/zw"]'))!;
      expect(zw.querySelector('a')!.getAttribute('href')).to.equal('https://example.com/zw');
      expect(zw.querySelector('.title')!.textContent).to.equal('example.com/zw');
      const tags = cards.find((c) => c.textContent!.includes('tags'))!;
      const href = tags.querySelector('a')?.getAttribute('href') ?? null;
      // Either the URL parser dropped the tag character (the link goes to what it shows), or the name shows a marker.
      expect(href === 'https://example.com/tags' || tags.textContent!.includes('⟦U+E0041⟧'), `${href} ${tags.textContent}`).to.equal(true);
    });

    it('shows the ASCII form of a look-alike host next to the title, with a warning', () => {
      const card = [...shadowOf(panel).querySelectorAll('.card')].find((c) => c.querySelector('.title')!.textContent === 'Apple ID sign-in')!;
      expect(card.querySelector('.secondary')!.textContent).to.equal('xn--pple-43d.com');
      expect(card.querySelector('.warning')!.textContent).to.contain('xn--pple-43d.com');
      expect(card.querySelector('a')!.getAttribute('href')).to.equal('https://xn--pple-43d.com/login');
    });
  });

  describe('<qa-source-footer>, expanded', () => {
    it('shows no hidden character, isolates titles, and keeps a right-to-left title apart from the kit’s text after it', async () => {
      const frame = await mount(html`<qa-source-footer .sources=${payload} expanded></qa-source-footer>`, { lang: 'en', dir: 'ltr' });
      const footer = frame.querySelector('qa-source-footer')!;
      const r = shadowOf(footer);
      expect(hiddenCharacters(r)).to.deep.equal([]);
      expect([...r.querySelectorAll('.e-title, .e-text')].filter((e) => !isIsolated(e)).map((e) => e.className)).to.deep.equal([]);
      const entry = [...r.querySelectorAll('.e-text')].find((e) => e.textContent!.includes('מדריך'))!;
      const title = entry.querySelector('.e-title')!.getBoundingClientRect();
      const rest = document.createRange();
      rest.selectNodeContents(entry);
      rest.setStartAfter(entry.querySelector('.e-title')!);
      expect(rest.toString()).to.equal(' · 12–18');
      // The entry reads in its title's direction, but the title and the line range never interleave: the range is one run beside the title.
      const runs = [...rest.getClientRects()].filter((b) => b.width > 0);
      const left = Math.min(...runs.map((b) => b.left));
      const right = Math.max(...runs.map((b) => b.right));
      expect(right <= title.left + 1 || left >= title.right - 1, `range ${left}–${right}, title ${title.left}–${title.right}`).to.equal(true);
      expect(new Set(runs.map((b) => Math.round(b.top))).size, 'on one line').to.equal(1);
    });
  });

  describe('<qa-file-preview>', () => {
    it('a file path with bidi and zero-width characters shows markers in the breadcrumb, the labels and the download name', async () => {
      const path = 'docs/\u2066inv\u200Boice\u202Etxt.exe';
      const host = createMemoryHost({ [path]: 'hello\n' });
      const frame = await mount(html`<qa-file-preview .host=${host} .path=${path} mode="raw"></qa-file-preview>`, { lang: 'en' });
      const el = frame.querySelector('qa-file-preview') as QaFilePreview;
      el.style.setProperty('block-size', '300px');
      await waitForStatus(el, 'ready');
      let download = '';
      root(el).addEventListener(
        'click',
        (e) => {
          const a = e.target as HTMLAnchorElement;
          if (a.tagName === 'A' && a.hasAttribute('download')) {
            download = a.download;
            e.preventDefault();
          }
        },
        { capture: true },
      );
      root(el).querySelector<HTMLButtonElement>('button[aria-label="Download"]')!.click();
      expect(download).to.not.equal('');
      expect(HIDDEN.test(download), `download name ${JSON.stringify(download)}`).to.equal(false);
      expect(download).to.contain('txt.exe');
      expect(hiddenCharacters(root(el))).to.deep.equal([]);
      expect(root(el).querySelector('[part="breadcrumb"]')!.textContent).to.contain('⟦U+202E⟧');
    });

    async function renderDoc(doc: string): Promise<QaFilePreview> {
      const host = createMemoryHost({ 'docs/spoof.md': doc });
      let done!: () => void;
      const rendered = new Promise<void>((resolve) => (done = resolve));
      const frame = await mount(html`<qa-file-preview .host=${host} path="docs/spoof.md" mode="rendered" @qa-rendered=${() => done()}></qa-file-preview>`, {
        lang: 'en',
      });
      const el = frame.querySelector('qa-file-preview') as QaFilePreview;
      el.style.setProperty('block-size', '500px');
      el.style.setProperty('inline-size', '600px');
      await rendered;
      return el;
    }

    /** Where each character of `el`'s text is drawn, relative to `origin`. */
    function layout(el: Element, origin: Element): string {
      const box = origin.getBoundingClientRect();
      const out: string[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let t = walker.nextNode(); t; t = walker.nextNode()) {
        for (let i = 0; i < t.textContent!.length; i++) {
          const r = document.createRange();
          r.setStart(t, i);
          r.setEnd(t, i + 1);
          const rect = r.getBoundingClientRect();
          out.push(`${Math.round(rect.left - box.left)},${Math.round(rect.top - box.top)}`);
        }
      }
      return out.join(' ');
    }

    it('bidi controls in a Markdown heading are isolated: the heading cannot move the text around it', async () => {
      const tail = '\n\nThe paragraph after 1, 2, 3 -> next.\n';
      const clean = await renderDoc(`# Invoice for March${tail}`);
      const cleanP = root(clean).querySelector('[part="markdown"] p')!;
      const before = layout(cleanP, cleanP);
      unmountAll();
      const spoofed = await renderDoc(`# Invoice \u202Efor \u2067March${tail}`);
      const md = root(spoofed).querySelector('[part="markdown"]')!;
      const h1 = md.querySelector('h1')!;
      expect(isIsolated(h1) || h1.hasAttribute('dir')).to.equal(true);
      const p = md.querySelector('p')!;
      expect(layout(p, p)).to.equal(before);
      // The header of the preview is outside the document and unaffected.
      expect(root(spoofed).querySelector('[part="breadcrumb"]')!.textContent).to.contain('spoof.md');
    });

    it('a Markdown link whose text names another host shows the real one; a look-alike host shows its ASCII form', async () => {
      const el = await renderDoc(
        '[https://github.com/login](https://evil.example/login) · [paypal.com](https://xn--pypal-4ve.com/) · [docs](https://xn--pple-43d.com/) · [www.example.com](https://www.example.com/a)\n',
      );
      const links = [...root(el).querySelectorAll('[part="markdown"] a')];
      const chip = (i: number) => links[i]!.querySelector('.qa-link-host')?.textContent ?? null;
      expect(chip(0)).to.equal('evil.example');
      expect(chip(1)).to.equal('xn--pypal-4ve.com');
      expect(chip(2)).to.equal('xn--pple-43d.com');
      expect(chip(3)).to.equal(null);
      for (const a of links) expect(a.getAttribute('href')).to.match(/^https:\/\/[\x21-\x7e]+$/);
    });

    it('zero-width and tag characters in a link host are never kept silently', async () => {
      const el = await renderDoc('[example.com](https://exa\u200Bmple.com/) [tags](https://exa\u{E0041}mple.com/)\n');
      const links = [...root(el).querySelectorAll('[part="markdown"] a')];
      for (const a of links) {
        const href = a.getAttribute('href')!;
        expect(HIDDEN.test(href), href).to.equal(false);
        // Either the character is gone from the host (as a browser would drop it), or the chip shows the host the link really goes to.
        const host = new URL(href).hostname;
        expect(host === 'example.com' || a.querySelector('.qa-link-host')?.textContent === host, `${href}`).to.equal(true);
      }
      expect(hiddenCharacters(root(el))).to.deep.equal([]);
    });
  });
});
