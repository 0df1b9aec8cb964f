/**
 * Every gallery story of <qa-file-preview> opens in the state it names and is
 * axe-clean, in light and dark and in each language.
 */
import { expect } from 'chai';
import { previewStories } from '../../../stories/preview.stories.js';
import { axeViolations, cleanup, mountStory, nextRendered, root, status, waitFor, waitForStatus } from './helpers.js';
import type { QaFilePreview } from '../../../src/elements/file-preview/file-preview.js';

type Check = (el: QaFilePreview, sr: ShadowRoot) => void;

const text = (sr: ShadowRoot, sel: string) => sr.querySelector(sel)?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

/** What each story must show. `rendered`: wait for qa-rendered too. */
const expectations: Record<string, { status: string; rendered?: boolean; check?: Check }> = {
  'markdown-rendered': {
    status: 'ready',
    rendered: true,
    check: (el, sr) => {
      expect(el.currentMode).to.equal('rendered');
      expect(sr.querySelector('[part="markdown"] h1')?.textContent).to.contain('Retry policy');
      expect(sr.querySelector('[part="chip"]')!.getAttribute('aria-label')).to.equal('Referenced lines: 27–36');
      expect(sr.querySelectorAll('[part="markdown"] [data-qa-marked]').length).to.be.greaterThan(0);
    },
  },
  'markdown-hostile': {
    status: 'ready',
    rendered: true,
    check: (el, sr) => {
      expect(el.currentMode).to.equal('rendered');
      const md = sr.querySelector('[part="markdown"]')!;
      expect(md.querySelector('script, iframe, svg:not([part="icon"]), form, [onerror], [onclick], [style]')).to.equal(null);
      expect([...md.querySelectorAll('.qa-link-host')].map((c) => c.textContent)).to.include('evil.example');
    },
  },
  'markdown-raw-ranges': {
    status: 'ready',
    rendered: true,
    check: (el, sr) => {
      expect(el.currentMode).to.equal('raw');
      expect(sr.querySelector('[part="chip"]')!.getAttribute('aria-label')).to.equal('Referenced lines: 14–21');
      expect(text(sr, '.range-count')).to.equal('Range 1 of 2');
      expect(sr.querySelectorAll('.ln.ref').length).to.equal(13);
    },
  },
  'code-raw': {
    status: 'ready',
    rendered: true,
    check: (el, sr) => {
      expect(el.currentMode).to.equal('raw');
      expect(sr.querySelector('[role="radiogroup"]')).to.equal(null);
      expect(sr.querySelector('.ln.ref-start')?.getAttribute('data-n')).to.equal('46');
    },
  },
  'navigator-three-ranges': {
    status: 'ready',
    rendered: true,
    check: (_el, sr) => {
      expect(text(sr, '.range-count')).to.equal('Range 1 of 3');
      expect([...sr.querySelectorAll('.ln.cur')].map((r) => Number(r.getAttribute('data-n')))).to.deep.equal([3, 4, 5, 6]);
    },
  },
  'navigator-rendered': {
    status: 'ready',
    rendered: true,
    check: (_el, sr) => {
      expect(text(sr, '.range-count')).to.equal('Range 1 of 3');
      expect(sr.querySelectorAll('[part="markdown"] [data-qa-current]').length).to.be.greaterThan(0);
    },
  },
  selection: { status: 'ready', rendered: true },
  'code-plain': { status: 'ready', rendered: true, check: (_el, sr) => expect(sr.querySelector('[part="chip"]')).to.equal(null) },
  'long-path': {
    status: 'ready',
    rendered: true,
    check: (_el, sr) => {
      const crumbs = [...sr.querySelectorAll('[part="breadcrumb"] li')].map((li) => li.textContent!.replace(/\s+/g, '').replace(/\/$/, ''));
      expect(crumbs).to.deep.equal(['services', '…', 'handlers', 'refund-succeeded.ts']);
      expect(sr.querySelector('[part="breadcrumb"]')!.getAttribute('title')).to.equal(
        'services/billing/internal/adapters/payments/providers/stripe/webhooks/handlers/refund-succeeded.ts',
      );
    },
  },
  loading: {
    status: 'loading',
    check: (_el, sr) => {
      expect(sr.querySelector('[part="skeleton"][role="status"]')?.textContent).to.contain('Loading…');
      expect(text(sr, '[part="breadcrumb"]')).to.contain('retry.ts');
    },
  },
  'too-large': {
    status: 'too-large',
    check: (_el, sr) => {
      expect(text(sr, '[part="notice"] .title')).to.equal('This file is too large for preview.');
      const buttons = [...sr.querySelectorAll('[part="notice"] button')].map((b) => b.textContent!.trim());
      expect(buttons).to.deep.equal(['Open raw excerpt', 'Download']);
    },
  },
  'render-limit': {
    status: 'ready',
    rendered: true,
    check: (el, sr) => {
      expect(el.currentMode).to.equal('raw');
      expect(text(sr, '[part="notice"]')).to.equal('This Markdown file is too large to render, so it is shown as raw text.');
      expect(sr.querySelector('[data-mode="rendered"]')!.getAttribute('aria-disabled')).to.equal('true');
      expect(sr.querySelector('[part="markdown"]')).to.equal(null);
    },
  },
  partial: {
    status: 'ready',
    rendered: true,
    check: (_el, sr) => {
      expect(text(sr, '.badge.partial')).to.equal('Partial');
      expect(text(sr, '[part="notice"]')).to.equal('Only part of this file was loaded.');
    },
  },
  binary: { status: 'binary', check: (_el, sr) => expect(text(sr, '[part="notice"]')).to.equal('This file is not text, so it cannot be previewed.') },
  error: {
    status: 'error',
    check: (_el, sr) => {
      expect(text(sr, '[part="error"] .title') + ' ' + text(sr, '[part="error"] p:not(.title)')).to.equal(
        'Could not open this source. The source may have moved or is no longer accessible.',
      );
      expect(text(sr, '[part="error"] button')).to.equal('Retry');
    },
  },
  timeout: { status: 'error', check: (_el, sr) => expect(text(sr, '[part="error"] p:not(.title)')).to.equal('The file took too long to load.') },
  empty: { status: 'empty', check: (_el, sr) => expect(text(sr, '[part="notice"]')).to.equal('This file is empty.') },
  'big-code': {
    status: 'ready',
    rendered: true,
    check: (_el, sr) => {
      expect(sr.querySelector<HTMLElement>('.raw')!.dataset.lines).to.equal('50000');
      expect(sr.querySelector('.ln.ref-start')?.getAttribute('data-n')).to.equal('40000');
      expect(sr.querySelectorAll('*').length).to.be.at.most(1_000);
    },
  },
  'long-line': {
    status: 'ready',
    rendered: true,
    check: (_el, sr) => expect(sr.querySelector('.ln[data-n="3"]')!.textContent!.length).to.be.greaterThan(20_000),
  },
  'code-bidi': {
    status: 'ready',
    rendered: true,
    check: (_el, sr) => {
      expect(text(sr, '[part="notice"]')).to.equal('This file contains characters that change text direction; they are shown as markers.');
      expect(sr.querySelectorAll('.ln .bidi').length).to.equal(11);
      expect(sr.querySelector('.ln.ref-start')?.getAttribute('data-n')).to.equal('4');
    },
  },
  'code-invisible': {
    status: 'ready',
    rendered: true,
    check: (_el, sr) => {
      expect(text(sr, '[part="notice"]')).to.equal('This file contains invisible characters; they are shown as markers.');
      expect(sr.querySelectorAll('.ln .bidi.invisible').length).to.equal(8);
    },
  },
  'markdown-too-complex': {
    status: 'ready',
    rendered: true,
    check: (el, sr) => {
      // Over the work budget: Raw, with the notice, and Rendered cannot be chosen.
      expect(el.currentMode).to.equal('raw');
      expect(text(sr, '[part="notice"]')).to.equal('This document is too complex to render; showing the source.');
      expect(sr.querySelector('[part="markdown"]')!.childElementCount).to.equal(0);
      expect(sr.querySelector<HTMLInputElement>('[part="toggle"] [aria-disabled="true"], [part="toggle"] [disabled]')).to.not.equal(null);
    },
  },
  // Find and go to line: the bar opens once the file is shown (the search itself is covered by find.test.ts).
  'find-no-match': { status: 'ready', rendered: true },
  'find-many': { status: 'ready', rendered: true },
  'find-rendered': { status: 'ready', rendered: true },
  // Its notice and Retry are covered by find.test.ts.
  'find-unavailable': { status: 'ready', rendered: true },
  'go-to-line': { status: 'ready', rendered: true },
  // Wrap lines and the keys popover (their behaviour is covered by wrap.test.ts and header.test.ts).
  'wrap-long-line': { status: 'ready', rendered: true, check: (_el, sr) => expect(sr.querySelector<HTMLElement>('.raw')!.dataset.wrap).to.equal('on') },
  'wrap-code': { status: 'ready', rendered: true, check: (_el, sr) => expect(sr.querySelector<HTMLElement>('.raw')!.dataset.wrap).to.equal('on') },
  'keys-help': { status: 'ready', rendered: true, check: (_el, sr) => expect(sr.querySelector('[part="keys-help"]')).to.not.equal(null) },
};

