/**
 * The host adapter contract: how the kit gets file contents from whatever
 * embeds it. Implementations: memory, fetch (HTTP endpoint), remote (DSH-style
 * workspace-file call).
 */

/** A request to read one workspace file, read-only. */
export interface QaReadFileRequest {
  sessionId: string;
  /** Workspace-relative path. The host validates it inside its root. */
  path: string;
  /** Ask for at most this many bytes; a longer file comes back `truncated`. */
  maxBytes?: number;
  signal?: AbortSignal;
}

/** A file as the host returns it. */
export interface QaFileContent {
  /**
   * The workspace-relative path of the file: the path that was asked for (in
   * any normalised form: `./` and doubled slashes dropped, NFC or NFD). The
   * preview shows nothing for an answer that names another path.
   */
  path: string;
  /** Text content (UTF-8 decoded); an excerpt when `truncated`. */
  content: string;
  /** Size of the whole file in bytes. */
  size: number;
  /** True when `content` is only the start of the file. */
  truncated: boolean;
  mime?: string;
}

/** A request to resolve a relative link found inside a previewed file. */
export interface QaResolveLinkRequest {
  sessionId: string;
  /** Workspace path of the document the link is in. */
  fromPath: string;
  /**
   * The link as written (`../architecture.md#setup`, `/docs/api.md`),
   * relative to `fromPath` or, with a leading `/`, to the workspace root.
   * `<qa-file-preview>` resolves links itself and asks with the root-relative
   * form of the path it found (`/docs/architecture.md`). Hosts read it with
   * `linkCandidates`.
   */
  href: string;
}

/** What the kit needs from its embedder. */
export interface QaSourcesHost {
  readFile(req: QaReadFileRequest): Promise<QaFileContent>;
  /** Returns the workspace path a relative link points at when it is inside the workspace and readable, else null. */
  resolveLink?(req: QaResolveLinkRequest): Promise<string | null>;
  /**
   * A link to lines of a file (the preview's Copy link). Without it, or when
   * it returns null, the link is the page's address with `#L10-L20`.
   */
  linkForRange?(req: QaRangeLinkRequest): string | null;
  /**
   * Opens a file in the host's own full view (a tab, a large dialog) — the
   * preview's Open in full view. Without it the preview fills the screen
   * itself (the Fullscreen API).
   */
  openFullView?(req: QaFullViewRequest): void;
}

/** What `openFullView` is asked to show: the file, its cited ranges and the mode the preview shows. */
export interface QaFullViewRequest {
  sessionId: string;
  path: string;
  /** 1-based, inclusive. */
  ranges: Array<{ lineStart: number; lineEnd: number }>;
  mode: 'rendered' | 'raw';
}

/** What `linkForRange` is asked for. */
export interface QaRangeLinkRequest {
  sessionId: string;
  path: string;
  /** 1-based, inclusive. */
  lineStart: number;
  lineEnd: number;
}

/** Why a host call failed. */
export type QaHostErrorCode = 'not-found' | 'forbidden' | 'too-large' | 'unsupported' | 'timeout' | 'network' | 'aborted';

const SAFE_MESSAGES: Record<QaHostErrorCode, string> = {
  'not-found': 'The file does not exist.',
  forbidden: 'The file is outside the workspace or not allowed.',
  'too-large': 'The file is too large.',
  unsupported: 'The file is not text.',
  timeout: 'The host did not answer in time.',
  network: 'The host could not be reached.',
  aborted: 'The request was cancelled.',
};

/** A host failure with a code and a message that is safe to show (no paths, no stack traces). */
export class QaHostError extends Error {
  override readonly name = 'QaHostError';
  constructor(
    readonly code: QaHostErrorCode,
    message: string = SAFE_MESSAGES[code],
    /** Extra facts for the UI, e.g. the file size for `too-large`. */
    readonly details: { size?: number; maxBytes?: number } = {},
  ) {
    super(message);
  }
}

/** True for a `QaHostError` (also across realms, by shape). */
export function isQaHostError(e: unknown): e is QaHostError {
  return (
    e instanceof QaHostError ||
    (typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'QaHostError' && typeof (e as { code?: unknown }).code === 'string')
  );
}
