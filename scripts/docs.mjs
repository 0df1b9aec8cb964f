// The generated parts of the documentation.
//
// docs/api.md, the API reference, is generated whole from custom-elements.json
// (the custom-elements manifest `npm run build` writes from the elements'
// JSDoc): one section per element with its properties and attributes,
// methods, events and their detail, CSS parts, CSS custom properties and
// slots, plus the kit tokens every element takes.
//
// Code examples that must run as written are copied from the example apps:
// in README.md, CONTRIBUTING.md and docs/*.md, the fenced block after
// `<!-- include: examples/apps/… -->` (up to `<!-- /include -->`) is the
// file's text. Everything else in those files is hand-written, and a file is
// only written when one of its include blocks changed.
//
//   node scripts/docs.mjs           write docs/api.md and refresh the include blocks
//   node scripts/docs.mjs --check   exit 1 when either is stale
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where the generated API reference goes (relative to the repository root). */
export const API_DOC = 'docs/api.md';

/** Text safe inside a Markdown table cell. */
function cell(text) {
  return String(text ?? '')
    .replace(/\s+/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();
}

/** Inline code safe inside a table cell. */
function code(text) {
  return text ? `\`${cell(text)}\`` : '';
}

function table(head, rows) {
  if (rows.length === 0) return '';
  return [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

/** Every custom element of the manifest, in the order of its modules. */
export function elementsOf(manifest) {
  return manifest.modules.flatMap((m) => (m.declarations ?? []).filter((d) => d.kind === 'class' && d.customElement && d.tagName));
}

/** CSS custom properties every element lists: the kit tokens. */
function sharedTokens(elements) {
  if (elements.length === 0) return [];
  const [first, ...rest] = elements;
  return (first.cssProperties ?? []).filter((p) => rest.every((e) => (e.cssProperties ?? []).some((q) => q.name === p.name)));
}

function elementSection(el, shared) {
  const out = [];
  out.push(`## \`<${el.tagName}>\``, '');
  if (el.summary) out.push(`${el.summary.trim()}`, '');
  if (el.description) out.push(el.description.replace(/\s*\n\s*/g, ' ').trim(), '');
  out.push(`Class: \`${el.name}\`.`, '');

  const members = (el.members ?? []).filter((m) => !m.privacy && !m.static && !m.name.startsWith('_'));
  const attrs = el.attributes ?? [];
  const fields = members.filter((m) => m.kind === 'field');
  out.push('**Properties**', '');
  out.push(
    table(
      ['Property', 'Attribute', 'Type', 'Default', 'Description'],
      fields.map((f) => {
        const attr = attrs.find((a) => a.fieldName === f.name);
        const description = `${f.readonly ? 'Read-only. ' : ''}${f.description ?? ''}`;
        return [code(f.name), attr ? code(attr.name) : '—', code(f.type?.text ?? ''), f.default !== undefined ? code(f.default) : '', cell(description)];
      }),
    ) || 'None.',
    '',
  );

  const methods = members.filter((m) => m.kind === 'method');
  if (methods.length > 0) {
    out.push('**Methods**', '');
    out.push(
      table(
        ['Method', 'Description'],
        methods.map((m) => {
          const params = (m.parameters ?? []).map((p) => `${p.name}${p.optional ? '?' : ''}: ${p.type?.text ?? 'unknown'}`).join(', ');
          return [code(`${m.name}(${params}): ${m.return?.type?.text ?? 'void'}`), cell(m.description)];
        }),
      ),
      '',
    );
  }

  out.push('**Events**', '');
  out.push(
    table(
      ['Event', 'Type', 'Detail', 'Description'],
      (el.events ?? []).map((e) => {
        const fields = e.detail?.fields ?? [];
        const detail = fields.length
          ? fields.map((f) => code(`${f.name}${f.optional ? '?' : ''}: ${f.type.text}`)).join('<br>')
          : e.detail
            ? code(e.detail.type.text)
            : '';
        return [code(e.name), code(e.type?.text ?? ''), detail, cell(e.description)];
      }),
    ) || 'None.',
    '',
  );

  out.push('**CSS parts**', '');
  out.push(
    table(
      ['Part', 'Description'],
      (el.cssParts ?? []).map((p) => [code(p.name), cell(p.description)]),
    ) || 'None.',
    '',
  );

  const sharedNames = new Set(shared.map((s) => s.name));
  const own = (el.cssProperties ?? []).filter((p) => !sharedNames.has(p.name));
  out.push('**CSS custom properties**', '');
  out.push(
    (table(
      ['Property', 'Description'],
      own.map((p) => [code(p.name), cell(p.description)]),
    ) || 'None of its own.') + (shared.length ? '\n\nAnd every [kit token](#kit-tokens).' : ''),
    '',
  );

  const slots = el.slots ?? [];
  out.push('**Slots**', '');
  out.push(
    slots.length
      ? table(
          ['Slot', 'Description'],
          slots.map((s) => [s.name ? code(s.name) : '(default)', cell(s.description)]),
        )
      : 'None: the elements render everything from their properties.',
    '',
  );
  return out.join('\n');
}

/** The generated Markdown of docs/api.md. */
export function renderApi(manifest) {
  const elements = elementsOf(manifest);
  const shared = sharedTokens(elements);
  const parts = [
    '# API reference',
    '',
    '_Generated from `custom-elements.json` by `scripts/docs.mjs` (run by `npm run build`); edit the JSDoc in the element files, not this file._',
    '',
    'The elements, their properties, methods, events, CSS parts and CSS custom properties. Importing `qa-sources-kit` registers `<qa-sources-panel>`, `<qa-source-footer>` and `<qa-file-preview>`; `qa-sources-kit/citations` registers `<qa-citation>` ([citations](citations.md)). For theming with these tokens and parts, see [Theming and languages](theming.md).',
    '',
  ];
  if (shared.length) {
    parts.push(
      '## Kit tokens',
      '',
      'Every element reads these; set them on the elements or on any ancestor (they inherit).',
      '',
      table(
        ['Property', 'Description'],
        shared.map((p) => [code(p.name), cell(p.description)]),
      ),
      '',
    );
  }
  for (const el of elements) parts.push(elementSection(el, shared));
  return `${parts
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}

const INCLUDE = /(<!-- include: ([\w./-]+) -->\n)```(\w*)\n[\s\S]*?```\n(<!-- \/include -->)/g;

/** The Markdown text with every included example refreshed from its file (fenced as `lang`, the file's extension unless given). */
export function updateIncludes(markdown, readFile = (rel) => readFileSync(path.join(root, rel), 'utf8')) {
  return markdown.replace(
    INCLUDE,
    (_all, open, rel, lang, close) => `${open}\`\`\`${lang || path.extname(rel).slice(1)}\n${readFile(rel).trimEnd()}\n\`\`\`\n${close}`,
  );
}

/** The hand-written Markdown files that may hold include blocks: README.md, CONTRIBUTING.md and docs/*.md (but the generated one). */
export function markdownFiles() {
  const docs = readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`);
  return ['README.md', 'CONTRIBUTING.md', ...docs].filter((f) => f !== API_DOC);
}

function readOrEmpty(rel) {
  try {
    return readFileSync(path.join(root, rel), 'utf8');
  } catch {
    return '';
  }
}

/** Every generated file with its text now and what it should be: `{ file, current, next }`. */
export function plan(manifest) {
  const out = [{ file: API_DOC, current: readOrEmpty(API_DOC), next: renderApi(manifest) }];
  for (const file of markdownFiles()) {
    const current = readOrEmpty(file);
    if (current) out.push({ file, current, next: updateIncludes(current) });
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const manifest = JSON.parse(readFileSync(path.join(root, 'custom-elements.json'), 'utf8'));
  const stale = plan(manifest).filter((p) => p.next !== p.current);
  if (process.argv.includes('--check')) {
    for (const p of stale) console.error(`${p.file}: stale; run \`npm run build\` (or \`node scripts/docs.mjs\`).`);
    if (stale.length > 0) process.exit(1);
  } else {
    for (const p of stale) {
      writeFileSync(path.join(root, p.file), p.next);
      console.log(`${p.file}: ${p.file === API_DOC ? 'generated from custom-elements.json' : 'include blocks refreshed'}.`);
    }
  }
}
