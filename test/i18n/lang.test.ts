import { expect } from 'chai';
import { closestLang, matchLocale, normalizeTag } from '../../src/i18n/lang.js';

describe('language lookup', () => {
  describe('normalizeTag', () => {
    const rows: Array<[string, string]> = [
      ['ru', 'ru'],
      ['  RU-ru ', 'ru-ru'],
      ['zh_Hans_CN', 'zh-hans-cn'],
      ['', ''],
    ];
    for (const [tag, out] of rows) it(`${JSON.stringify(tag)} → ${JSON.stringify(out)}`, () => expect(normalizeTag(tag)).to.equal(out));
  });

  describe('matchLocale', () => {
    const known = new Set(['en', 'ru', 'zh', 'pt-br']);
    const has = (code: string) => known.has(code);
    const rows: Array<[string, string | null]> = [
      ['ru', 'ru'],
      ['ru-RU', 'ru'],
      ['zh-Hans-CN', 'zh'],
      ['ZH', 'zh'],
      ['pt-BR-x-test', 'pt-br'],
      ['pt-PT', null],
      ['de', null],
      ['-', null],
      ['', null],
    ];
    for (const [tag, out] of rows) it(`${JSON.stringify(tag)} → ${JSON.stringify(out)}`, () => expect(matchLocale(tag, has)).to.equal(out));

    it('asks for the longest form first', () => {
      const asked: string[] = [];
      matchLocale('zh-Hans-CN', (code) => (asked.push(code), false));
      expect(asked).to.deep.equal(['zh-hans-cn', 'zh-hans', 'zh']);
    });
  });

  describe('closestLang', () => {
    const added: Element[] = [];
    const documentLang = document.documentElement.getAttribute('lang');
    afterEach(() => {
      for (const el of added.splice(0)) el.remove();
      if (documentLang === null) document.documentElement.removeAttribute('lang');
      else document.documentElement.setAttribute('lang', documentLang);
    });

    function attach(html: string): HTMLElement {
      const box = document.createElement('div');
      box.innerHTML = html;
      document.body.append(box);
      added.push(box);
      return box;
    }

    it('takes the nearest ancestor with a lang, even an empty one', () => {
      const box = attach('<section lang="ru"><div lang=""><p><b>x</b></p></div><p><i>y</i></p></section>');
      expect(closestLang(box.querySelector('b')!)).to.equal('');
      expect(closestLang(box.querySelector('i')!)).to.equal('ru');
    });

    it("crosses shadow roots to the host's ancestors", () => {
      const box = attach('<div lang="zh-Hans"><span></span></div>');
      const root = box.querySelector('span')!.attachShadow({ mode: 'open' });
      root.innerHTML = '<p><em>z</em></p><p lang="en-GB"><strong>e</strong></p>';
      expect(closestLang(root.querySelector('em')!)).to.equal('zh-Hans');
      expect(closestLang(root.querySelector('strong')!)).to.equal('en-GB');
    });

    it("falls back to the document's lang for a detached element, and null without one", () => {
      const loose = document.createElement('p');
      document.documentElement.setAttribute('lang', 'ru-RU');
      expect(closestLang(loose)).to.equal('ru-RU');
      document.documentElement.removeAttribute('lang');
      expect(closestLang(loose)).to.equal(null);
    });
  });
});
