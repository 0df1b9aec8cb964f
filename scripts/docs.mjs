// The README's API reference, generated from custom-elements.json (the
// custom-elements manifest `npm run build` writes from the elements' JSDoc):
// one section per element with its properties and attributes, methods,
// events and their detail, CSS parts, CSS custom properties and slots, plus
// the kit tokens every element takes. The text between
// `<!-- api:start -->` and `<!-- api:end -->` is replaced. Code examples that
// must run as written are copied from the example apps: the fenced block
// after `<!-- include: examples/apps/… -->` (up to `<!-- /include -->`) is the
// file's text. The rest of the README is hand-written.
//
//   node scripts/docs.mjs           rewrite the README section
//   node scripts/docs.mjs --check   exit 1 when the README section is stale
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const START = '<!-- api:start -->';
export const END = '<!-- api:end -->';

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
  out.push(`### \`<${el.tagName}>\``, '');
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
        const detail = fields.length ? fields.map((f) => code(`${f.name}${f.optional ? '?' : ''}: ${f.type.text}`)).join('<br>') : e.detail ? code(e.detail.type.text) : '';
        return [code(e.name), code(e.type?.text ?? ''), detail, cell(e.description)];
      }),
    ) || 'None.',
    '',
  );

  out.push('**CSS parts**', '');
  out.push(table(['Part', 'Description'], (el.cssParts ?? []).map((p) => [code(p.name), cell(p.description)])) || 'None.', '');

  const sharedNames = new Set(shared.map((s) => s.name));
  const own = (el.cssProperties ?? []).filter((p) => !sharedNames.has(p.name));
  out.push('**CSS custom properties**', '');
  out.push(
    (table(['Property', 'Description'], own.map((p) => [code(p.name), cell(p.description)])) || 'None of its own.') +
      (shared.length ? '\n\nAnd every [kit token](#kit-tokens).' : ''),
    '',
  );

  const slots = el.slots ?? [];
  out.push('**Slots**', '');
  out.push(slots.length ? table(['Slot', 'Description'], slots.map((s) => [s.name ? code(s.name) : '(default)', cell(s.description)])) : 'None: the elements render everything from their properties.', '');
  return out.join('\n');
}

/** The generated Markdown (without the markers). */
export function renderApi(manifest) {
  const elements = elementsOf(manifest);
  const shared = sharedTokens(elements);
  const parts = [
    '_Generated from `custom-elements.json` by `scripts/docs.mjs` (run by `npm run build`); edit the JSDoc in the element files, not this section._',
    '',
  ];
  if (shared.length) {
    parts.push(
      '### Kit tokens',
      '',
      'Every element reads these; set them on the elements or on any ancestor (they inherit).',
      '',
      table(['Property', 'Description'], shared.map((p) => [code(p.name), cell(p.description)])),
      '',
    );
  }
  for (const el of elements) parts.push(elementSection(el, shared));
  return parts.join('\n').replace(/\n{3,}/g, '\n\n').trim();
}

const INCLUDE = /(<!-- include: ([\w./-]+) -->\n)```(\w*)\n[\s\S]*?```\n(<!-- \/include -->)/g;

/** The README with every included example refreshed from its file (fenced as `lang`, the file's extension unless given). */
export function updateIncludes(readme, readFile = (rel) => readFileSync(path.join(root, rel), 'utf8')) {
  return readme.replace(INCLUDE, (_all, open, rel, lang, close) => `${open}\`\`\`${lang || path.extname(rel).slice(1)}\n${readFile(rel).trimEnd()}\n\`\`\`\n${close}`);
}

/** The README with its API section and included examples replaced (throws when the API markers are missing). */
export function updateReadme(readme, manifest) {
  const a = readme.indexOf(START);
  const b = readme.indexOf(END);
  if (a < 0 || b < a) throw new Error(`README.md has no ${START} … ${END} section`);
  return updateIncludes(`${readme.slice(0, a + START.length)}\n${renderApi(manifest)}\n${readme.slice(b)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const readmePath = path.join(root, 'README.md');
  const manifest = JSON.parse(readFileSync(path.join(root, 'custom-elements.json'), 'utf8'));
  const readme = readFileSync(readmePath, 'utf8');
  const next = updateReadme(readme, manifest);
  if (process.argv.includes('--check')) {
    if (next !== readme) {
      console.error('README.md: the API section is stale; run `npm run build` (or `node scripts/docs.mjs`).');
      process.exit(1);
    }
  } else if (next !== readme) {
    writeFileSync(readmePath, next);
    console.log('README.md: API section updated from custom-elements.json.');
  }
}
