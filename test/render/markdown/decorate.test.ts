// Decoration of a sanitized chunk (src/render/markdown/decorate.ts): links by
// their classified target, blocked and allowed images, scrollable tables and
// code blocks, the kit's own nonce-marked elements, revealed direction
// overrides, and the pending workspace link accepted or refused later.
import { expect } from 'chai';
import { acceptWorkspaceLink, decorate, mayReorder, refuseWorkspaceLink, type DecorateContext } from '../../../src/render/markdown/decorate.js';
import { newFindings, sanitizeToFragment } from '../../../src/render/sanitize.js';

const NONCE = 'n0nce';

function context(extra: Partial<DecorateContext> = {}): DecorateContext {
  return { path: 'docs/guide.md', idPrefix: 'qa9-', nonce: NONCE, locale: 'en', allowRemoteImages: false, pendingLinks: [], codeBlocks: [], ...extra };
}

/** Sanitizes and decorates `html`; returns the chunk (in a div, for queries) and the context. */
function decorated(html: string, extra: Partial<DecorateContext> = {}): { root: HTMLElement; ctx: DecorateContext } {
  const ctx = context(extra);
  const found = newFindings();
  const fragment = sanitizeToFragment(html, { idPrefix: ctx.idPrefix, nonce: NONCE, found });
  decorate(fragment, found, ctx, mayReorder(html));
  const root = document.createElement('div');
  root.append(fragment);
  return { root, ctx };
}

