/**
 * Direction controls in code (Trojan Source): the raw view says so in a
 * notice and shows every control as a marker, so no line can reorder on
 * screen; tokens stay right around the markers; copying, select-all and
 * Download keep the original characters.
 */
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { en } from '../../../src/i18n/en.js';
import { ru } from '../../../src/i18n/ru.js';
import { TOKEN_CLASS_PREFIX } from '../../../src/render/highlight/index.js';
import type { QaFilePreview } from '../../../src/elements/file-preview/file-preview.js';
import { trojanSourceFile } from '../../../stories/preview.stories.js';
import { axeViolations, cleanup, clickDownload, copyFrom, mountStory, nextRendered, root, unmarked, waitFor } from './helpers.js';

const CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;
const lines = trojanSourceFile.split('\n');

function row(el: QaFilePreview, line: number): HTMLElement {
  const r = root(el).querySelector<HTMLElement>(`.ln[data-n="${line}"]`);
  if (!r) throw new Error(`no row ${line}`);
  return r;
}

/** The text node and offset at `col` of a row's visible text. */
function pointAt(r: HTMLElement, col: number): [Node, number] {
  const walker = document.createTreeWalker(r, NodeFilter.SHOW_TEXT);
  let left = col;
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const len = n.textContent!.length;
    if (left <= len) return [n, left];
    left -= len;
  }
  throw new Error('beyond the row');
}

const notices = (el: QaFilePreview) => [...root(el).querySelectorAll('[part="notice"]')].map((n) => n.textContent!.trim());

describe('<qa-file-preview> direction controls in code', function () {
  afterEach(cleanup);

  it('shows a notice and a marker for every control, so no row holds one', async () => {
    const el = mountStory('code-bidi');
    await nextRendered(el);
    expect(notices(el)).to.deep.equal([en.bidiWarning]);
    const rows = [...root(el).querySelectorAll<HTMLElement>('.ln')];
    expect(rows.length).to.equal(lines.length - 1);
    for (const r of rows) expect(r.textContent, `row ${r.dataset.n}`).to.not.match(CONTROLS);
    const markers = [...root(el).querySelectorAll<HTMLElement>('.ln .bidi')];
    expect(markers.map((m) => m.textContent)).to.deep.equal(
      [...trojanSourceFile.matchAll(CONTROLS)].map((m) => `⟦U+${m[0].charCodeAt(0).toString(16).toUpperCase()}⟧`),
    );
    expect(markers.every((m) => m.title === en.bidiWarning)).to.equal(true);
    for (const r of rows) expect(unmarked(r)).to.equal(lines[Number(r.dataset.n) - 1]);
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it("says it in the reader's language", async () => {
    const el = mountStory('code-bidi', 'ru');
    await nextRendered(el);
    expect(notices(el)).to.deep.equal([ru.bidiWarning]);
    expect(root(el).querySelector<HTMLElement>('.bidi')!.title).to.equal(ru.bidiWarning);
  });

  it('keeps the tokens right around the markers', async () => {
    const el = mountStory('code-bidi');
    await nextRendered(el);
    // Line 4 is one comment from end to end: every piece of it, on both sides of the markers, has the comment colour.
    const comment = await waitFor(() => row(el, 4).querySelector(`[class^="${TOKEN_CLASS_PREFIX}"]`), 'coloured line 4');
    const cls = comment.className;
    for (const node of row(el, 4).childNodes) {
      if (node.nodeType === Node.TEXT_NODE) expect((node as Text).data.trim(), 'no plain text in a comment').to.equal('');
      else expect((node as HTMLElement).className, (node as HTMLElement).textContent!).to.equal(cls);
    }
    // Line 7's string runs to its last quote, markers and all: it does not end where the screen would suggest.
    const r7 = row(el, 7);
    const stringSpan = [...r7.querySelectorAll<HTMLElement>(`[class^="${TOKEN_CLASS_PREFIX}"]`)].find((s) => s.textContent!.startsWith('"guest'))!;
    expect(stringSpan.querySelector('.bidi')).to.not.equal(null);
    expect(unmarked(stringSpan)).to.equal('"guest\u202E \u2066// keep the role as sent\u2069 \u2066"');
    expect(unmarked(r7)).to.equal(lines[6]);
    // Markers look like markers, not like the token they sit in.
    const marker = stringSpan.querySelector<HTMLElement>('.bidi')!;
    expect(getComputedStyle(marker).color).to.not.equal(getComputedStyle(stringSpan).color);
  });

  it('copies the original characters, also from a selection that starts or ends next to a marker', async () => {
    const el = mountStory('code-bidi');
    await nextRendered(el);
    const sel = document.getSelection()!;
    const from = row(el, 4);
    const to = row(el, 7);
    sel.setBaseAndExtent(from, 0, to, to.childNodes.length);
    expect(copyFrom(from)).to.equal(lines.slice(3, 7).join('\n'));
    // From just after the first marker of line 4 (`  /*⟦U+202E⟧|`) to the end of line 6.
    const marker = from.querySelector('.bidi')!;
    const r6 = row(el, 6);
    sel.setBaseAndExtent(marker.parentNode!, [...marker.parentNode!.childNodes].indexOf(marker) + 1, r6, r6.childNodes.length);
    expect(copyFrom(from)).to.equal([lines[3]!.slice(5), lines[4], lines[5]].join('\n'));
    // A selection ending inside a marker stops before the character it stands for.
    const [a, ao] = pointAt(from, 2);
    const inside = marker.firstChild!;
    sel.setBaseAndExtent(a, ao, inside, 3);
    expect(copyFrom(from)).to.equal('/*');
  });

  it('selects and copies the whole file, controls included, with Ctrl+A', async () => {
    const el = mountStory('code-bidi');
    await nextRendered(el);
    root(el).querySelector<HTMLElement>('.raw')!.focus();
    await sendKeys({ down: 'Control' });
    await sendKeys({ press: 'a' });
    await sendKeys({ up: 'Control' });
    expect(copyFrom(root(el).querySelector('.raw')!)).to.equal(trojanSourceFile.replace(/\n$/, ''));
  });

  it('downloads the original characters', async () => {
    const el = mountStory('code-bidi');
    await nextRendered(el);
    const a = clickDownload(el);
    expect(a).to.not.equal(null);
    expect(await (await fetch(a!.href)).text()).to.equal(trojanSourceFile);
  });

  it('shows neither notice nor markers for code without controls', async () => {
    const el = mountStory('code-raw');
    await nextRendered(el);
    expect(notices(el)).to.deep.equal([]);
    expect(root(el).querySelector('.bidi')).to.equal(null);
  });
});
