/** Where each capturing group of a JavaScript pattern opens, in order; null when it has a named group or a backreference. */
export function capturingGroups(source: string, flags: string): number[] | null;
/** A copy of packed grammars with every rule's unread capturing groups made non-capturing; `dropped`: how many. */
export function withoutUnreadGroups<T>(grammars: T): { grammars: T; dropped: number };
