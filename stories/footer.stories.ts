import { html, type TemplateResult } from 'lit';
import type { Story, StoryContext, StoryGroup } from './types.js';
import {
  belowThresholdPayload,
  emptyPayload,
  everyKindPayload,
  generatedPayload,
  hostilePayload,
  incompletePayload,
  longTitlesPayload,
  malformedPayload,
  provisionalPayload,
  referencePayload,
  singlePayload,
} from './fixtures/payloads.js';
import { drawer } from './panel.stories.js';
import type { QaSourceKind } from '../src/model/types.js';

const payload100 = generatedPayload(100);
const payload5000 = generatedPayload(5000);

/** A short answer text above the footer, in the story's language. */
const ANSWERS: Record<string, string> = {
  en: 'The vibration thresholds are applied per unit type. Imported units keep the defaults until a technician confirms their class, which is why MDC-24929 reports no alarms for them.',
  ru: 'Пороги вибрации применяются по типу агрегата. Импортированные агрегаты сохраняют значения по умолчанию, пока техник не подтвердит их класс, поэтому в MDC-24929 для них нет тревог.',
  zh: '振动阈值按机组类型应用。导入的机组在技术人员确认其等级之前保留默认值，因此 MDC-24929 中没有针对它们的报警。',
};

interface FooterArgs {
  sources: unknown;
  expanded?: boolean;
  provisional?: boolean;
  threshold?: number;
}

/** The footer as a chat renders it: under the answer's text. */
export function footer(ctx: StoryContext, args: FooterArgs): TemplateResult {
  return html`<article class="story-answer">
    <p>${ANSWERS[ctx.locale] ?? ANSWERS.en}</p>
    <qa-source-footer
      .sources=${args.sources}
      .locale=${ctx.locale}
      .threshold=${args.threshold ?? 50}
      ?expanded=${args.expanded ?? false}
      ?provisional=${args.provisional ?? false}
    ></qa-source-footer>
  </article>`;
}

const STATES: Array<{ id: string; name: string; args: FooterArgs; expandable?: boolean }> = [
  { id: 'reference', name: 'Reference example · 7 sources', args: { sources: referencePayload } },
  { id: 'empty', name: 'Empty (renders nothing)', args: { sources: emptyPayload }, expandable: false },
  { id: 'below-threshold', name: 'Nothing above the threshold (renders nothing)', args: { sources: belowThresholdPayload }, expandable: false },
  { id: 'single', name: 'One source', args: { sources: singlePayload } },
  { id: 'many-100', name: '100 sources', args: { sources: payload100 } },
  { id: 'many-5000', name: '5,000 sources', args: { sources: payload5000 } },
  { id: 'long-titles', name: 'Long and Unicode titles', args: { sources: longTitlesPayload } },
  { id: 'hostile', name: 'Bidi tricks, look-alike hosts, hostile strings', args: { sources: hostilePayload } },
  { id: 'every-kind', name: 'Every kind', args: { sources: everyKindPayload } },
  { id: 'discovered', name: 'Discovered candidates (never counted)', args: { sources: referencePayload } },
  { id: 'incomplete', name: 'Incomplete provenance', args: { sources: incompletePayload } },
  { id: 'provisional', name: 'Provisional (turn running)', args: { sources: provisionalPayload, provisional: true } },
  { id: 'malformed', name: 'Malformed payload', args: { sources: malformedPayload } },
];

function withPanel(ctx: StoryContext): TemplateResult {
  const open = (e: CustomEvent<{ kind: QaSourceKind }>) => {
    const panel = (e.target as HTMLElement).closest('.story-pair')!.querySelector('qa-sources-panel')!;
    void panel.openGroup(e.detail.kind);
  };
  return html`<div class="story-pair" @qa-group-open=${open}>
    ${footer(ctx, { sources: payload100 })}
    ${drawer(html`<qa-sources-panel .sources=${payload100} .locale=${ctx.locale} ?debug=${ctx.debug}></qa-sources-panel>`, 420)}
  </div>`;
}

const stories: Story[] = [];
for (const s of STATES) {
  stories.push({ id: `${s.id}`, name: `${s.name}`, render: (ctx) => footer(ctx, s.args) });
  if (s.expandable !== false)
    stories.push({ id: `${s.id}-expanded`, name: `${s.name} · expanded`, render: (ctx) => footer(ctx, { ...s.args, expanded: true }) });
}
stories.push({ id: 'with-panel', name: 'Chips open the panel’s group', render: withPanel });

/** Stories of <qa-source-footer>. */
export const footerStories: StoryGroup = { id: 'footer', title: 'Answer footer', element: 'qa-source-footer', stories };
