import { expect } from 'chai';
import { assertSanitized } from '../sanitize/assert-sanitized.js';
import { ID_PREFIX, render, waitFor } from './fixture.js';

const DOC = `# Links

[external](https://example.com/a) [mail](mailto:team@example.com) [anchor](#setup)
[sibling](architecture.md#setup) [up](../api/index.md) [root escape](../../../etc/passwd)
[refused](secret/notes.md) [ftp](ftp://example.com/x) [protocol-relative](//evil.example/x)
[absolute path](/etc/hosts) [same doc](readme.md#links) [bare fragment](#)

## Setup
`;

describe('Markdown rendering: link policy', () => {
  it('renders each kind of link with the attributes the preview handles', async () => {
    const calls: string[] = [];
    const r = await render(DOC, {
      path: 'docs/guide/readme.md',
      resolveLink: async (p) => {
        calls.push(p);
        await new Promise((res) => setTimeout(res, 5));
        return p === 'docs/guide/architecture.md' || p === 'docs/api/index.md' || p === 'docs/guide/readme.md' ? p : null;
      },
    });
    const c = r.container;
    await waitFor(() => c.querySelector('[data-qa-link="pending"]') === null);

    const ext = c.querySelector<HTMLAnchorElement>('a[data-qa-link="external"]')!;
    expect(ext.getAttribute('href')).to.equal('https://example.com/a');
    expect(ext.target).to.equal('_blank');
    expect(ext.rel).to.equal('noopener noreferrer');
    expect(ext.getAttribute('referrerpolicy')).to.equal('no-referrer');
    // The external mark: one empty box drawn by the styles, hidden from assistive technology, after the text.
    const mark = ext.querySelector<HTMLElement>('.qa-external-icon[part="icon"]')!;
    expect(mark).to.exist;
    expect(ext.lastElementChild).to.equal(mark);
    expect(mark.getAttribute('aria-hidden')).to.equal('true');
    expect(mark.childNodes).to.have.length(0);
    expect(getComputedStyle(mark).clipPath).to.match(/^polygon\(/);
    expect(mark.getBoundingClientRect().width).to.be.greaterThan(4);
    expect(ext.querySelector('svg')).to.equal(null);
    expect(c.querySelectorAll('a[data-qa-link="external"]')).to.have.length(2); // https + mailto

    const anchor = c.querySelector<HTMLAnchorElement>('a[data-qa-link="anchor"]')!;
    expect(anchor.dataset.qaTarget).to.equal(`${ID_PREFIX}setup`);
    expect(anchor.getAttribute('href')).to.equal(`#${ID_PREFIX}setup`);
    expect(c.querySelector(`#${ID_PREFIX}setup`)).to.exist;

    const ws = Array.from(c.querySelectorAll<HTMLAnchorElement>('a[data-qa-link="workspace"]')).map((a) => [
      a.textContent,
      a.dataset.qaTarget,
      a.dataset.qaFragment ?? '',
    ]);
    expect(ws).to.deep.equal([
      ['sibling', 'docs/guide/architecture.md', 'setup'],
      ['up', 'docs/api/index.md', ''],
      ['same doc', 'docs/guide/readme.md', 'links'],
    ]);

    const plain = Array.from(c.querySelectorAll<HTMLElement>('[data-qa-link="unavailable"]'));
    expect(plain.map((s) => s.textContent)).to.deep.equal(['root escape', 'refused', 'ftp', 'protocol-relative', 'absolute path', 'bare fragment']);
    for (const s of plain) {
      expect(s.localName).to.equal('span');
      expect(s.title).to.equal('This link cannot be opened here.');
    }
    // `..` escapes never reach the host, a root-relative path is asked from the workspace root; each path is asked once.
    expect([...calls].sort()).to.deep.equal([
      'docs/api/index.md',
      'docs/guide/architecture.md',
      'docs/guide/readme.md',
      'docs/guide/secret/notes.md',
      'etc/hosts',
    ]);
    assertSanitized(c, { idPrefix: ID_PREFIX });
    r.remove();
  });

  it('never makes a workspace link clickable before the host accepted it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((res) => (release = res));
    const r = await render('[doc](other.md)', { resolveLink: async (p) => (await gate, p) });
    expect(r.container.querySelector('a')).to.equal(null);
    expect(r.container.querySelector('[data-qa-link="pending"]')!.textContent).to.equal('doc');
    release();
    await waitFor(() => r.container.querySelector('a[data-qa-link="workspace"]') !== null);
    r.remove();
  });

  it('renders workspace links as text when there is no resolver', async () => {
    const r = await render('[doc](other.md)');
    expect(r.container.querySelector('a')).to.equal(null);
    expect(r.container.querySelector('[data-qa-link="unavailable"]')!.textContent).to.equal('doc');
    r.remove();
  });

  it('treats a throwing resolver as a refusal', async () => {
    const r = await render('[doc](other.md)', { resolveLink: () => Promise.reject(new Error('host down')) });
    await waitFor(() => r.container.querySelector('[data-qa-link="unavailable"]') !== null);
    r.remove();
  });
});

