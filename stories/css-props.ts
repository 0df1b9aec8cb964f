/**
 * `style=${cssProps({ blockSize: '560px' })}`: inline styles for the gallery
 * that work under a strict page policy. Lit's `styleMap` writes its first
 * render as a `style` attribute string, which a page whose `style-src` has no
 * `'unsafe-inline'` refuses (the style is not applied, and a violation is
 * reported); this directive always goes through the CSSOM
 * (`style.setProperty`), which such a page allows.
 */
import { noChange } from 'lit';
import { Directive, directive, PartType, type AttributePart, type PartInfo } from 'lit/directive.js';

/** CSS properties by name: camelCase (`blockSize`) or CSS (`block-size`, `--custom`); null or undefined leaves one out. */
export type CssProps = Record<string, string | number | null | undefined>;

function cssName(name: string): string {
  return name.includes('-') ? name : name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

class CssPropsDirective extends Directive {
  private readonly applied = new Set<string>();

  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.ATTRIBUTE || info.name !== 'style' || (info.strings?.length ?? 0) > 2) {
      throw new Error('cssProps() must be the only expression of a `style` attribute');
    }
  }

  render(_props: CssProps): typeof noChange {
    return noChange;
  }

  override update(part: AttributePart, [props]: [CssProps]): typeof noChange {
    const style = (part.element as HTMLElement).style;
    for (const name of this.applied) {
      if (props[name] === null || props[name] === undefined) {
        style.removeProperty(cssName(name));
        this.applied.delete(name);
      }
    }
    for (const [name, value] of Object.entries(props)) {
      if (value === null || value === undefined) continue;
      style.setProperty(cssName(name), String(value));
      this.applied.add(name);
    }
    return noChange;
  }
}

/** Applies CSS properties to an element through the CSSOM (never as an attribute string). */
export const cssProps = directive(CssPropsDirective);
