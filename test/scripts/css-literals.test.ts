/** Each of the kit's style sheets, minified as the builds ship it, parses to the same rules as written. */
import { expect } from 'chai';
import type { CSSResult } from 'lit';
import { minifyCss } from '../../scripts/css-literals.mjs';
import * as citation from '../../src/elements/citation/citation.styles.js';
import * as preview from '../../src/elements/file-preview/file-preview.styles.js';
import * as card from '../../src/elements/shared/source-card.styles.js';
import * as footer from '../../src/elements/source-footer/source-footer.styles.js';
import * as panel from '../../src/elements/sources-panel/sources-panel.styles.js';
import * as shared from '../../src/elements/shared/styles.js';
import * as hoverCard from '../../src/elements/shared/hover-card.js';
import * as markdown from '../../src/render/markdown/styles.js';
import * as rawView from '../../src/elements/file-preview/raw-view.styles.js';
import * as find from '../../src/elements/file-preview/find-bar.styles.js';

/**
 * The rules of `text` as the browser parsed them, serialized. A value with
 * `var()` is kept as written, with its line breaks and the spaces around its
 * commas, which mean nothing there (the value is parsed again once the
 * variables are substituted): runs of whitespace count as one space, and
 * spaces around commas as none.
 */
function rules(text: string): string[] {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(text);
  const out: string[] = [];
  const walk = (list: CSSRuleList) => {
    for (const rule of Array.from(list)) {
      out.push(rule.cssText.replace(/\s+/g, ' ').replace(/ ?, ?/g, ','));
      if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
    }
  };
  walk(sheet.cssRules);
  return out;
}

const isSheet = (v: unknown): v is CSSResult => typeof v === 'object' && v !== null && typeof (v as CSSResult).cssText === 'string';
/** The text of a sheet: a Lit `CSSResult`, or the plain text of a lazy part's sheet. */
const sheetText = (v: unknown): string | null => (isSheet(v) ? v.cssText : typeof v === 'string' && v.includes('{') ? v : null);

describe('the kit style sheets, minified', () => {
  const modules = { citation, preview, card, footer, panel, shared, hoverCard, markdown, rawView, find };
  const sheets = Object.entries(modules).flatMap(([name, mod]) =>
    Object.entries(mod).flatMap(([key, v]) => {
      const text = sheetText(v);
      return text === null ? [] : [[`${name}.${key}`, text] as const];
    }),
  );

  it('tells a descendant pseudo-class from a compound one (the comparison can fail)', () => {
    expect(rules('.a :hover { color: red }')).to.not.deep.equal(rules('.a:hover { color: red }'));
    expect(rules('.a { inline-size: calc(1px + 2px) }')).to.not.deep.equal(rules('.a { inline-size: calc(1px+2px) }'));
  });

  it('parse to the same rules as written, and are smaller', () => {
    expect(sheets.length).to.be.at.least(10);
    let before = 0;
    let after = 0;
    for (const [name, text] of sheets) {
      const min = minifyCss(text);
      const written = rules(text);
      expect(written.length, `${name} has rules`).to.be.above(0);
      expect(rules(min), name).to.deep.equal(written);
      before += text.length;
      after += min.length;
    }
    expect(after / before, 'the minified sheets are at most four fifths of the text').to.be.below(0.8);
  });
});
