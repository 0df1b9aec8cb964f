/**
 * custom-elements.json (written by `npm run build`) against the real
 * elements at runtime in Chromium:
 * - every element class the package exports is in it, under its registered tag;
 * - every public reactive property (Lit's `elementProperties`, internal
 *   `@state` excluded) and its attribute are in it, and nothing it lists is
 *   missing from the class;
 * - every event an element fires and every `part` its shadow root renders,
 *   over every gallery story with its controls exercised, is in it (event
 *   types named after the event classes); and every event and part it lists
 *   shows up somewhere;
 * - every `--qa-*` custom property the element's styles read is in it
 *   (those the element sets on its own nodes are internal), and nothing
 *   else;
 * - slots match what the shadow roots render.
 */
import { expect } from 'chai';
import type { LitElement } from 'lit';
import * as kit from '../../src/index.js';
import * as citationsEntry from '../../src/citations.js';
import { storyGroups } from '../../stories/index.js';
import { customElementsIn, mount, settle, unmountAll } from '../elements/shared/fixture.js';
import { until } from '../wait.js';

interface ManifestEvent {
  name: string;
  type?: { text: string };
  detail?: { type: { text: string }; fields: Array<{ name: string }> };
}
interface ManifestElement {
  name: string;
  tagName: string;
  members?: Array<{ kind: string; name: string; privacy?: string; static?: boolean; type?: { text: string }; readonly?: boolean }>;
  attributes?: Array<{ name: string; fieldName?: string }>;
  events?: ManifestEvent[];
  cssParts?: Array<{ name: string; description?: string }>;
  cssProperties?: Array<{ name: string; description?: string }>;
  slots?: Array<{ name: string }>;
}

type LitClass = typeof LitElement & CustomElementConstructor;

/** Element classes the public entry exports. */
const classes: LitClass[] = [
  ...new Set([...Object.values(kit as Record<string, unknown>), ...Object.values(citationsEntry as Record<string, unknown>)]),
].filter((v): v is LitClass => typeof v === 'function' && v.prototype instanceof HTMLElement);

let manifest: {
  modules: Array<{
    path: string;
    declarations?: ManifestElement[];
    exports?: Array<{ kind: string; name: string; declaration: { name: string; module?: string } }>;
  }>;
};
const declOf = (tag: string): ManifestElement => {
  for (const m of manifest.modules) for (const d of m.declarations ?? []) if (d.tagName === tag) return d;
  throw new Error(`custom-elements.json has no element <${tag}>`);
};

interface Seen {
  parts: Map<string, Set<string>>;
  /** tag → event type → class name */
  events: Map<string, Map<string, string>>;
  inlineProps: Map<string, Set<string>>;
  slots: Map<string, Set<string>>;
}
const emptySeen = (): Seen => ({ parts: new Map(), events: new Map(), inlineProps: new Map(), slots: new Map() });
/** What all stories showed, per tag, and what the current one shows. */
const seen = emptySeen();
let current = emptySeen();

function mergeCurrent(): void {
  for (const key of ['parts', 'inlineProps', 'slots'] as const) for (const [tag, values] of current[key]) for (const v of values) add(seen[key], tag, v);
  for (const [tag, events] of current.events)
    for (const [type, name] of events) (seen.events.get(tag) ?? seen.events.set(tag, new Map()).get(tag)!).set(type, name);
}
const add = <T>(map: Map<string, Set<T>>, tag: string, v: T) => (map.get(tag) ?? map.set(tag, new Set()).get(tag)!).add(v);

/** Records every event an element dispatches on itself (any name), with its class. */
function recordDispatches(): () => void {
  const restore: Array<() => void> = [];
  for (const ctor of classes) {
    const proto = ctor.prototype as HTMLElement;
    const own = Object.getOwnPropertyDescriptor(proto, 'dispatchEvent');
    Object.defineProperty(proto, 'dispatchEvent', {
      configurable: true,
      writable: true,
      value(this: HTMLElement, e: Event) {
        const byTag = current.events.get(this.localName) ?? current.events.set(this.localName, new Map()).get(this.localName)!;
        byTag.set(e.type, e.constructor.name);
        return EventTarget.prototype.dispatchEvent.call(this, e);
      },
    });
    restore.push(() => (own ? Object.defineProperty(proto, 'dispatchEvent', own) : delete (proto as { dispatchEvent?: unknown }).dispatchEvent));
  }
  return () => restore.forEach((r) => r());
}

