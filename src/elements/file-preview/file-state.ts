/**
 * The file a preview shows and its state: read through the loader, shown
 * (with its raw document), or why not (too large, binary, empty, an error),
 * and the raw excerpt of a file too large to show whole.
 */
import type { ReactiveControllerHost } from 'lit';
import type { QaFileContent, QaSourcesHost } from '../../host/types.js';
import { languageForPath } from '../../workspace/languages.js';
import { FileLoadController, type FileLoadRequest } from './file-loader.js';
import { fileStatus, readFailure, type PreviewStatus } from './file-status.js';
import { RawDocument } from './raw-document.js';
import { lineCountOf } from './preview-helpers.js';

/** The state, held for its element (which renders from it); its reads go through a `FileLoadController` of the element. */
export class FileState {
  /** What the preview shows. */
  status: PreviewStatus = 'idle';
  /** The file the host answered with (also one too large or binary), or null. */
  file: QaFileContent | null = null;
  /** What the error state says. */
  errorKind: 'timeout' | 'other' = 'other';
  /** The size a too-large answer without content gave, when it gave one. */
  tooLargeSize: number | null = null;
  /** The raw excerpt of a file too large to show whole is open. */
  excerptOpen = false;
  /** The line count of the file shown, once counted without a raw document. */
  private counted: number | null = null;
  /** The raw document of the file shown, once something asked for it. */
  private raw: RawDocument | null = null;
  /** Reads the file: one read at a time, with its timeout; its generation tells stale work apart. */
  private readonly loader: FileLoadController;

  constructor(
    private readonly host: ReactiveControllerHost,
    /** The preview's size limit now (`maxBytes`). */
    private readonly maxBytes: () => number,
  ) {
    this.loader = new FileLoadController(host, { onFile: (file) => this.accept(file), onError: (e) => this.fail(e) });
  }

  /** Bumped whenever the file shown is dropped: work started for an older generation checks it before showing its result. */
  get generation(): number {
    return this.loader.generation;
  }

  /**
   * The raw document of the file shown, made on first use and kept across
   * Rendered and Raw. A file shown Rendered never needs one: its line index
   * is not built on the way to the first screen (a 1 MB document's took about
   * 7 ms of the open's task in one profile).
   */
  get doc(): RawDocument | null {
    if (!this.raw && this.status === 'ready' && this.file) this.raw = new RawDocument(this.file.content, languageForPath(this.file.path));
    return this.raw;
  }

  /**
   * Lines of the file shown (0 when none is shown): the raw document's count
   * once there is one, else the text counted once (`lineCountOf`, the same
   * number), so a file shown Raw is not scanned twice for it.
   */
  get lines(): number {
    if (this.status !== 'ready' || !this.file) return 0;
    return this.raw ? this.raw.count : (this.counted ??= lineCountOf(this.file.content));
  }

  /** A file (or an excerpt of one) is shown, and only part of it. */
  get partial(): boolean {
    return !!this.file && (this.file.truncated || this.excerptOpen);
  }

  /** Drops the file shown and any read under way; the preview shows `status` (loading, or nothing). */
  reset(status: PreviewStatus): void {
    this.loader.drop();
    this.raw?.dispose();
    this.raw = null;
    this.counted = null;
    this.file = null;
    this.excerptOpen = false;
    this.set(status);
  }

  /** Reads `req.path` from `host`; the answer is shown when it comes, unless another read or a reset came first. */
  read(host: QaSourcesHost, req: FileLoadRequest): void {
    this.loader.read(host, req);
  }

  /** Open raw excerpt: shows the content a too-large answer came with. */
  openExcerpt(): void {
    this.excerptOpen = true;
    this.open();
  }

  /** Shows the error state (something the file needs did not load). */
  showError(): void {
    this.errorKind = 'other';
    this.set('error');
  }

  /** Shows a file the host answered with (checked by the loader: the documented shape, the path asked for). */
  private accept(file: QaFileContent): void {
    this.file = file;
    const status = fileStatus(file, this.maxBytes());
    if (status === 'ready') this.open();
    else this.set(status);
  }

  private fail(e: unknown): void {
    const failure = readFailure(e);
    if (failure.status === 'too-large') {
      this.file = null;
      this.tooLargeSize = failure.size;
    } else if (failure.status === 'error') this.errorKind = failure.kind;
    this.set(failure.status);
  }

  private open(): void {
    this.raw?.dispose();
    this.raw = null;
    this.counted = null;
    this.set('ready');
  }

  private set(status: PreviewStatus): void {
    this.status = status;
    this.host.requestUpdate();
  }
}
