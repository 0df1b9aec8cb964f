// The link queue: workspace links put to the host a few at a time, one question per path, answers applied to the links.
import { expect } from 'chai';
import { linkResolver } from '../../../src/render/markdown/link-queue.js';
import { until } from '../../wait.js';

/** A host whose answers the test gives, path by path. */
function host() {
  const asked: string[] = [];
  const answers = new Map<string, (accepted: string | null) => void>();
  let running = 0;
  let most = 0;
  const resolveLink = (path: string) =>
    new Promise<string | null>((resolve) => {
      asked.push(path);
      running++;
      most = Math.max(most, running);
      answers.set(path, (accepted) => {
        running--;
        resolve(accepted);
      });
    });
  return { asked, answers, resolveLink, most: () => most };
}

function links(paths: string[]) {
  return paths.map((path) => {
    const el = document.createElement('span');
    el.textContent = path;
    document.body.append(el);
    return { el, path, fragment: '' };
  });
}

describe('Markdown link queue', () => {
  afterEach(() => document.body.querySelectorAll('span, a').forEach((el) => el.remove()));

  it('asks at most four questions at once and one per path, then turns each link into what the host answered', async () => {
    const h = host();
    const resolve = linkResolver({ cancelled: false }, { resolveLink: h.resolveLink }, 'en');
    const pending = links(['a.md', 'b.md', 'a.md', 'c.md', 'd.md', 'e.md', 'f.md']);
    resolve(pending);
    expect(pending).to.have.length(0, 'the links are taken from the list');
    await until(() => h.asked.length === 4, 'four questions');
    expect(h.asked).to.deep.equal(['a.md', 'b.md', 'c.md', 'd.md']);
    h.answers.get('a.md')!('docs/a.md');
    await until(() => h.asked.length === 5, 'the fifth question once one is answered');
    for (const path of ['b.md', 'c.md', 'd.md', 'e.md']) h.answers.get(path)!(path === 'c.md' ? null : `docs/${path}`);
    await until(() => h.asked.length === 6, 'the last question');
    h.answers.get('f.md')!('docs/f.md');
    expect(h.most()).to.equal(4);
    expect(h.asked).to.have.length(6, 'a.md was asked once');
    await until(() => document.querySelectorAll('a[data-qa-link="workspace"]').length === 6, 'the accepted links');
    const targets = Array.from(document.querySelectorAll('a[data-qa-link="workspace"]'), (a) => a.getAttribute('data-qa-target'));
    expect(targets).to.deep.equal(['docs/a.md', 'docs/b.md', 'docs/a.md', 'docs/d.md', 'docs/e.md', 'docs/f.md']);
    const refused = document.querySelector('[data-qa-link="unavailable"]')!;
    expect(refused.textContent).to.equal('c.md');
    expect(refused.getAttribute('title')).to.be.a('string').and.not.equal('');
  });

  it('refuses every link at once when the host resolves none', () => {
    const resolve = linkResolver({ cancelled: false }, {}, 'en');
    resolve(links(['a.md', 'b.md']));
    expect(document.querySelectorAll('[data-qa-link="unavailable"]')).to.have.length(2);
  });

  it('applies no answer and asks nothing more once its render is cancelled', async () => {
    const h = host();
    const job = { cancelled: false };
    const resolve = linkResolver(job, { resolveLink: h.resolveLink }, 'en');
    resolve(links(['a.md', 'b.md', 'c.md', 'd.md', 'e.md']));
    await until(() => h.asked.length === 4, 'four questions');
    job.cancelled = true;
    for (const answer of h.answers.values()) answer('docs/x.md');
    // A render that goes on, answered after the cancelled one: once its link is done, so would the cancelled ones be.
    const other = linkResolver({ cancelled: false }, { resolveLink: async () => 'docs/other.md' }, 'en');
    other(links(['other.md']));
    await until(() => document.querySelector('a[data-qa-target="docs/other.md"]'), "the other render's link");
    expect(h.asked).to.have.length(4);
    expect(document.querySelectorAll('[data-qa-link]')).to.have.length(1);
  });
});