/** Parts, slots and inline custom properties in the shadow roots of the kit's elements under `root`. */
function collect(root: ParentNode): void {
  for (const el of customElementsIn(root)) {
    if (!classes.some((c) => el instanceof c) || !el.shadowRoot) continue;
    const tag = el.localName;
    for (const node of el.shadowRoot.querySelectorAll('*')) {
      for (const p of (node.getAttribute('part') ?? '').split(/\s+/)) if (p) add(current.parts, tag, p);
      if (node.localName === 'slot') add(current.slots, tag, node.getAttribute('name') ?? '');
      const style = (node as HTMLElement).style;
      if (style) for (let i = 0; i < style.length; i++) if (style[i]!.startsWith('--qa-')) add(current.inlineProps, tag, style[i]!);
    }
  }
}

function shadowAll<T extends Element>(el: Element, selector: string): T[] {
  return [...(el.shadowRoot?.querySelectorAll<T>(selector) ?? [])];
}

/** How many documents each preview has finished rendering (its `qa-rendered` events, counted from the page's start). */
const renders = new WeakMap<Element, number>();
document.addEventListener('qa-rendered', (e) => renders.set(e.target as Element, (renders.get(e.target as Element) ?? 0) + 1), true);

const previewStatus = (el: Element) => el.shadowRoot?.querySelector<HTMLElement>('[part="base"]')?.dataset.status;

/**
 * Waits until a preview shows what it opened: a rendered document (its `after`-th render), or a state
 * with none (nothing asked for, error, binary, too large, empty). `loading` counts only for a story whose host never answers.
 */
async function previewSettled(el: Element, after: number, loadingIsFinal: boolean): Promise<void> {
  await until(
    () => {
      const status = previewStatus(el);
      if (status === 'loading' || status === undefined) return loadingIsFinal && status === 'loading';
      return status !== 'ready' || (renders.get(el) ?? 0) >= after;
    },
    `the preview to settle (status ${previewStatus(el)})`,
  );
}

/** Presses the controls a user would, so events fire and on-demand parts render. Remote links are never followed. */
async function exercise(frame: HTMLElement): Promise<void> {
  const step = async () => {
    await settle(frame);
    collect(frame);
  };
  for (const el of customElementsIn(frame)) {
    if (el.localName === 'qa-sources-panel') {
      shadowAll<HTMLElement>(el, '[part~="details-toggle"]')[0]?.click();
      await step();
      shadowAll<HTMLElement>(el, 'button[part~="card-control"]')[0]?.click();
      shadowAll<HTMLElement>(el, '[part~="show-more"]')[0]?.click();
      await step();
      shadowAll<HTMLElement>(el, '[part~="close-button"]')[0]?.click();
      shadowAll<HTMLElement>(el, '[part~="group-toggle"]')[0]?.click();
      await step();
    } else if (el.localName === 'qa-source-footer') {
      shadowAll<HTMLElement>(el, '[part~="chip"]')[0]?.click();
      if (!(el as unknown as { expanded: boolean }).expanded) shadowAll<HTMLElement>(el, '[part~="toggle"]')[0]?.click();
      await step();
      shadowAll<HTMLElement>(el, 'button[part~="entry"]')[0]?.click();
      shadowAll<HTMLElement>(el, '[part~="show-more"]')[0]?.click();
      await step();
    } else if (el.localName === 'qa-citation') {
      const chip = el as unknown as { showCard(): void; source: { local: boolean } | null };
      if (!chip.source?.local) continue;
      shadowAll<HTMLElement>(el, 'button[part~="chip"]')[0]?.focus();
      shadowAll<HTMLElement>(el, 'button[part~="chip"]')[0]?.click();
      chip.showCard();
      await step();
      shadowAll<HTMLElement>(el, 'button[part~="hover-card-open"]')[0]?.click();
      await step();
    } else if (el.localName === 'qa-file-preview') {
      const link = shadowAll<HTMLElement>(el, '[part~="markdown"] a[data-qa-link="workspace"]')[0];
      if (link) {
        // Keep the preview on this document: the event is what is checked here.
        el.addEventListener('qa-source-open', (e) => e.preventDefault(), { once: true });
        link.click();
      }
      const other = shadowAll<HTMLElement>(el, '[part~="toggle"] [role="radio"][aria-checked="false"]:not([aria-disabled="true"])')[0];
      if (other) {
        const done = (renders.get(el) ?? 0) + 1;
        other.click();
        await previewSettled(el, done, false);
      }
      await step();
      // Escape from inside, as a key press would come.
      shadowAll<HTMLElement>(el, '[part~="base"]')[0]?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
      await step();
    }
  }
}

