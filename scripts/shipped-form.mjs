// The rewrites every build of the kit applies to what it ships, in one list:
// the package and the no-bundler build (vite.config.ts), the benchmark's
// pages and the size budget build them the same way, so that what they
// measure is what the package ships.
//   - the style sheets without comments and indents (css-literals.mjs);
//   - markdown-it with plain class fields (plain-fields.mjs) and its entity
//     table unpacked on first use (entity-table.mjs);
//   - the precompiled grammars as data (packed-grammars.mjs);
//   - DOMPurify with its method wrappers as bound calls (purify-calls.mjs).
// The workers hold no style sheet, import no grammar and sanitize nothing:
// theirs is the markdown-it part of the list.

import { cssLiterals } from './css-literals.mjs';
import { markdownItPlainFields } from './plain-fields.mjs';
import { entityTable } from './entity-table.mjs';
import { packedGrammars } from './packed-grammars.mjs';
import { purifyCallsPlugin } from './purify-calls.mjs';

/** The plugins of a build's page code. */
export function shippedForm() {
  return [cssLiterals(), markdownItPlainFields(), entityTable(), packedGrammars(), purifyCallsPlugin()];
}

/** The plugins of a build's workers. */
export function shippedWorkerForm() {
  return [markdownItPlainFields(), entityTable()];
}
