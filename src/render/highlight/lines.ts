/** Splits text into lines the way every highlighted view counts them: `\n` or `\r\n` ends a line. */
export function splitLines(text: string): string[] {
  return text.split(/\r?\n/);
}
