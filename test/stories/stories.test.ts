/**
 * Every story of every group, rendered the way the gallery renders it (its
 * stylesheet, a frame with the story's language), checked with axe-core; the
 * sources elements in it must show the model's count. Also in dark and in
 * both DSH themes for the sources stories.
 */
import { expect } from 'chai';
import { storyGroups } from '../../stories/index.js';
import { term } from '../../src/i18n/index.js';
import { customElementsIn, expectAxeClean, expectedView, mount, settle, shadowOf, unmountAll } from '../elements/shared/fixture.js';

const sheet = document.createElement('link');
sheet.rel = 'stylesheet';
sheet.href = '/stories/gallery.css';
document.head.append(sheet);

function applyTheme(theme: string): void {
  document.documentElement.dataset.theme = theme;
  document.body.classList.toggle('dsh', theme.startsWith('dsh'));
  document.body.toggleAttribute('data-ds-dark-theme', theme === 'dsh-dark');
}

/** Waits for async stories (previews load files) to settle: their elements' updates, then a short pause. */
async function settleStory(root: HTMLElement): Promise<void> {
  await settle(root);
  const pending = customElementsIn(root).filter((el) => el.localName === 'qa-file-preview');
  if (pending.length > 0) {
    await new Promise((r) => setTimeout(r, 600));
    await settle(root);
  }
}

function expectCounts(root: HTMLElement, locale: string): void {
  // An element given its own language (a story in Chinese, say) counts in that language.
  const langOf = (el: Element) => (el as Element & { locale?: string }).locale || locale;
  for (const el of root.querySelectorAll('qa-sources-panel')) {
    const view = expectedView(el.sources, el.threshold, el.maxPerGroup);
    const count = shadowOf(el).querySelector('.count-text');
    if (!view.empty || el.provisional) expect(count?.textContent?.trim()).to.equal(term(langOf(el), 'sourceCount', { n: view.count }));
  }
  for (const el of root.querySelectorAll('qa-source-footer')) {
    const view = expectedView(el.sources, el.threshold);
    const n = shadowOf(el).querySelector('.label .n');
    if (view.empty) expect(n).to.equal(null);
    else expect(n?.textContent).to.equal(new Intl.NumberFormat(langOf(el)).format(view.count));
  }
}

describe('gallery stories', () => {
  before(async () => {
    if (!sheet.sheet) await new Promise((r) => sheet.addEventListener('load', r, { once: true }));
  });
  afterEach(() => {
    unmountAll();
    applyTheme('light');
  });

  // The preview's stories are opened in their states and checked with axe by test/elements/preview/stories.test.ts.
  for (const group of storyGroups.filter((g) => g.id !== 'preview')) {
    describe(group.title, () => {
      for (const story of group.stories) {
        if (story.live) continue;
        it(`${group.id}/${story.id} renders and is axe-clean`, async function () {
          // Big documents take a while when the runner keeps this page in the background.
          applyTheme('light');
          const frame = await mount(story.render({ locale: 'en', debug: false }), { class: 'frame', lang: 'en', 'data-story': `${group.id}/${story.id}` });
          await settleStory(frame);
          expect(frame.childElementCount, 'renders something').to.be.greaterThan(0);
          expectCounts(frame, 'en');
          await expectAxeClean(frame, `${group.id}/${story.id}`);
        });
      }
    });
  }

  describe('sources stories in every theme and language', () => {
    const sourcesGroups = storyGroups.filter((g) => g.id === 'panel' || g.id === 'footer');
    const cases: Array<[string, string, boolean]> = [
      ['dark', 'ru', false],
      ['dsh-light', 'zh', true],
      ['dsh-dark', 'en', true],
    ];
    for (const [theme, locale, debug] of cases) {
      describe(`${theme}, ${locale}${debug ? ', debug' : ''}`, () => {
        for (const group of sourcesGroups) {
          for (const story of group.stories) {
            it(`${group.id}/${story.id}`, async () => {
              applyTheme(theme);
              const frame = await mount(story.render({ locale, debug }), { class: 'frame', lang: locale });
              await settleStory(frame);
              expectCounts(frame, locale);
              await expectAxeClean(frame, `${group.id}/${story.id} (${theme}, ${locale})`);
            });
          }
        }
      });
    }
  });
});
