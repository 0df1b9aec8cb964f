/**
 * The real gallery page (`index.html`, its chrome and its story switching)
 * under the strict page policy: opened in the dark theme, then walked through
 * the first story of every group and the theme and width controls by
 * clicking them, with no violation, error or rejection on the way.
 */
import { expect } from 'chai';
import { storyGroups } from '../../stories/index.js';
import { STRICT_CSP } from './policy.js';
import { openStrictPage, type StrictWindow } from './strict-frame.js';
import { until } from '../wait.js';

function frameOf(win: StrictWindow): HTMLElement | null {
  return win.document.querySelector<HTMLElement>('.stage .frame');
}

describe('the gallery page under the strict policy', function () {
  it('opens, switches stories, themes and widths without a violation', async () => {
    const first = storyGroups[0]!;
    const page = await openStrictPage<HTMLElement>('gallery', frameOf, {
      query: `?story=${first.id}/${first.stories[0]!.id}&theme=dark`,
      ms: 60_000,
      width: 1100,
    });
    try {
      const { win } = page;
      const doc = win.document;
      expect(page.policy).to.equal(STRICT_CSP);
      expect(doc.documentElement.dataset.theme).to.equal('dark');
      for (const group of storyGroups) {
        const story = group.stories.find((s) => !s.live) ?? group.stories[0]!;
        const id = `${group.id}/${story.id}`;
        doc.querySelector<HTMLAnchorElement>(`.sidebar a[href="?story=${id}"]`)!.click();
        await until(() => frameOf(win)?.dataset.story === id);
        await until(() => !!frameOf(win)!.querySelector(group.element) || frameOf(win)!.querySelectorAll('*').length > 0);
      }
      // The toolbar: the width radio sets the frame's width through the CSSOM.
      const narrow = [...doc.querySelectorAll<HTMLInputElement>('input[name="width"]')].find((i) => i.value === '320')!;
      narrow.click();
      await until(() => frameOf(win)!.getBoundingClientRect().width === 320);
      [...doc.querySelectorAll<HTMLInputElement>('input[name="theme"]')].find((i) => i.value === 'dsh-dark')!.click();
      await until(() => doc.body.hasAttribute('data-ds-dark-theme'));
      await new Promise((r) => setTimeout(r, 300));
      const log = win.__qaSecurity;
      expect(log.violations.map((v) => `${v.directive} ${v.blocked} ${v.sample} @${v.source}:${v.line}`)).to.deep.equal([]);
      expect(log.errors).to.deep.equal([]);
      expect(log.rejections).to.deep.equal([]);
    } finally {
      page.remove();
    }
  });
});
