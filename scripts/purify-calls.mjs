// DOMPurify calls every built-in method it uses (a string's `toLowerCase`, a
// set's `has`, a node's `parentNode` getter, …) through a wrapper made once
// when its module is evaluated, so that a page that later replaces those
// methods cannot change what the sanitizer does:
//   function unapply(func) {
//     return function (thisArg, ...args) { return Reflect.apply(func, thisArg, args); };
//   }
// published lowered for older engines, which copies `arguments` into a new
// array on every call (and Vite's minifier makes that copy
// `[...arguments].slice(1)`, slower still). The sanitizer makes several such
// calls for every node and attribute of a document, mostly in the
// interpreter (a document is sanitized once). In CPU profiles of the 100 KB
// Markdown render this wrapper was DOMPurify's largest entry.
//
// The kit's builds (the package, the no-bundler build, the size budget, the
// benchmark pages and the browser tests' server) make each wrapper the
// built-in `call` bound to the method instead:
//   function unapply(func) { return Reflect.apply(Function.prototype.bind, Function.prototype.call, [func]); }
// `wrapper(thisArg, a, b)` is then `func.call(thisArg, a, b)`, the same call
// with the same arguments, and it holds the `call` and the method as they
// were when the module was evaluated, as the published wrapper holds the
// method and `Reflect.apply`. Its regular-expression test (`regExpTest`),
// which builds an array for each call the same way, calls its test through
// such a wrapper too. A DOMPurify whose code no longer has these shapes
// fails the build with a message. `test/scripts/purify-calls.node.test.ts`
// checks the rewrite; `test/render/sanitize/purify-calls.test.ts` that the
// rewritten module sanitizes the corpus, attack markup and generated markup
// exactly as the published one does (docs/performance.md, "DOMPurify's
// method wrappers", has the measurements).

import { AS_PUBLISHED, applyEdits, moduleFile, resolveAsPublished, walk } from './estree.mjs';

/** The module rewritten: DOMPurify's ES module build. */
export const PURIFY_MODULE = /\/node_modules\/dompurify\/dist\/purify\.es\.mjs$/;

function fail(what) {
  throw new Error(`scripts/purify-calls.mjs: DOMPurify no longer has ${what}; update the rewrite to its new version`);
}

/**
 * `code` (DOMPurify's ES module) with its method wrappers made bound calls.
 * Throws when the module does not have the expected shape. `parse` is the
 * bundler's parser (an ESTree program).
 */
export function purifyCalls(code, parse) {
  const edits = [];
  let unapply = 0;
  let testRaw = 0;
  let testCall = 0;
  walk(parse(code), (node) => {
    // function unapply(func) { return function (thisArg) { …; return apply(func, thisArg, args); }; }
    if (node.type === 'FunctionDeclaration' && node.id?.name === 'unapply') {
      const [param, ...more] = node.params;
      const [ret, ...rest] = node.body.body;
      const inner = ret?.type === 'ReturnStatement' ? ret.argument : null;
      const last = inner?.type === 'FunctionExpression' ? inner.body.body.at(-1) : null;
      if (
        more.length > 0 ||
        param?.type !== 'Identifier' ||
        rest.length > 0 ||
        inner?.type !== 'FunctionExpression' ||
        inner.params.length !== 1 ||
        !isApplyOf(last?.type === 'ReturnStatement' ? last.argument : null, param.name, inner.params[0].name)
      )
        fail('"function unapply(func)" returning a function that ends in "return apply(func, thisArg, args)"');
      edits.push([node.body.start, node.body.end, `{\n\treturn apply(Function.prototype.bind, Function.prototype.call, [${param.name}]);\n}`]);
      unapply += 1;
      return true;
    }
    // const regExpTestRaw = RegExp.prototype.test;
    if (node.type === 'VariableDeclaration' && node.declarations.length === 1 && node.declarations[0].id.name === 'regExpTestRaw') {
      edits.push([node.end, node.end, '\nconst regExpTestCall = unapply(regExpTestRaw);']);
      testRaw += 1;
      return true;
    }
    // apply(regExpTestRaw, regExp, [value])
    if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'apply' && node.arguments[0]?.name === 'regExpTestRaw') {
      const [, self, list] = node.arguments;
      if (
        node.arguments.length !== 3 ||
        self.type !== 'Identifier' ||
        list.type !== 'ArrayExpression' ||
        list.elements.length !== 1 ||
        list.elements[0]?.type !== 'Identifier'
      )
        fail('"apply(regExpTestRaw, regExp, [value])" in its "regExpTest"');
      edits.push([node.start, node.end, `regExpTestCall(${self.name}, ${list.elements[0].name})`]);
      testCall += 1;
      return true;
    }
    return false;
  });
  if (unapply !== 1) fail('exactly one "function unapply(func)"');
  if (testRaw !== 1 || testCall !== 1) fail('one "const regExpTestRaw = RegExp.prototype.test;" and one "apply(regExpTestRaw, regExp, [value])"');
  return applyEdits(code, edits);
}

/** `apply(func, thisArg, args)` with these names, where `args` is the inner function's own array. */
function isApplyOf(e, func, thisArg) {
  if (!e || e.type !== 'CallExpression' || e.callee.type !== 'Identifier' || e.callee.name !== 'apply' || e.arguments.length !== 3) return false;
  const [f, t, a] = e.arguments;
  return f.type === 'Identifier' && f.name === func && t.type === 'Identifier' && t.name === thisArg && a.type === 'Identifier';
}

/** The Vite (Rollup) plugin: applies `purifyCalls` to DOMPurify's module (not to `dompurify?as-published`, the benchmark's baseline). */
export function purifyCallsPlugin() {
  return {
    name: 'qa-purify-calls',
    resolveId: resolveAsPublished('dompurify'),
    transform(code, id) {
      if (id.endsWith(AS_PUBLISHED) || !PURIFY_MODULE.test(moduleFile(id))) return null;
      return { code: purifyCalls(code, (source) => this.parse(source)), map: null };
    },
  };
}

/** The same rewrite in the browser tests' server (@web/test-runner), so the tests run the DOMPurify that ships. */
export function purifyCallsForTests() {
  return {
    name: 'qa-purify-calls',
    async transform(context) {
      if (!PURIFY_MODULE.test(context.path) || context.URL.searchParams.has(AS_PUBLISHED.slice(1))) return undefined;
      const { parseAst } = await import('rolldown/parseAst');
      return { body: purifyCalls(String(context.body), (source) => parseAst(source)) };
    },
  };
}
