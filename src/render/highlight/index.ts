/**
 * Syntax highlighting entry point (placeholder until the shiki-based
 * highlighter lands): leaves code as plain text.
 */
export async function highlightElement(_code: HTMLElement, _lang: string, _signal?: AbortSignal): Promise<void> {}