describe('Markdown rendering: images', () => {
  const imageUrl = () => `${location.origin}/stories/fixtures/corpus/SOURCES.md?image=${Math.random().toString(36).slice(2)}`;

  it('loads nothing by default: a placeholder with alt text and host', async () => {
    const url = imageUrl();
    const r = await render(
      `![Build status](${url}) <img src="${url}&raw=1" alt="raw html image">\n\n![local](../img/diagram.png) ![data](data:image/png;base64,iVBORw0KGgo=)`,
    );
    await new Promise((res) => setTimeout(res, 100));
    const c = r.container;
    expect(c.querySelector('img')).to.equal(null);
    const boxes = Array.from(c.querySelectorAll<HTMLElement>('.qa-image'));
    expect(boxes.map((b) => b.querySelector('.qa-image-alt')!.textContent)).to.deep.equal(['Build status', 'raw html image', 'local', 'data']);
    expect(boxes[0]!.querySelector('.qa-image-source')!.textContent).to.equal(location.hostname);
    expect(boxes[2]!.querySelector('.qa-image-source')!.textContent).to.equal('diagram.png');
    expect(boxes[0]!.querySelector('svg[part="icon"]')).to.exist;
    expect(boxes[0]!.title).to.equal('Image not loaded');
    const requested = performance.getEntriesByType('resource').filter((e) => e.name.includes(url.split('?')[1]!));
    expect(requested).to.have.length(0);
    r.remove();
  });

  it('loads remote images when allowed, without referrer, lazily', async () => {
    const url = imageUrl();
    const r = await render(`![Build status](${url})\n\n![local](../img/diagram.png)`, { allowRemoteImages: true });
    const img = r.container.querySelector('img')!;
    expect(img.getAttribute('src')).to.equal(url);
    expect(img.getAttribute('referrerpolicy')).to.equal('no-referrer');
    expect(img.getAttribute('loading')).to.equal('lazy');
    expect(img.getAttribute('decoding')).to.equal('async');
    expect(img.alt).to.equal('Build status');
    // Workspace images stay placeholders: there is no image endpoint.
    expect(r.container.querySelectorAll('img')).to.have.length(1);
    expect(r.container.querySelector('.qa-image .qa-image-alt')!.textContent).to.equal('local');
    assertSanitized(r.container, { idPrefix: ID_PREFIX });
    r.remove();
  });

  it('does not underline a link that holds only images (badges), and still underlines one with text', async () => {
    const r = await render(
      '<p><a href="https://ci.example/build">\n  <img src="https://ci.example/b.svg" alt="build">\n  <img src="https://ci.example/c.svg" alt="coverage">\n</a></p>\n\n' +
        '[![logo](https://ci.example/l.svg) Read the guide](https://docs.example/guide)\n\n<p class="qa-image-link"><a class="qa-image-link" href="https://x.example">plain</a></p>',
    );
    const [badges, mixed, posing] = Array.from(r.container.querySelectorAll('a'));
    const line = (a: Element) => getComputedStyle(a).textDecorationLine;
    expect(badges!.classList.contains('qa-image-link')).to.equal(true);
    expect(line(badges!)).to.equal('none');
    expect(mixed!.classList.contains('qa-image-link')).to.equal(false);
    expect(line(mixed!)).to.equal('underline');
    // A document cannot claim the class for itself.
    expect(posing!.classList.contains('qa-image-link')).to.equal(false);
    expect(line(posing!)).to.equal('underline');
    r.remove();
  });
});
