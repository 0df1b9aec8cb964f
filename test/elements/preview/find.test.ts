/** <qa-file-preview>: find in the file (Ctrl/Cmd+F, the header button), in Raw and Rendered, marked with the CSS Custom Highlight API. */
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import type { QaFilePreview } from '../../../src/elements/file-preview/file-preview.js';
import { FIND_CURRENT_HIGHLIGHT, FIND_HIGHLIGHT } from '../../../src/elements/file-preview/find-marks.js';
import { findPart, type FindModule } from '../../../src/elements/file-preview/lazy-parts.js';
import { lazyModule } from '../../../src/render/lazy.js';
import { sampleGuide, sampleTs } from '../../../stories/fixtures/preview-files.js';
import { bigCode } from '../../../stories/preview.stories.js';
import { axeViolations, cleanup, copyFrom, deepActive, mountStory, nextRendered, nextRenderedAs, press, q, root, waitFor } from './helpers.js';

const highlight = (name: string) => CSS.highlights.get(name);
const marks = () => highlight(FIND_HIGHLIGHT)?.size ?? 0;
const currentRange = (): AbstractRange | null => {
  const h = highlight(FIND_CURRENT_HIGHLIGHT);
  return h && h.size ? ([...h][0] as AbstractRange) : null;
};
function textOf(r: AbstractRange): string {
  const range = new Range();
  range.setStart(r.startContainer, r.startOffset);
  range.setEnd(r.endContainer, r.endOffset);
  return range.toString();
}
const status = (el: QaFilePreview) => root(el).querySelector('.find-status')?.textContent?.trim() ?? '';

/** Presses a key with modifiers (`Control+f`): the modifiers held down around it. */
/** Opens a story scrolled to its top line (the find starts from where the reader is). */
async function atTop(el: QaFilePreview): Promise<HTMLElement> {
  await nextRendered(el);
  const raw = q(el, '.raw');
  raw.scrollTop = 0;
  await waitFor(() => root(el).querySelector('.ln[data-n="1"]'), 'row 1');
  return raw;
}
const count = (text: string, word: string) => text.toLowerCase().split(word.toLowerCase()).length - 1;

