/**
 * Grammar expressions narrowed for text that is all Latin-1 (U+0000–U+00FF),
 * which is most source code. Grammars are full of Unicode property escapes
 * (TypeScript's 515 expressions hold 1,646 `\p{space}` and 804 `\p{Alpha}`),
 * and the regex engine builds the whole Unicode set of each one every time it
 * parses an expression: at construction and again at its first run. On text
 * with no character above U+00FF an escape matches exactly its Latin-1
 * members, so it is replaced by a class of those (`\p{Alpha}` becomes
 * `[\x41-\x5a\x61-\x7a\xaa\xb5\xba\xc0-\xd6\xd8-\xf6\xf8-\xff]`). In headless
 * Chromium, TypeScript's first 60 lines of a large declaration file took
 * 87–127 ms to tokenize from a cold grammar with the grammar as shipped and
 * 56–69 ms narrowed (four fresh pages each).
 *
 * A narrowed expression is wrong for text beyond Latin-1: the highlighter
 * keeps it to documents with none (see `TextKind`).
 */

/** Which characters a document has: all Latin-1, or any. */
export type TextKind = 'latin1' | 'any';

/** A document's kind: one scan for a character above U+00FF. */
export function textKind(text: string): TextKind {
  return NOT_LATIN1.test(text) ? 'any' : 'latin1';
}

const NOT_LATIN1 = /[^\u0000-\u00ff]/;

