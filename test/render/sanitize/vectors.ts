/**
 * Hostile Markdown, one vector per known way in: each must render without
 * running anything and leave nothing dangerous (xss.test.ts), and both
 * sanitizer engines must make the same DOM of it (engines.test.ts).
 */

declare global {
  interface Window {
    __qaPwned?: unknown;
  }
}

const P = 'window.__qaPwned=1';
const JS = 'javascript:window.__qaPwned=1';

export const VECTORS: Array<[string, string]> = [
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
