// The panel's cards in blocks: a block off screen skips its cards' style, layout and paint
// (content-visibility: auto on the block, not on every card), holds the place its cards will
// take, leaves room for their focus rings, and reads as one list to assistive technology.
import { expect } from 'chai';
import { html } from 'lit';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import { generatedPayload } from '../../../stories/fixtures/payloads.js';
import type { QaSourcesPanel } from '../../../src/elements/sources-panel/sources-panel.js';
import { RENDER_CHUNK, SHOW_MORE_PAGE } from '../../../src/elements/sources-panel/sources-panel.js';
import { frame, mount, settle, shadowOf, unmountAll } from '../shared/fixture.js';

/** Card height and gap the blocks' placeholder assumes (source-card.styles.ts). */
const CARD_HEIGHT = 68;
const CARD_GAP = 6;
/** The focus ring's reach outside a card: a 2 px outline 1 px away. */
const RING = 3;

async function mountPanel(): Promise<QaSourcesPanel> {
  const el = document.createElement('qa-sources-panel');
  el.sources = generatedPayload(5000);
  const c = await mount(html`<div style="block-size: 560px; inline-size: 420px; display: flex">${el}</div>`);
  await settle(c);
  return el;
}

function group(el: QaSourcesPanel, kind: string): HTMLElement {
  const g = shadowOf(el).querySelector<HTMLElement>(`.group[data-kind="${kind}"]`);
  if (!g) throw new Error(`no ${kind} group`);
  return g;
}

/** Presses "Show more" of a group `pages` times, each time until the page's cards are in. */
async function reveal(el: QaSourcesPanel, kind: string, pages: number): Promise<void> {
  for (let p = 0; p < pages; p++) {
    const before = group(el, kind).querySelectorAll('.card').length;
    group(el, kind).querySelector<HTMLButtonElement>('.show-more')!.click();
    await until(() => group(el, kind).querySelectorAll('.card').length === before + SHOW_MORE_PAGE, `page ${p + 1} revealed`);
  }
  await settle(el);
}

/** Waits, frame by frame, until `check` holds (a bounded number of frames: the test fails with `what` if it never does). */
async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await check()) return;
    await frame();
  }
  expect.fail(`never happened: ${what}`);
}

interface AxNode {
  role?: string;
  name?: string;
  children?: AxNode[];
}

/** Every node of an accessibility tree, depth first. */
function* nodes(n: AxNode | null): Generator<AxNode> {
  if (!n) return;
  yield n;
  for (const c of n.children ?? []) yield* nodes(c);
}

/** The names in an accessibility tree (one string). */
function names(n: AxNode): string {
  return [...nodes(n)].map((x) => x.name ?? '').join('\n');
}

