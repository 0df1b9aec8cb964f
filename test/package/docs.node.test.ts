// The documentation: its generated parts are fresh (docs/api.md is what
// scripts/docs.mjs makes of the current custom-elements.json, every include
// block is its example file's text), every relative link in README.md,
// CONTRIBUTING.md and docs/*.md resolves to a file and, with a #fragment, to
// a heading there by GitHub's id rules, and the README stays a first read.
// Needs `npm run build` (custom-elements.json).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
// @ts-expect-error a plain script module without type declarations
import { API_DOC, elementsOf, markdownFiles, plan, renderApi, updateIncludes } from '../../scripts/docs.mjs';
import { packageJson, root } from './pack.ts';

const manifest = JSON.parse(readFileSync(path.join(root, 'custom-elements.json'), 'utf8'));
const read = (rel: string): string => readFileSync(path.join(root, rel), 'utf8');
const docs: string[] = [...(markdownFiles() as string[]), API_DOC as string];

/** Markdown without its fenced code blocks and inline code (links there are examples, not links). */
function prose(markdown: string): string {
  return markdown.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's id of a heading: its text lowercased, punctuation and symbols dropped, spaces to hyphens. */
function headingId(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links and images: their text
    .replace(/[`*~]/g, '') // code and emphasis marks: the text stays
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The ids GitHub gives the headings of a Markdown file (a repeated id gets -1, -2, …). */
function anchorsOf(markdown: string): Set<string> {
  const ids = new Set<string>();
  const seen = new Map<string, number>();
  const withoutFences = markdown.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '');
  for (const m of withoutFences.matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const base = headingId(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    ids.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const m of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) ids.add(m[1]!);
  return ids;
}

/** Relative link targets of a Markdown file: inline links and images, and reference definitions. */
function linksOf(markdown: string): string[] {
  const text = prose(markdown);
  const inline = [...text.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
  const refs = [...text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map((m) => m[1]!);
  return [...inline, ...refs].filter((href) => !/^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith('//'));
}

test('headingId follows GitHub: punctuation dropped, code kept as text, spaces to hyphens, Unicode letters kept', () => {
  const cases: Array<[string, string]> = [
    ['Embedding and hosts', 'embedding-and-hosts'],
    ['`QaTurnSources`: the payload', 'qaturnsources-the-payload'],
    ['`<qa-sources-panel>`', 'qa-sources-panel'],
    ['Wiring: `connectSources`', 'wiring-connectsources'],
    ['Motion, forced colours, right to left', 'motion-forced-colours-right-to-left'],
    ['Leniencies: what the kit accepts beyond the schema', 'leniencies-what-the-kit-accepts-beyond-the-schema'],
    ['Markdown: what renders, and what is different from GitHub', 'markdown-what-renders-and-what-is-different-from-github'],
    ['snake_case and **bold**', 'snake_case-and-bold'],
    ['Источники и ссылки', 'источники-и-ссылки'],
    ['A [link](x.md) in it', 'a-link-in-it'],
    ['1.2 Notes (draft)', '12-notes-draft'],
  ];
  for (const [heading, id] of cases) assert.equal(headingId(heading), id, heading);
  assert.deepEqual([...anchorsOf('# A\n## A\n```\n# not a heading\n```\n### A\n')], ['a', 'a-1', 'a-2']);
});

test('docs/api.md and every include block are what scripts/docs.mjs makes of custom-elements.json and the example files', () => {
  const stale = (plan(manifest) as Array<{ file: string; current: string; next: string }>).filter((p) => p.current !== p.next).map((p) => p.file);
  assert.deepEqual(stale, [], 'stale: run `npm run build` (or `node scripts/docs.mjs`)');
  let includes = 0;
  for (const file of docs) includes += (read(file).match(/<!-- include: /g) ?? []).length;
  assert.ok(includes >= 1, 'the README includes the React example');
  // The refresh really replaces a block's text with the file's.
  const block = '<!-- include: examples/apps/shared/AnswerSources.tsx -->\n```tsx\nold text\n```\n<!-- /include -->';
  assert.equal(
    updateIncludes(block, () => 'new text\n'),
    '<!-- include: examples/apps/shared/AnswerSources.tsx -->\n```tsx\nnew text\n```\n<!-- /include -->',
  );
});

test('the API reference documents every element with its properties, attributes, events with detail, parts and custom properties', () => {
  const api = renderApi(manifest) as string;
  const elements = elementsOf(manifest) as Array<{
    tagName: string;
    members?: Array<{ kind: string; name: string; privacy?: string; static?: boolean }>;
    attributes?: Array<{ name: string }>;
    events?: Array<{ name: string; detail?: { fields: Array<{ name: string }> } }>;
    cssParts?: Array<{ name: string }>;
    cssProperties?: Array<{ name: string }>;
  }>;
  assert.deepEqual(elements.map((e) => e.tagName).sort(), ['qa-citation', 'qa-file-preview', 'qa-source-footer', 'qa-sources-panel']);
  for (const el of elements) {
    const start = api.indexOf(`## \`<${el.tagName}>\``);
    assert.ok(start >= 0, `a section for <${el.tagName}>`);
    const next = api.indexOf('\n## ', start + 1);
    const body = api.slice(start, next < 0 ? undefined : next);
    for (const m of (el.members ?? []).filter((x) => !x.privacy && !x.static && !x.name.startsWith('_')))
      assert.ok(body.includes(`\`${m.name}`), `<${el.tagName}> ${m.name}`);
    for (const a of el.attributes ?? []) assert.ok(body.includes(`\`${a.name}\``), `<${el.tagName}> attribute ${a.name}`);
    for (const e of el.events ?? []) {
      assert.ok(body.includes(`\`${e.name}\``), `<${el.tagName}> event ${e.name}`);
      for (const f of e.detail?.fields ?? []) assert.ok(body.includes(`\`${f.name}:`), `<${el.tagName}> ${e.name} detail ${f.name}`);
    }
    for (const p of el.cssParts ?? []) assert.ok(body.includes(`| \`${p.name}\` |`), `<${el.tagName}> part ${p.name}`);
    for (const p of el.cssProperties ?? []) assert.ok(body.includes(`\`${p.name}\``) || api.includes(`| \`${p.name}\` |`), `<${el.tagName}> ${p.name}`);
  }
});

test('every relative link in README.md, CONTRIBUTING.md and docs/*.md resolves: the file exists, and a #fragment names a heading in it', () => {
  const broken: string[] = [];
  let checked = 0;
  for (const file of docs) {
    for (const href of linksOf(read(file))) {
      checked++;
      const [target, fragment] = href.split('#', 2) as [string, string | undefined];
      const resolved = target ? path.normalize(path.join(path.dirname(file), decodeURIComponent(target))) : file;
      if (resolved.startsWith('..') || path.isAbsolute(resolved)) {
        broken.push(`${file}: ${href} (outside the repository)`);
        continue;
      }
      if (!existsSync(path.join(root, resolved))) {
        broken.push(`${file}: ${href} (no ${resolved})`);
        continue;
      }
      if (fragment === undefined) continue;
      if (!resolved.endsWith('.md') || statSync(path.join(root, resolved)).isDirectory()) {
        broken.push(`${file}: ${href} (a fragment on a file that is not Markdown)`);
        continue;
      }
      if (!anchorsOf(read(resolved)).has(decodeURIComponent(fragment).toLowerCase())) broken.push(`${file}: ${href} (no heading #${fragment} in ${resolved})`);
    }
  }
  assert.deepEqual(broken, []);
  assert.ok(checked > 40, `${checked} links checked`);
});

test('the link check finds a missing file, a missing heading and a fragment on a file that is not Markdown', () => {
  const links = linksOf(
    'See [a](docs/nowhere.md), [b](docs/payload.md#no-such-heading), `[c](in-code.md)` and [d](https://example.com/x.md).\n\n```md\n[e](fenced.md)\n```\n',
  );
  assert.deepEqual(links, ['docs/nowhere.md', 'docs/payload.md#no-such-heading']);
  assert.equal(existsSync(path.join(root, 'docs/nowhere.md')), false);
  assert.equal(anchorsOf(read('docs/payload.md')).has('no-such-heading'), false);
  assert.equal(anchorsOf(read('docs/payload.md')).has('limits'), true);
});

test('the README is a first read: at most 200 lines, with the embedding example, React and links to the docs', () => {
  const readme = read('README.md');
  const lines = readme.trimEnd().split('\n').length;
  assert.ok(lines <= 200, `README.md has ${lines} lines`);
  const linked = new Set(linksOf(readme).map((href) => href.split('#')[0]));
  for (const doc of [
    'docs/hosts.md',
    'docs/payload.md',
    'docs/theming.md',
    'docs/security.md',
    'docs/api.md',
    'docs/performance.md',
    'docs/bundlers.md',
    'CONTRIBUTING.md',
  ]) {
    assert.ok(linked.has(doc), `README links ${doc}`);
  }
  assert.match(readme, /<!-- include: examples\/apps\/shared\/AnswerSources\.tsx -->/, 'the React example is the one the example apps run');
});

test("the README's embedding example is the no-bundler app's page, at most ten lines", () => {
  const readme = read('README.md');
  const block = /```html\n(<qa-source-footer>[\s\S]*?)```/.exec(readme);
  assert.ok(block, 'an HTML example');
  const lines = block[1]!.trimEnd().split('\n');
  assert.ok(lines.length <= 10, `the example has ${lines.length} lines`);
  assert.match(block[1]!, /connectSources/);
  const page = read('examples/apps/no-bundler/index.html')
    .split('\n')
    .map((l) => l.trim());
  const at = page.indexOf(lines[0]!.trim());
  assert.ok(at >= 0, 'the example starts as examples/apps/no-bundler/index.html does');
  assert.deepEqual(
    page.slice(at, at + lines.length),
    lines.map((l) => l.trim()),
    "the example is the no-bundler app's page",
  );
});

test('every runtime dependency and the optional peer are listed in the README with a reason', () => {
  const readme = read('README.md');
  const start = readme.search(/^## Dependencies\s*$/m);
  assert.ok(start >= 0, 'a Dependencies section');
  const rest = readme.slice(start + 3);
  const end = rest.search(/^## /m);
  const deps = end < 0 ? rest : rest.slice(0, end);
  const pkg = packageJson();
  for (const name of Object.keys(pkg.dependencies)) {
    assert.match(deps, new RegExp(`^- \`${name.replace(/[/.]/g, '\\$&')}\` — \\S.{20,}$`, 'm'), `${name} has a line with its reason`);
  }
  for (const name of Object.keys(pkg.peerDependencies ?? {})) assert.ok(deps.includes(`\`${name}\``), `peer ${name} is mentioned`);
  const listed = [...deps.matchAll(/^- `([^`]+)` — /gm)].map((m) => m[1]);
  assert.deepEqual(
    listed.filter((n) => !(n! in pkg.dependencies)),
    [],
    'no line for a package that is not a dependency',
  );
});

test('examples/vanilla.html wires the three elements in under ten lines', () => {
  const page = read('examples/vanilla.html');
  assert.match(page, /<script type="module" src="\.\.\/dist\/browser\/qa-sources-kit\.js"><\/script>/);
  const wiring = /\/\/ The wiring[^\n]*\n([\s\S]*?)<\/script>/.exec(page);
  assert.ok(wiring);
  const imports = page.match(/^\s*import .*$/gm) ?? [];
  const lines = [...imports, ...wiring[1]!.split('\n')].map((l) => l.trim()).filter(Boolean);
  assert.ok(lines.length < 10, `${lines.length} lines of wiring`);
});
