// Citations linked both ways, through the gallery's citation stories: the chips' numbers
// agree with the panel's cards and the footer's entries, pointing at a chip highlights its
// card and entry, pointing at a card highlights its chips and claims, and a chip opens the
// preview at its lines through connectSources.
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { citationStories } from '../../../stories/citation.stories.js';
import { connectSources, createSourcesStore, type QaPreviewLike } from '../../../src/index.js';
import type { QaCitation } from '../../../src/elements/citation/citation.js';
import type { QaSourcesPanel } from '../../../src/elements/sources-panel/sources-panel.js';
import type { QaSourceFooter } from '../../../src/elements/source-footer/source-footer.js';
import { referencePayload } from '../../../stories/fixtures/payloads.js';
import { deepActive, expectAxeClean, mount, settle, shadowOf, unmountAll } from '../shared/fixture.js';
import { until } from '../../wait.js';

const DOC = 'file:docs/User_Guide/EAM/Diagnostics/technicalDiagnosis.md';
const JIRA = 'jira:MDC-24929';

async function mountStory(id: string, locale = 'en') {
  const s = citationStories.stories.find((x) => x.id === id)!;
  const frame = await mount(s.render({ locale, debug: false }), { lang: locale });
  const panel = frame.querySelector<QaSourcesPanel>('qa-sources-panel')!;
  const footer = frame.querySelector<QaSourceFooter>('qa-source-footer')!;
  const answer = frame.querySelector<HTMLElement>('.story-cited-answer')!;
  await until(() => panel.citations !== null || id === 'streaming', 'the wiring');
  await settle(frame);
  return { frame, panel, footer, answer, chips: () => [...answer.querySelectorAll<QaCitation>('qa-citation')] };
}

/** The number a panel card or footer entry shows for a source (generated content), or ''. */
function shownNumber(el: QaSourcesPanel | QaSourceFooter, id: string): string {
  const root = shadowOf(el);
  const target =
    el.localName === 'qa-sources-panel'
      ? [...root.querySelectorAll<HTMLElement>('.card')].find(
          (c) =>
            c.querySelector('.title')?.getAttribute('title') === id.split('/').pop() ||
            c.dataset.key === (el as unknown as { keys: Map<string, string> }).keys.get(id),
        )
      : root.querySelector<HTMLElement>(`li[data-id="${CSS.escape(id)}"] > .entry`);
  if (!target) return '';
  const content = getComputedStyle(target, el.localName === 'qa-sources-panel' ? '::after' : '::before').content;
  return content === 'none' || content === 'normal' ? '' : content;
}