/** A property escape, any other escape, or a bracket. */
const TOKEN = /\\[pP]\{([^}]*)\}|\\.|\[|\]/gs;
/** Under the v flag, what matters: a property escape, or an escaped backslash (`\\p{L}` is no escape of `p`). */
const V_TOKEN = /\\\\|\\[pP]\{[^}]*\}/g;
/** An inline modifier that may turn case-insensitive matching on (`(?i:…)`): the escape's members would then differ. */
const INLINE_FLAGS = /\(\?[a-z-]*i/;

/** Latin-1 members by flag and pattern (see `membersOf`). */
const members = new Map<string, string | null>();

function hex(code: number): string {
  return `\\x${code.toString(16).padStart(2, '0')}`;
}

/**
 * The Latin-1 characters `pattern` (one character's worth: a property
 * escape under u, a whole class under v) matches, written as class contents
 * in hex escapes (empty when none); null when it does not parse alone with
 * `flags`. The u flag refuses properties of strings (`\p{RGI_Emoji}`), which
 * may match several characters.
 */
function membersOf(pattern: string, flags: 'u' | 'v'): string | null {
  const key = flags + pattern;
  let out = members.get(key);
  if (out !== undefined) return out;
  try {
    const re = new RegExp(`^${pattern}$`, flags);
    out = '';
    let start = -1;
    for (let c = 0; c <= 0x100; c += 1) {
      const inside = c <= 0xff && re.test(String.fromCharCode(c));
      if (inside && start < 0) start = c;
      else if (!inside && start >= 0) {
        out += start === c - 1 ? hex(start) : `${hex(start)}-${hex(c - 1)}`;
        start = -1;
      }
    }
  } catch {
    out = null;
  }
  members.set(key, out);
  return out;
}

/**
 * `source` (an expression's pattern, with `flags`) with its Unicode property
 * escapes replaced by their Latin-1 members: the same matches on any string
 * of Latin-1 characters. Returned unchanged where that cannot be promised
 * simply: without the u or v flag (no property escapes), with case-insensitive
 * matching, or for an escape that is not a single-character property.
 */
export function narrowToLatin1(source: string, flags: string): string {
  const v = flags.includes('v');
  if ((!v && !flags.includes('u')) || flags.includes('i') || !/\\[pP]\{/.test(source) || INLINE_FLAGS.test(source)) return source;
  // Under v an escape always becomes a class of its own, nested or not, so the brackets need no
  // following: only property escapes (and escaped backslashes) are visited. A grammar is narrowed
  // when a file opens, mostly by the interpreter, and TypeScript's 515 expressions hold 27,103
  // escapes and brackets, 2,986 of them property escapes.
  if (v) return source.replace(V_TOKEN, (token) => (token === '\\\\' ? token : asClass(token)));
  // Under u, classes do not nest: a bracket inside a class is a character, and an escape there gives the class its members.
  let inClass = false;
  return source.replace(TOKEN, (token: string, name: string | undefined) => {
    if (name !== undefined) return inClass ? (membersOf(token, 'u') ?? token) : asClass(token);
    if (token === '[') inClass = true;
    else if (token === ']') inClass = false;
    return token;
  });
}

/** A property escape as a class of its Latin-1 members; as it is when it is not a property of single characters. */
function asClass(escape: string): string {
  const set = membersOf(escape, 'u');
  return set === null ? escape : `[${set}]`;
}

/** A property escape, a class of strings or a braced code point left in a v expression (its backslash not escaped). */
const LEFT_ESCAPE = /(?<!\\)(?:\\\\)*\\(?:[pPq]|u\{)/;
/** A v expression's text where every class is flat (no class inside a class), every escape whole. */
const FLAT = /^(?:[^\\[\]]|\\[^]|\[(?:[^\\[\]]|\\[^])*\])*$/;
/** An escape, or a class with flat classes inside it. */
const V_PART = /\\[^]|\[(?:[^\\[\]]|\\[^]|\[(?:[^\\[\]]|\\[^])*\])*\]/g;
/** A class (its bracket not escaped) with at least one flat class inside it; its contents captured. */
const NESTED = /\[(?<=(?:^|[^\\])(?:\\\\)*\[)((?:[^\\[\]]|\\[^])*\[(?:[^\\[\]]|\\[^])*\](?:[^\\[\]]|\\[^]|\[(?:[^\\[\]]|\\[^])*\])*)\]/g;
/** A bracket that is not escaped. */
const BRACKET = /[[\]](?<=(?:^|[^\\])(?:\\\\)*.)/g;

/**
 * A narrowed expression (`source` with `flags`, see `narrowToLatin1`) as one
 * without the v flag that makes the same matches on any string of Latin-1
 * characters, as `[source, flags]`; null where that cannot be promised
 * simply (no v flag, case-insensitive matching, a property escape, a class
 * of strings or a braced code point left, classes nested more than one
 * level deep).
 *
 * Without the v flag the regex engine compiles an expression for less: in
 * Node, TypeScript's 515 narrowed expressions took about a third less time
 * to compile and first run.
 */
export function toLegacyLatin1(source: string, flags: string): [string, string] | null {
  if (!flags.includes('v') || flags.includes('i') || INLINE_FLAGS.test(source) || LEFT_ESCAPE.test(source)) return null;
  const legacyFlags = flags.replace('v', '');
  let out: string;
  let failed = false;
  // A whole class as the class of its Latin-1 members.
  const byMembers = (cls: string): string => {
    const set = membersOf(cls, 'v');
    if (set === null) failed = true;
    return set === null ? cls : `[${set}]`;
  };
  if (source.includes('&&') || source.includes('--')) {
    // Perhaps an intersection or a difference of classes: every class is replaced by its members.
    out = source.replace(V_PART, (token: string) => (token[0] === '[' ? byMembers(token) : token));
  } else if (FLAT.test(source)) {
    // The common case: flat classes only. Without the flag the expression reads the same on Latin-1 text;
    // the escapes inside classes that v asks for (\-, \&, …) stand for themselves.
    return [source, legacyFlags];
  } else {
    // A union of classes (as narrowing makes `[_\p{Alpha}]` into `[_[…]]`): the inner brackets are left out;
    // a class with a negated one inside is replaced by its members.
    out = source.replace(NESTED, (token: string, body: string) => (body.includes('[^') ? byMembers(token) : `[${body.replace(BRACKET, '')}]`));
  }
  return failed || !FLAT.test(out) ? null : [out, legacyFlags];
}

/**
 * An expression for text that is all Latin-1, as `[source, flags]`: narrowed
 * (`narrowToLatin1`), then without the v flag where that keeps its matches
 * (`toLegacyLatin1`).
 */
export function latin1Expression(source: string, flags: string): [string, string] {
  const narrowed = narrowToLatin1(source, flags);
  return toLegacyLatin1(narrowed, flags) ?? [narrowed, flags];
}
