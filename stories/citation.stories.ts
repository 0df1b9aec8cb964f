import { html, nothing, type TemplateResult } from 'lit';
import { ref } from 'lit/directives/ref.js';
import { cssProps } from './css-props.js';
import type { Story, StoryContext, StoryGroup } from './types.js';
import { referencePayload } from './fixtures/payloads.js';
import { drawer, withRemoteSnippets } from './panel.stories.js';
import { connectCitations } from '../src/host/connect-citations.js';

const DOC = 'file:docs/User_Guide/EAM/Diagnostics/technicalDiagnosis.md';
const CODE = 'code:src/Eam/ActivitySectionTypeEnum.cs';
const JIRA = 'jira:MDC-24929';
const JIRA2 = 'jira:MDC-23617';
const ISO = 'web:https://www.iso.org/standard/66309.html';
const WIKI = 'web:https://en.wikipedia.org/wiki/Vibration_analysis';

/** One block of an answer, as a host renders it: text only, never markup. */
export type AnswerBlock = { p: string } | { li: string[] } | { code: string };

/** Answers with citation markers, by story. */
export const ANSWERS: Record<string, AnswerBlock[]> = {
  en: [
    {
      p: `Technical diagnosis starts from a recorded vibration state of the unit [[source:${DOC}#L197-L218]]. The activity sections it fills are an enum in the EAM domain [[source:${CODE}]].`,
    },
    {
      li: [
        `The history endpoint returned no alarms for imported units; this was fixed in MDC-24929 [[source:${JIRA}]].`,
        `Severity zones follow ISO 20816-1 [[source:${ISO}]], and the thresholds table is in the same guide [[source:${DOC}#L355-L371]].`,
      ],
    },
    { p: `Use \`[[source:…]]\` markers only for sources you used.` },
    { code: `// markers inside code stay as they are\nconst marker = '[[source:${CODE}]]';` },
  ],
  ru: [
    {
      p: `Техническое диагностирование начинается с записанного вибрационного состояния агрегата [[source:${DOC}#L197-L218]]. Разделы мероприятий описаны перечислением [[source:${CODE}]].`,
    },
    {
      li: [
        `Эндпоинт истории не возвращал тревог для импортированных агрегатов; исправлено в MDC-24929 [[source:${JIRA}]].`,
        `Зоны состояния — по ISO 20816-1 [[source:${ISO}]].`,
      ],
    },
  ],
  zh: [
    { p: `技术诊断从记录的机组振动状态开始[[source:${DOC}#L197-L218]]。活动分区在 EAM 领域中是一个枚举[[source:${CODE}]]。` },
    { li: [`历史接口对导入的机组不返回报警，已在 MDC-24929 中修复[[source:${JIRA}]]。`, `严重程度分区遵循 ISO 20816-1[[source:${ISO}]]。`] },
  ],
  many: [
    {
      p: `The guide defines the diagnosis [[source:${DOC}#L1-L12]]. It lists the sensors [[source:${DOC}#L40-L52]], the sampling rate [[source:${DOC}#L60]], the spectra [[source:${DOC}#L120-L160]] and the report [[source:${DOC}#L197-L218]].`,
    },
    {
      p: `Vibration analysis in general [[source:${WIKI}]] says the same as the guide [[source:${DOC}]]. A related issue [[source:${JIRA2}]] repeats it [[source:${DOC}#L355-L371]].`,
    },
  ],
  unknown: [
    { p: `This claim cites a source the assistant never collected [[source:file:docs/missing.md]]. This one is real [[source:${JIRA}]].` },
    { p: `A spoofed id [[source:file:invoice\u202Efdp.md]] and markup in an id [[source:<img src=x onerror=alert(1)>]] stay muted text.` },
  ],
  he: [
    { p: `האבחון הטכני מתחיל ממצב רעידות מוקלט של היחידה [[source:${DOC}#L197-L218]]. סעיפי הפעילות מוגדרים כרשימה בתחום EAM [[source:${CODE}]].` },
    {
      li: [`נקודת הקצה של ההיסטוריה לא החזירה התראות ליחידות מיובאות; תוקן ב-MDC-24929 [[source:${JIRA}]].`, `אזורי החומרה לפי ISO 20816-1 [[source:${ISO}]].`],
    },
  ],
  ranges: [
    {
      p: `Lines 197 to 218 describe the record [[source:${DOC}#L197-L218]]; line 42 names the unit [[source:${DOC}#L42]]; a reversed range is put in order [[source:${CODE}#L40-L12]].`,
    },
  ],
};

const built = new WeakSet<Element>();
/** The payload of the answers: the reference example, its remote sources with the snippets their tools returned. */
const payload = withRemoteSnippets(referencePayload);