describe('citations linked both ways', () => {
  afterEach(unmountAll);

  it('chips, panel cards and footer entries show the same numbers', async () => {
    const { panel, footer, chips } = await mountStory('answer');
    const numbers = new Map(chips().map((c) => [c.sourceId, c.number]));
    expect([...numbers]).to.deep.equal([
      [DOC, 1],
      ['code:src/Eam/ActivitySectionTypeEnum.cs', 2],
      [JIRA, 3],
      ['web:https://www.iso.org/standard/66309.html', 4],
    ]);
    expect(panel.citations!.numbers).to.equal(footer.citations!.numbers);
    for (const [id, n] of numbers) {
      expect(shownNumber(panel, id), `panel ${id}`).to.contain(`"${n}"`);
      expect(shownNumber(footer, id), `footer ${id}`).to.contain(`"${n}"`);
    }
    expect(shownNumber(panel, 'jira:MDC-23617'), 'an uncited source has no number').to.equal('');
    // The panel's sections: the cited sources by number, then the rest.
    const sections = [...shadowOf(panel).querySelectorAll<HTMLElement>('.section .group-name')].map((n) => n.textContent!.replace(/\s+/g, ' ').trim());
    expect(sections).to.deep.equal(['Cited in the answer · 4', 'Also used · 3']);
    const cited = [...shadowOf(panel).querySelectorAll<HTMLElement>('.cited-section .card')].map((c) => getComputedStyle(c, '::after').content);
    expect(cited).to.deep.equal(['"1" / "Cited as 1"', '"2" / "Cited as 2"', '"3" / "Cited as 3"', '"4" / "Cited as 4"']);
  });

  it('a chip pointed at or focused highlights its card and entry; a card focused highlights its chips', async () => {
    const { panel, footer, chips, frame } = await mountStory('answer');
    const jira = chips().find((c) => c.sourceId === JIRA)!;
    shadowOf(jira).querySelector<HTMLButtonElement>('button')!.focus();
    await until(() => panel.highlightedSource === JIRA && footer.highlightedSource === JIRA, 'card highlight');
    jira.shadowRoot!.querySelector<HTMLButtonElement>('button')!.blur();
    await until(() => panel.highlightedSource === null, 'highlight cleared');
    await settle(frame);
    const card = [...shadowOf(panel).querySelectorAll<HTMLElement>('.card')].find(
      (c) => c.querySelector('.title')?.textContent?.trim() === 'technicalDiagnosis.md',
    )!;
    card.querySelector<HTMLElement>('.main')!.focus();
    await until(() => chips().filter((c) => c.highlighted).length === 2, 'chips highlighted');
    expect(
      chips()
        .filter((c) => c.highlighted)
        .map((c) => c.sourceId),
    ).to.deep.equal([DOC, DOC]);
    const registry = (CSS as unknown as { highlights: Map<string, unknown> }).highlights;
    expect(registry.has('qa-citation-claim')).to.equal(true);
    await expectAxeClean(frame);
  });

  it('a chip opens the preview at its lines through connectSources', async () => {
    const { panel, footer, answer, chips } = await mountStory('answer');
    const store = createSourcesStore();
    store.apply({ type: 'qa/sources', seq: 1, time: 0, data: referencePayload });
    const preview = { hidden: true, host: null, sessionId: '', path: null, ranges: [] } as unknown as QaPreviewLike;
    const fake = Object.assign(document.createElement('div'), preview);
    const stop = connectSources({ store, sessionId: referencePayload.sessionId, panel, footer, preview: fake as unknown as QaPreviewLike, answer });
    shadowOf(chips()[0]!).querySelector<HTMLButtonElement>('button')!.click();
    await until(() => (fake as unknown as QaPreviewLike).path !== null, 'the preview to open');
    expect((fake as unknown as QaPreviewLike).path).to.equal('docs/User_Guide/EAM/Diagnostics/technicalDiagnosis.md');
    expect((fake as unknown as QaPreviewLike).ranges).to.deep.equal([{ lineStart: 197, lineEnd: 218 }]);
    stop();
  });

  it('streaming: pieces of seven characters give the chips of the whole answer', async () => {
    const { frame, answer, chips, panel } = await mountStory('streaming');
    const next = [...frame.querySelectorAll('button')].find((b) => b.textContent === 'Next piece of the answer')!;
    for (let i = 0; i < 400 && !/only for sources/.test(answer.innerText); i++) {
      next.click();
      await Promise.resolve();
      await Promise.resolve();
      expect(answer.querySelector('p')!.innerText).to.not.match(/\[\[source:/);
    }
    await until(
      () => chips().length === 6,
      `six chips: ${chips()
        .map((c) => c.sourceId)
        .join(' ')} in ${answer.innerHTML}`,
    );
    // The last is the `[[source:…]]` of the prose: an id no source has, so no number.
    expect(chips().map((c) => c.number)).to.deep.equal([1, 2, 3, 4, 1, 0]);
    await until(() => panel.citations?.cited.length === 4, 'panel numbers');
  });

  it('keyboard: Tab walks the chips in answer order', async () => {
    const { chips } = await mountStory('answer');
    const first = shadowOf(chips()[0]!).querySelector<HTMLButtonElement>('button')!;
    first.focus();
    await sendKeys({ press: 'Escape' });
    await sendKeys({ press: 'Tab' });
    expect(deepActive()).to.equal(shadowOf(chips()[1]!).querySelector('button'));
  });

  for (const s of citationStories.stories) {
    it(`story ${s.id} is axe-clean, with a card open`, async () => {
      const { frame, chips } = await mountStory(s.id);
      await expectAxeClean(frame, s.id);
      const known = chips().find((c) => c.number > 0);
      if (known) {
        known.showCard();
        await settle(frame);
        await expectAxeClean(frame, `${s.id} with a card`);
      }
    });
  }
});
