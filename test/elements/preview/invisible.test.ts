/**
 * Invisible characters in code (zero-width space, BOM, soft hyphen, word
 * joiner, Hangul filler, tag characters): the raw view says so in a notice
 * and shows each one as a marker, exactly like direction controls, while the
 * joiners between emoji and the tags of a flag stay as they are; copying
 * keeps the original characters. File names show them as markers too.
 */
import { expect } from 'chai';
import { html } from 'lit';
import { en } from '../../../src/i18n/en.js';
import { ru } from '../../../src/i18n/ru.js';
import { zh } from '../../../src/i18n/zh.js';
import { createMemoryHost } from '../../../src/host/index.js';
import { INVISIBLE_CHARACTER } from '../../../src/model/text.js';
import { invisibleCharsFile } from '../../../stories/preview.stories.js';
import { axeViolations, cleanup, copyFrom, mount, mountStory, nextRendered, root, unmarked } from './helpers.js';
import type { QaFilePreview } from '../../../src/elements/file-preview/file-preview.js';

const lines = invisibleCharsFile.split('\n');
const notices = (el: QaFilePreview) => [...root(el).querySelectorAll('[part="notice"]')].map((n) => n.textContent!.trim());
const code = (c: string) => `⟦U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟧`;

describe('<qa-file-preview> invisible characters in code', function () {
  afterEach(cleanup);

  it('shows a notice and a marker for each invisible character; emoji joiners and flag tags stay', async () => {
    const el = mountStory('code-invisible');
    await nextRendered(el);
    expect(notices(el)).to.deep.equal([en.invisibleWarning]);
    const markers = [...root(el).querySelectorAll<HTMLElement>('.ln .bidi')];
    expect(markers.map((m) => m.textContent)).to.deep.equal(['\u200B', '\u200B', '\uFEFF', '\u00AD', '\u2060', '\u3164', '\u{E0041}', '\u{E0042}'].map(code));
    expect(markers.every((m) => m.title === en.invisibleWarning)).to.equal(true);
    const rows = [...root(el).querySelectorAll<HTMLElement>('.ln')];
    for (const r of rows) {
      // No invisible character is left in what the reader sees, and each row reads back as the line.
      expect(INVISIBLE_CHARACTER.test(r.textContent!), `row ${r.dataset.n}`).to.equal(false);
      expect(unmarked(r)).to.equal(lines[Number(r.dataset.n) - 1]);
    }
    // The family emoji keeps its joiners, the Scotland flag its tags.
    expect(rows[6]!.textContent).to.include('\u{1F468}\u200D\u{1F469}\u200D\u{1F467}');
    expect(rows[6]!.textContent).to.include('\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}');
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('copies the original characters, also across a tag character (two UTF-16 units)', async () => {
    const el = mountStory('code-invisible');
    await nextRendered(el);
    const sel = document.getSelection()!;
    const first = root(el).querySelector('.ln[data-n="3"]')!;
    const last = root(el).querySelector('.ln[data-n="6"]')!;
    sel.setBaseAndExtent(first, 0, last, last.childNodes.length);
    expect(copyFrom(first)).to.equal(lines.slice(2, 6).join('\n'));
    // From just after the second tag marker to the end of line 6: nothing (the closing quote and semicolon).
    const tag = [...last.querySelectorAll('.bidi')].at(-1)!;
    sel.setBaseAndExtent(tag.parentNode!, [...tag.parentNode!.childNodes].indexOf(tag) + 1, last, last.childNodes.length);
    expect(copyFrom(first)).to.equal('";');
  });

  it("says it in the reader's language", async () => {
    for (const [lang, terms] of [
      ['ru', ru],
      ['zh', zh],
    ] as const) {
      const el = mountStory('code-invisible', lang);
      await nextRendered(el);
      expect(notices(el)).to.deep.equal([terms.invisibleWarning]);
      expect(root(el).querySelector<HTMLElement>('.bidi')!.title).to.equal(terms.invisibleWarning);
      cleanup();
    }
  });

  it('file names show invisible characters as markers', async () => {
    const path = 'src/auth/ro\u200Bles\u{E0041}.js';
    const el = mount(html`<qa-file-preview .host=${createMemoryHost({ [path]: 'x\n' })} path=${path}></qa-file-preview>`);
    await nextRendered(el);
    const header = root(el).querySelector('[part="header"]')!.textContent!;
    expect(header).to.include(`ro${code('\u200B')}les${code('\u{E0041}')}.js`);
    expect(INVISIBLE_CHARACTER.test(header)).to.equal(false);
  });

  it('a line of 2,000 or 16,000 tag characters shows every one as a marker', async () => {
    // Their cost is the benchmark's to measure (speed targets never live in unit tests); here, that all are marked.
    for (const n of [2_000, 16_000]) {
      const text = `const a = "${'\u{E0041}'.repeat(n)}";\n`;
      const el = mount(html`<qa-file-preview .host=${createMemoryHost({ 'a.js': text })} path="a.js"></qa-file-preview>`);
      await nextRendered(el);
      expect(root(el).querySelectorAll('.ln .bidi').length).to.equal(n);
      cleanup();
    }
  });
});
