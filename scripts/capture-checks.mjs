// Checks a screenshot runs in the page before and after a capture (self-contained
// functions: puppeteer sends their source to the page). Used by
// scripts/screenshots.mjs and tested in the browser (test/scripts/capture-checks.test.ts).

/**
 * Runs in the page: what on screen is not drawn yet. Content under
 * `content-visibility: auto` (cards, Markdown chunks) is laid out only once
 * the browser finds it near the viewport, so a capture taken before that
 * frame shows empty card boxes or a blank document. Returns a description of
 * each element on screen (in the viewport and inside its scrollers) whose
 * content is still skipped.
 */
export function undrawnInPage() {
  const out = [];
  const vh = window.innerHeight;
  const vw = window.innerWidth;
  const parentOf = (n) => n.parentElement ?? n.getRootNode()?.host ?? null;
  const shown = (el, r) => {
    for (let a = parentOf(el); a; a = parentOf(a)) {
      const cs = getComputedStyle(a);
      if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue;
      const c = a.getBoundingClientRect();
      if (r.bottom <= c.top || r.top >= c.bottom || r.right <= c.left || r.left >= c.right) return false;
    }
    return true;
  };
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) walk(el.shadowRoot);
      const child = el.firstElementChild;
      if (!child || getComputedStyle(el).contentVisibility !== 'auto') continue;
      const r = el.getBoundingClientRect();
      if (r.height === 0 || r.bottom <= 0 || r.top >= vh || r.right <= 0 || r.left >= vw) continue;
      if (!el.checkVisibility({ visibilityProperty: true }) || !shown(el, r)) continue;
      if (!child.checkVisibility({ contentVisibilityAuto: true }))
        out.push(`<${el.localName}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}>`);
    }
  };
  walk(document);
  return out;
}

/** Runs in the page: the share of a PNG's pixels that differ from its first pixel (the background); ~0 for a blank capture. */
export async function inkInPage(base64) {
  const img = new Image();
  img.src = `data:image/png;base64,${base64}`;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = img.width;
  canvas.height = img.height;
  const g = canvas.getContext('2d');
  g.drawImage(img, 0, 0);
  const { data } = g.getImageData(0, 0, img.width, img.height);
  const [r0, g0, b0] = [data[0], data[1], data[2]];
  let ink = 0;
  for (let i = 0; i < data.length; i += 4) if (Math.abs(data[i] - r0) + Math.abs(data[i + 1] - g0) + Math.abs(data[i + 2] - b0) > 24) ink += 1;
  return ink / (data.length / 4);
}
