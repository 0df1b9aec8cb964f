/** What one measured run of a scenario returns: named numbers (ms, counts, bytes) and facts. */
export type Metrics = Record<string, number | string | boolean | null>;

/** A benchmark scenario: one module per page load. */
export interface ScenarioModule {
  /** Loads what the scenario needs; returns the names of missing pieces (empty when all are there). */
  prepare?(): Promise<string[]>;
  /** Runs the measurement once. */
  run(params: Record<string, unknown>): Promise<Metrics>;
}

/** The parts of `<qa-file-preview>` the benchmark drives (declared here so the pages build before the element exists). */
export interface PreviewElement extends HTMLElement {
  host: unknown;
  sessionId: string;
  path: string;
  ranges: Array<{ lineStart: number; lineEnd: number }>;
  mode?: 'rendered' | 'raw';
  maxBytes?: number;
  updateComplete: Promise<boolean>;
}

/** The parts of `<qa-sources-panel>` / `<qa-source-footer>` the benchmark drives. */
export interface SourcesElement extends HTMLElement {
  sources: unknown;
  updateComplete: Promise<boolean>;
}

/** A file host as in `src/host/types.ts`, reduced to what the preview calls. */
export interface BenchHost {
  readFile(req: {
    sessionId: string;
    path: string;
    maxBytes?: number;
    signal?: AbortSignal;
  }): Promise<{ path: string; content: string; size: number; truncated: boolean }>;
  resolveLink?(req: { sessionId: string; fromPath: string; href: string }): Promise<string | null>;
}
