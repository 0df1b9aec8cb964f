/**
 * The built-in tables other than English are lazy chunks. This page starts
 * in English with none of the kit's elements defined (nothing here imports
 * them or the tables statically), so it sees when each table is fetched and
 * what an element shows before its table is there. The tests run in order.
 */
import { expect } from 'chai';
import { availableLocales, en, loadTranslation, onTranslationsChange, registerTranslation, resolveLocale, term } from '../../src/i18n/index.js';
import { fetched } from '../elements/shared/page-loads.js';

const loaded = (code: string) => fetched().some((p) => p.endsWith(`/src/i18n/${code}.ts`));

async function until(check: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => requestAnimationFrame(r));
  }
}

describe('built-in term tables load when a language needs them', () => {
  before(() => {
    document.documentElement.lang = 'en';
  });
  after(() => {
    document.documentElement.lang = 'en';
  });

  it('a page in English loads only English; Russian and Chinese are known, and look up in English until they arrive', () => {
    expect(loaded('en')).to.equal(true);
    expect(loaded('ru')).to.equal(false);
    expect(loaded('zh')).to.equal(false);
    expect(availableLocales()).to.include.members(['en', 'ru', 'zh']);
    expect(resolveLocale('ru-RU')).to.equal('ru');
    expect(resolveLocale('zh-Hans-CN')).to.equal('zh');
    expect(term('ru', 'sources')).to.equal(en.sources);
    // Looking a term up loads nothing.
    expect(loaded('ru')).to.equal(false);
  });

  it("the document's language loads when the elements are defined, before any element exists; terms registered before it win over it", async () => {
    registerTranslation('ru', { sources: 'Ссылки' });
    let told = 0;
    const stop = onTranslationsChange(() => (told += 1));
    try {
      document.documentElement.lang = 'ru-RU';
      await import('../../src/index.js');
      expect(document.querySelector('qa-sources-panel, qa-source-footer, qa-file-preview')).to.equal(null);
      await until(() => term('ru', 'close') !== en.close, 'the Russian table');
      expect(loaded('ru')).to.equal(true);
      expect(loaded('zh')).to.equal(false);
      expect(told).to.equal(1);
      expect(term('ru', 'close')).to.equal('Закрыть');
      expect(term('ru', 'sources')).to.equal('Ссылки');
      expect(term('ru', 'sourceCount', { n: 2 })).to.equal('2 источника');
    } finally {
      stop();
      registerTranslation('ru', { sources: 'Источники' });
      document.documentElement.lang = 'en';
    }
  });

  it('a panel in a Chinese part of the page waits for the Chinese table: its first render is in Chinese, never English first', async () => {
    expect(loaded('zh')).to.equal(false);
    const { generatedPayload } = await import('../../stories/fixtures/payloads.js');
    const box = document.createElement('div');
    box.lang = 'zh-CN';
    const panel = document.createElement('qa-sources-panel') as HTMLElement & { sources: unknown; updateComplete: Promise<boolean> };
    panel.sources = generatedPayload(3);
    box.append(panel);
    document.body.append(box);
    try {
      const root = panel.shadowRoot!;
      const renders: string[] = [];
      const watch = new MutationObserver(() => renders.push(root.textContent ?? ''));
      watch.observe(root, { childList: true, subtree: true, characterData: true });
      await panel.updateComplete;
      watch.disconnect();
      expect(loaded('zh')).to.equal(true);
      const heading = root.querySelector('.heading')?.textContent?.trim();
      expect(heading).to.equal('来源');
      expect(renders.length).to.be.greaterThan(0);
      for (const text of renders) expect(text, 'a render before the Chinese table arrived').to.not.contain(en.sources);
    } finally {
      box.remove();
    }
  });

  it('loadTranslation gives the built-in table of a language, English at once, and null for a language without one', async () => {
    const zh = await loadTranslation('zh-TW');
    expect(zh?.sources).to.equal('来源');
    expect(await loadTranslation('en-GB')).to.equal(en);
    expect(await loadTranslation('de')).to.equal(null);
    expect(await loadTranslation('')).to.equal(null);
  });
});
