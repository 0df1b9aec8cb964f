/**
 * Citations in an answer: `linkCitations` over a 50 KB answer with 200
 * markers (text nodes to chips, numbered), the same answer streamed as 1,000
 * successive updates (each re-rendered by the "host" and linked again, one
 * task per update, longest task reported) and a chip's hover card: opened
 * at the start of a frame, the time until that frame is rendered with it.
 */
import { generatedPayload } from '../../../stories/fixtures/payloads.js';
import { loadKit } from '../kit.js';
import { longestTask, mark, measure, nextTask, painted, profileEnd, profileStart, renderedInFrame, stage } from '../measure.js';
import type { Metrics } from '../types.js';

type CitationsEntry = typeof import('../../../src/citations.js');
const entry = import.meta.glob<CitationsEntry>('../../../src/citations.ts');

export async function prepare(): Promise<string[]> {
  await Promise.all(Object.values(entry).map((load) => load()));
  return loadKit(['qa-citation']);
}

/** An answer of about `bytes` characters in paragraphs, with `markers` citations of the payload's sources spread through it. */
function answerText(ids: string[], bytes: number, markers: number): string {
  const sentence = 'The unit keeps its vibration class until a technician confirms it, and the thresholds follow the handbook. ';
  const parts: string[] = [];
  let size = 0;
  let i = 0;
  const per = Math.max(1, Math.floor(bytes / markers));
  while (size < bytes) {
    const id = ids[i % ids.length]!;
    const marker = i < markers ? `[[source:${id}${i % 3 === 0 ? `#L${i + 1}-L${i + 9}` : ''}]]` : '';
    // Text up to the last word that fits beside the marker, so that `markers` markers spread over `bytes`.
    const room = Math.max(1, per - marker.length);
    let chunk = '';
    while (chunk.length < room) chunk += sentence;
    chunk = chunk.slice(0, chunk.lastIndexOf(' ', room) + 1);
    parts.push(chunk.trimEnd() + marker + (i % 4 === 3 ? '\n\n' : ' '));
    size += chunk.length + marker.length;
    i += 1;
  }
  return parts.join('');
}

/** Renders text the way a host does: paragraphs of text nodes. */
function render(box: HTMLElement, text: string): void {
  const ps = text.split('\n\n').map((t) => {
    const p = document.createElement('p');
    p.textContent = t;
    return p;
  });
  box.replaceChildren(...ps);
}

export async function run(): Promise<Metrics> {
  const { linkCitations } = await Object.values(entry)[0]!();
  const payload = generatedPayload(100);
  const ids = payload.sources.map((s) => s.id);
  const text = answerText(ids, 50_000, 200);
  const box = stage(720, 600);
  box.style.overflow = 'auto';

  // One pass over the whole rendered answer.
  render(box, text);
  await painted();
  profileStart('link');
  mark('link-start');
  const links = linkCitations(box, { sources: payload, complete: true });
  mark('link-end');
  profileEnd('link');
  const link = measure('link', 'link-start', 'link-end');
  const chips = box.querySelectorAll('qa-citation').length;
  const numbered = links.index.cited.length;
  await painted();

  // 1,000 updates of a growing answer, one task each.
  profileStart('stream');
  const t0 = performance.now();
  let worst = 0;
  for (let u = 1; u <= 1000; u++) {
    const cut = Math.round((u * text.length) / 1000);
    const s = performance.now();
    render(box, text.slice(0, cut));
    linkCitations(box, { sources: payload, complete: u === 1000 });
    worst = Math.max(worst, performance.now() - s);
    await nextTask();
  }
  const streamTotal = performance.now() - t0;
  profileEnd('stream');
  const streamLongestTask = Math.max(await longestTask(t0), 0);
  await painted();

  // A chip's card: opened at the start of a frame, until that frame is rendered with it.
  const chip = box.querySelector('qa-citation') as (HTMLElement & { showCard(): void; updateComplete: Promise<unknown> }) | null;
  let cardPainted = NaN;
  if (chip) {
    await chip.updateComplete;
    await painted();
    mark('card-start');
    const ms = await renderedInFrame(() => chip.showCard());
    mark('card-end');
    // Counted only when the card was in that frame (open and laid out).
    const card = chip.shadowRoot?.querySelector<HTMLElement>('.hc');
    if (card?.matches(':popover-open') && card.getBoundingClientRect().height > 0) cardPainted = ms;
  }
  return { link, chips, numbered, streamUpdateWorst: worst, streamTotal, streamLongestTask, cardPainted };
}
