/**
 * Short texts in the JavaScript family's syntax, each a few constructs whose
 * rules read some groups of their patterns and not others (triple-slash
 * directives, JSDoc types, generics, decorators, template literals, markup),
 * one with text beyond Latin-1. Shared by the tests of the grammars' rewrite
 * (scripts/unread-groups.mjs) in Node and in the browser.
 */
export const JS_FAMILY_SAMPLES: Array<[name: string, text: string]> = [
  [
    'directives and JSDoc',
    [
      '/// <reference no-default-lib="true"/>',
      '/// <reference path="./globals.d.ts" />',
      '/// <amd-module name="x" />',
      '/**',
      " * @param {string} [name='x'] the name",
      ' * @returns {Promise<Map<string, number[]>>}',
      ' */',
      'export async function* walk<T extends object = {}>(root: T, ...rest: Array<keyof T>): AsyncGenerator<T> {}',
    ].join('\n'),
  ],
  [
    'expressions',
    [
      'const re = /(?<year>\\d{4})-(\\d{2})/gu, t = `a ${b ? `c${d}` : e} f`;',
      'let f = async <T,>(x: T): Promise<T> => x, g = (a = 1, { b, c: [d] } = {}) => a ?? b?.c!;',
      '@decorator({ x: 1 }) class A<T> extends B<T> implements C { #p = 1; static { init(); } override get v(): number { return this.#p; } }',
      'label: for (const [k, v] of Object.entries(o)) if (k in o && v instanceof Date) continue label; else break;',
      'type U = { readonly [K in keyof T as `get${Capitalize<K & string>}`]-?: T[K] extends (...a: infer A) => infer R ? R : never };',
      'enum E { A = 1 << 0, B = A | 2 } namespace N.M { export declare const x: unique symbol; }',
    ].join('\n'),
  ],
  [
    'text beyond Latin-1',
    [
      '/// <reference no-default-lib="true"/>',
      '/** Привет, мир — «кавычки» */',
      'const имя = 1, café = naïve(ß), 木 = "字";',
      'function привет<Т>(мир: Т): string { return `${мир}→${имя}`; }',
      'class Ёлка extends Дерево<number> { «x» = 1 }',
    ].join('\n'),
  ],
  [
    'markup',
    [
      'export const App = <T,>({ items }: { items: T[] }) => (',
      '  <ul className="list" data-x={1}>',
      '    {items.map((i) => <li key={String(i)} onClick={() => go(i)}>{i} &amp; ok</li>)}',
      '    <Foo.Bar {...rest} />',
      '  </ul>',
      ');',
    ].join('\n'),
  ],
];
