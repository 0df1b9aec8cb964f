// Small helpers of the build plugins that rewrite modules: which file a
// module id names, the imports that keep a package as published, and edits
// from the bundler's own parse of a module (an ESTree program with start and
// end offsets).

/**
 * Calls `enter` on every node of `node`'s tree, parents first; a node for
 * which `enter` returns true is handled, and its children are not visited.
 */
export function walk(node, enter) {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, enter);
    return;
  }
  if (!node || typeof node.type !== 'string') return;
  if (enter(node)) return;
  for (const key in node) if (key !== 'type' && typeof node[key] === 'object') walk(node[key], enter);
}

/** A module id as a file path with forward slashes and without its query (`?…`), to match against a path. */
export function moduleFile(id) {
  return id.replace(/\\/g, '/').replace(/\?.*$/, '');
}

/**
 * The import suffix that keeps a rewritten package as its authors publish it
 * (`markdown-it?as-published`, `dompurify?as-published`): the benchmark's
 * "markdown-it + DOMPurify" baseline is what an application gets from the
 * registry, not the kit's build of it. A module id that ends with it is not
 * rewritten.
 */
export const AS_PUBLISHED = '?as-published';

/** A Vite (Rollup) `resolveId` hook that resolves `<pkg>?as-published` to the package's module, its id marked. */
export function resolveAsPublished(pkg) {
  return async function resolveId(source, importer, options) {
    if (source !== pkg + AS_PUBLISHED) return null;
    const resolved = await this.resolve(pkg, importer, { ...options, skipSelf: true });
    return resolved ? { ...resolved, id: resolved.id + AS_PUBLISHED } : null;
  };
}

/** `code` with each `[start, end, text]` span replaced by its text (spans must not overlap). */
export function applyEdits(code, edits) {
  let out = code;
  for (const [start, end, text] of [...edits].sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + text + out.slice(end);
  return out;
}