describe('<qa-file-preview> find', function () {
  afterEach(() => cleanup());

  it('Ctrl+F in Raw opens the bar, counts every match in the file, Enter / Shift+Enter step, Escape closes and gives focus back', async () => {
    const el = mountStory('code-raw');
    const raw = await atTop(el);
    raw.focus();
    await press('Control+f');
    await waitFor(() => root(el).querySelector('.find-bar'), 'find bar');
    await waitFor(() => deepActive() === q(el, '.find-input'), 'focus in the field');
    await sendKeys({ type: 'delay' });
    const total = count(sampleTs, 'delay');
    expect(total).to.be.greaterThan(3);
    await waitFor(() => status(el) === `1 of ${total}`, `1 of ${total} (now ${status(el)})`);
    expect(textOf(currentRange()!).toLowerCase()).to.equal('delay');
    // Every match on screen is marked, the current one apart.
    expect(marks()).to.be.greaterThan(0);
    await sendKeys({ press: 'Enter' });
    expect(status(el)).to.equal(`2 of ${total}`);
    await press('Shift+Enter');
    await press('Shift+Enter');
    expect(status(el)).to.equal(`${total} of ${total}`);
    await sendKeys({ press: 'Enter' });
    expect(status(el)).to.equal(`1 of ${total}`);
    expect(await axeViolations(el)).to.deep.equal([]);
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(root(el).querySelector('.find-bar')).to.equal(null);
    expect(marks()).to.equal(0);
    expect(currentRange()).to.equal(null);
    await waitFor(() => deepActive() === raw, 'focus back in the raw view');
    // The preview stays open: this Escape closed the bar only.
  });

  it('marks matches without touching the DOM: rows keep their tokens and copy gives the text', async () => {
    const el = mountStory('code-raw');
    await atTop(el);
    const row = await waitFor(
      () => root(el).querySelector<HTMLElement>('.ln[data-n="1"] span') && root(el).querySelector<HTMLElement>('.ln[data-n="1"]'),
      'row 1 coloured',
    );
    const before = row.innerHTML;
    el.openFind('retry');
    await waitFor(() => marks() + (currentRange() ? 1 : 0) > 0, 'marks');
    expect(row.innerHTML).to.equal(before);
    const sel = getSelection()!;
    sel.setBaseAndExtent(row, 0, row, row.childNodes.length);
    expect(copyFrom(row)).to.equal(sampleTs.split('\n')[0]);
    sel.removeAllRanges();
  });

  it('finds matches in lines far outside the DOM and scrolls the virtualized view to them', async () => {
    const el = mountStory('big-code');
    await nextRendered(el);
    const text = bigCode();
    const all = text.split('\n');
    const at = all.findIndex((l, i) => i >= 45_000 && /step\d+\(/.test(l));
    const query = /step\d+\(/.exec(all[at]!)![0];
    const line = at + 1;
    expect(text.split(query).length - 1).to.equal(1);
    expect(line).to.be.greaterThan(40_000);
    expect(root(el).querySelector(`.ln[data-n="${line}"]`)).to.equal(null);
    el.openFind();
    await waitFor(() => deepActive() === root(el).querySelector('.find-input'), 'field focused');
    await sendKeys({ type: query });
    await waitFor(() => status(el) === '1 of 1', `1 of 1 (now ${status(el)})`);
    const row = await waitFor(() => root(el).querySelector<HTMLElement>(`.ln[data-n="${line}"]`), `row ${line}`);
    const cur = currentRange()!;
    expect(row.contains(cur.startContainer)).to.equal(true);
    expect(textOf(cur)).to.equal(query);
    const box = q(el, '.raw').getBoundingClientRect();
    const r = row.getBoundingClientRect();
    expect(r.top >= box.top && r.bottom <= box.bottom).to.equal(true);
  });

  it('counts 100,000 matches in slices; Shift+Enter from the first goes to the last', async () => {
    const el = mountStory('big-code');
    await nextRendered(el);
    const text = bigCode();
    const total = text.split('e').length - 1;
    expect(total).to.be.greaterThanOrEqual(100_000);
    el.openFind('e');
    // The current match is the first one where the reader is (the range at line 40,000), not the file's first.
    await waitFor(() => status(el).endsWith(` of ${total.toLocaleString('en')}`), `all counted (now ${status(el)})`);
    const first = currentRange()!.startContainer.parentElement!.closest<HTMLElement>('.ln')!;
    expect(Number(first.dataset.n)).to.be.within(39_990, 40_001);
    // From the file's first match (the view at the top), Shift+Enter wraps to the last.
    q(el, '.raw').scrollTop = 0;
    await waitFor(() => root(el).querySelector('.ln[data-n="1"]'), 'top');
    el.openFind('ee');
    el.openFind('e');
    await waitFor(() => status(el) === `1 of ${total.toLocaleString('en')}`, `from the top (now ${status(el)})`);
    expect(status(el)).to.equal(`1 of ${total.toLocaleString('en')}`);
    await press('Shift+Enter');
    expect(status(el)).to.equal(`${total.toLocaleString('en')} of ${total.toLocaleString('en')}`);
    const row = currentRange()!.startContainer.parentElement!.closest<HTMLElement>('.ln')!;
    expect(Number(row.dataset.n)).to.be.greaterThan(49_000);
    // The overview ruler marks where the matches are, in a bounded number of marks.
    const ruler = q(el, '.raw-ruler');
    await waitFor(() => ruler.querySelector('.mark.match'), 'ruler marks');
    expect(ruler.childElementCount).to.be.lessThan(300);
  });

  it('match case and whole word: buttons and Alt+C / Alt+W narrow the count', async () => {
    const el = mountStory('code-raw');
    await atTop(el);
    el.openFind('Retry');
    const any = count(sampleTs, 'retry');
    await waitFor(() => status(el).endsWith(`of ${any}`), `case folded (now ${status(el)})`);
    const cased = sampleTs.split('Retry').length - 1;
    const caseButton = q<HTMLButtonElement>(el, 'button[aria-label="Match case"]');
    caseButton.click();
    await el.updateComplete;
    expect(caseButton.getAttribute('aria-pressed')).to.equal('true');
    await waitFor(() => status(el).endsWith(`of ${cased}`), `case-sensitive (now ${status(el)})`);
    expect(cased).to.be.lessThan(any);
    q<HTMLInputElement>(el, '.find-input').focus();
    await press('Alt+c');
    await el.updateComplete;
    expect(caseButton.getAttribute('aria-pressed')).to.equal('false');
    const words = sampleTs.match(/(?<![\p{L}\p{N}\p{M}_])retry(?![\p{L}\p{N}\p{M}_])/giu)?.length ?? 0;
    await press('Alt+w');
    await el.updateComplete;
    expect(q(el, 'button[aria-label="Whole word"]').getAttribute('aria-pressed')).to.equal('true');
    await waitFor(() => (words ? status(el).endsWith(`of ${words}`) : status(el) === 'No results'), `whole word (now ${status(el)})`);
    expect(words).to.be.lessThan(any);
  });

  it('no match: says so, marks nothing, axe clean (story find-no-match)', async () => {
    const el = mountStory('find-no-match');
    await nextRendered(el);
    await waitFor(() => root(el).querySelector('.find-status')?.textContent?.trim() === 'No results', 'no results');
    expect(q(el, '.find-field').dataset.none).to.equal('true');
    expect(marks()).to.equal(0);
    expect(q<HTMLButtonElement>(el, 'button[aria-label="Next match"]').disabled).to.equal(true);
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('the header button opens the bar and says it is open; the bar in Russian', async () => {
    const el = mountStory('code-raw', 'ru');
    await nextRendered(el);
    const button = q<HTMLButtonElement>(el, 'button[aria-label="Найти в файле"]');
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    button.focus();
    button.click();
    await waitFor(() => root(el).querySelector('.find-bar'), 'bar');
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    await waitFor(() => deepActive() === q(el, '.find-input'), 'field focused');
    await sendKeys({ type: 'delay' });
    await waitFor(() => /^\d+ из \d+$/.test(status(el)), `Russian count (now ${status(el)})`);
    expect(await axeViolations(el)).to.deep.equal([]);
    // The close button closes the bar and gives focus back to the header button.
    q<HTMLButtonElement>(el, 'button[aria-label="Закрыть поиск"]').click();
    await waitFor(() => !root(el).querySelector('.find-bar'), 'closed');
    await waitFor(() => deepActive() === button, 'focus on the find button');
  });

  it('Rendered: finds in the rendered text and scrolls the match into view', async () => {
    const el = mountStory('markdown-rendered');
    await nextRenderedAs(el, 'rendered');
    const md = q(el, '.qa-markdown');
    const word = 'retried';
    const inText = count(md.textContent ?? '', word);
    expect(inText).to.be.greaterThan(0);
    q(el, '.md-scroll').scrollTop = 0;
    q(el, '.md-scroll').focus();
    await press('Control+f');
    await waitFor(() => deepActive() === q(el, '.find-input'), 'field focused');
    await sendKeys({ type: word });
    await waitFor(() => status(el) === `1 of ${inText}`, `counted (now ${status(el)})`);
    const cur = currentRange()!;
    expect(md.contains(cur.startContainer)).to.equal(true);
    expect(textOf(cur).toLowerCase()).to.equal(word.toLowerCase());
    await press('Shift+Enter');
    const last = currentRange()!;
    const r = new Range();
    r.setStart(last.startContainer, last.startOffset);
    r.setEnd(last.endContainer, last.endOffset);
    const box = q(el, '.md-scroll').getBoundingClientRect();
    const rect = r.getBoundingClientRect();
    expect(rect.top >= box.top && rect.bottom <= box.bottom, `match at ${rect.top}–${rect.bottom}, view ${box.top}–${box.bottom}`).to.equal(true);
    expect(await axeViolations(el, { authoredDocument: true })).to.deep.equal([]);
    // Text of two blocks never forms one match: the heading's end and the next paragraph's start.
    el.openFind('policyOutgoing');
    await waitFor(() => status(el) === 'No results', `no match across blocks (now ${status(el)})`);
  });

  it('switching Rendered → Raw while the bar is open searches the file source instead', async () => {
    const el = mountStory('markdown-rendered');
    await nextRenderedAs(el, 'rendered');
    // Link syntax is in the source only.
    el.openFind('](');
    await waitFor(() => status(el) === 'No results', `nothing in the rendered text (now ${status(el)})`);
    q<HTMLButtonElement>(el, '[data-mode="raw"]').click();
    const inSource = count(sampleGuide, '](');
    expect(inSource).to.be.greaterThan(2);
    await waitFor(() => status(el).endsWith(` of ${inSource}`), `raw count ${inSource} (now ${status(el)})`);
  });

  it("find's code missing: a notice where the bar goes, focus on Retry; Retry, once the code loads, opens the bar with the query", async () => {
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args.join(' '));
    try {
      const el = mountStory('find-unavailable');
      await nextRendered(el);
      const notice = await waitFor(() => root(el).querySelector<HTMLElement>('[part~="find"][role="alert"]'), 'the notice');
      expect(notice.textContent!.replace(/\s+/g, ' ').trim()).to.equal('Find could not be loaded. Check the connection and try again. Retry');
      expect(root(el).querySelector('.find-input')).to.equal(null);
      await waitFor(() => deepActive() === notice.querySelector('.retry'), 'focus on Retry');
      expect(warnings.filter((w) => w.startsWith('qa-sources-kit: could not load find'))).to.have.length(1);
      expect(await axeViolations(el)).to.deep.equal([]);
      // Enter on Retry: the code loads now (the story fails only once), and the bar opens with the query asked for.
      await sendKeys({ press: 'Enter' });
      await waitFor(() => !root(el).querySelector('[part~="find"][role="alert"]'), 'the notice gone');
      await waitFor(() => deepActive() === root(el).querySelector('.find-input'), 'focus in the field');
      const total = count(sampleTs, 'retry');
      await waitFor(() => status(el) === `1 of ${total}`, `1 of ${total} (now ${status(el)})`);
    } finally {
      console.warn = warn;
    }
  });

  it("Retry while an earlier load of find's code (begun while it could not be had) is still under way: that load fails, find tries again and opens", async () => {
    const warn = console.warn;
    console.warn = () => undefined;
    const real = { load: findPart.load, loaded: findPart.loaded };
    try {
      const el = mountStory('find-unavailable');
      await nextRendered(el);
      const notice = await waitFor(() => root(el).querySelector<HTMLElement>('[part~="find"][role="alert"]'), 'the notice');
      // Find's code as a lazy module whose first import (someone else's: the idle preload's, say) is under
      // way and will fail, though the code can be had again; its later imports are real.
      let fail!: (e: Error) => void;
      let imports = 0;
      const part = lazyModule(() => (++imports === 1 ? new Promise<FindModule>((_, reject) => (fail = reject)) : real.load()));
      Object.assign(findPart, { load: part.load, loaded: part.loaded });
      part.load().catch(() => undefined);
      notice.querySelector<HTMLButtonElement>('.retry')!.click();
      fail(new Error('find-bar.js: 404 (an attempt made before Retry)'));
      await waitFor(() => !root(el).querySelector('[part~="find"][role="alert"]'), 'the notice gone');
      await waitFor(() => deepActive() === root(el).querySelector('.find-input'), 'focus in the field');
      const total = count(sampleTs, 'retry');
      await waitFor(() => status(el) === `1 of ${total}`, `1 of ${total} (now ${status(el)})`);
    } finally {
      Object.assign(findPart, real);
      console.warn = warn;
    }
  });
});