/** Builds an answer's DOM from text the way a host would (text nodes only). */
export function buildAnswer(el: HTMLElement, blocks: AnswerBlock[]): void {
  const parts: Node[] = [];
  for (const b of blocks) {
    if ('p' in b) {
      const p = document.createElement('p');
      // Inline code between backticks, the rest as text.
      b.p.split(/(`[^`]*`)/).forEach((piece, i) => {
        if (i % 2 === 1) {
          const c = document.createElement('code');
          c.textContent = piece.slice(1, -1);
          p.append(c);
        } else p.append(piece);
      });
      parts.push(p);
    } else if ('li' in b) {
      const ul = document.createElement('ul');
      for (const t of b.li) {
        const li = document.createElement('li');
        li.textContent = t;
        ul.append(li);
      }
      parts.push(ul);
    } else {
      const pre = document.createElement('pre');
      const code = document.createElement('code');
      code.textContent = b.code;
      pre.append(code);
      parts.push(pre);
    }
  }
  el.replaceChildren(...parts);
}

interface CitedArgs {
  answer: AnswerBlock[];
  lang?: string;
  width?: number;
  dark?: boolean;
  /** Stream the answer in pieces (a control adds the next one). */
  streaming?: boolean;
  /** Right-to-left page. */
  dir?: 'rtl';
}

/** Plain text of an answer, for streaming it piece by piece. */
function answerText(blocks: AnswerBlock[]): string {
  return blocks.map((b) => ('p' in b ? b.p : 'li' in b ? b.li.join('\n') : b.code)).join('\n\n');
}

/** The answer next to its footer and panel, wired both ways. */
function cited(ctx: StoryContext, args: CitedArgs): TemplateResult {
  const lang = args.lang ?? ctx.locale;
  let connected = false;
  const wire = (el: Element | undefined) => {
    if (!el || connected || built.has(el)) return;
    built.add(el);
    connected = true;
    const root = el as HTMLElement;
    const answer = root.querySelector<HTMLElement>('.story-cited-answer')!;
    if (args.streaming) {
      const p = document.createElement('p');
      answer.replaceChildren(p);
    } else buildAnswer(answer, args.answer);
    // Wired once the panel and footer exist (after this render).
    queueMicrotask(() => {
      connectCitations({
        answer,
        panel: root.querySelector('qa-sources-panel'),
        footer: root.querySelector('qa-source-footer'),
        sources: payload,
        debug: ctx.debug,
      });
    });
  };
  const text = answerText(args.answer);
  let at = 0;
  const next = (e: Event) => {
    const p = (e.target as HTMLElement).closest('.story-cited')!.querySelector('.story-cited-answer p')!;
    const n = Math.min(text.length, at + 7);
    p.append(document.createTextNode(text.slice(at, n)));
    at = n;
  };
  const all = (e: Event) => {
    const p = (e.target as HTMLElement).closest('.story-cited')!.querySelector('.story-cited-answer p')!;
    p.append(document.createTextNode(text.slice(at)));
    at = text.length;
  };
  return html`<div
    class="story-cited"
    lang=${lang}
    dir=${args.dir ?? nothing}
    style=${cssProps({ display: 'grid', gap: '16px', maxInlineSize: args.width ? `${args.width}px` : null, colorScheme: args.dark ? 'dark' : null, background: args.dark ? 'Canvas' : null, color: args.dark ? 'CanvasText' : null, padding: args.dark ? '12px' : null })}
    ${ref(wire)}
  >
    ${
      args.streaming
        ? html`<div class="story-actions">
          <button type="button" @click=${next}>Next piece of the answer</button><button type="button" @click=${all}>Finish the answer</button>
        </div>`
        : ''
    }
    <article class="story-answer story-cited-answer" style=${cssProps({ lineHeight: '1.55' })}></article>
    <qa-source-footer .sources=${payload} .locale=${lang} expanded></qa-source-footer>
    ${drawer(html`<qa-sources-panel .sources=${payload} .locale=${lang} ?debug=${ctx.debug}></qa-sources-panel>`, 420)}
  </div>`;
}

const story = (id: string, name: string, args: (ctx: StoryContext) => CitedArgs): Story => ({ id, name, render: (ctx) => cited(ctx, args(ctx)) });

/** Stories of <qa-citation>. */
export const citationStories: StoryGroup = {
  id: 'citation',
  title: 'Citations',
  element: 'qa-citation',
  stories: [
    story('answer', 'Answer with citations, panel and footer', (ctx) => ({ answer: ANSWERS[ctx.locale] ?? ANSWERS.en! })),
    story('streaming', 'Streaming answer (markers arrive in pieces)', () => ({ answer: ANSWERS.en!, streaming: true })),
    story('many', 'One source cited many times', () => ({ answer: ANSWERS.many! })),
    story('unknown', 'Unknown and hostile ids', () => ({ answer: ANSWERS.unknown! })),
    story('ranges', 'Citations with line ranges', () => ({ answer: ANSWERS.ranges! })),
    story('zh', 'Chinese', () => ({ answer: ANSWERS.zh!, lang: 'zh' })),
    story('ru', 'Russian', () => ({ answer: ANSWERS.ru!, lang: 'ru' })),
    story('narrow', '320 px', (ctx) => ({ answer: ANSWERS[ctx.locale] ?? ANSWERS.en!, width: 320 })),
    story('dark', 'Dark', (ctx) => ({ answer: ANSWERS[ctx.locale] ?? ANSWERS.en!, dark: true })),
    story('rtl', 'Right to left (Hebrew answer): chips, hover cards and sections mirrored', () => ({ answer: ANSWERS.he!, lang: 'he', dir: 'rtl' })),
  ],
};
