/** The screenshot script's capture checks catch half-drawn and blank captures. */
import { expect } from 'chai';
import { inkInPage, undrawnInPage } from '../../scripts/capture-checks.mjs';
import { frame } from '../elements/shared/fixture.js';

const checks = { undrawn: undrawnInPage, ink: inkInPage };

describe('screenshot capture checks', () => {
  it('names content-visibility: auto content on screen that is not drawn yet, and none once it is', async () => {
    const host = document.createElement('div');
    document.body.prepend(host);
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = `<ul style="block-size: 200px; overflow: auto; margin: 0">${Array.from(
      { length: 40 },
      (_, i) => `<li class="card" style="content-visibility: auto; contain-intrinsic-size: auto 40px"><span>card ${i}</span></li>`,
    ).join('')}</ul>`;
    try {
      // Before the next rendering update the browser has not decided what is near the viewport.
      const early = checks.undrawn();
      expect(early.length, 'the first frame has not drawn the cards').to.be.above(0);
      expect(early[0]).to.equal('<li.card>');
      let undrawn = early;
      for (let i = 0; i < 40 && undrawn.length > 0; i++) {
        await frame();
        undrawn = checks.undrawn();
      }
      expect(undrawn).to.deep.equal([]);
      // Cards scrolled out of their list do not count.
      expect(root.querySelectorAll('li').length).to.equal(40);
    } finally {
      host.remove();
    }
  });

  it('measures the ink of a capture: ~0 for a blank one', async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 200;
    canvas.height = 100;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#ffffff';
    g.fillRect(0, 0, 200, 100);
    const blank = canvas.toDataURL('image/png').split(',')[1]!;
    expect(await checks.ink(blank)).to.equal(0);
    g.fillStyle = '#1f2328';
    g.fillRect(20, 20, 100, 10);
    const drawn = canvas.toDataURL('image/png').split(',')[1]!;
    expect(await checks.ink(drawn)).to.be.closeTo(1000 / 20000, 0.001);
  });
});
