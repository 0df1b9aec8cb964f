/**
 * The preview's file reads: one at a time, aborted when a newer one starts
 * or the element leaves the page, given up after a timeout, and answered
 * only while current (a late answer for an older path is dropped).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { readFileAnswer } from '../../host/answer.js';
import { QaHostError, type QaFileContent, type QaSourcesHost } from '../../host/types.js';

/** What a read reports: a checked file, or why there is none (a host error, anything it threw, or null for an answer of the wrong shape). */
export interface FileLoadCallbacks {
  onFile(file: QaFileContent): void;
  onError(error: unknown): void;
}

/** One read: the request and how long it may take (`0` or less waits for ever). */
export interface FileLoadRequest {
  sessionId: string;
  path: string;
  maxBytes: number;
  timeoutMs: number;
}

export class FileLoadController implements ReactiveController {
  /**
   * Bumped whenever the file shown is dropped: work started for an older
   * generation (a read, a render) checks it before showing its result.
   */
  generation = 0;
  private abort: AbortController | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    host: ReactiveControllerHost,
    private readonly callbacks: FileLoadCallbacks,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.stop();
  }

  /** Drops the current read and everything started for it. */
  drop(): void {
    this.stop();
    this.generation += 1;
  }

  /** Reads `req.path` from `host`; the answer or failure reaches the callbacks only while this read is current. */
  read(host: QaSourcesHost, req: FileLoadRequest): void {
    this.stop();
    const generation = this.generation;
    const ctl = new AbortController();
    this.abort = ctl;
    const current = () => generation === this.generation && !ctl.signal.aborted;
    if (req.timeoutMs > 0 && Number.isFinite(req.timeoutMs)) {
      this.timer = setTimeout(() => {
        if (!current()) return;
        ctl.abort(new QaHostError('timeout'));
        this.callbacks.onError(new QaHostError('timeout'));
      }, req.timeoutMs);
    }
    let pending: Promise<unknown>;
    try {
      pending = Promise.resolve(host.readFile({ sessionId: req.sessionId, path: req.path, maxBytes: req.maxBytes, signal: ctl.signal }));
    } catch (e) {
      pending = Promise.reject(e);
    }
    // Whatever the host answers (or throws, or however it rejects), it ends here: never as an unhandled rejection.
    pending
      .then(
        (answer) => {
          if (!current()) return;
          clearTimeout(this.timer);
          // Only an answer of the documented shape, for the path asked for, is a file.
          const file = readFileAnswer(answer, { requested: req.path, maxBytes: req.maxBytes });
          if (file) this.callbacks.onFile(file);
          else this.callbacks.onError(null);
        },
        (e: unknown) => {
          if (!current()) return;
          clearTimeout(this.timer);
          this.callbacks.onError(e);
        },
      )
      .catch(() => {
        if (current()) this.callbacks.onError(null);
      });
  }

  private stop(): void {
    clearTimeout(this.timer);
    this.abort?.abort();
    this.abort = null;
  }
}