describe('render/markdown/decorate', () => {
  describe('links', () => {
    it('an external link opens in a new tab, without referrer, marked and titled', () => {
      const a = decorated('<p><a href="https://example.com/x" onclick="x()" data-x="1">site</a></p>').root.querySelector('a')!;
      expect(a.getAttribute('href')).to.equal('https://example.com/x');
      expect([a.target, a.rel, a.referrerPolicy]).to.deep.equal(['_blank', 'noopener noreferrer', 'no-referrer']);
      expect(a.getAttribute('data-qa-link')).to.equal('external');
      expect(a.title).to.equal('opens in a new tab');
      expect(a.querySelector('.qa-external-icon[part="icon"][aria-hidden="true"]')).to.not.equal(null);
      expect(a.hasAttribute('onclick') || a.hasAttribute('data-x')).to.equal(false);
    });

    it('a document title on an external link stays', () => {
      expect(decorated('<a href="https://example.com/" title="Home">x</a>').root.querySelector('a')!.title).to.equal('Home');
    });

    it('a link text naming another host gets a chip with the real host', () => {
      const a = decorated('<a href="https://evil.example/">https://bank.example/</a>').root.querySelector('a')!;
      expect(a.querySelector('.qa-link-host')?.textContent).to.equal('evil.example');
    });

    it('an anchor link points at the prefixed id', () => {
      const a = decorated('<a href="#install">i</a>').root.querySelector('a')!;
      expect(a.getAttribute('href')).to.equal('#qa9-install');
      expect(a.getAttribute('data-qa-link')).to.equal('anchor');
      expect(a.getAttribute('data-qa-target')).to.equal('qa9-install');
    });

    it('a workspace link waits for the host as a placeholder that keeps its title', () => {
      const { root, ctx } = decorated('<a href="api.md#top" title="API" id="l1">api</a>');
      expect(root.querySelector('a')).to.equal(null);
      const span = root.querySelector<HTMLElement>('[data-qa-link="pending"]')!;
      expect(span.className).to.equal('qa-link-pending');
      expect([span.textContent, span.title]).to.deep.equal(['api', 'API']);
      expect(ctx.pendingLinks).to.have.length(1);
      expect(ctx.pendingLinks[0]).to.include({ el: span, path: 'docs/api.md', fragment: 'top' });
    });

    it('a refused URL becomes text that says so; an empty named anchor stays', () => {
      const { root } = decorated('<a href="javascript:alert(1)">bad</a><a id="here"></a>');
      const span = root.querySelector<HTMLElement>('[data-qa-link="unavailable"]')!;
      expect([span.textContent, span.title]).to.deep.equal(['bad', 'This link cannot be opened here.']);
      expect(root.querySelectorAll('a')).to.have.length(1);
      expect(root.querySelector('a')!.id).to.equal('qa9-here');
    });

    it('acceptWorkspaceLink and refuseWorkspaceLink settle a placeholder', () => {
      const { root, ctx } = decorated('<a href="a.md#s" title="T">one</a> <a href="b.md">two</a>');
      const [first, second] = ctx.pendingLinks;
      const a = acceptWorkspaceLink(first!.el, first!.path, first!.fragment);
      expect(a.isConnected || root.contains(a)).to.equal(true);
      expect([
        a.getAttribute('href'),
        a.getAttribute('data-qa-link'),
        a.getAttribute('data-qa-target'),
        a.getAttribute('data-qa-fragment'),
        a.title,
        a.textContent,
      ]).to.deep.equal(['docs/a.md#s', 'workspace', 'docs/a.md', 's', 'T', 'one']);
      refuseWorkspaceLink(second!.el, 'en');
      expect([second!.el.className, second!.el.getAttribute('data-qa-link'), second!.el.title]).to.deep.equal([
        'qa-link-unavailable',
        'unavailable',
        'This link cannot be opened here.',
      ]);
    });
  });

  describe('images', () => {
    it('a remote image is blocked by default: a placeholder with its alt text and host', () => {
      const { root } = decorated('<p><img src="https://cdn.example/a.png" alt="Chart"></p>');
      expect(root.querySelector('img')).to.equal(null);
      const box = root.querySelector<HTMLElement>('.qa-image')!;
      expect(box.getAttribute('data-qa-image')).to.equal('blocked-remote');
      expect(box.querySelector('.qa-image-alt')!.textContent).to.equal('Chart');
      expect(box.querySelector('.qa-image-source')!.textContent).to.equal('cdn.example');
      expect(box.querySelector('svg[part="icon"]')).to.not.equal(null);
    });

    it('allowed remote images load lazily without referrer; a local image names its file', () => {
      const { root } = decorated('<img src="https://cdn.example/a.png" alt="A" width="10" onerror="x()"><img src="img/b.png?v=1">', {
        allowRemoteImages: true,
      });
      const img = root.querySelector('img')!;
      expect([img.src, img.alt, img.getAttribute('width'), img.referrerPolicy, img.loading]).to.deep.equal([
        'https://cdn.example/a.png',
        'A',
        '10',
        'no-referrer',
        'lazy',
      ]);
      expect(img.hasAttribute('onerror')).to.equal(false);
      const local = root.querySelector<HTMLElement>('[data-qa-image="blocked-local"]')!;
      expect(local.querySelector('.qa-image-source')!.textContent).to.equal('b.png');
      expect(local.querySelector('.qa-image-alt')!.textContent).to.equal('Image not loaded');
    });

    it('a link holding only images is marked as such', () => {
      const { root } = decorated('<a href="https://example.com/"><img src="https://x.example/b.svg" alt="b"> <img src="https://x.example/c.svg" alt="c"></a>');
      expect(root.querySelector('a')!.classList.contains('qa-image-link')).to.equal(true);
      expect(
        decorated('<a href="https://example.com/"><img src="x.png" alt="b"> text</a>').root.querySelector('a')!.classList.contains('qa-image-link'),
      ).to.equal(false);
    });
  });

  describe('blocks', () => {
    it('outermost tables scroll in a focusable wrapper; nested ones stay', () => {
      const { root } = decorated('<table><tr><td><table><tr><td>in</td></tr></table></td></tr></table>');
      const wraps = root.querySelectorAll<HTMLElement>('div.qa-table');
      expect(wraps).to.have.length(1);
      expect(wraps[0]!.tabIndex).to.equal(0);
      expect(wraps[0]!.firstElementChild!.localName).to.equal('table');
    });

    it("code blocks are focusable; only the kit's own are queued for highlighting", () => {
      const { root, ctx } = decorated('<pre class="qa-code" data-lang="ts"><code>let a</code></pre><pre><code>plain</code></pre>');
      expect([...root.querySelectorAll('pre')].map((p) => p.tabIndex)).to.deep.equal([0, 0]);
      expect(ctx.codeBlocks.map((c) => c.textContent)).to.deep.equal(['let a']);
    });
  });

  describe('kit elements', () => {
    it("with the render's nonce: a task box, an alert title, labels", () => {
      const { root } = decorated(
        `<ul><li><span data-qa-kit="${NONCE} task checked"></span> ship it</li></ul>` +
          `<p data-qa-kit="${NONCE} alert-title warning"></p><p data-qa-kit="${NONCE} front-matter"></p>`,
      );
      const box = root.querySelector('input')!;
      expect([box.type, box.disabled, box.checked, box.getAttribute('aria-label')]).to.deep.equal(['checkbox', true, true, 'ship it']);
      const [alert, front] = [...root.querySelectorAll('p')];
      expect(alert!.textContent).to.equal('Warning');
      expect(alert!.querySelector('svg.qa-alert-icon')).to.not.equal(null);
      expect(front!.textContent).to.equal('Front matter');
      expect(root.querySelector('[data-qa-kit]')).to.equal(null);
    });

    it('without the nonce a document cannot make one', () => {
      const { root } = decorated('<ul><li><span data-qa-kit="guess task checked"></span> x</li></ul>');
      expect(root.querySelector('input')).to.equal(null);
      expect(root.querySelector('[data-qa-kit]')).to.equal(null);
    });
  });

  describe('direction overrides', () => {
    it('mayReorder finds them as characters and as character references only', () => {
      expect(mayReorder('plain <b>text</b> \u200f')).to.equal(false);
      for (const html of ['a\u202Eb', 'a&#x202e;b', 'a&#8238;b', 'a&#X2066;']) expect(mayReorder(html), html).to.equal(true);
      expect(mayReorder('&#x202e0;')).to.equal(false);
    });

    it('they are shown as markers instead of reordering the text', () => {
      const { root } = decorated('<p>abc\u202Edef</p>');
      const marker = root.querySelector<HTMLElement>('.qa-bidi')!;
      expect(marker.textContent).to.equal('⟦U+202E⟧');
      expect(root.textContent).to.equal('abc⟦U+202E⟧def');
    });
  });
});
