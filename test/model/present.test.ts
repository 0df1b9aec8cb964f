import { expect } from 'chai';
import fc from 'fast-check';
import {
  DEFAULT_MAX_PER_GROUP,
  SOURCE_KINDS,
  compareSourceItems,
  dedupeSources,
  itemsUpTo,
  parseTurnSources,
  presentItem,
  presentSources,
  type QaSourceItemView,
  type QaSourceReference,
  type QaSourcesView,
} from '../../src/model/index.js';
import * as fixtures from '../../stories/fixtures/payloads.js';
import { childOrigin, parentOrigin, payload, payloadArb, runs, src } from './helpers.js';

function items(view: QaSourcesView): QaSourceItemView[] {
  return view.groups.flatMap((g) => g.items);
}

function one(source: QaSourceReference): QaSourceItemView {
  const view = presentSources(payload([source]), { threshold: -Infinity });
  expect(view.count).to.equal(1);
  return items(view)[0]!;
}

describe('presentSources', () => {
  describe('the reference payload', () => {
    const view = presentSources(fixtures.referencePayload);
    it('counts visible sources only: 7 of 8 entries, 10 discovered (9 + 1 under the threshold)', () => {
      expect(view.count).to.equal(7);
      expect(view.empty).to.equal(false);
      expect(view.discovered.count).to.equal(10);
      expect(view.discovered.items).to.deep.equal([]);
      expect(view.groups.reduce((n, g) => n + g.count, 0)).to.equal(view.count);
      expect(view.sessionId).to.equal('sess-7f3a');
      expect(view.turn).to.equal(4);
      expect(view.complete).to.equal(true);
      expect(view.threshold).to.equal(50);
    });
    it('groups in the fixed order, with their cards', () => {
      expect(view.groups.map((g) => [g.kind, g.items.map((i) => i.title)])).to.deep.equal([
        ['file', ['technicalDiagnosis.md']],
        ['code', ['ActivitySectionTypeEnum.cs']],
        ['jira', ['MDC-24929', 'MDC-23617']],
        ['confluence', ['Вибродиагностика MM3']],
        ['web', ['ISO 20816-1:2016 — Mechanical vibration — Measurement and evaluation', 'Vibration analysis - Wikipedia']],
      ]);
    });
    it('a file card: basename, shortened directory, MD badge, ranges with an en dash, opens in the preview', () => {
      const card = view.groups[0]!.items[0]!;
      expect(card).to.include({
        kind: 'file',
        title: 'technicalDiagnosis.md',
        secondary: 'docs / … / EAM / Diagnostics',
        badge: 'MD',
        local: true,
        href: null,
        path: 'docs/User_Guide/EAM/Diagnostics/technicalDiagnosis.md',
        subagent: false,
        partial: false,
        suspicious: false,
        order: 0,
      });
      expect(card.rangeLabels).to.deep.equal(['197–218', '355–371']);
      expect(card.ranges).to.deep.equal([{ lineStart: 197, lineEnd: 218 }, { lineStart: 355, lineEnd: 371 }]);
      expect(card.firstLocation).to.deep.include({ lineStart: 197, lineEnd: 218 });
      const file = 'docs/User_Guide/EAM/Diagnostics/technicalDiagnosis.md';
      expect(card.locations.map(({ source: _, ...l }) => l)).to.deep.equal([
        { type: 'lines', text: '197–218', path: null, target: { path: file, range: { lineStart: 197, lineEnd: 218 } } },
        { type: 'lines', text: '355–371', path: null, target: { path: file, range: { lineStart: 355, lineEnd: 371 } } },
      ]);
      expect(card.locations[1]!.source).to.deep.include({ lineStart: 355, lineEnd: 371 });
    });
    it('a Jira card: key as title, summary as secondary line, external link, subagent', () => {
      const card = view.groups[2]!.items[0]!;
      expect(card).to.include({ title: 'MDC-24929', issueKey: 'MDC-24929', summary: 'Вибродоктор. GET /history', secondary: 'Вибродоктор. GET /history', href: 'https://jira.example.com/browse/MDC-24929', local: false, subagent: true, badge: null });
    });
    it('origins for the details: parent and subagent chains with labels from metadata.subagents', () => {
      expect(view.groups[0]!.items[0]!.origins).to.deep.equal([
        { role: 'parent', chain: [], evidence: 'read', turn: 4, step: 2, toolName: 'read' },
        { role: 'subagent', chain: ['Jira research'], evidence: 'read', turn: 4, step: null, toolName: 'read' },
      ]);
      expect(view.groups[2]!.items[1]!.origins[0]!.chain).to.deep.equal(['Jira research', 'Deep search']);
    });
    it('partial: metadata.truncated', () => {
      expect(view.groups[4]!.items.map((i) => i.partial)).to.deep.equal([true, false]);
    });
    it('a confluence card: the space name; anchor and page id locations', () => {
      const card = view.groups[3]!.items[0]!;
      expect(card.secondary).to.equal('EAM Handbook');
      // A remote source's locations open nothing by themselves.
      expect(card.locations.map(({ source: _, ...l }) => l)).to.deep.equal([
        { type: 'anchor', text: '#thresholds', path: null, target: null },
        { type: 'confluence', text: '12345', path: null, target: null },
      ]);
    });
    it('showDiscovered builds the discovered items, sorted like a group', () => {
      const debug = presentSources(fixtures.referencePayload, { showDiscovered: true });
      expect(debug.discovered.items).to.have.length(10);
      expect(debug.discovered.items[0]!.title).to.equal('products_eam.md');
      expect(debug.discovered.items.slice(1).map((i) => i.title)).to.deep.equal(Array.from({ length: 9 }, (_, i) => `Search result ${i + 1}: vibration diagnostics`));
      expect(debug.count).to.equal(7);
    });
    it('the same payload always gives the same view (panel and footer agree)', () => {
      const direct = JSON.parse(JSON.stringify(presentSources(fixtures.referencePayload)));
      const fromText = JSON.parse(JSON.stringify(presentSources(parseTurnSources(JSON.stringify(fixtures.referencePayload)).value)));
      expect(fromText).to.deep.equal(direct);
    });
  });

  describe('group order is fixed, never alphabetical', () => {
    it('every kind, given in reverse and alphabetical order', () => {
      const kinds = [...SOURCE_KINDS].reverse();
      const alphabetical = [...SOURCE_KINDS].sort();
      for (const order of [kinds, alphabetical]) {
        const view = presentSources(payload(order.map((kind, i) => src({ id: `${kind}:${i}`, kind, title: kind }))));
        expect(view.groups.map((g) => g.kind)).to.deep.equal(['file', 'code', 'jira', 'confluence', 'knowledge', 'web', 'other']);
        expect(view.groups.map((g) => g.kind)).to.not.deep.equal(alphabetical);
      }
    });
    it('everyKindPayload: the unknown kind is shown in "other"', () => {
      const view = presentSources(parseTurnSources(fixtures.everyKindPayload).value);
      expect(view.groups.map((g) => g.kind)).to.deep.equal(['file', 'code', 'jira', 'confluence', 'knowledge', 'web', 'other']);
      expect(view.groups.at(-1)!.items.map((i) => i.title)).to.deep.equal(['Thread in #eam-support', 'sensor record 7']);
    });
    it('an unknown kind given without parsing also lands in "other"', () => {
      const view = presentSources(payload([src({ id: 'x', kind: 'slack' as never, title: 'T' })]));
      expect(view.groups.map((g) => g.kind)).to.deep.equal(['other']);
      expect(view.groups[0]!.items[0]!.kind).to.equal('other');
    });
    it('empty groups are left out', () => {
      expect(presentSources(payload([src({ id: 'jira:A-1', kind: 'jira' })])).groups.map((g) => g.kind)).to.deep.equal(['jira']);
    });
  });

  describe('within a group: score, then first use, then title', () => {
    it('score descending, ties by order of first use (not by title)', () => {
      const view = presentSources(
        payload([
          src({ id: 'a', title: 'Zulu', score: 80 }),
          src({ id: 'b', title: 'Alpha', score: 80 }),
          src({ id: 'c', title: 'Mike', score: 95 }),
          src({ id: 'd', title: 'Bravo', score: 80.5 }),
          src({ id: 'e', title: 'Echo', score: 80 }),
        ]),
      );
      expect(view.groups[0]!.items.map((i) => i.title)).to.deep.equal(['Mike', 'Bravo', 'Zulu', 'Alpha', 'Echo']);
    });
    it('first use is the first appearance of an id, even when a repeat raises its score', () => {
      const view = presentSources(payload([src({ id: 'late', title: 'Late', score: 10 }), src({ id: 'early', title: 'Early', score: 90 }), src({ id: 'late', score: 90 })]));
      expect(view.groups[0]!.items.map((i) => [i.title, i.order])).to.deep.equal([['Late', 0], ['Early', 1]]);
    });
    it('title breaks a tie of score and order', () => {
      const a = presentItem(src({ id: 'a', title: 'Beta', score: 70 }), 3);
      const b = presentItem(src({ id: 'b', title: 'Alpha', score: 70 }), 3);
      const c = presentItem(src({ id: 'c', title: 'Alpha', score: 70 }), 2);
      expect([a, b, c].sort(compareSourceItems).map((i) => i.id)).to.deep.equal(['c', 'b', 'a']);
      expect(compareSourceItems(b, presentItem(src({ id: 'd', title: 'Alpha', score: 70 }), 3))).to.equal(0);
    });
  });

  describe('threshold', () => {
    const scores = [49.99, 50, 50.01, 100, -1, 0, 49.999999];
    const view = presentSources(payload(scores.map((score, i) => src({ id: `s${i}`, title: String(score), score }))));
    it('49.99 is hidden, 50 is shown (inclusive)', () => {
      expect(items(view).map((i) => i.title)).to.deep.equal(['100', '50.01', '50']);
      expect(view.count).to.equal(3);
    });
    it('sources under the threshold land in discovered, and are not counted', () => {
      expect(view.discovered.count).to.equal(4);
    });
    it('belowThresholdPayload: count 0, empty, both in discovered', () => {
      const v = presentSources(fixtures.belowThresholdPayload, { showDiscovered: true });
      expect(v).to.include({ count: 0, empty: true });
      expect(v.groups).to.deep.equal([]);
      expect(v.discovered.items.map((i) => i.title)).to.deep.equal(['b.ts', 'a.ts']);
    });
    const thresholds: Array<[number, number]> = [
      [0, 6],
      [-Infinity, 7],
      [Infinity, 0],
      [NaN, 3],
      [100, 1],
      [100.5, 0],
    ];
    for (const [threshold, count] of thresholds) {
      it(`threshold ${threshold} shows ${count}`, () => {
        const v = presentSources(payload(scores.map((score, i) => src({ id: `s${i}`, score }))), { threshold });
        expect(v.count).to.equal(count);
        expect(v.threshold).to.equal(Number.isNaN(threshold) ? 50 : threshold);
      });
    }
  });

  describe('counts', () => {
    it('discovered entries are never counted, even when scored high', () => {
      const v = presentSources(payload([src({ id: 'a' })], { discovered: [src({ id: 'b', score: 100 }), src({ id: 'c', score: 100 })] }));
      expect(v.count).to.equal(1);
      expect(v.discovered.count).to.equal(2);
    });
    it('a discovered entry that is also a visible source is not listed twice', () => {
      const v = presentSources(payload([src({ id: 'a' }), src({ id: 'low', score: 10 })], { discovered: [src({ id: 'a', score: 5 }), src({ id: 'low', score: 1 })] }));
      expect(v.count).to.equal(1);
      expect(v.discovered.count).to.equal(1);
    });
    it('repeated ids count once', () => {
      const v = presentSources(payload([src({ id: 'a' }), src({ id: 'a' }), src({ id: 'b' })]));
      expect(v.count).to.equal(2);
    });
    it('incomplete provenance is passed through', () => {
      const v = presentSources(fixtures.incompletePayload);
      expect(v.complete).to.equal(false);
      expect(v.incompleteOrigins.map((o) => o.reason)).to.deep.equal(['The provider did not report its sources.', 'Timed out before reporting.']);
    });
  });

  describe('maxPerGroup and initial', () => {
    const big = fixtures.generatedPayload(100);
    const rows: Array<[string, number | undefined, (count: number) => number]> = [
      ['default 8', undefined, (n) => Math.min(n, DEFAULT_MAX_PER_GROUP)],
      ['3', 3, (n) => Math.min(n, 3)],
      ['2.7 rounds down', 2.7, (n) => Math.min(n, 2)],
      ['0 still shows one', 0, () => 1],
      ['negative still shows one', -4, () => 1],
      ['Infinity shows every card', Infinity, (n) => n],
      ['NaN is the default', NaN, (n) => Math.min(n, DEFAULT_MAX_PER_GROUP)],
      ['1000', 1000, (n) => n],
    ];
    for (const [name, max, expected] of rows) {
      it(name, () => {
        const v = presentSources(big, max === undefined ? {} : { maxPerGroup: max });
        expect(v.groups).to.have.length(7);
        for (const g of v.groups) {
          expect(g.items).to.have.length(g.count);
          expect(g.initial, g.kind).to.equal(expected(g.count));
        }
      });
    }
  });

  describe('title fallbacks', () => {
    const rows: Array<[string, QaSourceReference, { title: string; secondary: string } & Partial<Record<keyof QaSourceItemView, unknown>>]> = [
      // files and code
      ['file: basename and directory', src({ id: 'file:docs/guide/install.md', kind: 'file', title: 'Ignored', path: 'docs/guide/install.md' }), { title: 'install.md', secondary: 'docs / guide', badge: 'MD' }],
      ['file: deep directory, middle elided', src({ id: 'f', kind: 'file', path: 'a/b/c/d/e/f.txt' }), { title: 'f.txt', secondary: 'a / … / d / e', badge: 'TXT' }],
      ['file: at the root', src({ id: 'f', kind: 'file', path: 'README.md' }), { title: 'README.md', secondary: '' }],
      ['file: only an absolute path, shortened', src({ id: 'f', kind: 'file', path: '/home/me/work/repo/docs/a.md' }), { title: 'a.md', secondary: '… / repo / docs', local: true }],
      ['file: a relative location path wins over an absolute path', src({ id: 'f', kind: 'file', path: '/home/me/repo/docs/a.md', locations: [{ path: 'docs/a.md', lineStart: 2 }] }), { title: 'a.md', secondary: 'docs', path: 'docs/a.md' }],
      ['file: path from the id', src({ id: 'file:docs/from-id.md', kind: 'file' }), { title: 'from-id.md', secondary: 'docs', local: true }],
      ['file: Windows path', src({ id: 'f', kind: 'file', path: 'C:\\Users\\me\\repo\\src\\x.cs' }), { title: 'x.cs', secondary: '… / repo / src', badge: 'C#' }],
      ['file: a very long directory name is elided', src({ id: 'f', kind: 'file', path: `docs/${'verylongdirectoryname'.repeat(3)}/a.md` }), { title: 'a.md', secondary: 'docs / verylongdirector…ngdirectoryname' }],
      ['file: unknown extension: the icon, no cut-off text badge', src({ id: 'f', kind: 'file', path: 'data/model.parquet' }), { title: 'model.parquet', secondary: 'data', badge: null }],
      ['file: a dotted name is not a type (.env.local is not LOCA)', src({ id: 'f', kind: 'file', path: 'app/.env.local' }), { title: '.env.local', secondary: 'app', badge: null }],
      ['file: the badge table is not read through the prototype', src({ id: 'f', kind: 'file', path: 'a/x.constructor' }), { title: 'x.constructor', secondary: 'a', badge: null }],
      ['file: no extension, no badge', src({ id: 'f', kind: 'file', path: 'Makefile' }), { title: 'Makefile', secondary: '', badge: null }],
      ['file: no path at all, the title', src({ id: 'x', kind: 'file', title: 'Shared drive doc', uri: 'https://drive.example.com/d/1' }), { title: 'Shared drive doc', secondary: 'drive.example.com', local: false, href: 'https://drive.example.com/d/1' }],
      ['code: basename and directory', src({ id: 'code:src/a/b.ts', kind: 'code', path: 'src/a/b.ts' }), { title: 'b.ts', secondary: 'src / a', badge: 'TS' }],
      // web
      ['web: the provider title', src({ id: 'w', kind: 'web', title: 'Provider title', uri: 'https://docs.example.org/a/b', metadata: { pageTitle: 'Cached' } }), { title: 'Provider title', secondary: 'docs.example.org' }],
      ['web: the cached page title when the title is the URL', src({ id: 'w', kind: 'web', title: 'https://docs.example.org/a/b', uri: 'https://docs.example.org/a/b', metadata: { pageTitle: 'Cached page' } }), { title: 'Cached page', secondary: 'docs.example.org' }],
      ['web: the cached page title when the title is the host', src({ id: 'w', kind: 'web', title: 'docs.example.org', uri: 'https://docs.example.org/a/b', metadata: { pageTitle: 'Cached page' } }), { title: 'Cached page', secondary: 'docs.example.org' }],
      ['web: host and short path', src({ id: 'w', kind: 'web', title: '', uri: 'https://docs.example.org/guide/install/' }), { title: 'docs.example.org/guide/install', secondary: 'docs.example.org' }],
      ['web: host and a long path, shortened', src({ id: 'w', kind: 'web', uri: 'https://docs.example.org/products/eam/user-guide/diagnostics/vibration.html?x=1' }), { title: 'docs.example.org/products/…/vibration.html', secondary: 'docs.example.org' }],
      ['web: host alone', src({ id: 'w', kind: 'web', title: '  ', uri: 'https://example.org/' }), { title: 'example.org', secondary: 'example.org' }],
      ['web: the raw URL as a last resort', src({ id: 'w', kind: 'web', uri: 'mailto:team@example.org' }), { title: 'mailto:team@example.org', secondary: '', href: 'mailto:team@example.org' }],
      ['web: not even a URL, the id', src({ id: 'web:opaque-id', kind: 'web' }), { title: 'web:opaque-id', secondary: '', href: null }],
      ['web: a site name when there is no host', src({ id: 'w', kind: 'web', title: 'Page', metadata: { siteName: 'ISO' } }), { title: 'Page', secondary: 'ISO' }],
      ['web: percent-encoded path shown decoded', src({ id: 'w', kind: 'web', uri: 'https://ru.example.org/%D1%81%D1%82%D0%B0%D1%82%D1%8C%D1%8F' }), { title: 'ru.example.org/статья', secondary: 'ru.example.org' }],
      // jira
      ['jira: key and summary from the title', src({ id: 'jira:MDC-7', kind: 'jira', title: 'MDC-7 Pumps vibrate', locations: [{ jiraKey: 'MDC-7' }] }), { title: 'MDC-7', secondary: 'Pumps vibrate', issueKey: 'MDC-7', summary: 'Pumps vibrate' }],
      ['jira: key with a colon separator', src({ id: 'jira:MDC-7', kind: 'jira', title: 'MDC-7: Pumps vibrate' }), { title: 'MDC-7', secondary: 'Pumps vibrate', summary: 'Pumps vibrate' }],
      ['jira: summary from metadata', src({ id: 'jira:MDC-7', kind: 'jira', title: 'MDC-7', metadata: { summary: 'From metadata' } }), { title: 'MDC-7', secondary: 'From metadata', summary: 'From metadata' }],
      ['jira: only a key', src({ id: 'jira:MDC-7', kind: 'jira', title: 'MDC-7' }), { title: 'MDC-7', secondary: '', summary: null, issueKey: 'MDC-7' }],
      ['jira: key found in the title only', src({ id: 'jira:https://jira.example.com/x', kind: 'jira', title: 'ABC_2-15 Something' }), { title: 'ABC_2-15', secondary: 'Something', issueKey: 'ABC_2-15' }],
      ['jira: no key anywhere', src({ id: 'jira:?', kind: 'jira', title: 'An issue', uri: 'https://jira.example.com/x' }), { title: 'An issue', secondary: 'jira.example.com', issueKey: null }],
      // confluence, knowledge, other
      ['confluence: title and space name', src({ id: 'confluence:1', kind: 'confluence', title: 'Runbook', metadata: { spaceKey: 'OPS', spaceName: 'Operations' } }), { title: 'Runbook', secondary: 'Operations' }],
      ['confluence: space key', src({ id: 'confluence:1', kind: 'confluence', title: 'Runbook', metadata: { spaceKey: 'OPS' } }), { title: 'Runbook', secondary: 'OPS' }],
      ['confluence: no title, the page URL', src({ id: 'confluence:1', kind: 'confluence', uri: 'https://wiki.example.com/pages/1' }), { title: 'wiki.example.com/pages/1', secondary: 'wiki.example.com' }],
      ['knowledge: title and backend from the id', src({ id: 'knowledge:kb:42', kind: 'knowledge', title: 'Article' }), { title: 'Article', secondary: 'kb' }],
      ['knowledge: collection from metadata', src({ id: 'knowledge:kb:42', kind: 'knowledge', title: 'Article', metadata: { collection: 'Handbook' } }), { title: 'Article', secondary: 'Handbook' }],
      ['other: the title and host', src({ id: 'slack:1', title: 'Thread', uri: 'https://slack.example.com/a' }), { title: 'Thread', secondary: 'slack.example.com' }],
      ['other: a path basename', src({ id: 'other:1', path: 'notes/todo.txt' }), { title: 'todo.txt', secondary: 'notes', local: false, path: null }],
      ['other: the id', src({ id: 'other:1' }), { title: 'other:1', secondary: '' }],
      ['whitespace in titles is collapsed', src({ id: 'k', kind: 'knowledge', title: '  Two\n\tlines   here ' }), { title: 'Two lines here', secondary: '' }],
    ];
    for (const [name, source, expected] of rows) {
      it(name, () => {
        expect(one(source)).to.include(expected);
      });
    }
  });

  describe('hostile strings: bidi controls, invisible characters, look-alike hosts', () => {
    it('hostilePayload: every spoof is neutralised and flagged', () => {
      const view = presentSources(fixtures.hostilePayload);
      const byId = new Map(items(view).map((i) => [i.id, i]));
      const file = byId.get('file:docs/invoice\u202Efdp.md')!;
      expect(file.title).to.equal('invoice⟦U+202E⟧txt.exe');
      expect(file.suspicious).to.equal(true);
      const apple = byId.get('web:https://xn--pple-43d.com/login')!;
      expect(apple.secondary).to.equal('xn--pple-43d.com');
      expect(apple.host).to.deep.include({ display: 'xn--pple-43d.com', unicode: 'аpple.com', confusable: true });
      expect(apple.suspicious).to.equal(true);
      const zw = byId.get('web:https://exa\u200Bmple.com')!;
      expect(zw.title).to.equal('Zerowidth title');
      expect(zw.suspicious).to.equal(true);
      const js = byId.get('web:js')!;
      expect(js.href).to.equal(null);
      expect(js.title).to.equal('<img src=x onerror="window.__qaPwned=1">click me');
      expect(byId.get('web:data')!.href).to.equal(null);
      const jira = byId.get('jira:EVIL-1')!;
      expect(jira.summary).to.equal('<b>bold</b> summary');
      expect(jira.href).to.equal(null);
      expect(jira.suspicious).to.equal(true);
    });
    const prose: Array<[string, string, string]> = [
      ['right-to-left override', 'Invoice \u202Efdp.exe', 'Invoice fdp.exe'],
      ['isolates', 'a \u2067b\u2069 c', 'a b c'],
      ['zero-width space and BOM', 'Zero\u200Bwidth\uFEFF', 'Zerowidth'],
      ['tag characters (hidden ASCII)', 'Hello\u{E0041}\u{E0042}', 'Hello'],
      ['word joiner and soft hyphen', 'in\u2060vis\u00ADible', 'invisible'],
      ['Hangul filler', 'x\u3164y', 'xy'],
    ];
    for (const [name, raw, shown] of prose) {
      it(`in a title (prose): ${name} removed`, () => {
        const item = one(src({ id: 'k', kind: 'knowledge', title: raw }));
        expect(item.title).to.equal(shown);
        expect(item.suspicious).to.equal(true);
      });
      it(`in a file name: ${name} made visible`, () => {
        const item = one(src({ id: 'f', kind: 'file', path: `docs/${raw}` }));
        expect(item.title).to.match(/⟦U\+[0-9A-F]{4,5}⟧/);
        expect(item.suspicious).to.equal(true);
      });
    }
    it('legitimate text is untouched: right-to-left scripts, emoji with joiners, flags', () => {
      for (const title of ['ניתוח רעידות', '👩🏽‍🔧 playbook', '🇯🇵 edition', 'क्षत्रिय', 'Ελληνικά', '振动分析']) {
        const item = one(src({ id: 'k', kind: 'knowledge', title }));
        expect(item.title).to.equal(title);
        expect(item.suspicious, title).to.equal(false);
      }
    });
    // [uri, shown in Unicode (else ASCII), confusable]
    const hosts: Array<[string, string | null, boolean]> = [
      ['https://xn--pple-43d.com/', null, true], // Cyrillic а + Latin pple
      ['https://аррӏе.com/', null, true], // all Cyrillic look-alikes of "apple"
      ['https://раураl.com/', null, true], // Cyrillic with a Latin l
      ['https://ѕсоре.com/', null, true], // Cyrillic look-alikes of "scope"
      ['https://αρρ.com/', null, true], // Greek look-alikes
      ['https://пример.рф/статья', 'пример.рф', false], // a real Cyrillic name
      ['https://münchen.de/', 'münchen.de', false],
      ['https://例え.jp/', '例え.jp', false],
      ['https://example.com/', 'example.com', false],
    ];
    for (const [uri, unicode, confusable] of hosts) {
      const shown = unicode ?? new URL(uri).hostname;
      it(`host of ${uri} is shown as ${shown}`, () => {
        if (unicode === null) expect(shown).to.match(/^xn--|\.?xn--/);
        const item = one(src({ id: 'w', kind: 'web', title: 'T', uri }));
        expect(item.secondary).to.equal(shown);
        expect(item.host!.confusable).to.equal(confusable);
        expect(item.suspicious).to.equal(confusable);
      });
    }
  });

  describe('links: only http, https and mailto become href', () => {
    const rows: Array<[string, string | null]> = [
      ['https://example.com/a', 'https://example.com/a'],
      ['HTTP://EXAMPLE.COM', 'http://example.com/'],
      ['mailto:team@example.com', 'mailto:team@example.com'],
      ['JaVaScRiPt:alert(1)', null],
      ['  javascript:alert(1)', null],
      ['\t\njavascript:alert(1)', null],
      ['java\tscript:alert(1)', null],
      ['java\nscript:alert(1)', null],
      ['\u0000javascript:alert(1)', null],
      ['javascript&#58;alert(1)', null],
      ['data:text/html,<script>alert(1)</script>', null],
      ['vbscript:msgbox(1)', null],
      ['file:///etc/passwd', null],
      ['ftp://example.com/x', null],
      ['//evil.example/x', null],
      ['/relative/path', null],
      ['https://', null],
      ['  https://example.com/a  ', 'https://example.com/a'],
      ['\u200Bhttps://example.com/', 'https://example.com/'],
    ];
    for (const [uri, href] of rows) {
      it(`${JSON.stringify(uri)} → ${href}`, () => {
        const item = one(src({ id: 'w', kind: 'web', title: 'T', uri }));
        expect(item.href).to.equal(href);
      });
    }
    it('local sources never carry an href (they open in the preview)', () => {
      const item = one(src({ id: 'f', kind: 'file', path: 'docs/a.md', uri: 'https://git.example.com/docs/a.md' }));
      expect(item).to.include({ local: true, href: null, path: 'docs/a.md' });
      expect(item.host).to.equal(null);
    });
  });

  describe('flags', () => {
    const subagent: Array<[string, QaSourceReference['origins'], boolean]> = [
      ['every origin a subagent', [childOrigin('a'), childOrigin('b')], true],
      ['parent and subagent', [parentOrigin(), childOrigin('a')], false],
      ['parent only', [parentOrigin()], false],
      ['no origins', [], false],
    ];
    for (const [name, origins, expected] of subagent) {
      it(`subagent: ${name} → ${expected}`, () => {
        expect(one(src({ id: 'x', origins })).subagent).to.equal(expected);
      });
    }
    const partial: Array<[unknown, boolean]> = [
      [true, true],
      [false, false],
      ['true', false],
      [1, false],
      [undefined, false],
    ];
    for (const [truncated, expected] of partial) {
      it(`partial: metadata.truncated ${JSON.stringify(truncated)} → ${expected}`, () => {
        expect(one(src({ id: 'x', metadata: truncated === undefined ? {} : { truncated } })).partial).to.equal(expected);
      });
    }
  });

  describe('origin chains', () => {
    const meta = { subagents: { outer: { label: 'Research' }, inner: { label: 'Deep \u202Esearch', parentRunId: 'outer' }, loopA: { parentRunId: 'loopB', label: 'A' }, loopB: { parentRunId: 'loopA', label: 'B' } } };
    const rows: Array<[string, QaSourceReference['origins'][number], string[]]> = [
      ['a labelled run', childOrigin('outer'), ['Research']],
      ['a nested run, outermost first, label cleaned', childOrigin('inner'), ['Research', 'Deep search']],
      ['an unknown run: the agent id', childOrigin('nobody', { agentId: 'researcher' }), ['researcher']],
      ['an unknown run without agent: the run id', childOrigin('nobody'), ['nobody']],
      ['no run id: the agent id', { sessionId: 's', turn: 1, role: 'subagent', agentId: 'helper' }, ['helper']],
      ['a cycle of parents ends', childOrigin('loopA'), ['B', 'A']],
      ['the parent has no chain', parentOrigin({ subagentRunId: 'outer' }), []],
    ];
    for (const [name, origin, chain] of rows) {
      it(name, () => {
        expect(one(src({ id: 'x', origins: [origin], metadata: meta })).origins[0]!.chain).to.deep.equal(chain);
      });
    }
    it('tool names are cleaned; missing steps and tools are null', () => {
      const item = one(src({ id: 'x', evidence: 'fetched', origins: [parentOrigin({ toolName: 'web\u202E_fetch', turn: 9 }), parentOrigin()] }));
      expect(item.origins).to.deep.equal([
        { role: 'parent', chain: [], evidence: 'fetched', turn: 9, step: null, toolName: 'web_fetch' },
        { role: 'parent', chain: [], evidence: 'fetched', turn: 1, step: null, toolName: null },
      ]);
    });
  });

  describe('locations', () => {
    it('ranges are compacted; a range without a path belongs to the file; other files are named', () => {
      const item = one(
        src({
          id: 'file:docs/a.md',
          kind: 'file',
          path: 'docs/a.md',
          locations: [
            { lineStart: 10, lineEnd: 20 },
            { path: 'docs/a.md', lineStart: 21, lineEnd: 25 },
            { path: 'docs/b.md', lineStart: 1, lineEnd: 2 },
            { path: 'docs/a.md', anchor: '#setup' },
            { path: 'docs/c.md' },
            { lineStart: 40 },
          ],
        }),
      );
      expect(item.rangeLabels).to.deep.equal(['10–25', '40']);
      // Each location opens its own file at its own range.
      expect(item.locations.map(({ source: _, ...l }) => l)).to.deep.equal([
        { type: 'lines', text: '10–25', path: null, target: { path: 'docs/a.md', range: { lineStart: 10, lineEnd: 25 } } },
        { type: 'lines', text: '40', path: null, target: { path: 'docs/a.md', range: { lineStart: 40, lineEnd: 40 } } },
        { type: 'lines', text: '1–2', path: 'docs/b.md', target: { path: 'docs/b.md', range: { lineStart: 1, lineEnd: 2 } } },
        { type: 'anchor', text: '#setup', path: null, target: { path: 'docs/a.md', range: null } },
        { type: 'path', text: 'docs/c.md', path: 'docs/c.md', target: { path: 'docs/c.md', range: null } },
      ]);
      expect(item.firstLocation).to.deep.equal({ path: 'docs/a.md', lineStart: 10, lineEnd: 25 });
    });
    it('a source with no locations has none', () => {
      const item = one(src({ id: 'x' }));
      expect(item.ranges).to.deep.equal([]);
      expect(item.locations).to.deep.equal([]);
      expect(item.firstLocation).to.equal(null);
    });
  });

  describe('the empty view', () => {
    for (const input of [null, undefined]) {
      it(`presentSources(${input}) is the empty view`, () => {
        const v = presentSources(input);
        expect(v).to.deep.equal({ sessionId: '', turn: 0, count: 0, empty: true, groups: [], discovered: { count: 0, items: [] }, complete: true, incompleteOrigins: [], threshold: 50 });
      });
    }
    it('a failed parse renders as no sources', () => {
      expect(presentSources(parseTurnSources('not json').value).count).to.equal(0);
    });
    it('emptyPayload: count 0', () => {
      expect(presentSources(fixtures.emptyPayload)).to.include({ count: 0, empty: true });
    });
    it('each empty view is a fresh object', () => {
      const a = presentSources(null);
      a.groups.push({ kind: 'web', count: 0, items: [], initial: 0 });
      a.discovered.count = 9;
      expect(presentSources(null).groups).to.deep.equal([]);
      expect(presentSources(null).discovered.count).to.equal(0);
    });
  });

  describe('item views', () => {
    it('serialise to JSON with every field', () => {
      const item = presentSources(fixtures.referencePayload).groups[0]!.items[0]!;
      const json = JSON.parse(JSON.stringify(item));
      expect(Object.keys(json)).to.have.members(['id', 'kind', 'source', 'order', 'title', 'secondary', 'badge', 'issueKey', 'summary', 'ranges', 'rangeLabels', 'subagent', 'partial', 'href', 'local', 'path', 'host', 'suspicious', 'firstLocation', 'origins', 'locations']);
      expect(json.title).to.equal('technicalDiagnosis.md');
    });
    it('compare deeply like plain data', () => {
      const a = presentSources(fixtures.referencePayload).groups[2]!.items[0]!;
      const b = presentSources(fixtures.referencePayload).groups[2]!.items[0]!;
      void a.title; // one computed, the other not yet
      expect(a).to.deep.equal(b);
      expect({ ...JSON.parse(JSON.stringify(a)) }).to.deep.equal(JSON.parse(JSON.stringify(b)));
    });
    it('return the same arrays on every read', () => {
      const item = presentSources(fixtures.referencePayload).groups[0]!.items[0]!;
      expect(item.ranges).to.equal(item.ranges);
      expect(item.origins).to.equal(item.origins);
      expect(item.locations).to.equal(item.locations);
    });
    it('carry the merged source', () => {
      const v = presentSources(payload([src({ id: 'a', score: 10, title: 'a', evidence: 'discovered' }), src({ id: 'a', score: 90, evidence: 'fetched' })]));
      expect(items(v)[0]!.source).to.include({ score: 90, evidence: 'fetched' });
    });
  });

  describe('itemsUpTo', () => {
    it('gives the first n cards of a group, the same card objects as its items, for any n', () => {
      const p = fixtures.generatedPayload(700);
      for (const n of [0, 1, 7, 8, 9, 40, 49, 50, 51, 99, 100, 101, 150]) {
        const view = presentSources(p);
        const first = view.groups.map((g) => itemsUpTo(g, n));
        const more = view.groups.map((g) => itemsUpTo(g, n + 3));
        view.groups.forEach((g, i) => {
          expect(first[i]!.map((x) => x.id), `${g.kind} up to ${n}`).to.deep.equal(g.items.slice(0, n).map((x) => x.id));
          expect(more[i]!.map((x) => x.id), `${g.kind} up to ${n + 3}`).to.deep.equal(g.items.slice(0, n + 3).map((x) => x.id));
          first[i]!.forEach((x, k) => expect(x, 'one card object per source').to.equal(g.items[k]));
          expect(itemsUpTo(g, Math.max(0, n - 2)).map((x) => x.id), 'fewer after more').to.deep.equal(g.items.slice(0, Math.max(0, n - 2)).map((x) => x.id));
        });
      }
    });

    it('keeps the order of first use within a score, also when every score is the same', () => {
      const same = payload(Array.from({ length: 60 }, (_, i) => src({ id: `other:${i}`, kind: 'other', title: `t${59 - i}`, score: 70 })));
      const g = presentSources(same).groups[0]!;
      expect(itemsUpTo(g, 5).map((x) => x.order)).to.deep.equal([0, 1, 2, 3, 4]);
      const mixed = payload([70, 90, 70, 90, 100, 70, 90].map((score, i) => src({ id: `other:${i}`, kind: 'other', title: 'x', score })));
      const m = presentSources(mixed).groups[0]!;
      expect(itemsUpTo(m, 4).map((x) => x.order)).to.deep.equal([4, 1, 3, 6]);
      expect(m.items.map((x) => x.order)).to.deep.equal([4, 1, 3, 6, 0, 2, 5]);
    });

    it('works on a group that is plain data, and with odd counts', () => {
      const view = presentSources(fixtures.referencePayload);
      const plainGroup = JSON.parse(JSON.stringify(view.groups[2]));
      expect(itemsUpTo(plainGroup, 1).map((x: QaSourceItemView) => x.id)).to.deep.equal(['jira:MDC-24929']);
      const g = view.groups[2]!;
      expect(itemsUpTo(g, -1)).to.deep.equal([]);
      expect(itemsUpTo(g, 1.7).map((x) => x.id)).to.deep.equal(['jira:MDC-24929']);
      expect(itemsUpTo(g, Infinity)).to.have.length(g.count);
    });

    it('agrees with items for any valid payload (seeded)', () => {
      fc.assert(
        fc.property(payloadArb, fc.nat(30), (p, n) => {
          const view = presentSources(p, { threshold: 0 });
          for (const g of view.groups) {
            const ids = itemsUpTo(g, n).map((x) => x.id);
            expect(ids).to.deep.equal(g.items.slice(0, n).map((x) => x.id));
          }
        }),
        runs(200),
      );
    });
  });

  describe('properties (seeded)', () => {
    it('count, groups, order and discovered agree with the rules for any valid payload', () => {
      fc.assert(
        fc.property(payloadArb, fc.constantFrom(50, 0, 49.99, 100), (p, threshold) => {
          const view = presentSources(p, { threshold, showDiscovered: true });
          const merged = dedupeSources(p.sources);
          const visible = merged.filter((s) => s.score >= threshold);
          expect(view.count).to.equal(visible.length);
          expect(view.empty).to.equal(visible.length === 0);
          expect(view.groups.reduce((n, g) => n + g.count, 0)).to.equal(view.count);
          const kinds = view.groups.map((g) => g.kind);
          expect(kinds).to.deep.equal(SOURCE_KINDS.filter((k) => kinds.includes(k)));
          for (const g of view.groups) {
            for (let i = 1; i < g.items.length; i++) {
              const [a, b] = [g.items[i - 1]!, g.items[i]!];
              expect(a.source.score > b.source.score || (a.source.score === b.source.score && a.order < b.order)).to.equal(true);
            }
            for (const item of g.items) expect(item.kind).to.equal(g.kind);
          }
          const visibleIds = new Set(visible.map((s) => s.id));
          const allIds = new Set([...p.sources, ...(p.discovered ?? [])].map((s) => s.id));
          expect(view.discovered.count).to.equal(allIds.size - visibleIds.size);
          for (const d of view.discovered.items) expect(visibleIds.has(d.id)).to.equal(false);
          for (const item of items(view)) {
            expect(item.href === null || /^(https?|mailto):/.test(item.href)).to.equal(true);
            expect(item.title).to.not.equal('');
          }
        }),
        runs(300),
      );
    });
  });
});
