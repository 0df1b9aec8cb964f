import type { TemplateResult } from 'lit';

/** Toolbar state a story renders with. */
export interface StoryContext {
  /** `en`, `ru` or `zh`. The stage also carries it as `lang`. */
  locale: string;
  /** Debug mode: discovered row, provenance notices, payload problems. */
  debug: boolean;
}

/** One state of one element: a plain function from context to a template. Tests reuse it as a fixture. */
export interface Story {
  /** URL id, unique inside its group: `reference-example`. */
  id: string;
  /** Sidebar label. */
  name: string;
  render(ctx: StoryContext): TemplateResult;
  /**
   * True when the story sanitizes markup that carries `on*` attributes: under a
   * strict CSP Chromium reports `script-src-attr` while parsing it, though
   * nothing runs. The strict-page test keeps such stories apart.
   */
  hostile?: boolean;
  /** True when the story needs the dev server's live file endpoint (not available in static builds or tests). */
  live?: boolean;
}

/** The stories of one element. */
export interface StoryGroup {
  /** URL id: `panel`. */
  id: string;
  /** Sidebar heading. */
  title: string;
  /** Tag of the element the stories show. */
  element: string;
  stories: Story[];
}
