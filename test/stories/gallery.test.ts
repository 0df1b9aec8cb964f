/** The gallery's own chrome: usable on a phone-sized screen. */
import { expect } from 'chai';

async function galleryAt(width: number, story: string): Promise<HTMLIFrameElement> {
  const frame = document.createElement('iframe');
  frame.style.cssText = `inline-size: ${width}px; block-size: 800px; border: 0`;
  frame.src = `/index.html?story=${encodeURIComponent(story)}`;
  document.body.append(frame);
  const end = Date.now() + 150_000;
  for (;;) {
    const doc = frame.contentDocument;
    const el = doc?.querySelector('.frame [data-has-sources], .frame qa-sources-panel, .frame qa-file-preview');
    if (doc?.querySelector('.toolbar') && el && doc.fonts.status === 'loaded') break;
    if (Date.now() > end) throw new Error(`the gallery did not render ${story}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return frame;
}

describe('story gallery', () => {
  for (const story of ['panel/reference', 'footer/reference', 'preview/markdown-rendered']) {
    it(`does not overflow a 360 px screen (${story})`, async () => {
      const frame = await galleryAt(360, story);
      try {
        const doc = frame.contentDocument!;
        expect(doc.documentElement.scrollWidth, 'page width').to.be.at.most(360);
        for (const sel of ['.sidebar', '.toolbar', '.stage']) {
          const r = doc.querySelector(sel)!.getBoundingClientRect();
          expect(r.right, sel).to.be.at.most(360.5);
        }
      } finally {
        frame.remove();
      }
    });
  }
});
