/** Story names and terms that must say what the screen shows. */
import { expect } from 'chai';
import { previewStories } from '../../stories/preview.stories.js';
import { generatedCode } from '../../stories/fixtures/preview-files.js';
import { formatBytes, loadTranslation, term } from '../../src/i18n/index.js';
import { mount, shadowOf, unmountAll } from '../elements/shared/fixture.js';

describe('wording', () => {
  before(() => Promise.all([loadTranslation('ru'), loadTranslation('zh')]));
  afterEach(unmountAll);

  it('the "Too large" story names the size the preview shows, in decimal units', async () => {
    const s = previewStories.stories.find((x) => x.id === 'too-large')!;
    const size = formatBytes(new TextEncoder().encode(generatedCode(60_000)).length, 'en');
    expect(size).to.match(/^\d+(\.\d)? MB$/);
    expect(s.name).to.contain(`(${size})`);
    const c = await mount(s.render({ locale: 'en', debug: false }), { lang: 'en' });
    const preview = c.querySelector('qa-file-preview')!;
    const end = Date.now() + 10_000;
    while (!(shadowOf(preview).textContent ?? '').includes('limit') && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    expect(shadowOf(preview).textContent).to.contain(`${size}; the preview limit is 2 MB.`);
  });

  it('the referenced-lines chip means the same in every language; Chinese uses GitHub’s 预览 / 代码', () => {
    expect(term('en', 'referencedLines')).to.equal('Referenced lines: {range}');
    // Not "lines from the answer": the lines the answer refers to.
    expect(term('ru', 'referencedLines')).to.equal('Упомянутые строки: {range}');
    expect(term('zh', 'referencedLines')).to.equal('引用的行：{range}');
    expect([term('zh', 'rendered'), term('zh', 'raw')]).to.deep.equal(['预览', '代码']);
  });
});
