import type { Plugin } from 'vite';

/** DOMPurify's ES module. */
export const PURIFY_MODULE: RegExp;
/** DOMPurify's module with its method wrappers as bound calls; throws when its shape changed. */
export function purifyCalls(code: string, parse: (code: string) => unknown): string;
/** The Vite plugin. */
export function purifyCallsPlugin(): Plugin;
/** The browser tests' server plugin. */
export function purifyCallsForTests(): {
  name: string;
  transform(context: { path: string; URL: URL; body: unknown }): Promise<{ body: string } | undefined>;
};
