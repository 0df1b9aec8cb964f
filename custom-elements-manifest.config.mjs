// Custom elements manifest (`custom-elements.json`, written by `npm run build`):
// the analyzer reads the elements' JSDoc headers and Lit decorators; the
// plugin below adds what it cannot see on its own in this code base:
// - tag names: elements register through `defineElement(tag, Class)`;
// - event types and their detail fields, from the event classes and detail
//   interfaces in `src/events.ts`;
// - the shared kit tokens (`@cssproperty` on `tokens` in shared/styles.ts),
//   listed on every element;
// - the type of `@property({ type: Number })` fields whose default is a
//   named constant, and that constant's value as the default.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ELEMENT_MODULES = [
  'src/elements/sources-panel/sources-panel.ts',
  'src/elements/source-footer/source-footer.ts',
  'src/elements/file-preview/file-preview.ts',
  'src/elements/citation/citation.ts',
];
const EVENTS_MODULE = 'src/events.ts';
const TOKENS_MODULE = 'src/elements/shared/styles.ts';

const DECORATOR_TYPES = { Number: 'number', Boolean: 'boolean', String: 'string' };

/** `./x.js` imported from `from` → the repository-relative `.ts` module path. */
function resolveLocal(from, spec) {
  return path.posix.normalize(path.posix.join(path.posix.dirname(from), spec)).replace(/\.js$/, '.ts');
}

/** Text of a JSDoc comment's body (no tags), or ''. */
function jsDocText(ts, node) {
  const docs = node.jsDoc ?? [];
  const doc = docs[docs.length - 1];
  if (!doc?.comment) return '';
  return (typeof doc.comment === 'string' ? doc.comment : (ts.getTextOfJSDocComment(doc.comment) ?? '')).replace(/\s+/g, ' ').trim();
}

/** `export const NAME = <literal>` in a module, read once per file. */
function constantsOf(ts, file, cache) {
  if (cache.has(file)) return cache.get(file);
  const out = new Map();
  let source;
  try {
    source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  } catch {
    cache.set(file, out);
    return out;
  }
  for (const st of source.statements) {
    if (!ts.isVariableStatement(st) || !st.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const d of st.declarationList.declarations) {
      const init = d.initializer;
      if (!init || !ts.isIdentifier(d.name)) continue;
      if (ts.isNumericLiteral(init)) out.set(d.name.text, init.text.replace(/_/g, ''));
      else if (ts.isStringLiteral(init)) out.set(d.name.text, JSON.stringify(init.text));
    }
  }
  cache.set(file, out);
  return out;
}

/** The `@cssproperty` tags of the `tokens` export: the kit tokens every element takes. */
function kitTokens(ts) {
  const source = ts.createSourceFile(TOKENS_MODULE, readFileSync(TOKENS_MODULE, 'utf8'), ts.ScriptTarget.ES2022, true);
  const out = [];
  for (const st of source.statements) {
    if (!ts.isVariableStatement(st) || !st.declarationList.declarations.some((d) => d.name.getText() === 'tokens')) continue;
    for (const tag of ts.getJSDocTags(st)) {
      if (tag.tagName.text !== 'cssproperty') continue;
      const text = (typeof tag.comment === 'string' ? tag.comment : (ts.getTextOfJSDocComment(tag.comment) ?? '')).replace(/\s+/g, ' ').trim();
      const m = /^(--[\w-]+)\s*-\s*(.*)$/.exec(text);
      if (m) out.push({ name: m[1], description: m[2] });
    }
  }
  return out;
}

