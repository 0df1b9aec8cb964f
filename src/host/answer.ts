/**
 * A host's answer to a read, checked once by one rule: the fetch host checks
 * what the endpoint sent, the preview checks what any host resolved with.
 * Pure: no DOM and no Node APIs.
 */
import { utf8ByteLength, utf8Excerpt } from '../workspace/bytes.js';
import { checkWorkspacePath, samePath } from '../workspace/paths.js';
import type { QaFileContent } from './types.js';

/** How `readFileAnswer` reads an answer. */
export interface QaFileAnswerOptions {
  /** The path that was asked for: an answer that names another file is refused (see `samePath`). */
  requested?: string;
  /** Content longer than this many UTF-8 bytes is cut on a character boundary and marked truncated. */
  maxBytes?: number;
  /**
   * The answer came over the wire (the file endpoint's JSON): `size` and
   * `truncated` must be there and `path` must be a workspace path. An
   * in-page host may leave `size` and `truncated` out.
   */
  wire?: boolean;
}

const isSize = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

/**
 * A host's answer as a file, or null unless it has the documented shape:
 * `path` and `content` strings, `size` a whole number of bytes, `truncated`
 * a boolean, `mime` a string when given. Never throws and reads each field
 * once (a getter cannot answer twice). The size is never taken below the
 * content's own UTF-8 size, and content over `maxBytes` is cut on a
 * character boundary and marked truncated, so a host that under-declares
 * cannot make the preview lay out more than that.
 */
export function readFileAnswer(answer: unknown, options: QaFileAnswerOptions = {}): QaFileContent | null {
  try {
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return null;
    const { path, content, size, truncated, mime } = answer as Record<string, unknown>;
    if (typeof path !== 'string' || typeof content !== 'string') return null;
    if (size !== undefined || options.wire) if (!isSize(size)) return null;
    if (truncated !== undefined || options.wire) if (typeof truncated !== 'boolean') return null;
    if (mime !== undefined && mime !== null && typeof mime !== 'string') return null;
    let shown = path;
    if (options.wire) {
      const check = checkWorkspacePath(path);
      if (!check.ok) return null;
      shown = check.path;
    }
    if (options.requested !== undefined && !samePath(path, options.requested)) return null;
    const limit = options.maxBytes;
    const cut = typeof limit === 'number' && limit >= 0 && Number.isFinite(limit) ? utf8Excerpt(content, Math.floor(limit)) : null;
    const file: QaFileContent = {
      path: shown,
      content: cut ? cut.text : content,
      size: Math.max(isSize(size) ? size : 0, cut ? cut.size : utf8ByteLength(content)),
      truncated: truncated === true || (cut?.truncated ?? false),
    };
    if (typeof mime === 'string') file.mime = mime;
    return file;
  } catch {
    return null;
  }
}
