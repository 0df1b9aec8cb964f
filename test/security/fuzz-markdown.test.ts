/**
 * Fuzzing Markdown rendering (fast-check, seeded): arbitrary text mixed with
 * fragments of known attack vectors never yields a script, an event-handler
 * attribute, a `javascript:`/`vbscript:`/`data:text/html` URL, a `style`
 * attribute or an element outside the sanitizer's allowlist (plus the kit's
 * own icons and task checkboxes), and nothing runs. Thousands of runs go
 * through the renderer's per-chunk pipeline (parse → DOMPurify → link and
 * image policy, inserted into the page); fewer through the whole progressive
 * `renderMarkdown`.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { renderChunks } from '../../src/render/markdown/render-chunks.js';
import { acceptWorkspaceLink, decorate, refuseWorkspaceLink, type DecorateContext } from '../../src/render/markdown/decorate.js';
import { renderMarkdown } from '../../src/render/markdown/index.js';
import { ALLOWED_TAGS, newFindings, sanitizeToFragment } from '../../src/render/sanitize.js';
import { findSanitizeProblems } from '../render/sanitize/assert-sanitized.js';
import { mount } from '../render/markdown/fixture.js';
import { markdownArb } from './fuzz/arbitraries.js';
import { checkProperty, fuzzTimeout } from './fuzz/harness.js';

declare global {
  interface Window {
    __qaPwned?: unknown;
  }
}

const ID_PREFIX = 'fz-';
/** Elements a rendered document may hold: the sanitizer's allowlist, plus the kit's icons and task checkboxes (checked in detail by `findSanitizeProblems`). */
const ALLOWED = new Set([...ALLOWED_TAGS, 'svg', 'path', 'input']);
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'srcset', 'poster', 'background', 'cite', 'data', 'ping', 'longdesc']);
const FORBIDDEN_URL = /^(?:javascript:|vbscript:|data:text\/html)/i;
// What a browser ignores inside a URL's scheme.
const URL_NOISE = /[\u0000-\u0020\u007F-\u009F\u00AD\u200B-\u200F\u2028\u2029\u202A-\u202E\u2060-\u2069\uFEFF]/g;

/** Everything wrong with a rendered document (empty when it is safe). */
function unsafeParts(root: Element): string[] {
  const out = findSanitizeProblems(root, { idPrefix: ID_PREFIX });
  for (const el of root.querySelectorAll('*')) {
    if (!ALLOWED.has(el.localName)) out.push(`element <${el.localName}> outside the allowlist`);
    for (const name of el.getAttributeNames()) {
      const lc = name.toLowerCase();
      if (lc.startsWith('on')) out.push(`event handler ${lc}`);
      if (lc === 'style') out.push(`style attribute on <${el.localName}>`);
      if (URL_ATTRIBUTES.has(lc) && FORBIDDEN_URL.test((el.getAttribute(name) ?? '').replace(URL_NOISE, ''))) out.push(`${lc}=${el.getAttribute(name)}`);
    }
  }
  return out;
}

describe('fuzz: Markdown rendering of hostile text', () => {
  let dialogs = 0;
  const originalAlert = window.alert;
  const host = mount();
  before(() => {
    window.alert = () => {
      dialogs += 1;
    };
    delete window.__qaPwned;
  });
  after(async () => {
    // Handlers that would run on load or error get their chance first.
    await new Promise((r) => setTimeout(r, 100));
    window.alert = originalAlert;
    host.remove();
    expect(window.__qaPwned, 'a payload ran').to.equal(undefined);
    expect(dialogs, 'a dialog opened').to.equal(0);
  });

  it('the per-chunk pipeline never leaves anything unsafe in the page', async function () {
    this.timeout(await fuzzTimeout(240_000));
    await checkProperty(
      'markdown chunks',
      fc.property(markdownArb, fc.boolean(), fc.boolean(), (source, allowRemoteImages, acceptLinks) => {
        const nonce = Math.random().toString(16).slice(2);
        const ctx: DecorateContext = {
          path: 'docs/guide/readme.md',
          idPrefix: ID_PREFIX,
          nonce,
          locale: 'en',
          allowRemoteImages,
          pendingLinks: [],
          codeBlocks: [],
        };
        host.container.replaceChildren();
        for (const chunk of renderChunks(source, { nonce })) {
          const found = newFindings();
          const fragment = sanitizeToFragment(chunk.html, { idPrefix: ID_PREFIX, nonce, found });
          decorate(fragment, found, ctx);
          host.container.append(fragment);
        }
        for (const link of ctx.pendingLinks) {
          if (acceptLinks) acceptWorkspaceLink(link.el, link.path, link.fragment);
          else refuseWorkspaceLink(link.el, 'en');
        }
        const problems = unsafeParts(host.container);
        if (problems.length || window.__qaPwned !== undefined) throw new Error(`${problems.join('; ')} ${String(window.__qaPwned ?? '')}`);
      }),
      { runs: 2_000 },
    );
  });

  it('the whole progressive renderer never leaves anything unsafe in the page', async function () {
    this.timeout(await fuzzTimeout(240_000));
    await checkProperty(
      'renderMarkdown',
      fc.asyncProperty(fc.array(markdownArb, { minLength: 1, maxLength: 6 }), fc.boolean(), async (parts, allowRemoteImages) => {
        await renderMarkdown(host.container, parts.join('\n\n'), {
          path: 'docs/guide/readme.md',
          idPrefix: ID_PREFIX,
          allowRemoteImages,
          resolveLink: async (p) => (p.length % 2 ? p : null),
        });
        const problems = unsafeParts(host.container);
        if (problems.length || window.__qaPwned !== undefined) throw new Error(`${problems.join('; ')} ${String(window.__qaPwned ?? '')}`);
      }),
      { runs: 120, weight: 0.01 },
    );
  });
});
