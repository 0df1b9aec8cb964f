// Capturing groups that no rule of a grammar reads, made non-capturing.
//
// The JavaScript family's precompiled grammars are full of groups that only
// bracket an alternation: TypeScript's 515 expressions hold 5,665 capturing
// groups, its largest five over 550 each, and 484 are left once the groups
// no rule reads (in its `captures`, `beginCaptures`, `endCaptures`,
// `whileCaptures`) are not. Every capturing group costs the regex engine
// registers to save and restore while it backtracks, and with the `d` flag
// a pair of indices per match; it makes the expression slower to compile
// and to run. In Node, the first 60 lines of the benchmark's TypeScript
// file were tokenized in about 80 ms with every group and 50 ms with the
// read ones; the next 2,940 lines in about 300 and 175 ms.
//
// Rewritten at build time, on the packed form (scripts/packed-grammars.mjs):
// each group a rule does not read becomes `(?:…)`, the groups it reads are
// numbered again in order, and the rule's capture lists follow the new
// numbers. A begin/end (or begin/while) rule whose one `captures` served
// both patterns gets a list for each, since the two are numbered apart. A
// rule is left as it is when anything else could refer to a group by its
// number or name: a backreference, a named group, a scope name with `$1`,
// an expression whose options name groups (an `EmulatedRegExp`'s hidden
// captures).
//
// test/scripts/unread-groups.node.test.ts checks the rewrite on small
// rules; test/render/highlight/unread-groups.test.ts tokenizes real files
// in the browser with each grammar before and after, and compares.

/** The key that marks a packed expression (`PACKED` in src/render/highlight/transfer.ts). */
const PACKED = '__qaRegExp';

const isPacked = (v) => v !== null && typeof v === 'object' && Array.isArray(v[PACKED]);

/**
 * Where each capturing group of a JavaScript pattern opens (the index of its
 * `(`), in order; null when the pattern has a named group or a
 * backreference, which refer to groups otherwise than by a capture list.
 */
export function capturingGroups(source, flags) {
  const nested = flags.includes('v');
  const opens = [];
  let depth = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      const next = source[i + 1];
      if (depth === 0 && (next === 'k' || (next >= '1' && next <= '9'))) return null;
      i++;
    } else if (depth > 0) {
      if (c === ']') depth--;
      else if (c === '[' && nested) depth++;
    } else if (c === '[') depth = 1;
    else if (c === '(') {
      if (source[i + 1] !== '?') opens.push(i);
      else if (source[i + 2] === '<' && source[i + 3] !== '=' && source[i + 3] !== '!') return null;
    }
  }
  return depth === 0 ? opens : null;
}

/**
 * A packed expression with only the groups numbered in `read` capturing,
 * and the map from each old number to its new one (0, the whole match, to
 * 0); null when it cannot be done safely.
 */
function keepGroups(packed, read) {
  const [source, flags, options] = packed;
  if (options !== null && Object.keys(options).some((key) => key !== 'lazyCompile')) return null;
  const opens = capturingGroups(source, flags);
  if (!opens) return null;
  const numbers = new Map([[0, 0]]);
  let out = '';
  let from = 0;
  opens.forEach((at, i) => {
    if (read.has(i + 1)) numbers.set(i + 1, numbers.size);
    else {
      out += `${source.slice(from, at + 1)}?:`;
      from = at + 1;
    }
  });
  return { packed: { [PACKED]: [out + source.slice(from), flags, options] }, numbers, dropped: opens.length + 1 - numbers.size };
}

/** The group numbers a capture list names. */
const numbersIn = (captures) =>
  new Set(
    Object.keys(captures ?? {})
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0),
  );

/**
 * A capture list with its groups renumbered. An entry for a group the
 * pattern does not have is left out: the tokenizer reads a list only as far
 * as the match has groups (a begin/end rule's one list often names groups of
 * its begin pattern only).
 */
function renumbered(captures, numbers) {
  const out = {};
  for (const [key, value] of Object.entries(captures)) {
    const n = Number(key);
    if (!Number.isInteger(n)) out[key] = value;
    else if (numbers.has(n)) out[String(numbers.get(n))] = value;
  }
  return out;
}

/** A scope name that takes a group's text (`$1`, `${1:/downcase}`). */
const substitutes = (name) => typeof name === 'string' && /\$(?:\d|\{)/.test(name);

function namesOf(rule) {
  const lists = [rule.captures, rule.beginCaptures, rule.endCaptures, rule.whileCaptures].filter(Boolean);
  return [rule.name, rule.contentName, ...lists.flatMap((list) => Object.values(list).flatMap((c) => [c?.name, c?.contentName]))];
}

/** Rewrites one rule in place; returns the number of groups it no longer captures. */
function rewriteRule(rule) {
  if (namesOf(rule).some(substitutes)) return 0;
  if (rule.match !== undefined) {
    if (!isPacked(rule.match)) return 0;
    const m = keepGroups(rule.match[PACKED], numbersIn(rule.captures));
    if (!m) return 0;
    rule.match = m.packed;
    if (rule.captures) rule.captures = renumbered(rule.captures, m.numbers);
    return m.dropped;
  }
  const second = rule.while !== undefined ? 'while' : 'end';
  const secondList = second === 'while' ? 'whileCaptures' : 'endCaptures';
  if (!isPacked(rule.begin) || !isPacked(rule[second])) return 0;
  // As the tokenizer reads them: a pattern's own list, else the shared one.
  const beginList = rule.beginCaptures ?? rule.captures;
  const secondListNow = rule[secondList] ?? rule.captures;
  const b = keepGroups(rule.begin[PACKED], numbersIn(beginList));
  const s = keepGroups(rule[second][PACKED], numbersIn(secondListNow));
  if (!b || !s) return 0;
  rule.begin = b.packed;
  rule[second] = s.packed;
  delete rule.captures;
  delete rule.beginCaptures;
  delete rule[secondList];
  if (beginList) rule.beginCaptures = renumbered(beginList, b.numbers);
  if (secondListNow) rule[secondList] = renumbered(secondListNow, s.numbers);
  return b.dropped + s.dropped;
}

/**
 * A copy of packed grammars (`packGrammar`'s form) with every rule's unread
 * capturing groups made non-capturing; `dropped`: how many groups that was.
 */
export function withoutUnreadGroups(grammars) {
  const copy = structuredClone(grammars);
  let dropped = 0;
  const visit = (v) => {
    if (v === null || typeof v !== 'object' || isPacked(v)) return;
    if (Array.isArray(v)) {
      v.forEach(visit);
      return;
    }
    if (v.match !== undefined || v.begin !== undefined) dropped += rewriteRule(v);
    for (const key of Object.keys(v)) visit(v[key]);
  };
  visit(copy);
  return { grammars: copy, dropped };
}
