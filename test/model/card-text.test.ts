import { expect } from 'chai';
import { loadTranslation, term } from '../../src/i18n/index.js';
import type { Translate } from '../../src/i18n/types.js';
import { entryText, groupName, locationText, originDetail, originText, rangesText, warningText } from '../../src/model/card-text.js';
import type { QaLocationView, QaOriginView } from '../../src/model/display.js';
import type { QaSourceItemView } from '../../src/model/item.js';
import type { QaSourceKind } from '../../src/model/types.js';

const en: Translate = (key, params) => term('en', key, params);
const ru: Translate = (key, params) => term('ru', key, params);

const origin = (o: Partial<QaOriginView>): QaOriginView => ({ role: 'parent', chain: [], evidence: 'read', turn: 4, step: null, toolName: null, ...o });
const location = (l: Partial<QaLocationView>): QaLocationView =>
  ({ type: 'lines', text: '197–218', path: null, target: null, source: { path: 'a.md' }, ...l }) as QaLocationView;
const item = (i: Partial<Record<keyof QaSourceItemView, unknown>>) =>
  ({ kind: 'file', title: 'a.md', ranges: [], rangeLabels: [], host: null, suspicious: false, ...i }) as unknown as QaSourceItemView;

describe('card text', () => {
  before(() => loadTranslation('ru'));

  describe('groupName', () => {
    const rows: Array<[string, string, string]> = [
      ['file', 'Documentation', 'Документация'],
      ['jira', 'Jira', 'Jira'],
      ['other', 'Other', 'Другое'],
      ['slack', 'Other', 'Другое'],
    ];
    for (const [kind, inEnglish, inRussian] of rows) {
      it(`${kind} → ${inEnglish} / ${inRussian}`, () => {
        expect(groupName(en, kind as QaSourceKind)).to.equal(inEnglish);
        expect(groupName(ru, kind as QaSourceKind)).to.equal(inRussian);
      });
    }
  });

  describe('rangesText', () => {
    const r = (a: number, b: number) => ({ lineStart: a, lineEnd: b });
    const rows: Array<[ReturnType<typeof r>[], string[], string]> = [
      [[], [], ''],
      [[r(42, 42)], ['42'], 'line 42'],
      [[r(197, 218)], ['197–218'], 'lines 197–218'],
      [[r(1, 1), r(5, 5)], ['1', '5'], 'lines 1, 5'],
      [[r(1, 2), r(5, 6), r(9, 9), r(12, 12)], ['1–2', '5–6', '9', '12'], 'lines 1–2, 5–6 +2'],
    ];
    for (const [ranges, rangeLabels, out] of rows)
      it(`${JSON.stringify(rangeLabels)} → ${JSON.stringify(out)}`, () => expect(rangesText(en, { ranges, rangeLabels })).to.equal(out));
  });

  describe('originText and originDetail', () => {
    const rows: Array<[QaOriginView, string, string]> = [
      [origin({}), 'Read by the assistant in answer 4', 'Parent · read · turn 4'],
      [origin({ evidence: 'queried', toolName: 'jira_get' }), 'Looked up by the assistant in answer 4', 'Parent · queried · turn 4 · jira_get'],
      [origin({ evidence: 'read', toolName: 'read' }), 'Read by the assistant in answer 4', 'Parent · read · turn 4'],
      [origin({ evidence: 'reported' }), 'Found by the assistant in answer 4', 'Parent · reported · turn 4'],
      [origin({ role: 'subagent' }), 'Found by a helper agent', 'Subagent · read'],
      [
        origin({ role: 'subagent', chain: ['Jira research', 'Deep search'], toolName: 'jira_get' }),
        'Found by the helper agent “Jira research” › “Deep search”',
        'Subagent “Jira research” › “Deep search” · jira_get',
      ],
    ];
    for (const [o, text, detail] of rows) {
      it(`${JSON.stringify(o.chain)} ${o.role} ${o.evidence} → ${text}`, () => {
        expect(originText(en, o)).to.equal(text);
        expect(originDetail(en, o)).to.equal(detail);
      });
    }
  });

  describe('locationText', () => {
    const rows: Array<[QaLocationView, string]> = [
      [location({}), 'lines 197–218'],
      [location({ text: '42' }), 'line 42'],
      [location({ path: 'other/file.md', text: '3–9' }), 'other/file.md · lines 3–9'],
      [location({ type: 'anchor', text: '#install' }), '#install'],
      [location({ type: 'jira', text: 'MDC-1' }), 'MDC-1'],
      [location({ type: 'path', text: 'docs/a.md', path: 'docs/a.md' }), 'docs/a.md'],
    ];
    for (const [l, out] of rows) it(`${l.type} ${l.text} → ${out}`, () => expect(locationText(en, l)).to.equal(out));
  });

  describe('warningText', () => {
    it('names the real form of a lookalike host first, then a suspicious name, else nothing', () => {
      expect(warningText(en, item({ host: { confusable: true, ascii: 'xn--pple-43d.com' }, suspicious: true }))).to.equal(
        'This address looks like another one; its real form is xn--pple-43d.com.',
      );
      expect(warningText(en, item({ suspicious: true }))).to.equal('This name contains hidden or direction-changing characters.');
      expect(warningText(en, item({ host: { confusable: false, ascii: 'example.com' } }))).to.equal(null);
    });
  });

  describe('entryText', () => {
    const rows: Array<[QaSourceItemView, string]> = [
      [item({}), 'a.md'],
      [item({ rangeLabels: ['197–218'] }), 'a.md · 197–218'],
      [item({ rangeLabels: ['1', '5–6', '9'] }), 'a.md · 1, 5–6 +1'],
      [item({ kind: 'jira', title: 'MDC-24929', issueKey: 'MDC-24929', summary: 'GET /history' }), 'MDC-24929 — GET /history'],
      [item({ kind: 'jira', title: 'MDC-24929', issueKey: 'MDC-24929', summary: null, rangeLabels: ['3'] }), 'MDC-24929 · 3'],
    ];
    for (const [i, out] of rows) {
      it(`→ ${out}`, () => {
        const { title, rest } = entryText(i);
        expect(title).to.equal(i.title);
        expect(title + rest).to.equal(out);
      });
    }
  });
});
