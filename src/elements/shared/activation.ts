/**
 * What happens when a source card or footer entry is activated: a cancelable
 * `qa-source-open` first; a remote source's real link is followed only when
 * nobody cancelled it.
 */
import type { QaLocationView } from '../../model/display.js';
import type { QaSourceItemView } from '../../model/item.js';
import { QaSourceOpenEvent, type QaSourceOpenDetail } from '../../events.js';

/** Detail of the `qa-source-open` event of an item. */
export function openDetail(item: QaSourceItemView): QaSourceOpenDetail {
  return {
    source: item.source,
    location: item.firstLocation,
    path: item.local ? item.path : null,
    ranges: item.ranges.map((r) => ({ ...r })),
    href: item.local ? null : item.href,
  };
}

/** Detail of the `qa-source-open` event of one location of an item (its file, only its range). */
export function openLocationDetail(item: QaSourceItemView, location: QaLocationView): QaSourceOpenDetail {
  const target = location.target;
  return {
    source: item.source,
    location: location.source,
    path: target?.path ?? (item.local ? item.path : null),
    ranges: target?.range ? [{ ...target.range }] : [],
    href: null,
  };
}

/**
 * Fires `qa-source-open` for an item from `host`. When a listener cancels it,
 * the triggering click is cancelled too, so a link is not followed.
 * Returns true when the default action may go on.
 */
export function activateItem(host: HTMLElement, item: QaSourceItemView, trigger?: Event, location?: QaLocationView): boolean {
  const event = new QaSourceOpenEvent(location ? openLocationDetail(item, location) : openDetail(item));
  const allowed = host.dispatchEvent(event);
  if (!allowed) trigger?.preventDefault();
  return allowed;
}

/**
 * Space activates links too (buttons do that natively), so that every card
 * answers Enter and Space alike. Call from a keydown handler; returns true
 * when it handled the key.
 */
export function spaceActivatesLink(e: KeyboardEvent): boolean {
  if (e.key !== ' ' || e.repeat || e.altKey || e.ctrlKey || e.metaKey) return false;
  const target = e.target as HTMLElement | null;
  if (!(target instanceof HTMLAnchorElement)) return false;
  e.preventDefault();
  target.click();
  return true;
}
