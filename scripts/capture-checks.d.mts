/** Descriptions of elements on screen whose `content-visibility: auto` content is not drawn yet. */
export function undrawnInPage(): string[];
/** Share of a PNG's pixels (base64) that differ from its first pixel. */
export function inkInPage(base64: string): Promise<number>;
