/**
 * The grammars the page's Web Workers ask the page for (their `need`
 * messages), noted by a `Worker` subclass put in place of the browser's
 * until `restore()`. `hold`: the page's messages to the workers wait until
 * `release()` (a worker that seems still to be starting).
 */
export interface WorkerNeeds {
  /** The languages asked for, in order. */
  readonly asked: string[];
  /** How many of the page's messages wait. */
  readonly held: number;
  /** Sends the held messages and stops holding. */
  release(): void;
  /** Puts the browser's `Worker` back. */
  restore(): void;
}

export function noteWorkerNeeds(options: { hold?: boolean } = {}): WorkerNeeds {
  const asked: string[] = [];
  const held: Array<() => void> = [];
  let holding = options.hold === true;
  const RealWorker = window.Worker;
  window.Worker = class extends RealWorker {
    constructor(url: string | URL, workerOptions?: WorkerOptions) {
      super(url, workerOptions);
      this.addEventListener('message', (e: MessageEvent<{ type?: string; lang?: string | null }>) => {
        if (e.data?.type === 'need' && e.data.lang) asked.push(e.data.lang);
      });
    }
    override postMessage(message: unknown, transfer?: Transferable[] | StructuredSerializeOptions): void {
      const send = () => super.postMessage(message, transfer as Transferable[]);
      if (holding) held.push(send);
      else send();
    }
  };
  return {
    asked,
    get held() {
      return held.length;
    },
    release() {
      holding = false;
      for (const send of held.splice(0)) send();
    },
    restore() {
      window.Worker = RealWorker;
    },
  };
}