function qaKitPlugin() {
  /** tag → { className, module } */
  const definitions = new Map();
  /** event name → { className, detail } */
  const eventClasses = new Map();
  /** interface name → fields */
  const interfaces = new Map();
  /** `${module}#${class}.${field}` → { type, default } */
  const fieldFacts = new Map();
  const constants = new Map();
  let tokens = [];

  return {
    name: 'qa-sources-kit',
    analyzePhase({ ts, node, moduleDoc }) {
      const file = moduleDoc.path;

      // defineElement('qa-sources-panel', QaSourcesPanel) in define.ts.
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'defineElement') {
        const [tagArg, classArg] = node.arguments;
        if (tagArg && ts.isStringLiteral(tagArg) && classArg && ts.isIdentifier(classArg)) {
          const source = node.getSourceFile();
          let module = file;
          for (const st of source.statements) {
            if (!ts.isImportDeclaration(st) || !st.importClause?.namedBindings || !ts.isNamedImports(st.importClause.namedBindings)) continue;
            if (st.importClause.namedBindings.elements.some((e) => e.name.text === classArg.text)) module = resolveLocal(file, st.moduleSpecifier.text);
          }
          definitions.set(tagArg.text, { className: classArg.text, module });
          moduleDoc.exports = [
            ...(moduleDoc.exports ?? []),
            { kind: 'custom-element-definition', name: tagArg.text, declaration: { name: classArg.text, module } },
          ];
        }
      }

      if (file === EVENTS_MODULE) {
        // class QaXEvent extends CustomEvent<QaXDetail> { static readonly eventName = 'qa-x'; … }
        if (ts.isClassDeclaration(node) && node.name) {
          const base = node.heritageClauses?.flatMap((h) => h.types).find((t) => t.expression.getText() === 'CustomEvent');
          const nameMember = node.members.find(
            (m) => ts.isPropertyDeclaration(m) && m.name.getText() === 'eventName' && m.initializer && ts.isStringLiteral(m.initializer),
          );
          if (base && nameMember) {
            eventClasses.set(nameMember.initializer.text, { className: node.name.text, detail: base.typeArguments?.[0]?.getText() ?? 'unknown' });
          }
        }
        if (ts.isInterfaceDeclaration(node)) {
          interfaces.set(
            node.name.text,
            node.members.filter(ts.isPropertySignature).map((m) => ({
              name: m.name.getText(),
              type: { text: m.type?.getText() ?? 'unknown' },
              ...(m.questionToken ? { optional: true } : {}),
              ...(jsDocText(ts, m) ? { description: jsDocText(ts, m) } : {}),
            })),
          );
        }
      }

      // @property({ type: Number }) threshold = DEFAULT_THRESHOLD;
      if (ELEMENT_MODULES.includes(file) && ts.isPropertyDeclaration(node) && ts.isClassDeclaration(node.parent) && node.parent.name) {
        const decorator = (ts.getDecorators?.(node) ?? node.decorators ?? []).find(
          (d) => ts.isCallExpression(d.expression) && d.expression.expression.getText() === 'property',
        );
        if (!decorator) return;
        const facts = {};
        const options = decorator.expression.arguments[0];
        const typeProp = options && ts.isObjectLiteralExpression(options) ? options.properties.find((p) => p.name?.getText() === 'type') : undefined;
        if (!node.type && typeProp && ts.isPropertyAssignment(typeProp)) facts.type = DECORATOR_TYPES[typeProp.initializer.getText()];
        if (node.initializer && ts.isIdentifier(node.initializer)) {
          const id = node.initializer.text;
          for (const st of node.getSourceFile().statements) {
            if (!ts.isImportDeclaration(st) || !st.importClause?.namedBindings || !ts.isNamedImports(st.importClause.namedBindings)) continue;
            if (!st.importClause.namedBindings.elements.some((e) => e.name.text === id)) continue;
            const value = constantsOf(ts, resolveLocal(file, st.moduleSpecifier.text), constants).get(id);
            if (value !== undefined) facts.default = value;
          }
        }
        if (facts.type || facts.default) fieldFacts.set(`${file}#${node.parent.name.text}.${node.name.getText()}`, facts);
      }

      if (node.kind === ts.SyntaxKind.SourceFile && tokens.length === 0) tokens = kitTokens(ts);
    },

    packageLinkPhase({ customElementsManifest }) {
      for (const mod of customElementsManifest.modules) {
        for (const decl of mod.declarations ?? []) {
          if (decl.kind !== 'class' || !decl.customElement) continue;
          // Tag names (the analyzer links them from the definitions added above; make sure).
          for (const [tag, def] of definitions) if (def.className === decl.name && def.module === mod.path) decl.tagName ??= tag;

          // Fields: decorator types and resolved constant defaults, on the member and its attribute.
          for (const member of decl.members ?? []) {
            const facts = fieldFacts.get(`${mod.path}#${decl.name}.${member.name}`);
            if (!facts) continue;
            const attr = (decl.attributes ?? []).find((a) => a.fieldName === member.name);
            for (const target of [member, attr].filter(Boolean)) {
              if (facts.type && !target.type) target.type = { text: facts.type };
              if (facts.default !== undefined) target.default = facts.default;
            }
          }

          // Events: one entry per name (the analyzer also adds nameless ones for `dispatchEvent(new X())`), typed, with the detail's fields.
          const events = [];
          for (const ev of decl.events ?? []) {
            if (!ev.name || events.some((e) => e.name === ev.name)) continue;
            const known = eventClasses.get(ev.name);
            if (known) {
              ev.type = { text: known.className, references: [{ name: known.className, module: EVENTS_MODULE }] };
              ev.detail = { type: { text: known.detail }, fields: interfaces.get(known.detail) ?? [] };
            }
            events.push(ev);
          }
          decl.events = events;

          // The kit tokens, after the element's own properties.
          const own = new Set((decl.cssProperties ?? []).map((p) => p.name));
          decl.cssProperties = [...(decl.cssProperties ?? []), ...tokens.filter((t) => !own.has(t.name)).map((t) => ({ ...t }))];
        }
      }
    },
  };
}

export default {
  globs: ['src/elements/*/define.ts', ...ELEMENT_MODULES, EVENTS_MODULE],
  exclude: ['src/elements/shared/define.ts'],
  outdir: '.',
  litelement: true,
  packagejson: false,
  plugins: [qaKitPlugin()],
};
