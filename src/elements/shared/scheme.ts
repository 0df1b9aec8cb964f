import type { ReactiveController, ReactiveControllerHost } from 'lit';

const hosts = new Set<HTMLElement>();
let observer: MutationObserver | null = null;

function dshDark(): boolean {
  return document.body?.hasAttribute('data-ds-dark-theme') ?? false;
}

function sync(): void {
  const dark = dshDark();
  hosts.forEach((h) => h.toggleAttribute('data-qa-dsh-dark', dark));
}

/**
 * Follows the DSH web client's dark mode (`body[data-ds-dark-theme]`): the
 * element gets `data-qa-dsh-dark`, which switches its own fallbacks to dark.
 * Pages that use `color-scheme` need nothing: the kit follows it.
 */
export class SchemeController implements ReactiveController {
  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    host.addController(this);
  }

  hostConnected(): void {
    hosts.add(this.host);
    this.host.toggleAttribute('data-qa-dsh-dark', dshDark());
    if (!observer && document.body && typeof MutationObserver !== 'undefined') {
      observer = new MutationObserver(sync);
      observer.observe(document.body, { attributes: true, attributeFilter: ['data-ds-dark-theme'] });
    }
  }

  hostDisconnected(): void {
    hosts.delete(this.host);
  }
}
