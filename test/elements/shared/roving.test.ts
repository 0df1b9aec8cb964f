import { expect } from 'chai';
import { LitElement, html } from 'lit';
import { property } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { sendKeys } from '@web/test-runner-commands';
import { RovingController, nextInList } from '../../../src/elements/shared/roving.js';
import { deepActive, mount, settle, unmountAll } from './fixture.js';

/** A list of items with one tab stop, each a link or a button and an extra button, as a source card has. */
class RovingList extends LitElement {
  @property({ attribute: false }) items: Array<{ id: string; href?: string }> = [];

  readonly roving = new RovingController(this, {
    controls: () => [...this.renderRoot.querySelectorAll<HTMLElement>('li > .main')],
    controlAt: (node) => node.closest('li')?.querySelector<HTMLElement>(':scope > .main') ?? null,
    idAt: (node) => node.closest<HTMLElement>('li[data-id]')?.dataset.id ?? null,
  });

  /** Clicks on links are recorded, not followed. */
  readonly clicked: string[] = [];

  protected override render() {
    const stop = this.roving.tabStop(this.items);
    const click = (e: Event, id: string) => {
      e.preventDefault();
      this.clicked.push(id);
    };
    return html`<button class="before">before</button>
      <ul @focusin=${this.roving.onFocusin} @keydown=${(e: KeyboardEvent) => this.roving.keydown(e)}>
        ${repeat(
          this.items,
          (i) => i.id,
          (i) =>
            html`<li data-id=${i.id}>
              ${
                i.href
                  ? html`<a class="main" href=${i.href} tabindex=${i.id === stop ? 0 : -1} @click=${(e: Event) => click(e, i.id)}>${i.id}</a>`
                  : html`<button class="main" tabindex=${i.id === stop ? 0 : -1} @click=${(e: Event) => click(e, i.id)}>${i.id}</button>`
              }<button class="extra" tabindex=${i.id === stop ? 0 : -1}>more ${i.id}</button>
            </li>`,
        )}
      </ul>
      <button class="after">after</button>`;
  }
}
customElements.define('test-roving-list', RovingList);

const ITEMS = [{ id: 'a' }, { id: 'b', href: 'https://example.com/b' }, { id: 'c' }, { id: 'd' }];

async function mountList(items = ITEMS): Promise<RovingList> {
  const box = await mount(html`<test-roving-list .items=${items}></test-roving-list>`);
  return box.querySelector('test-roving-list')!;
}

const q = (el: RovingList, sel: string) => el.shadowRoot!.querySelector<HTMLElement>(sel)!;
const main = (el: RovingList, id: string) => q(el, `li[data-id="${id}"] > .main`);
const tabbable = (el: RovingList) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('li > .main')].filter((c) => c.tabIndex === 0).map((c) => c.textContent);
const focused = () => deepActive()?.textContent?.trim();

async function withShift(key: string): Promise<void> {
  await sendKeys({ down: 'Shift' });
  await sendKeys({ press: key });
  await sendKeys({ up: 'Shift' });
}

describe('RovingController', () => {
  afterEach(unmountAll);

  describe('nextInList', () => {
    const list = ['a', 'b', 'c'].map((id) => Object.assign(document.createElement('button'), { id }));
    it('moves with Up/Down and jumps with Home/End, stopping at the ends', () => {
      expect(nextInList('ArrowDown', list, 0)!.id).to.equal('b');
      expect(nextInList('ArrowDown', list, 2)!.id).to.equal('c');
      expect(nextInList('ArrowUp', list, 0)!.id).to.equal('a');
      expect(nextInList('Home', list, 2)!.id).to.equal('a');
      expect(nextInList('End', list, 0)!.id).to.equal('c');
      expect(nextInList('Tab', list, 0)).to.equal(null);
      expect(nextInList('ArrowDown', [], 0)).to.equal(null);
    });
  });

  it('puts the first item in the tab order, and nothing for an empty list', async () => {
    const el = await mountList();
    expect(tabbable(el)).to.deep.equal(['a']);
    expect(el.roving.tabStop([])).to.equal(null);
  });

  it('moves focus with the arrows, Home and End, and Tab leaves the list from the stop', async () => {
    const el = await mountList();
    q(el, '.before').focus();
    await sendKeys({ press: 'Tab' });
    expect(focused()).to.equal('a');
    await sendKeys({ press: 'ArrowDown' });
    expect(focused()).to.equal('b');
    await sendKeys({ press: 'End' });
    expect(focused()).to.equal('d');
    await sendKeys({ press: 'ArrowDown' });
    expect(focused(), 'stops at the end').to.equal('d');
    await sendKeys({ press: 'Home' });
    expect(focused()).to.equal('a');
    await sendKeys({ press: 'ArrowUp' });
    expect(focused(), 'stops at the start').to.equal('a');
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' });
    await settle(el);
    expect(tabbable(el), 'the focused item keeps the tab stop').to.deep.equal(['c']);
    await sendKeys({ press: 'Tab' });
    expect(focused(), 'the extra control of the same item').to.equal('more c');
    await sendKeys({ press: 'Tab' });
    expect(focused(), 'then out of the list').to.equal('after');
    await withShift('Tab');
    await withShift('Tab');
    expect(focused(), 'back in at the stop').to.equal('c');
  });

  it('moves from the extra control of an item as from its main control, and ignores modified keys', async () => {
    const el = await mountList();
    q(el, 'li[data-id="b"] > .extra').focus();
    await sendKeys({ press: 'ArrowDown' });
    expect(focused()).to.equal('c');
    await withShift('ArrowDown');
    expect(focused()).to.equal('c');
  });

  it('gives the tab stop to an item focused by pointer or script, and to the active item while it is shown', async () => {
    const el = await mountList();
    main(el, 'c').focus();
    await settle(el);
    expect(el.roving.active).to.equal('c');
    expect(tabbable(el)).to.deep.equal(['c']);
    el.items = ITEMS.filter((i) => i.id !== 'c');
    await settle(el);
    expect(tabbable(el), 'the first again once the active item is gone').to.deep.equal(['a']);
    el.items = ITEMS;
    await settle(el);
    expect(tabbable(el), 'and the active one when it is back').to.deep.equal(['c']);
  });

  it('activates a link with Space as a button is, and leaves other keys alone', async () => {
    const el = await mountList();
    main(el, 'b').focus();
    await sendKeys({ press: 'Space' });
    expect(el.clicked).to.deep.equal(['b']);
    main(el, 'a').focus();
    await sendKeys({ press: 'Space' });
    expect(el.clicked, 'a button clicks itself').to.deep.equal(['b', 'a']);
    const e = new KeyboardEvent('keydown', { key: 'x', bubbles: true, composed: true, cancelable: true });
    main(el, 'a').dispatchEvent(e);
    expect(e.defaultPrevented).to.equal(false);
    expect(el.roving.keydown(new KeyboardEvent('keydown', { key: 'ArrowDown' })), 'no target, nothing to move').to.equal(false);
  });

  it('focuses a control the next update creates', async () => {
    const el = await mountList(ITEMS.slice(0, 2));
    main(el, 'a').focus();
    el.roving.focusAfterUpdate(() => el.shadowRoot!.querySelector<HTMLElement>('li[data-id="d"] > .main'));
    el.items = ITEMS;
    await settle(el);
    expect(focused()).to.equal('d');
    el.requestUpdate();
    main(el, 'a').focus();
    await settle(el);
    expect(focused(), 'only once').to.equal('a');
  });
});
