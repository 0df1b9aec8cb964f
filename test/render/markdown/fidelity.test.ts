// Markdown as GitHub renders it (issue 15): what the page's half of the pipeline keeps, from minimal inputs.
import { expect } from 'chai';
import { render, waitFor } from './fixture.js';

describe('Markdown rendering: GitHub fidelity', () => {
  it('keeps empty header cells as header cells', async () => {
    const r = await render('|  | b |\n|--|--|\n| 1 | 2 |\n');
    expect(Array.from(r.container.querySelectorAll('thead tr > *'), (c) => c.localName)).to.deep.equal(['th', 'th']);
    r.remove();
  });

  it('keeps the title of a reference link on a workspace link', async () => {
    const r = await render('[guide][g]\n\n[g]: other.md "The guide"\n', { resolveLink: async (p) => p });
    await waitFor(() => r.container.querySelector('a[data-qa-link="workspace"]') !== null);
    expect(r.container.querySelector('a')!.title).to.equal('The guide');
    r.remove();
  });

  it('keeps whitespace inside a raw HTML href as a browser does (spaces kept, line breaks dropped)', async () => {
    const asked: string[] = [];
    const r = await render('<a href=" my notes.md ">notes</a> <a href="https://example.com/a b">ext</a> <a href="https://example.com/c\nd">nl</a>', {
      resolveLink: async (p) => (asked.push(p), p),
    });
    await waitFor(() => r.container.querySelector('[data-qa-link="pending"]') === null);
    expect(asked).to.deep.equal(['docs/guide/my notes.md']);
    const ext = Array.from(r.container.querySelectorAll<HTMLAnchorElement>('a[data-qa-link="external"]'), (a) => a.getAttribute('href'));
    expect(ext).to.deep.equal(['https://example.com/a%20b', 'https://example.com/cd']);
    r.remove();
  });

  it('resolves root-relative links against the workspace root through the host', async () => {
    const asked: string[] = [];
    const r = await render('[guide](/docs/guide.md#setup) [escape](/../x.md) [host](//example.com/x)', { resolveLink: async (p) => (asked.push(p), p) });
    await waitFor(() => r.container.querySelector('[data-qa-link="pending"]') === null);
    const a = r.container.querySelector<HTMLAnchorElement>('a[data-qa-link="workspace"]')!;
    expect([a.dataset.qaTarget, a.dataset.qaFragment]).to.deep.equal(['docs/guide.md', 'setup']);
    expect(asked).to.deep.equal(['docs/guide.md']);
    expect(Array.from(r.container.querySelectorAll('[data-qa-link="unavailable"]'), (s) => s.textContent)).to.deep.equal(['escape', 'host']);
    r.remove();
  });
});
