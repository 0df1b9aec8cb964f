import { expect } from 'chai';
import { assertSanitized } from './assert-sanitized.js';
import { ID_PREFIX, render } from '../markdown/fixture.js';
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS } from '../../../src/render/sanitize.js';
import { mayReorder } from '../../../src/render/markdown/decorate.js';

declare global {
  interface Window {
    __qaPwned?: unknown;
  }
}

const P = 'window.__qaPwned=1';
const JS = 'javascript:window.__qaPwned=1';

/** Hostile Markdown: each must render without running anything and leave nothing dangerous. */
const VECTORS: Array<[string, string]> = [
  ['script tag', `<script>${P}</script>`],
  ['script in paragraph', `text <script>${P}</script> more`],
  ['img onerror', `<img src=x onerror="${P}">`],
  ['svg onload', `<svg onload="${P}"><circle r=5 /></svg>`],
  ['svg script', `<svg><script>${P}</script></svg>`],
  ['svg animate href', `<svg><a><animate attributeName=href values="${JS}" /><text y=20>x</text></a></svg>`],
  ['svg use data', `<svg><use href="data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='1' onerror='${P}'/></svg>#x"/></svg>`],
  ['mathml link', `<math><mtext><a href="${JS}">x</a></mtext></math>`],
  ['mathml mglyph mXSS', `<math><mtext><table><mglyph><style><img src=x onerror="${P}">`],
  ['noscript mXSS', `<noscript><p title="</noscript><img src=x onerror=${P}>">`],
  ['form mXSS', `<form><math><mtext></form><form><mglyph><svg><mtext><style><path id="</style><img onerror=${P} src>">`],
  ['textarea breakout', `<textarea></textarea><img src=x onerror="${P}">`],
  ['iframe srcdoc', `<iframe srcdoc="<script>parent.${P}</script>"></iframe>`],
  ['iframe javascript', `<iframe src="${JS}"></iframe>`],
  ['object data', `<object data="${JS}"></object>`],
  ['embed', `<embed src="data:text/html,<script>parent.${P}</script>">`],
  ['form action', `<form action="${JS}"><button>go</button><input name=x></form>`],
  ['button formaction', `<button formaction="${JS}">x</button>`],
  ['meta refresh', `<meta http-equiv="refresh" content="0;url=${JS}">`],
  ['base href', `<base href="javascript:/">[rel](x.md)`],
  ['link import', `<link rel=stylesheet href="data:text/css,*{}"><link rel=preload href="https://evil.example/x">`],
  ['style tag', `<style>@import 'https://evil.example/x.css'; body{background:url(${JS})}</style>`],
  ['style attribute', `<p style="background:url(${JS});position:fixed;inset:0">cover</p>`],
  ['template', `<template><img src=x onerror="${P}"></template>`],
  ['raw a javascript', `<a href="${JS}">click</a>`],
  ['raw a entity javascript', `<a href="&#106;avascript:${P}">click</a>`],
  ['raw a hex entity colon', `<a href="javascript&#x3A;${P}">click</a>`],
  ['raw a tab in scheme', `<a href="jav&#x09;ascript:${P}">click</a>`],
  ['raw a newline in scheme', `<a href="jav&#x0A;ascript:${P}">click</a>`],
  ['raw a leading control chars', `<a href="&#x01;&#x02; javascript:${P}">click</a>`],
  ['raw a vbscript', `<a href="vbscript:msgbox(1)">click</a>`],
  ['raw a data html', `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>`],
  ['markdown link javascript', `[click](${JS})`],
  ['markdown link entity', `[click](&#106;avascript:${P})`],
  ['markdown link encoded', `[click](javascript%3A${P})`],
  ['markdown link uppercase', `[click](JAVASCRIPT:${P})`],
  ['markdown image javascript', `![x](${JS})`],
  ['markdown image data svg', `![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)`],
  ['markdown reference link', `[click][r]\n\n[r]: ${JS}`],
  ['autolink javascript', `<${JS}>`],
  ['autolink data', `<data:text/html,<script>${P}</script>>`],
  ['event handler on allowed tag', `<details open ontoggle="${P}"><summary>x</summary></details>`],
  ['onfocus autofocus', `<div tabindex=1 autofocus onfocus="${P}">x</div>`],
  ['dom clobbering id', `<img id="__qaPwned" name="__qaPwned"><a id="location" href="#">x</a><form id="document"></form>`],
  ['dom clobbering name', `<a name="alert">x</a><a name="getElementById">y</a>`],
  ['kit attribute forgery', `<span data-qa-kit="x task checked">f</span><p data-qa-line="1-9" data-qa-link="external">p</p>`],
  ['html comment breakout', `<!-- --!><img src=x onerror="${P}"> -->`],
  ['cdata in html', `<![CDATA[><img src=x onerror="${P}">]]>`],
  ['nested quotes attr', `<a title='"><img src=x onerror=${P}>' href="#">x</a>`],
  ['fence with script', '```html\n<script>' + P + '</script>\n```'],
  ['mermaid click', '```mermaid\ngraph TD; A-->B; click A call ' + P + '\n```'],
  ['inline code html', '`<img src=x onerror="' + P + '">`'],
  ['footnote with html', `x[^a]\n\n[^a]: <img src=x onerror="${P}">`],
  ['alert title html', `> [!NOTE] <img src=x onerror="${P}">\n> body`],
  ['front matter html', `---\ntitle: <img src=x onerror="${P}">\n---\n`],
  ['heading id injection', `# x" onmouseover="${P}`],
  ['picture srcset', `<picture><source srcset="https://evil.example/t.png"><img src="https://evil.example/t.png"></picture>`],
  ['video poster', `<video poster="https://evil.example/p.png" src=x onerror="${P}"></video>`],
  ['shadowroot template', `<div><template shadowrootmode="open"><img src=x onerror="${P}"></template></div>`],
  ['isindex and keygen', `<isindex action="${JS}"><keygen autofocus onfocus="${P}">`],
  ['bidi spoofed link text', `[https://good.example](https://evil.example/)`],
];

const SWALLOWING = new Set(['mathml mglyph mXSS', 'form mXSS']);

describe('Markdown rendering: hostile documents', () => {
  let dialogs = 0;
  const originalAlert = window.alert;
  before(() => {
    window.alert = () => {
      dialogs++;
      window.__qaPwned = 'alert';
    };
  });
  after(() => {
    window.alert = originalAlert;
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
    for (const markup of ['a\u202Eb', 'a\u2069', '&#x202a;', '&#X202E', '&#x0202e;', '&#8234;', '&#08297;']) expect(mayReorder(markup), markup).to.equal(true);
  });
});

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
