/** Colour contrast helpers for tests (WCAG 2 relative luminance). */

/** The sRGB channels (0–255) and alpha of a computed colour (`rgb()`, `rgba()`, `color(srgb …)`). */
export function parseColor(value: string): [number, number, number, number] {
  const rgb = value.match(/^rgba?\(([^)]+)\)$/);
  if (rgb) {
    const [r, g, b, a] = rgb[1]!
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    return [r!, g!, b!, a ?? 1];
  }
  const srgb = value.match(/^color\(srgb ([^)]+)\)$/);
  if (srgb) {
    const [r, g, b, a] = srgb[1]!
      .split(/[\s/]+/)
      .filter(Boolean)
      .map(Number);
    return [r! * 255, g! * 255, b! * 255, a ?? 1];
  }
  throw new Error(`cannot read the colour ${value}`);
}

function luminance([r, g, b]: [number, number, number, number]): number {
  const c = [r, g, b].map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
}

/** Contrast ratio of two opaque computed colours. */
export function contrast(a: string, b: string): number {
  const x = luminance(parseColor(a));
  const y = luminance(parseColor(b));
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}
