/**
 * The card view of one source: a read-only object whose display fields are
 * computed on first read. Pure; no DOM.
 */
import { buildCard, kindOf, locationViews, originViews, type Card, type QaLineRange, type QaLocationView, type QaOriginView } from './display.js';
import type { HostDisplay } from './url.js';
import type { QaSourceKind, QaSourceLocation, QaSourceReference } from './types.js';

/**
 * One source card. A read-only view: its display fields are computed on first
 * read (so a payload of thousands of sources costs only what is shown);
 * `JSON.stringify(item)` gives a plain copy of every field.
 */
export interface QaSourceItemView {
  readonly id: string;
  readonly kind: QaSourceKind;
  /** The merged source (raw strings: bind as text only). */
  readonly source: QaSourceReference;
  /** Position of first use in the payload. */
  readonly order: number;
  /** Display title, cleaned of bidi controls; elide it with CSS, show it whole on hover/focus. */
  readonly title: string;
  /** Secondary line: shortened directory, domain, space or issue summary. */
  readonly secondary: string;
  /**
   * Short type badge (`MD`, `TS`, `C#`) for a file or code source of a type in
   * the kit's table; null otherwise. The rule: a text badge names a known file
   * type, everything else (other kinds, unknown or dotted names such as
   * `.env.local`) shows its kind's icon.
   */
  readonly badge: string | null;
  /** Jira issue key, when known. */
  readonly issueKey: string | null;
  /** Jira summary (title without the key), when known. */
  readonly summary: string | null;
  readonly ranges: QaLineRange[];
  /** `197–218` (en dash), or `42` for one line. */
  readonly rangeLabels: string[];
  /** True when every origin is a subagent. */
  readonly subagent: boolean;
  /** True when `metadata.truncated` is true. */
  readonly partial: boolean;
  /** Openable http/https/mailto URL of a remote source, else null. */
  readonly href: string | null;
  /** True for local sources that open in the file preview. */
  readonly local: boolean;
  /** Workspace path of a local source, for the preview. */
  readonly path: string | null;
  readonly host: HostDisplay | null;
  /** True when bidi controls, invisible characters or a look-alike host were found. */
  readonly suspicious: boolean;
  readonly firstLocation: QaSourceLocation | null;
  readonly origins: QaOriginView[];
  readonly locations: QaLocationView[];
}

/** The fields of `QaSourceItemView` that are computed on first read. */
const LAZY_FIELDS = [
  'title',
  'secondary',
  'badge',
  'issueKey',
  'summary',
  'ranges',
  'rangeLabels',
  'subagent',
  'partial',
  'href',
  'local',
  'path',
  'host',
  'suspicious',
  'firstLocation',
  'origins',
  'locations',
] as const;

class SourceItemView implements QaSourceItemView {
  readonly id: string;
  readonly kind: QaSourceKind;
  readonly source: QaSourceReference;
  readonly order: number;
  #card: Card | undefined;
  #origins: QaOriginView[] | undefined;
  #locations: QaLocationView[] | undefined;

  constructor(source: QaSourceReference, order: number) {
    this.id = source.id;
    this.kind = kindOf(source);
    this.source = source;
    this.order = order;
  }

  #face(): Card {
    return (this.#card ??= buildCard(this.source, this.kind));
  }

  get title(): string {
    return this.#face().title;
  }
  get secondary(): string {
    return this.#face().secondary;
  }
  get badge(): string | null {
    return this.#face().badge;
  }
  get issueKey(): string | null {
    return this.#face().issueKey;
  }
  get summary(): string | null {
    return this.#face().summary;
  }
  get ranges(): QaLineRange[] {
    return this.#face().ranges;
  }
  get rangeLabels(): string[] {
    return this.#face().rangeLabels;
  }
  get subagent(): boolean {
    const origins = this.source.origins;
    return origins.length > 0 && origins.every((o) => o.role === 'subagent');
  }
  get partial(): boolean {
    return this.source.metadata?.truncated === true;
  }
  get href(): string | null {
    return this.#face().href;
  }
  get local(): boolean {
    return this.#face().local;
  }
  get path(): string | null {
    return this.#face().path;
  }
  get host(): HostDisplay | null {
    return this.#face().host;
  }
  get suspicious(): boolean {
    return this.#face().suspicious;
  }
  get firstLocation(): QaSourceLocation | null {
    return this.#face().locations[0] ?? null;
  }
  get origins(): QaOriginView[] {
    return (this.#origins ??= originViews(this.source));
  }
  get locations(): QaLocationView[] {
    const card = this.#face();
    return (this.#locations ??= locationViews(card.locations, card.ownPath, card.local));
  }

  /** A plain copy of every field. */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { id: this.id, kind: this.kind, source: this.source, order: this.order };
    for (const key of LAZY_FIELDS) out[key] = this[key];
    return out;
  }
}

// Fields computed on first read pay on the bench row "Parse + present, 5,000
// sources (first call)": with every card built, plain fields computed up front
// took 396-415 ms against 115-270 ms (medians of two alternating runs each,
// load 15-19). Getters on the prototype are not own properties, so they are
// made enumerable: a card still reads like plain data (for...in, deep equality).
for (const key of LAZY_FIELDS) {
  const d = Object.getOwnPropertyDescriptor(SourceItemView.prototype, key)!;
  Object.defineProperty(SourceItemView.prototype, key, { ...d, enumerable: true });
}

/** Builds the card view of one (already merged) source; `order` is its position of first use. */
export function presentItem(s: QaSourceReference, order: number): QaSourceItemView {
  return new SourceItemView(s, order);
}

/** The order of cards within a group: score descending, then first use, then title. */
export function compareSourceItems(a: QaSourceItemView, b: QaSourceItemView): number {
  if (a.source.score !== b.source.score) return b.source.score - a.source.score;
  if (a.order !== b.order) return a.order - b.order;
  return a.title < b.title ? -1 : a.title > b.title ? 1 : 0;
}
