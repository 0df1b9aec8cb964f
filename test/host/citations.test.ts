import { expect } from 'chai';
import MarkdownIt from 'markdown-it';
import { referencePayload } from '../../stories/fixtures/payloads.js';
import { CLAIM_HIGHLIGHT, citationsPlugin, claimRange, highlightCitations, linkCitations } from '../../src/citations.js';
import type { QaCitation } from '../../src/elements/citation/citation.js';
import { settle } from '../elements/shared/fixture.js';

const DOC = 'file:docs/User_Guide/EAM/Diagnostics/technicalDiagnosis.md';
const CODE = 'code:src/Eam/ActivitySectionTypeEnum.cs';
const JIRA = 'jira:MDC-24929';

const ANSWER = `Technical diagnosis starts from a recorded vibration state [[source:${DOC}#L197-L218]]. The section types are an enum [[source:${CODE}]].

- The history endpoint was fixed in MDC-24929 [[source:${JIRA}]].
- Thresholds follow the handbook [[source:${DOC}#L355-L371]] and the issue [[source:${JIRA}]].

Inline \`[[source:${DOC}]]\` code and a [link [[source:${DOC}]]](https://example.com) stay as they are.

\`\`\`
[[source:${CODE}]]
\`\`\`

An unknown one [[source:file:nowhere.md]] ends it.`;

let roots: HTMLElement[] = [];
function root(htmlText = ''): HTMLElement {
  const r = document.createElement('div');
  r.innerHTML = htmlText;
  document.body.append(r);
  roots.push(r);
  return r;
}

const md = new MarkdownIt();
const mdCite = new MarkdownIt().use(citationsPlugin);
const mdStream = new MarkdownIt().use(citationsPlugin, { streaming: true });

const chips = (r: Element) => [...r.querySelectorAll<QaCitation>('qa-citation')];
const numbers = (r: Element) => chips(r).map((c) => [c.getAttribute('source-id'), c.getAttribute('lines'), c.number]);

/** The DOM as a string, without the chips' shadow content (not in innerHTML) and with each chip's number. */
function snapshot(r: Element): string {
  return `${r.innerHTML}|${chips(r)
    .map((c) => c.number)
    .join(',')}`;
}