describe('custom-elements.json', () => {
  before(async () => {
    const res = await fetch('/custom-elements.json');
    expect(res.ok, 'custom-elements.json is built (npm run build)').to.equal(true);
    manifest = await res.json();
  });

  it('lists every exported element class under its registered tag, with a definition export', () => {
    expect(classes.map((c) => c.name).sort()).to.deep.equal(['QaCitation', 'QaFilePreview', 'QaSourceFooter', 'QaSourcesPanel']);
    for (const ctor of classes) {
      const tag = customElements.getName(ctor);
      expect(tag, `${ctor.name} is registered`).to.be.a('string');
      const decl = declOf(tag!);
      expect(decl.name).to.equal(ctor.name);
      const definitions = manifest.modules.flatMap((m) => m.exports ?? []).filter((e) => e.kind === 'custom-element-definition' && e.name === tag);
      expect(definitions.map((d) => d.declaration.name)).to.deep.equal([ctor.name]);
    }
  });

  it('lists every public reactive property and its attribute, and nothing the class lacks', () => {
    for (const ctor of classes) {
      const tag = customElements.getName(ctor)!;
      const decl = declOf(tag);
      const fields = (decl.members ?? []).filter((m) => m.kind === 'field' && !m.privacy && !m.static);
      const attrs = decl.attributes ?? [];
      for (const [name, options] of ctor.elementProperties) {
        if (options.state) continue;
        const key = String(name);
        const field = fields.find((f) => f.name === key);
        expect(field, `<${tag}>.${key} is in the manifest`).to.not.equal(undefined);
        expect(field!.type?.text, `<${tag}>.${key} has a type`).to.be.a('string').and.not.equal('');
        if (options.attribute === false) {
          expect(
            attrs.some((a) => a.fieldName === key),
            `<${tag}>.${key} has no attribute`,
          ).to.equal(false);
        } else {
          const attrName = typeof options.attribute === 'string' ? options.attribute : key.toLowerCase();
          const attr = attrs.find((a) => a.name === attrName);
          expect(attr, `<${tag}> attribute ${attrName}`).to.not.equal(undefined);
          expect(attr!.fieldName).to.equal(key);
        }
      }
      const observed = (ctor as unknown as { observedAttributes: string[] }).observedAttributes;
      for (const a of attrs) expect(observed, `<${tag}> observes ${a.name}`).to.include(a.name);
      for (const f of fields) {
        const reactive = ctor.elementProperties.has(f.name);
        const onPrototype = f.name in ctor.prototype;
        expect(reactive || onPrototype, `<${tag}>.${f.name} exists on the class`).to.equal(true);
        if (!reactive) expect(f.readonly, `<${tag}>.${f.name} (a getter) is marked read-only`).to.equal(true);
      }
      for (const m of (decl.members ?? []).filter((x) => x.kind === 'method' && !x.privacy && !x.static)) {
        expect(typeof (ctor.prototype as unknown as Record<string, unknown>)[m.name], `<${tag}>.${m.name}()`).to.equal('function');
      }
    }
  });

  describe('over every gallery story', () => {
    let stopRecording: () => void;
    before(() => {
      stopRecording = recordDispatches();
    });
    after(() => stopRecording());
    beforeEach(() => {
      current = emptySeen();
    });
    afterEach(() => {
      mergeCurrent();
      unmountAll();
    });

    for (const group of storyGroups) {
      for (const story of group.stories) {
        // Real documents (corpus-*) render the parts of the other Markdown stories, at many times their cost.
        if (story.live || story.id.startsWith('corpus-')) continue;
        it(`${group.id}/${story.id}: its events and parts are in the manifest`, async function () {
          const frame = await mount(story.render({ locale: 'en', debug: group.id !== 'preview' }), { class: 'frame', lang: 'en' });
          // The Loading story's host answers in an hour: its preview stays loading.
          for (const el of customElementsIn(frame).filter((e) => e.localName === 'qa-file-preview')) await previewSettled(el, 1, story.id === 'loading');
          await settle(frame);
          collect(frame);
          await exercise(frame);
          for (const [tag, parts] of current.parts) {
            const listed = new Set((declOf(tag).cssParts ?? []).map((p) => p.name));
            for (const p of parts) expect(listed.has(p), `<${tag}> renders part "${p}", missing from the manifest`).to.equal(true);
          }
          for (const [tag, events] of current.events) {
            const listed = declOf(tag).events ?? [];
            for (const [type, className] of events) {
              const ev = listed.find((e) => e.name === type);
              expect(ev, `<${tag}> fires "${type}", missing from the manifest`).to.not.equal(undefined);
              expect(ev!.type?.text, `type of "${type}" on <${tag}>`).to.equal(className);
            }
          }
        });
      }
    }

    it('every event and part the manifest lists showed up in some story', () => {
      for (const ctor of classes) {
        const tag = customElements.getName(ctor)!;
        const decl = declOf(tag);
        const parts = seen.parts.get(tag) ?? new Set();
        const events = seen.events.get(tag) ?? new Map();
        expect(
          (decl.cssParts ?? []).map((p) => p.name).filter((p) => !parts.has(p)),
          `parts of <${tag}> never rendered`,
        ).to.deep.equal([]);
        expect(
          (decl.events ?? []).map((e) => e.name).filter((e) => !events.has(e)),
          `events of <${tag}> never fired`,
        ).to.deep.equal([]);
        const slots = seen.slots.get(tag) ?? new Set();
        expect([...slots].sort(), `slots of <${tag}>`).to.deep.equal((decl.slots ?? []).map((s) => s.name).sort());
      }
    });

    it('lists exactly the --qa-* custom properties the styles read (not those the element sets itself)', () => {
      for (const ctor of classes) {
        const tag = customElements.getName(ctor)!;
        const text = ctor.elementStyles.map((s) => ('cssText' in s ? s.cssText : '')).join('\n');
        const read = new Set([...text.matchAll(/var\(\s*(--qa-[\w-]+)/g)].map((m) => m[1]!));
        for (const own of seen.inlineProps.get(tag) ?? []) read.delete(own);
        const listed = (declOf(tag).cssProperties ?? []).map((p) => p.name);
        expect([...read].filter((p) => !listed.includes(p)).sort(), `<${tag}> reads these, undocumented`).to.deep.equal([]);
        expect(listed.filter((p) => !read.has(p)).sort(), `<${tag}>: documented, never read`).to.deep.equal([]);
        expect(read.size).to.be.greaterThan(10);
      }
    });
  });

  it('events name their detail type and its fields', () => {
    for (const ctor of classes) {
      for (const ev of declOf(customElements.getName(ctor)!).events ?? []) {
        expect(ev.detail?.type.text, `${ev.name} detail type`).to.be.a('string');
        if (ev.name === 'qa-source-open') expect(ev.detail!.fields.map((f) => f.name)).to.deep.equal(['source', 'location', 'path', 'ranges', 'href']);
      }
    }
  });
});
