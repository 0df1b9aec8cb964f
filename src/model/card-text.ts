/**
 * The words of a source's card, footer entry and hover card, from its view:
 * group names, cited ranges, who used it and how, where it points, and the
 * warning of a misleading name. Pure: terms come from the `t` given.
 */
import type { QaTerms, Translate } from '../i18n/types.js';
import type { QaLocationView, QaOriginView } from './display.js';
import type { QaSourceItemView } from './item.js';
import type { QaSourceEvidence, QaSourceKind } from './types.js';

const GROUP_TERMS: Record<QaSourceKind, keyof QaTerms> = {
  file: 'groupFile',
  code: 'groupCode',
  jira: 'groupJira',
  confluence: 'groupConfluence',
  knowledge: 'groupKnowledge',
  web: 'groupWeb',
  other: 'groupOther',
};

/** The group name of a kind: `Documentation`, `Jira`, … */
export function groupName(t: Translate, kind: QaSourceKind): string {
  return t(GROUP_TERMS[kind] ?? 'groupOther');
}

const EVIDENCE_TERMS: Record<QaSourceEvidence, keyof QaTerms> = {
  read: 'evidenceRead',
  fetched: 'evidenceFetched',
  queried: 'evidenceQueried',
  reported: 'evidenceReported',
  inherited: 'evidenceInherited',
  discovered: 'evidenceDiscovered',
};

/** `lines 197–218, 355–371`, `line 42`, or '' when the item has no ranges. At most two ranges are named. */
export function rangesText(t: Translate, item: Pick<QaSourceItemView, 'ranges' | 'rangeLabels'>): string {
  const n = item.rangeLabels.length;
  if (n === 0) return '';
  const shown = item.rangeLabels.slice(0, 2).join(', ');
  const single = n === 1 && item.ranges[0]!.lineStart === item.ranges[0]!.lineEnd;
  return t(single ? 'line' : 'lines', { range: shown }) + (n > 2 ? ` +${n - 2}` : '');
}

const ORIGIN_ACTIONS: Partial<Record<QaSourceEvidence, keyof QaTerms>> = {
  read: 'originActionRead',
  fetched: 'originActionFetched',
  queried: 'originActionQueried',
};

/**
 * One `Used by` row in plain words: `Read by the assistant in answer 4`,
 * `Found by the helper agent “Jira research” › “Deep search”`.
 */
export function originText(t: Translate, o: QaOriginView): string {
  if (o.role === 'parent') return t('originAssistant', { action: t(ORIGIN_ACTIONS[o.evidence] ?? 'originActionFound'), n: o.turn });
  if (o.chain.length === 0) return t('byHelper');
  return t('originHelper', { label: o.chain.map((label) => t('quoted', { label })).join(' › ') });
}

/** The technical form of an origin, for a tooltip: `Parent · read · turn 4`, `Subagent “Jira research” · jira_get`. */
export function originDetail(t: Translate, o: QaOriginView): string {
  const evidence = t(EVIDENCE_TERMS[o.evidence] ?? 'evidenceRead');
  if (o.role === 'parent') {
    const parts = [t('parent'), evidence, t('turn', { n: o.turn })];
    if (o.toolName && o.toolName !== o.evidence) parts.push(o.toolName);
    return parts.join(' · ');
  }
  const [first, ...rest] = o.chain;
  const who = first === undefined ? t('subagent') : [t('subagentNamed', { label: first }), ...rest.map((label) => t('quoted', { label }))].join(' › ');
  return `${who} · ${o.toolName ?? evidence}`;
}

/** One `Locations` row: `lines 197–218`, `#install`, `MDC-1`, or `other/file.md · lines 3–9`. */
export function locationText(t: Translate, l: QaLocationView): string {
  let text: string;
  if (l.type === 'lines') text = t(l.text.includes('–') ? 'lines' : 'line', { range: l.text });
  else text = l.text;
  return l.path && l.type !== 'path' ? `${l.path} · ${text}` : text;
}

/** The warning shown on a card whose name or address could mislead, or null. */
export function warningText(t: Translate, item: QaSourceItemView): string | null {
  if (item.host?.confusable) return t('lookalikeHost', { host: item.host.ascii });
  if (item.suspicious) return t('suspiciousName');
  return null;
}

/** The one-line text of a footer entry: `technicalDiagnosis.md · 197–218`, `MDC-24929 — Вибродоктор. GET /history`. */
export function entryText(item: QaSourceItemView): { title: string; rest: string } {
  if (item.kind === 'jira' && item.issueKey && item.summary) return { title: item.title, rest: ` — ${item.summary}` };
  const ranges = item.rangeLabels.length
    ? ` · ${item.rangeLabels.slice(0, 2).join(', ')}${item.rangeLabels.length > 2 ? ` +${item.rangeLabels.length - 2}` : ''}`
    : '';
  return { title: item.title, rest: ranges };
}
