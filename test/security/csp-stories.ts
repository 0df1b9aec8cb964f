/**
 * Every gallery story on a strict page (test/server/csp.ts: no inline
 * scripts or styles, Trusted Types enforced with only the kit's, Lit's and
 * DOMPurify's policies): rendered fresh in the light theme, then switched to
 * dark. The page records violations from its first script, before the kit
 * loads. Shared by the test files that split the groups between them.
 */
import { expect } from 'chai';
import { storyGroups } from '../../stories/index.js';
import type { Story } from '../../stories/types.js';
import { KIT_POLICY_NAMES, STRICT_CSP } from './policy.js';
import { openStrictPage, type StrictFrame } from './strict-frame.js';
import type { Violation } from './pages/shared.js';
import type { PreviewReport, RunOptions, StoryReport } from './pages/story.js';

type StoryPage = { run(id: string, options: RunOptions): Promise<StoryReport>; retheme(id: string, theme: string): Promise<StoryReport> };

/** Stories whose file stays loading on purpose. */
const STILL_LOADING = new Set(['preview/loading']);

const show = (v: Violation) => `${v.directive} ${v.blocked} ${v.sample} @${v.source}:${v.line}`;

function expectClean(r: StoryReport, story: Story): void {
  const label = `${r.id} (${r.theme})`;
  const violations = story.hostile ? r.violations.filter((v) => v.directive !== 'script-src-attr') : r.violations;
  expect(violations.map(show), `${label}: policy violations`).to.deep.equal([]);
  expect(r.errors, `${label}: errors`).to.deep.equal([]);
  expect(r.rejections, `${label}: unhandled rejections`).to.deep.equal([]);
  expect(r.pwned, `${label}: a payload ran`).to.equal(false);
}

function expectPreviewDone(p: PreviewReport, label: string): void {
  expect(p.sanitizeProblems, `${label}: rendered Markdown not sanitized`).to.deep.equal([]);
  if (p.status === 'ready' && p.mode === 'rendered') expect(p.markdownElements, `${label}: rendered Markdown`).to.be.greaterThan(0);
  if (p.mode === 'raw' && p.language && p.rows > 0) expect(p.colouredRows, `${label}: raw code coloured`).to.be.greaterThan(0);
  if (p.mode === 'rendered' && p.fencesNear > 0) expect(p.fencesColoured, `${label}: fenced code coloured`).to.be.greaterThan(0);
}

/** Defines the tests for the given story groups, on one strict page. */
export function describeStoriesOnStrictPage(groupIds: string[]): void {
  const groups = storyGroups.filter((g) => groupIds.includes(g.id));

  describe(`strict page policy: ${groups.map((g) => g.title).join(', ')}`, function () {
    let page: StrictFrame<StoryPage>;
    const coloured = { raw: 0, fences: 0, rendered: 0 };

    before(async function () {
      // As an earlier test in this tab may have left it: the page must still show each story's default mode.
      sessionStorage.setItem('qa-sources-kit:preview-mode:md', 'raw');
      page = await openStrictPage<StoryPage>('story', 'qaStoryPage', { ms: 60_000 });
    });
    after(() => page?.remove());

    describe('the page', () => {
      it('is served with the strict policy', () => {
        expect(page.policy).to.equal(STRICT_CSP);
      });
    });

    for (const group of groups) {
      describe(group.title, () => {
        for (const story of group.stories) {
          const id = `${group.id}/${story.id}`;
          it(`${id}${story.hostile ? ' (hostile: only script-src-attr reports, nothing runs)' : ''}, light and dark`, async () => {
            const light = await page.api.run(id, { theme: 'light', stillLoading: STILL_LOADING.has(id) });
            expectClean(light, story);
            expect(light.waitedOut, `${id}: did not finish`).to.deep.equal([]);
            expect(light.elements, `${id}: renders the kit`).to.be.greaterThan(0);
            for (const p of light.previews) {
              expectPreviewDone(p, `${id} ${p.path}`);
              if (p.colouredRows > 0) coloured.raw += 1;
              if (p.fencesColoured > 0) coloured.fences += 1;
              if (p.status === 'ready' && p.mode === 'rendered') coloured.rendered += 1;
            }
            const dark = await page.api.retheme(id, 'dark');
            expectClean(dark, story);
            light.previews.forEach((p, i) => {
              const d = dark.previews[i]!;
              expectPreviewDone(d, `${id} ${p.path} (dark)`);
              // Token colours follow the scheme without re-highlighting.
              if (p.tokenColour) expect(d.tokenColour, `${id}: token colour in dark`).to.not.equal(p.tokenColour);
              expect(d.textColour, `${id}: text colour in dark`).to.not.equal(p.textColour);
            });
          });
        }
      });
    }

    // Child suites run in order, after the stories.
    describe('afterwards', () => {
      it('only the kit’s, Lit’s and DOMPurify’s Trusted Types policies were created, and no default policy', () => {
        const log = page.win.__qaSecurity;
        expect(log.refusedPolicies).to.deep.equal([]);
        for (const name of log.policies) expect(KIT_POLICY_NAMES as readonly string[]).to.include(name);
        expect(new Set(log.policies).size, 'each policy once').to.equal(log.policies.length);
        expect((page.win as unknown as { trustedTypes: { defaultPolicy: unknown } }).trustedTypes.defaultPolicy).to.equal(null);
      });

      if (groups.some((g) => g.id === 'preview')) {
        it('the checks above were not vacuous: code was coloured and Markdown rendered', () => {
          expect(coloured.raw, 'raw views with token colours').to.be.at.least(5);
          expect(coloured.fences, 'documents with coloured fenced code').to.be.at.least(3);
          expect(coloured.rendered, 'rendered documents').to.be.at.least(10);
        });
      }
    });
  });
}
