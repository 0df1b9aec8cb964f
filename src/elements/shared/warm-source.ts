/**
 * Colour sooner: when the pointer or keyboard focus comes to the card of a
 * local code file, the highlighter (its worker and themes) and the grammar
 * of that file's language start loading, and the grammar compiles the rules
 * most files need in their first screen, so a click that follows finds them
 * ready (benchmark row "Raw: visible lines coloured, card hovered 300 ms
 * before the click"). Cards that have been on screen for a moment do the
 * same for the first code file among them, for a click that comes without a
 * hover first: a tap, or a key. A card pointed at warms where the file
 * preview is defined; cards shown warm only while a preview is connected (a
 * page that shows only the panel and the footer loads nothing unless a code
 * card is pointed at). Once per language.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { isMarkdownPath, languageForPath } from '../../workspace/languages.js';
import { whenIdle } from '../../render/tasks.js';

const warmed = new Set<string>();

/**
 * A moment (ms): how long cards are on screen before the colouring of their
 * first code file starts loading, and how long after a click or a key an
 * element counts as in use (the shown warm-up waits meanwhile).
 */
const MOMENT_MS = 500;

/** File previews connected to the page now. */
let previews = 0;

/** Counts `host`, a file preview, among the previews on the page while it is connected. */
export function countPreview(host: ReactiveControllerHost): void {
  host.addController({
    hostConnected: () => void previews++,
    hostDisconnected: () => void previews--,
  });
}

/** Starts loading what colouring the file at `path` needs (nothing for Markdown, remote sources or unknown languages). */
export function warmForPath(path: string | null): void {
  if (!path || isMarkdownPath(path) || !customElements.get('qa-file-preview')) return;
  const lang = languageForPath(path);
  if (!lang || warmed.has(lang)) return;
  warmed.add(lang);
  import('../../render/highlight/index.js').then(
    (m) => m.warmHighlighter(lang, true),
    // A failed load (a dropped connection) is tried again on the next hover.
    () => warmed.delete(lang),
  );
}

/** The languages whose colouring was asked to warm so far (a failed load is taken off again). */
export function warmedLanguages(): ReadonlySet<string> {
  return warmed;
}

/** The first of `paths` (local files' paths, in the order their cards are shown) that is code in a known language, or null. */
export function firstCodePath(paths: Iterable<string>): string | null {
  for (const path of paths) if (!isMarkdownPath(path) && languageForPath(path)) return path;
  return null;
}

/**
 * Cards were shown: a moment later, once the page is idle and if a file
 * preview is on it, the colouring of the first code file among them starts
 * loading as a hover on its card would start it (benchmark row "Raw: visible
 * lines coloured, card shown 1 s before a click without hover"). One
 * language, the top card's, not every language shown. `paths` is read then (the local files' paths, in card order); while
 * `busy()` (cards still being added, say), it waits another moment, so its
 * loading never shares the page with that work. Returns a function that
 * calls it off (the cards changed, or left the page).
 */
export function warmWhenShown(paths: () => Iterable<string>, busy: () => boolean = () => false): () => void {
  let live = true;
  let timer: ReturnType<typeof setTimeout>;
  const wait = () => {
    timer = setTimeout(
      () =>
        whenIdle(() => {
          if (!live) return;
          if (busy()) wait();
          // Nothing the reader pointed at: only where a preview could show the file now.
          else if (previews > 0) warmForPath(firstCodePath(paths()));
        }),
      MOMENT_MS,
    );
  };
  wait();
  return () => {
    live = false;
    clearTimeout(timer);
  };
}

/** What the warm-ups read of a source's entry (a `QaSourceItemView`). */
interface SourceEntry {
  readonly local: boolean;
  readonly path: string | null;
}

/**
 * The warm-ups of an element that lists sources (the panel's cards, the
 * footer's expanded list): `point` for the entry under the pointer or
 * focus, `shown` when the entries shown change (the first code file among
 * them, a moment later, not while the reader is at work in the element:
 * `input` on a click or a key, `busy` while entries are still being added).
 */
export class WarmSourcesController implements ReactiveController {
  private stop: (() => void) | null = null;
  private lastInput = -Infinity;

  constructor(
    private readonly host: ReactiveControllerHost & { readonly hasUpdated: boolean },
    private readonly options: { items: () => Iterable<SourceEntry>; busy?: () => boolean },
  ) {
    host.addController(this);
  }

  /** A click or a key in the element. */
  readonly input = (): void => {
    this.lastInput = performance.now();
  };

  /** The entry of `item` is under the pointer or has focus: a local code file's colouring starts loading now. */
  point(item: SourceEntry | null): void {
    if (item?.local) warmForPath(item.path);
  }

  /** The entries shown changed (`false`: none are shown now). */
  shown(any = true): void {
    this.stop?.();
    const paths = () => Array.from(this.options.items(), (item) => (item.local ? item.path : null)).filter((p): p is string => p !== null);
    this.stop = any ? warmWhenShown(paths, () => performance.now() - this.lastInput < MOMENT_MS || (this.options.busy?.() ?? false)) : null;
  }

  hostConnected(): void {
    if (this.host.hasUpdated) this.shown();
  }

  hostDisconnected(): void {
    this.shown(false);
  }
}
