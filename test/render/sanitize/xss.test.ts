import { expect } from 'chai';
import { assertSanitized } from './assert-sanitized.js';
import { ID_PREFIX, render } from '../markdown/fixture.js';
import { mayReorder } from '../../../src/render/markdown/decorate.js';
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS, forceSanitizerEngine } from '../../../src/render/sanitize.js';
import { VECTORS } from './vectors.js';

const SWALLOWING = new Set(['mathml mglyph mXSS', 'form mXSS']);

for (const engine of ['native', 'dompurify'] as const) {
  describe(`Markdown rendering: hostile documents (sanitizer: ${engine})`, () => {
    let dialogs = 0;
    const originalAlert = window.alert;
    before(() => {
      forceSanitizerEngine(engine);
      window.alert = () => {
        dialogs++;
        window.__qaPwned = 'alert';
      };
    });
    after(() => {
      window.alert = originalAlert;
      forceSanitizerEngine(null);
    });
    beforeEach(() => {
      delete window.__qaPwned;
    });

    it(`covers at least 40 vectors (${VECTORS.length})`, () => {
      expect(VECTORS.length).to.be.at.least(40);
    });

    for (const [name, source] of VECTORS) {
      it(`defuses: ${name}`, async () => {
        const r = await render(`Before\n\n${source}\n\nAfter`);
        // Give handlers, lazy loads and focus a chance to fire.
        await new Promise((res) => setTimeout(res, 40));
        r.container.querySelectorAll<HTMLElement>('*').forEach((el) => el.dispatchEvent(new Event('toggle')));
        await new Promise((res) => setTimeout(res, 10));
        expect(window.__qaPwned, 'a payload ran').to.equal(undefined);
        expect(dialogs).to.equal(0);
        assertSanitized(r.container, { idPrefix: ID_PREFIX });
        // An unclosed raw-text element (`<style>`) swallows the rest of its chunk, as in any HTML parser.
        if (!SWALLOWING.has(name)) expect(r.container.textContent).to.contain('After');
        expect(r.container.textContent).to.contain('Before');
        r.remove();
      });
    }

    it('keeps the kit markers out of reach of documents', async () => {
      const r = await render('<span data-qa-kit="x task checked">f</span>\n\n<p data-qa-line="1-9">p</p>');
      expect(r.container.querySelector('input')).to.equal(null);
      expect(r.container.querySelector('[data-qa-line="1-9"]')).to.equal(null);
      r.remove();
    });

    it('shows the real host next to link text that names another one', async () => {
      const r = await render('[https://good.example/login](https://evil.example/) and [www.bank.com](https://www.bank.com/a)');
      const [spoof, honest] = Array.from(r.container.querySelectorAll('a'));
      expect(spoof!.querySelector('.qa-link-host')!.textContent).to.equal('evil.example');
      expect(honest!.querySelector('.qa-link-host')).to.equal(null);
      r.remove();
    });

    it('shows look-alike hosts in their ASCII form', async () => {
      const r = await render('[bank](https://xn--pple-43d.com/) and <https://xn--pple-43d.com/>');
      const chips = Array.from(r.container.querySelectorAll('.qa-link-host')).map((c) => c.textContent);
      expect(chips).to.deep.equal(['xn--pple-43d.com', 'xn--pple-43d.com']);
      r.remove();
    });

    it('prefixes raw HTML ids and turns old-style named anchors into prefixed ids', async () => {
      const r = await render('<a name="top"></a>\n\n<h2 id="location">L</h2>\n\n[up](#top)');
      expect(r.container.querySelector(`[id="${ID_PREFIX}top"]`)).to.exist;
      expect(r.container.querySelector(`h2[id="${ID_PREFIX}location"]`)).to.exist;
      expect(r.container.querySelector('[name]')).to.equal(null);
      expect(r.container.querySelector<HTMLAnchorElement>('a[href]')!.dataset.qaTarget).to.equal(`${ID_PREFIX}top`);
      r.remove();
    });

    it('drops document classes that are not the kit’s, and all aria/data attributes', async () => {
      const r = await render('<p class="evil markdown-alert" aria-hidden="true" data-x="1" role="button">x</p>');
      const p = r.container.querySelector('p:not([data-qa-line])') ?? r.container.querySelectorAll('p')[0]!;
      expect(p.getAttribute('class')).to.equal('markdown-alert');
      expect(p.hasAttribute('aria-hidden')).to.equal(false);
      expect(p.hasAttribute('data-x')).to.equal(false);
      expect(p.hasAttribute('role')).to.equal(false);
      r.remove();
    });

    it('shows direction overrides and isolates as markers instead of letting them reorder text', async () => {
      const r = await render('Attachment: invoice\u202Efdp.exe and \u2067isolated\u2069\n\n```\nif (a) {\u202E } \u2066// x\n```\n\nשלום\u200F ok');
      const markers = Array.from(r.container.querySelectorAll('.qa-bidi')).map((m) => m.textContent);
      expect(markers).to.deep.equal(['⟦U+202E⟧', '⟦U+2067⟧', '⟦U+2069⟧', '⟦U+202E⟧', '⟦U+2066⟧']);
      expect(/[\u202A-\u202E\u2066-\u2069]/.test(r.container.textContent!)).to.equal(false);
      // Ordinary right-to-left marks stay.
      expect(r.container.textContent).to.contain('\u200F');
      r.remove();
    });

    it('shows direction overrides written as character references as markers too', async () => {
      // Raw HTML keeps references as written (and one without its semicolon still counts there).
      const r = await render('<div>h&#x202e</div>\n\n<span>a&#x202E;b</span> <b>c&#8238;d</b> <i>e&#x2066;f&#8297;g</i> &#x202F; &#82345;');
      const markers = Array.from(r.container.querySelectorAll('.qa-bidi')).map((m) => m.textContent);
      expect(markers).to.deep.equal(['⟦U+202E⟧', '⟦U+202E⟧', '⟦U+202E⟧', '⟦U+2066⟧', '⟦U+2069⟧']);
      expect(/[\u202A-\u202E\u2066-\u2069]/.test(r.container.textContent!)).to.equal(false);
      r.remove();
    });

    it('looks for direction overrides only in markup that can hold them', () => {
      expect(mayReorder('<p>plain &amp; &#39;quoted&#39; &#x2028;</p>')).to.equal(false);
      for (const markup of ['a\u202Eb', 'a\u2069', '&#x202a;', '&#X202E', '&#x0202e;', '&#8234;', '&#08297;'])
        expect(mayReorder(markup), markup).to.equal(true);
    });
  });
}

describe('Sanitizer: Trusted Types sinks', () => {
  // The sanitizer leaves out DOMPurify's per-attribute Trusted Types question (see purifyWindow in
  // src/render/sanitize.ts): that is only sound while no allowed attribute is a sink anywhere.
  it('allows no attribute that Trusted Types treats as a sink, on any allowed element', () => {
    const tt = (window as unknown as { trustedTypes: { getAttributeType(tag: string, attr: string): string | null } }).trustedTypes;
    const sinks: string[] = [];
    for (const tag of [...ALLOWED_TAGS, 'body'])
      for (const attr of ALLOWED_ATTRIBUTES) if (tt.getAttributeType(tag, attr) !== null) sinks.push(`${tag}[${attr}]`);
    expect(sinks).to.deep.equal([]);
    // The check itself can fail: these are sinks.
    expect(tt.getAttributeType('iframe', 'srcdoc')).to.equal('TrustedHTML');
    expect(tt.getAttributeType('div', 'onclick')).to.equal('TrustedScript');
  });
});
