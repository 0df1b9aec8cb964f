// Display rules of one source (src/model/display.ts), read through its card:
// title and secondary fallbacks per kind, hostile strings, links, flags,
// origin chains and location entries.
import { expect } from 'chai';
import { presentSources, type QaSourceItemView, type QaSourceReference } from '../../src/model/index.js';
import * as fixtures from '../../stories/fixtures/payloads.js';
import { childOrigin, parentOrigin, presentOne, src, viewItems } from './helpers.js';

const one = presentOne;
const items = viewItems;

describe('model/display', () => {
  describe('title fallbacks', () => {
    const rows: Array<[string, QaSourceReference, { title: string; secondary: string } & Partial<Record<keyof QaSourceItemView, unknown>>]> = [
      // files and code
      [
        'file: basename and directory',
        src({ id: 'file:docs/guide/install.md', kind: 'file', title: 'Ignored', path: 'docs/guide/install.md' }),
        { title: 'install.md', secondary: 'docs / guide', badge: 'MD' },
      ],
      [
        'file: deep directory, middle elided',
        src({ id: 'f', kind: 'file', path: 'a/b/c/d/e/f.txt' }),
        { title: 'f.txt', secondary: 'a / … / d / e', badge: 'TXT' },
      ],
      ['file: at the root', src({ id: 'f', kind: 'file', path: 'README.md' }), { title: 'README.md', secondary: '' }],
      [
        'file: only an absolute path, shortened',
        src({ id: 'f', kind: 'file', path: '/home/me/work/repo/docs/a.md' }),
        { title: 'a.md', secondary: '… / repo / docs', local: true },
      ],
      [
        'file: a relative location path wins over an absolute path',
        src({ id: 'f', kind: 'file', path: '/home/me/repo/docs/a.md', locations: [{ path: 'docs/a.md', lineStart: 2 }] }),
        { title: 'a.md', secondary: 'docs', path: 'docs/a.md' },
      ],
      ['file: path from the id', src({ id: 'file:docs/from-id.md', kind: 'file' }), { title: 'from-id.md', secondary: 'docs', local: true }],
      [
        'file: Windows path',
        src({ id: 'f', kind: 'file', path: 'C:\\Users\\me\\repo\\src\\x.cs' }),
        { title: 'x.cs', secondary: '… / repo / src', badge: 'C#' },
      ],
      [
        'file: a very long directory name is elided',
        src({ id: 'f', kind: 'file', path: `docs/${'verylongdirectoryname'.repeat(3)}/a.md` }),
        { title: 'a.md', secondary: 'docs / verylongdirector…ngdirectoryname' },
      ],
      [
        'file: unknown extension: the icon, no cut-off text badge',
        src({ id: 'f', kind: 'file', path: 'data/model.parquet' }),
        { title: 'model.parquet', secondary: 'data', badge: null },
      ],
      [
        'file: a dotted name is not a type (.env.local is not LOCA)',
        src({ id: 'f', kind: 'file', path: 'app/.env.local' }),
        { title: '.env.local', secondary: 'app', badge: null },
      ],
      [
        'file: the badge table is not read through the prototype',
        src({ id: 'f', kind: 'file', path: 'a/x.constructor' }),
        { title: 'x.constructor', secondary: 'a', badge: null },
      ],
      ['file: no extension, no badge', src({ id: 'f', kind: 'file', path: 'Makefile' }), { title: 'Makefile', secondary: '', badge: null }],
      [
        'file: no path at all, the title',
        src({ id: 'x', kind: 'file', title: 'Shared drive doc', uri: 'https://drive.example.com/d/1' }),
        { title: 'Shared drive doc', secondary: 'drive.example.com', local: false, href: 'https://drive.example.com/d/1' },
      ],
      ['code: basename and directory', src({ id: 'code:src/a/b.ts', kind: 'code', path: 'src/a/b.ts' }), { title: 'b.ts', secondary: 'src / a', badge: 'TS' }],
      // web
      [
        'web: the provider title',
        src({ id: 'w', kind: 'web', title: 'Provider title', uri: 'https://docs.example.org/a/b', metadata: { pageTitle: 'Cached' } }),
        { title: 'Provider title', secondary: 'docs.example.org' },
      ],
      [
        'web: the cached page title when the title is the URL',
        src({ id: 'w', kind: 'web', title: 'https://docs.example.org/a/b', uri: 'https://docs.example.org/a/b', metadata: { pageTitle: 'Cached page' } }),
        { title: 'Cached page', secondary: 'docs.example.org' },
      ],
      [
        'web: the cached page title when the title is the host',
        src({ id: 'w', kind: 'web', title: 'docs.example.org', uri: 'https://docs.example.org/a/b', metadata: { pageTitle: 'Cached page' } }),
        { title: 'Cached page', secondary: 'docs.example.org' },
      ],
      [
        'web: host and short path',
        src({ id: 'w', kind: 'web', title: '', uri: 'https://docs.example.org/guide/install/' }),
        { title: 'docs.example.org/guide/install', secondary: 'docs.example.org' },
      ],
      [
        'web: host and a long path, shortened',
        src({ id: 'w', kind: 'web', uri: 'https://docs.example.org/products/eam/user-guide/diagnostics/vibration.html?x=1' }),
        { title: 'docs.example.org/products/…/vibration.html', secondary: 'docs.example.org' },
      ],
      ['web: host alone', src({ id: 'w', kind: 'web', title: '  ', uri: 'https://example.org/' }), { title: 'example.org', secondary: 'example.org' }],
      [
        'web: the raw URL as a last resort',
        src({ id: 'w', kind: 'web', uri: 'mailto:team@example.org' }),
        { title: 'mailto:team@example.org', secondary: '', href: 'mailto:team@example.org' },
      ],
      ['web: not even a URL, the id', src({ id: 'web:opaque-id', kind: 'web' }), { title: 'web:opaque-id', secondary: '', href: null }],
      [
        'web: a site name when there is no host',
        src({ id: 'w', kind: 'web', title: 'Page', metadata: { siteName: 'ISO' } }),
        { title: 'Page', secondary: 'ISO' },
      ],
      [
        'web: percent-encoded path shown decoded',
        src({ id: 'w', kind: 'web', uri: 'https://ru.example.org/%D1%81%D1%82%D0%B0%D1%82%D1%8C%D1%8F' }),
        { title: 'ru.example.org/статья', secondary: 'ru.example.org' },
      ],
      // jira
      [
        'jira: key and summary from the title',
        src({ id: 'jira:MDC-7', kind: 'jira', title: 'MDC-7 Pumps vibrate', locations: [{ jiraKey: 'MDC-7' }] }),
        { title: 'MDC-7', secondary: 'Pumps vibrate', issueKey: 'MDC-7', summary: 'Pumps vibrate' },
      ],
      [
        'jira: key with a colon separator',
        src({ id: 'jira:MDC-7', kind: 'jira', title: 'MDC-7: Pumps vibrate' }),
        { title: 'MDC-7', secondary: 'Pumps vibrate', summary: 'Pumps vibrate' },
      ],
      [
        'jira: summary from metadata',
        src({ id: 'jira:MDC-7', kind: 'jira', title: 'MDC-7', metadata: { summary: 'From metadata' } }),
        { title: 'MDC-7', secondary: 'From metadata', summary: 'From metadata' },
      ],
      ['jira: only a key', src({ id: 'jira:MDC-7', kind: 'jira', title: 'MDC-7' }), { title: 'MDC-7', secondary: '', summary: null, issueKey: 'MDC-7' }],
      [
        'jira: key found in the title only',
        src({ id: 'jira:https://jira.example.com/x', kind: 'jira', title: 'ABC_2-15 Something' }),
        { title: 'ABC_2-15', secondary: 'Something', issueKey: 'ABC_2-15' },
      ],
      [
        'jira: no key anywhere',
        src({ id: 'jira:?', kind: 'jira', title: 'An issue', uri: 'https://jira.example.com/x' }),
        { title: 'An issue', secondary: 'jira.example.com', issueKey: null },
      ],
      // confluence, knowledge, other
      [
        'confluence: title and space name',
        src({ id: 'confluence:1', kind: 'confluence', title: 'Runbook', metadata: { spaceKey: 'OPS', spaceName: 'Operations' } }),
        { title: 'Runbook', secondary: 'Operations' },
      ],
      [
        'confluence: space key',
        src({ id: 'confluence:1', kind: 'confluence', title: 'Runbook', metadata: { spaceKey: 'OPS' } }),
        { title: 'Runbook', secondary: 'OPS' },
      ],
      [
        'confluence: no title, the page URL',
        src({ id: 'confluence:1', kind: 'confluence', uri: 'https://wiki.example.com/pages/1' }),
        { title: 'wiki.example.com/pages/1', secondary: 'wiki.example.com' },
      ],
      ['knowledge: title and backend from the id', src({ id: 'knowledge:kb:42', kind: 'knowledge', title: 'Article' }), { title: 'Article', secondary: 'kb' }],
      [
        'knowledge: collection from metadata',
        src({ id: 'knowledge:kb:42', kind: 'knowledge', title: 'Article', metadata: { collection: 'Handbook' } }),
        { title: 'Article', secondary: 'Handbook' },
      ],
      [
        'other: the title and host',
        src({ id: 'slack:1', title: 'Thread', uri: 'https://slack.example.com/a' }),
        { title: 'Thread', secondary: 'slack.example.com' },
      ],
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
    const meta = {
      subagents: {
        outer: { label: 'Research' },
        inner: { label: 'Deep \u202Esearch', parentRunId: 'outer' },
        loopA: { parentRunId: 'loopB', label: 'A' },
        loopB: { parentRunId: 'loopA', label: 'B' },
      },
    };
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
});