const text = (n: Element | null) => (n?.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('<qa-sources-panel> cards in blocks', () => {
  afterEach(unmountAll);

  it('puts a long list in blocks of a chunk of cards each, skipped while far off screen', async () => {
    const el = await mountPanel();
    await reveal(el, 'file', 3);
    const list = group(el, 'file').querySelector<HTMLElement>('.cards')!;
    const blocks = [...list.children] as HTMLElement[];
    const cards = list.querySelectorAll('.card').length;
    expect(blocks.length).to.equal(Math.ceil(cards / RENDER_CHUNK));
    blocks.forEach((block, i) => {
      const n = block.querySelectorAll('.card').length;
      expect(n, `block ${i}`).to.equal(i < blocks.length - 1 ? RENDER_CHUNK : cards - RENDER_CHUNK * (blocks.length - 1));
      expect(block.classList.contains('block'), `block ${i}`).to.equal(true);
      expect(getComputedStyle(block).contentVisibility, `block ${i}`).to.equal('auto');
      expect(getComputedStyle(block).getPropertyValue('--_qa-block-cards'), `block ${i}`).to.equal(String(n));
      // The cards themselves are not tracked one by one.
      expect(getComputedStyle(block.querySelector('.card')!).contentVisibility, `block ${i}`).to.equal('visible');
    });
    // With the list's last card in view, its first blocks are far above it.
    const last = blocks[blocks.length - 1]!.querySelector('.card:last-child')!;
    last.scrollIntoView({ block: 'end' });
    const first = blocks[0]!.querySelector('.card')!;
    await until(() => !first.checkVisibility({ contentVisibilityAuto: true }), 'the first block skipped once far above the view');
    expect(last.checkVisibility({ contentVisibilityAuto: true }), 'a card in view').to.equal(true);
  });

  it('holds the place of cards never rendered, and lays cards out as one list across blocks', async () => {
    const el = await mountPanel();
    // The last group is far below the panel's 560 px: its block was never rendered.
    const groups = [...shadowOf(el).querySelectorAll<HTMLElement>('.group[data-kind]')];
    const far = groups[groups.length - 1]!.querySelector<HTMLElement>('.block')!;
    const n = far.querySelectorAll('.card').length;
    expect(n).to.be.greaterThan(1);
    expect(far.querySelector('.card')!.checkVisibility({ contentVisibilityAuto: true })).to.equal(false);
    const padding = 2 * RING;
    expect(far.getBoundingClientRect().height - padding).to.be.closeTo(n * CARD_HEIGHT + (n - 1) * CARD_GAP, 0.5);

    await reveal(el, 'file', 1);
    const cards = [...group(el, 'file').querySelectorAll<HTMLElement>('.card')];
    cards[RENDER_CHUNK]!.scrollIntoView({ block: 'center' });
    const seam = [cards[RENDER_CHUNK - 1]!, cards[RENDER_CHUNK]!];
    await until(() => seam.every((c) => c.checkVisibility({ contentVisibilityAuto: true })), 'the cards on both sides of a block edge rendered');
    // The gap from a block's last card to the next block's first is the gap between any two cards.
    const gaps = [RENDER_CHUNK - 2, RENDER_CHUNK - 1].map((i) => cards[i + 1]!.getBoundingClientRect().top - cards[i]!.getBoundingClientRect().bottom);
    expect(gaps[1]).to.be.closeTo(gaps[0]!, 0.5);
    expect(gaps[0]).to.be.closeTo(CARD_GAP, 0.5);
    // Each block leaves room for the focus ring of its first and last card on every side.
    for (const i of [RENDER_CHUNK - 1, RENDER_CHUNK]) {
      const card = cards[i]!.getBoundingClientRect();
      const block = cards[i]!.closest('.block')!.getBoundingClientRect();
      expect(block.left, `card ${i} left`).to.be.at.most(card.left - RING + 0.5);
      expect(block.right, `card ${i} right`).to.be.at.least(card.right + RING - 0.5);
      expect(block.top, `card ${i} top`).to.be.at.most(card.top - RING + 0.5);
      expect(block.bottom, `card ${i} bottom`).to.be.at.least(card.bottom + RING - 0.5);
    }
  });

  it("tells assistive technology each card's place in its whole list, and shows what it renders", async () => {
    const el = await mountPanel();
    await reveal(el, 'file', 1);
    const count = Number(/(\d[\d,]*) sources/.exec(group(el, 'file').querySelector('.group-toggle')!.getAttribute('aria-label') ?? '')![1]!.replace(/,/g, ''));
    const cards = [...group(el, 'file').querySelectorAll<HTMLElement>('.card')];
    expect(cards.length).to.be.lessThan(count);
    cards.forEach((card, i) => {
      expect(card.getAttribute('role'), `card ${i}`).to.equal('listitem');
      expect(card.getAttribute('aria-posinset'), `card ${i}`).to.equal(String(i + 1));
      expect(card.getAttribute('aria-setsize'), `card ${i}`).to.equal(String(count));
    });
    // The browser leaves the cards of a block it skips out of the tree; the items it gives are whole cards.
    const tree = (await executeServerCommand('ax-tree')) as AxNode;
    const list = [...nodes(tree)].find(
      (n) => n.role === 'list' && (n.children ?? []).some((c) => c.role === 'listitem' && names(c).includes(text(cards[0]!.querySelector('.title')))),
    );
    expect(list, 'the file list').to.exist;
    const items = (list!.children ?? []).filter((c) => c.role === 'listitem');
    expect(items.length).to.be.at.least(RENDER_CHUNK);
    for (const item of items)
      expect(
        [...nodes(item)].some((n) => n.role === 'button' || n.role === 'link'),
        'an item with its control',
      ).to.equal(true);
    // A card far down, reached from the keyboard (End), is rendered and in the tree.
    const active = cards[0]!.querySelector<HTMLElement>('.main')!;
    active.focus();
    await sendKeys({ press: 'End' });
    const all = [...shadowOf(el).querySelectorAll<HTMLElement>('.card')];
    const last = all[all.length - 1]!;
    expect(shadowOf(el).activeElement).to.equal(last.querySelector('.main'));
    const title = text(last.querySelector('.title'));
    await until(async () => names((await executeServerCommand('ax-tree')) as AxNode).includes(title), 'the last card in the accessibility tree');
  });
});
