/**
 * What the preview shows for a read: the state of a file the host answered
 * with, and of a failed read. Pure: no DOM.
 */
import { isQaHostError, type QaFileContent } from '../../host/types.js';
import { hasNulBytes } from '../../workspace/bytes.js';
import { isBinaryMime } from '../../workspace/languages.js';

/** The preview's state: nothing to show, reading, a file shown, or why none is. */
export type PreviewStatus = 'idle' | 'loading' | 'ready' | 'too-large' | 'binary' | 'empty' | 'error';

/** The state of a file the host answered with: binary, over `maxBytes`, empty, or shown. */
export function fileStatus(file: QaFileContent, maxBytes: number): 'ready' | 'too-large' | 'binary' | 'empty' {
  if (isBinaryMime(file.mime) || hasNulBytes(file.content)) return 'binary';
  if (file.size > maxBytes) return 'too-large';
  if (file.content === '' && !file.truncated) return 'empty';
  return 'ready';
}

/** What a failed read shows: binary (unsupported), too large (with the size the host gave, when it is one), or the error state. */
export type ReadFailure = { status: 'binary' } | { status: 'too-large'; size: number | null } | { status: 'error'; kind: 'timeout' | 'other' };

/** The failure a rejection reason stands for (any value: a host error, anything else thrown, or null for an answer of the wrong shape). */
export function readFailure(e: unknown): ReadFailure {
  let code: string | null = null;
  let size: unknown = null;
  try {
    // A rejection reason is untrusted too: a proxy or getter may throw when read.
    if (isQaHostError(e)) {
      code = e.code;
      size = e.details?.size;
    }
  } catch {
    code = null;
  }
  if (code === 'unsupported') return { status: 'binary' };
  if (code === 'too-large') return { status: 'too-large', size: typeof size === 'number' && Number.isFinite(size) && size >= 0 ? size : null };
  return { status: 'error', kind: code === 'timeout' ? 'timeout' : 'other' };
}
