/**
 * Open in full view: the host's `openFullView` when it has one, else the
 * preview fills the screen (the Fullscreen API); again, back.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { QaFullViewRequest, QaSourcesHost } from '../../host/types.js';

export class FullViewController implements ReactiveController {
  private on = false;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    /** The host adapter and what it is asked to open. */
    private readonly request: () => { adapter: QaSourcesHost | null; open: QaFullViewRequest },
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.host.addEventListener('fullscreenchange', this.onChange);
  }

  hostDisconnected(): void {
    this.host.removeEventListener('fullscreenchange', this.onChange);
  }

  /** The preview fills the screen. */
  get active(): boolean {
    return this.on;
  }

  /** Opens the full view (the host's, else the screen), or leaves the screen. */
  toggle(): void {
    const el = this.host;
    const doc = el.ownerDocument;
    if (doc.fullscreenElement === el) {
      void doc.exitFullscreen().catch(() => undefined);
      return;
    }
    const { adapter, open } = this.request();
    if (adapter && typeof adapter.openFullView === 'function') {
      try {
        adapter.openFullView(open);
      } catch {
        // A host hook that fails leaves the preview as it is.
      }
      return;
    }
    void el.requestFullscreen?.().catch(() => undefined);
  }

  private readonly onChange = (): void => {
    const on = this.host.ownerDocument.fullscreenElement === this.host;
    if (on === this.on) return;
    this.on = on;
    this.host.requestUpdate();
  };
}