describe('linkCitations', () => {
  afterEach(() => {
    roots.forEach((r) => r.remove());
    roots = [];
  });

  it('replaces markers in text with chips, numbered by first appearance; code and links stay', async () => {
    const r = root(md.render(ANSWER));
    const links = linkCitations(r, { sources: referencePayload, complete: true });
    expect(numbers(r)).to.deep.equal([
      [DOC, '197-218', 1],
      [CODE, null, 2],
      [JIRA, null, 3],
      [DOC, '355-371', 1],
      [JIRA, null, 3],
      ['file:nowhere.md', null, 0],
    ]);
    expect(r.querySelector('code')!.textContent).to.equal(`[[source:${DOC}]]`);
    expect(r.querySelector('pre')!.textContent).to.contain(`[[source:${CODE}]]`);
    expect(r.querySelector('a')!.textContent).to.equal(`link [[source:${DOC}]]`);
    expect(r.textContent).to.not.contain(`[[source:${JIRA}`);
    expect([...links.index.numbers]).to.deep.equal([
      [DOC, 1],
      [CODE, 2],
      [JIRA, 3],
    ]);
    expect(links.index.unknown).to.deep.equal(['file:nowhere.md']);
    await settle(r);
    expect(chips(r)[0]!.shadowRoot!.querySelector('button')!.getAttribute('aria-label')).to.equal('Source 1: technicalDiagnosis.md, lines 197–218');
  });

  it('the markdown-it plugin makes the same chips', () => {
    const a = root(md.render(ANSWER));
    const b = root(mdCite.render(ANSWER));
    linkCitations(a, { sources: referencePayload, complete: true });
    linkCitations(b, { sources: referencePayload, complete: true });
    expect(numbers(b)).to.deep.equal(numbers(a));
    expect(b.querySelector('code')!.textContent).to.equal(`[[source:${DOC}]]`);
    expect(b.querySelector('a')!.querySelector('qa-citation')).to.equal(null);
  });

  it('the plugin writes ids as escaped attributes only', () => {
    const out = mdCite.render('x [[source:"><img src=x onerror=alert(1)>]] y');
    const r = root(out);
    expect(r.querySelector('img')).to.equal(null);
    expect(chips(r)[0]!.getAttribute('source-id')).to.equal('"><img src=x onerror=alert(1)>');
  });

  it('never turns answer text into HTML', () => {
    const r = root();
    const p = document.createElement('p');
    p.textContent = `<img src=x onerror="window.__qaPwned=1"> [[source:<b>x</b>]] &lt;i&gt; [[source:${DOC}]]`;
    r.append(p);
    linkCitations(r, { sources: referencePayload, complete: true });
    expect(r.querySelector('img, b, i')).to.equal(null);
    expect(chips(r).map((c) => c.sourceId)).to.deep.equal(['<b>x</b>', DOC]);
    expect(p.textContent).to.equal('<img src=x onerror="window.__qaPwned=1">  &lt;i&gt; ');
  });

  it('is idempotent', () => {
    const r = root(md.render(ANSWER));
    linkCitations(r, { sources: referencePayload, complete: true });
    const once = snapshot(r);
    for (let i = 0; i < 3; i++) linkCitations(r, { sources: referencePayload, complete: true });
    expect(snapshot(r)).to.equal(once);
  });

  it('puts the chips back when the host renders the answer again, and makes new ones only for new markers', async () => {
    const r = root(md.render(ANSWER));
    linkCitations(r, { sources: referencePayload, complete: true });
    const before = chips(r);
    const once = snapshot(r);
    await settle(before[0]!);
    const rendered = before[0]!.shadowRoot!.innerHTML;
    // The host renders the whole answer again (a streaming update), with one more citation at the end.
    r.innerHTML = md.render(`${ANSWER} More [[source:${CODE}]].`);
    linkCitations(r, { sources: referencePayload, complete: true });
    const after = chips(r);
    expect(after).to.have.length(before.length + 1);
    // Same source and lines in the same order: the same elements, with their rendering kept.
    expect(after.slice(0, before.length).every((c, i) => c === before[i])).to.equal(true);
    expect(before.includes(after[after.length - 1]!)).to.equal(false);
    expect(after[0]!.shadowRoot!.innerHTML).to.equal(rendered);
    // The DOM is what a first pass over the new answer makes.
    r.innerHTML = md.render(ANSWER);
    linkCitations(r, { sources: referencePayload, complete: true });
    expect(snapshot(r)).to.equal(once);
    const fresh = root(md.render(ANSWER));
    linkCitations(fresh, { sources: referencePayload, complete: true });
    expect(snapshot(fresh)).to.equal(once);
  });

  describe('streaming: 1,000 successive updates give the DOM of one final pass', function () {
    // A thousand renders of a growing answer: the work is fixed, its time is the machine's (both cores may be busy).
    const text = Array.from({ length: 8 }, () => ANSWER).join('\n\n');
    const cuts = Array.from({ length: 1000 }, (_, i) => Math.round(((i + 1) * text.length) / 1000));
    const finalDom = () => {
      const r = root(md.render(text));
      linkCitations(r, { sources: referencePayload });
      const s = snapshot(r);
      r.remove();
      return s;
    };

    it('re-rendered each time (innerHTML)', () => {
      const expected = finalDom();
      const r = root();
      for (const cut of cuts) {
        r.innerHTML = md.render(text.slice(0, cut));
        linkCitations(r, { sources: referencePayload });
        // Outside code (which shows what it holds), nothing of an incomplete marker shows.
        const prose = [...r.querySelectorAll<HTMLElement>('p, li')].map((e) => e.innerText).join('\n');
        expect(prose, `cut ${cut}`).to.not.match(/\[\[source:[^\]]*$/);
      }
      expect(snapshot(r)).to.equal(expected);
    });

    it('text appended node by node, markers split across nodes', () => {
      const plain = text.replace(/\n+/g, ' ');
      const r = root();
      const p = document.createElement('p');
      r.append(p);
      let prev = 0;
      for (const cut of cuts.map((c) => Math.min(c, plain.length))) {
        p.append(document.createTextNode(plain.slice(prev, cut)));
        prev = cut;
        linkCitations(r, { sources: referencePayload });
        // Nothing of a marker shows before it is complete.
        expect(p.innerText, `cut ${cut}`).to.not.match(/\[\[source:/);
      }
      const once = root(`<p></p>`);
      once.firstElementChild!.textContent = plain;
      linkCitations(once, { sources: referencePayload });
      expect(snapshot(r)).to.equal(snapshot(once));
    });

    it('one text node whose value the host sets again (as a framework does)', () => {
      const plain = text.replace(/\n+/g, ' ');
      const r = root('<p></p>');
      const node = document.createTextNode('');
      r.firstElementChild!.append(node);
      for (const cut of cuts) {
        node.data = plain.slice(0, cut);
        linkCitations(r, { sources: referencePayload });
      }
      const once = root('<p></p>');
      once.firstElementChild!.textContent = plain;
      linkCitations(once, { sources: referencePayload });
      expect(snapshot(r)).to.equal(snapshot(once));
    });

    it('observing by itself, with the markdown-it plugin in streaming mode', async () => {
      const r = root();
      const seen: number[] = [];
      const stop = linkCitations(r, { sources: referencePayload, observe: true, onChange: (i) => seen.push(i.cited.length) });
      for (const cut of cuts.filter((_, i) => i % 10 === 9)) {
        r.innerHTML = mdStream.render(text.slice(0, cut));
        await Promise.resolve();
        await Promise.resolve();
      }
      await new Promise((res) => setTimeout(res, 0));
      stop();
      const once = root(mdCite.render(text));
      linkCitations(once, { sources: referencePayload });
      expect(snapshot(r)).to.equal(snapshot(once));
      expect(seen[seen.length - 1]).to.equal(3);
      r.innerHTML = md.render(`again [[source:${DOC}]]`);
      await new Promise((res) => setTimeout(res, 0));
      expect(chips(r).length, 'disconnected: nothing linked any more').to.equal(0);
    });

    it('a marker still incomplete at the very end shows once the answer is complete', () => {
      const r = root('<p>Claim [[source:file:a.m</p>');
      linkCitations(r, {});
      expect(r.innerText.trim()).to.equal('Claim');
      linkCitations(r, { complete: true });
      expect(r.innerText).to.equal('Claim [[source:file:a.m');
      expect(r.querySelector('[data-qa-citation-pending]')).to.equal(null);
    });
  });

  describe('highlighting', () => {
    it('highlights the chips of one source and the claim each belongs to', async () => {
      const r = root(md.render(ANSWER));
      linkCitations(r, { sources: referencePayload, complete: true });
      const on = highlightCitations(r, JIRA);
      expect(on.length).to.equal(2);
      expect(chips(r).map((c) => c.highlighted)).to.deep.equal([false, false, true, false, true, false]);
      const claim = (c: Element) => claimRange(c, r)!.toString().replace(/\s+/g, ' ').trim();
      // A list item is the claim of its chips; in a paragraph, the sentence the chip ends (up to its full stop).
      expect(on.map(claim)).to.deep.equal(['The history endpoint was fixed in MDC-24929 .', 'Thresholds follow the handbook and the issue .']);
      expect(claim(chips(r)[1]!)).to.equal('The section types are an enum .');
      expect(claim(chips(r)[0]!)).to.equal('Technical diagnosis starts from a recorded vibration state .');
      const registry = (CSS as unknown as { highlights: Map<string, unknown> }).highlights;
      expect(registry.has(CLAIM_HIGHLIGHT)).to.equal(true);
      highlightCitations(r, null);
      expect(registry.has(CLAIM_HIGHLIGHT)).to.equal(false);
      expect(chips(r).some((c) => c.highlighted)).to.equal(false);
    });

    it('finds sentences in Chinese and Russian', () => {
      const r = root();
      r.innerHTML = `<p lang="zh">技术诊断从记录的振动状态开始。接口已修复[[source:${JIRA}]]。其他内容。</p><p lang="ru">Первое предложение. Второе утверждение[[source:${DOC}]]. Третье.</p>`;
      linkCitations(r, { sources: referencePayload, complete: true });
      const [zh, ru] = chips(r);
      expect(claimRange(zh!, r)!.toString()).to.equal('接口已修复。');
      expect(claimRange(ru!, r)!.toString()).to.equal('Второе утверждение.');
    });
  });
});
