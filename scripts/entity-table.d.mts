import type { Plugin } from 'vite';

/** The `entities` package's module holding the packed HTML table. */
export const ENTITY_TABLE_MODULE: RegExp;
/** The `entities` package's decoder, which reads the table. */
export const ENTITY_DECODER_MODULE: RegExp;
/** `code` of `file` with the HTML table unpacked on first use; null when `file` is neither module; throws when its shape changed. */
export function entityTableOnDemand(code: string, file: string, parse: (code: string) => unknown): string | null;
/** The Vite plugin. */
export function entityTable(): Plugin;
/** The browser tests' server plugin. */
export function entityTableForTests(): { name: string; transform(context: { path: string; body: unknown }): Promise<{ body: string } | undefined> };