for (const s of previewStories.stories) {
  if (s.id.startsWith('corpus-'))
    expectations[s.id] = {
      status: 'ready',
      rendered: true,
      check: (el, sr) => {
        expect(el.currentMode).to.equal('rendered');
        expect(sr.querySelector('[part="markdown"]')!.childElementCount).to.be.greaterThan(0);
      },
    };
}

describe('<qa-file-preview> stories', function () {
  // Stories show the default mode: no Rendered/Raw choice remembered from elsewhere.
  beforeEach(() => sessionStorage.removeItem('qa-sources-kit:preview-mode:md'));
  afterEach(cleanup);

  it('every story has an expectation', () => {
    expect(previewStories.stories.map((s) => s.id).sort()).to.deep.equal(Object.keys(expectations).sort());
  });

  for (const s of previewStories.stories) {
    it(`${s.id}: opens in its state and is axe-clean`, async () => {
      const exp = expectations[s.id]!;
      const el = mountStory(s.id);
      const rendered = exp.rendered ? nextRendered(el) : null;
      if (exp.status === 'loading') await waitFor(() => status(el) === 'loading', 'loading');
      else await waitForStatus(el, exp.status);
      if (rendered) await rendered;
      exp.check?.(el, root(el));
      expect(
        root(el).querySelectorAll('[style]:not(.ln):not(.nums):not(.raw-sizer):not(.raw-ruler):not(.raw-ruler > .mark):not(.qa-band)').length,
        'no style attributes but CSSOM placement of rows and ruler marks',
      ).to.equal(0);
      expect(await axeViolations(el, { authoredDocument: s.id.startsWith('corpus-') })).to.deep.equal([]);
    });
  }

  for (const [locale, scheme] of [
    ['ru', 'dark'],
    ['zh', 'light'],
  ] as const) {
    for (const id of ['markdown-rendered', 'code-raw', 'too-large', 'error', 'partial', 'render-limit', 'loading']) {
      it(`${id} in ${locale}, ${scheme}: translated and axe-clean`, async () => {
        const el = mountStory(id, locale);
        el.parentElement!.style.colorScheme = scheme;
        el.parentElement!.parentElement!.setAttribute('lang', locale);
        const exp = expectations[id]!;
        const rendered = exp.rendered ? nextRendered(el) : null;
        if (exp.status === 'loading') await waitFor(() => status(el) === 'loading', 'loading');
        else await waitForStatus(el, exp.status);
        if (rendered) await rendered;
        const sr = root(el);
        const shown = [...sr.querySelectorAll('[part="header"], [part="notice"], [part="error"], .ranges, [part="skeleton"]')]
          .map((n) => n.textContent)
          .join(' ');
        for (const english of ['Referenced lines', 'Could not open', 'too large', 'Partial', 'Loading']) expect(shown).to.not.contain(english);
        expect(await axeViolations(el)).to.deep.equal([]);
      });
    }
  }
});
