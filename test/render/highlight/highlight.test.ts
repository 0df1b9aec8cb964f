import { expect } from 'chai';
import fc from 'fast-check';
import {
  highlightElement,
  highlightLines,
  languageForFence,
  configureHighlighter,
  highlighterUsesWorker,
  renderTokens,
  startHighlight,
  contrastRatio,
  splitLines,
  MAX_TOKENIZED_LINE,
  TOKEN_CLASS_PREFIX,
  type TokenLine,
} from '../../../src/render/highlight/index.js';

const TS = `/** A comment */
export function greet(name: string): string {
  const n = 42;
  return \`hello \${name}\` + n; // trailing
}
`;

/** Text the tokens spell for one line. */
function spelled(text: string, tokens: TokenLine): string {
  let at = 0;
  let out = '';
  for (let i = 0; i < tokens.length; i += 2) {
    out += text.slice(at, at + tokens[i]!);
    at += tokens[i]!;
  }
  return out;
}

function lengthOf(tokens: TokenLine): number {
  let n = 0;
  for (let i = 0; i < tokens.length; i += 2) n += tokens[i]!;
  return n;
}

function shadowHost(): { host: HTMLElement; root: ShadowRoot } {
  const host = document.createElement('div');
  document.body.append(host);
  return { host, root: host.attachShadow({ mode: 'open' }) };
}

describe('highlight: languages', () => {
  it('maps fence names and aliases, ignoring attributes', () => {
    const table: Array<[string, string | null]> = [
      ['ts', 'typescript'],
      ['TypeScript', 'typescript'],
      ['js {1,3}', 'javascript'],
      ['sh', 'shellscript'],
      ['console', 'shellscript'],
      ['c++', 'cpp'],
      ['py', 'python'],
      ['mermaid', null],
      ['math', null],
      ['', null],
      ['__proto__', null],
      ['constructor', null],
      ['toString', null],
    ];
    for (const [fence, lang] of table) expect(languageForFence(fence), fence).to.equal(lang);
  });
});

describe('highlight: tokens', () => {
  it('spells every line exactly, across languages', async () => {
    const samples: Array<[string, string]> = [
      ['typescript', TS],
      ['python', 'def f(x):\n    """doc"""\n    return x * 2  # twice\n'],
      ['json', '{\n  "a": [1, 2, true, null],\n  "b": "\\u00e9"\n}'],
      ['css', 'a:hover { color: red; }\n@media (x) { .b { margin: 0 } }'],
      ['shellscript', 'echo "$HOME" | grep -v x && exit 1'],
      ['markdown', '# Title\n\nSome *text* and `code`.\n\n```ts\nconst a = 1;\n```'],
    ];
    for (const [lang, text] of samples) {
      const tokens = await highlightLines(text, lang);
      expect(tokens, lang).to.not.equal(null);
      const lines = splitLines(text);
      expect(tokens!.length).to.equal(lines.length);
      lines.forEach((line, i) => {
        expect(lengthOf(tokens![i]!), `${lang} line ${i}`).to.equal(line.length);
        expect(spelled(line, tokens![i]!)).to.equal(line);
      });
      expect(
        tokens!.some((t) => t.some((v, i) => i % 2 === 1 && v > 0)),
        `${lang} has colours`,
      ).to.equal(true);
      // The very first lines a fresh grammar sees (while it compiles) are coloured token by token too.
      if (lang === 'typescript') expect(tokens![1]!.length).to.be.greaterThan(10);
    }
  });

  it('never changes the text, for arbitrary input (generated)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 400 }), async (text) => {
        const tokens = await highlightLines(text, 'typescript');
        const lines = splitLines(text);
        expect(tokens!.length).to.equal(lines.length);
        lines.forEach((line, i) => expect(lengthOf(tokens![i] ?? [])).to.equal(line.length));
      }),
      { numRuns: 40, seed: 4242 },
    );
  });

  it('returns null for unknown languages', async () => {
    expect(await highlightLines('x', 'no-such-language')).to.equal(null);
    expect(await highlightLines('x', '__proto__')).to.equal(null);
  });

  it('carries the grammar state across chunks (a comment opened early stays a comment)', async () => {
    const lines = ['const before = 1;', '/*', ...Array.from({ length: 600 }, (_, i) => `  comment line ${i} const x = "no";`), '*/', 'const after = "yes";'];
    const tokens = (await highlightLines(lines.join('\n'), 'typescript'))!;
    const commentClass = tokens[2]![1];
    expect(commentClass).to.be.greaterThan(0);
    for (let i = 2; i < 602; i += 1) expect(tokens[i], `line ${i}`).to.deep.equal([lines[i]!.length, commentClass]);
    expect(tokens[603]!.length).to.be.greaterThan(2);
  });

  it('gives the same tokens on the main thread as in the worker, for Latin-1 text and text beyond it', async () => {
    // The worker narrows a grammar for text that is all Latin-1 and loads it as shipped for any other;
    // the main thread always has it as shipped.
    const samples: Array<[string, string]> = [
      ['typescript', TS.repeat(30)],
      ['typescript', 'const café = naïve(ß);\nfunction größe(µ: Ñ): string { return `é${µ}`; }\nclass Øre extends Æble {}\n'],
      ['typescript', 'const имя = 1;\nfunction привет(мир: строка): void { return имя; }\nclass Ёлка extends 木 {}\nconst café = naïve(ß);\n'],
      ['python', 'def größe(µ):\n    return µ * 2  # ß\n'],
      ['python', 'def привет(мир):\n    return мир * 2  # ok\nclass Ёлка(Base): pass\n'],
    ];
    expect(highlighterUsesWorker()).to.equal(true);
    const inWorker = [];
    for (const [lang, text] of samples) inWorker.push(await highlightLines(text, lang));
    configureHighlighter({ worker: false });
    try {
      expect(highlighterUsesWorker()).to.equal(false);
      for (const [i, [lang, text]] of samples.entries()) expect(await highlightLines(text, lang), `${lang} sample ${i}`).to.deep.equal(inWorker[i]);
    } finally {
      configureHighlighter({ worker: true });
    }
  });

  it('colours the window first, then replaces it with exact tokens', async () => {
    const text = Array.from({ length: 3_000 }, (_, i) => `const v${i} = ${i}; // n`).join('\n');
    const events: Array<{ from: number; n: number; exact: boolean }> = [];
    const job = startHighlight(text, 'typescript', { window: [2_500, 2_540], onTokens: (c) => events.push({ from: c.from, n: c.count, exact: c.exact }) });
    expect(await job.done).to.equal('done');
    const firstWindow = events.findIndex((e) => e.from <= 2_500 && e.from + e.n >= 2_540);
    expect(firstWindow).to.be.greaterThan(-1);
    expect(events[firstWindow]!.exact).to.equal(false);
    const exactCover = new Set<number>();
    for (const e of events) if (e.exact) for (let i = e.from; i < e.from + e.n; i += 1) exactCover.add(i);
    expect(exactCover.size).to.equal(3_000);
  });

  it("cuts lines where the caller's line index says, in the worker and on the main thread", async () => {
    // A raw view hands its index over so that the worker does not search the text again. An index that
    // reads the two lines as one shows that the one given is the one used: the worker colours one line.
    const text = 'const a = 1;\nconst b = 2;';
    const lines = { starts: new Uint32Array([0, text.length + 1]), count: 1 };
    const coloured = async () => {
      const chunks: Array<{ from: number; count: number }> = [];
      const job = startHighlight(text, 'typescript', { lines, onTokens: (c) => chunks.push({ from: c.from, count: c.count }) });
      expect(await job.done).to.equal('done');
      return chunks;
    };
    expect(highlighterUsesWorker()).to.equal(true);
    expect(await coloured()).to.deep.equal([{ from: 0, count: 1 }]);
    configureHighlighter({ worker: false });
    try {
      expect(await coloured()).to.deep.equal([{ from: 0, count: 1 }]);
    } finally {
      configureHighlighter({ worker: true });
    }
    const own: number[] = [];
    const job = startHighlight(text, 'typescript', { onTokens: (c) => own.push(c.count) });
    expect(await job.done).to.equal('done');
    expect(
      own.reduce((a, b) => a + b, 0),
      'without an index, the two lines are found',
    ).to.equal(2);
  });

  it('lets the browser draw its frames while the main thread colours a long file', async () => {
    // A continuation of `scheduler.yield()` runs ahead of rendering: slices that yield that way kept the
    // page from drawing a frame for about 100 ms at a time (13 to 18 slices between two frames here), so
    // a file's rows and their colours waited for it. With a plain task between slices, a frame comes
    // after two or three. The first slices are short (a slice's length follows the time its lines took),
    // and a few more of them run between two frames (up to 11 seen): the median is what tells the two
    // ways apart.
    configureHighlighter({ worker: false });
    try {
      const text = Array.from({ length: 20_000 }, (_, i) => `export const v${i}: number = ${i} * 2; // line ${i}`).join('\n');
      let slices = 0;
      const job = startHighlight(text, 'typescript', { onTokens: () => (slices += 1) });
      let finished = false;
      void job.done.then(() => (finished = true));
      const between: number[] = [];
      let last = 0;
      while (!finished) {
        await new Promise(requestAnimationFrame);
        between.push(slices - last);
        last = slices;
      }
      expect(await job.done).to.equal('done');
      expect(slices, 'the file took many slices').to.be.greaterThan(20);
      const median = [...between].sort((a, b) => a - b)[between.length >> 1]!;
      expect(median, `slices between two frames: ${between.join(' ')}`).to.be.at.most(5);
    } finally {
      configureHighlighter({ worker: true });
    }
  });

  it('caps very long lines: a 20,000-character line stays plain and whole', async () => {
    const long = 'const s = "' + 'x'.repeat(20_000) + '";';
    const text = `const a = 1;\n${long}\nconst b = 2;`;
    const tokens = (await highlightLines(text, 'typescript'))!;
    expect(long.length).to.be.greaterThan(MAX_TOKENIZED_LINE);
    expect(tokens[1]).to.deep.equal([long.length, 0]);
    expect(tokens[2]!.length).to.be.greaterThan(2);
  });

  it('stops when aborted', async () => {
    const ctl = new AbortController();
    const job = startHighlight(TS.repeat(2_000), 'typescript', { signal: ctl.signal });
    ctl.abort();
    expect(await job.done).to.equal('aborted');
  });
});

describe('highlight: highlightElement', () => {
  afterEach(() => {
    document.body.querySelectorAll(':scope > div').forEach((d) => d.remove());
  });

  it('colours a <code> in a shadow root with classes only, keeping its text', async () => {
    const { root } = shadowHost();
    const pre = document.createElement('pre');
    const code = document.createElement('code');
    code.textContent = TS;
    pre.append(code);
    root.append(pre);
    await highlightElement(code, 'ts');
    expect(code.textContent).to.equal(TS);
    const spans = [...code.querySelectorAll('span')];
    expect(spans.length).to.be.greaterThan(5);
    for (const s of spans) {
      expect(s.className.startsWith(TOKEN_CLASS_PREFIX)).to.equal(true);
      expect(s.hasAttribute('style')).to.equal(false);
    }
    expect(root.querySelectorAll('[style]').length).to.equal(0);
    const keyword = spans.find((s) => s.textContent === 'export')!;
    const plain = getComputedStyle(code).color;
    expect(getComputedStyle(keyword).color).to.not.equal(plain);
  });

  it('switches light/dark through CSS without touching the DOM', async () => {
    const { host, root } = shadowHost();
    const code = document.createElement('code');
    code.textContent = TS;
    root.append(code);
    await highlightElement(code, 'typescript');
    const keyword = [...code.querySelectorAll('span')].find((s) => s.textContent === 'export')!;
    host.style.colorScheme = 'light';
    const light = getComputedStyle(keyword).color;
    host.style.colorScheme = 'dark';
    const dark = getComputedStyle(keyword).color;
    expect(light).to.not.equal(dark);
    expect(keyword.isConnected).to.equal(true);
  });

  it("gives each token the dark theme's colour for the same kind of token", async () => {
    const { host, root } = shadowHost();
    const code = document.createElement('code');
    code.textContent = TS;
    root.append(code);
    await highlightElement(code, 'typescript');
    const rgb = (el: Element) => (getComputedStyle(el).color.match(/\d+/g) ?? []).slice(0, 3).map(Number) as [number, number, number];
    const spans = [...code.querySelectorAll('span')];
    const comment = spans.find((s) => s.textContent === '/** A comment */')!;
    const keyword = spans.find((s) => s.textContent === 'export')!;
    for (const scheme of ['light', 'dark']) {
      host.style.colorScheme = scheme;
      // GitHub's themes: comments grey, keywords red, in light and in dark alike.
      const [cr, cg, cb] = rgb(comment);
      expect(Math.max(cr, cg, cb) - Math.min(cr, cg, cb), `${scheme} comment is grey`).to.be.below(30);
      const [kr, kg, kb] = rgb(keyword);
      expect(kr - Math.max(kg, kb), `${scheme} keyword is red`).to.be.above(60);
    }
  });

  it('keeps a readable contrast for every token colour on the kit backgrounds', async () => {
    const { host, root } = shadowHost();
    const code = document.createElement('code');
    code.textContent = TS + '\n<div class="a">x</div>\n';
    root.append(code);
    await highlightElement(code, 'typescript');
    const hex = (rgb: string) =>
      '#' +
      (rgb.match(/\d+/g) ?? [])
        .slice(0, 3)
        .map((n) => Number(n).toString(16).padStart(2, '0'))
        .join('');
    for (const [scheme, backgrounds] of [
      ['light', ['#ffffff', '#fff4cc']],
      ['dark', ['#16181d', '#3c321e']],
    ] as const) {
      host.style.colorScheme = scheme;
      for (const span of code.querySelectorAll('span')) {
        for (const bg of backgrounds)
          expect(contrastRatio(hex(getComputedStyle(span).color), bg), `${scheme} ${span.textContent} on ${bg}`).to.be.at.least(4.5);
      }
    }
  });

  it('is a no-op for unknown languages and never throws', async () => {
    const code = document.createElement('code');
    code.textContent = 'graph TD; A-->B';
    document.body.append(code);
    await highlightElement(code, 'mermaid');
    await highlightElement(code, '');
    await highlightElement(code, '__proto__');
    expect(code.childNodes.length).to.equal(1);
    expect(code.textContent).to.equal('graph TD; A-->B');
    code.remove();
  });

  it('leaves the element alone when aborted or when its text changed meanwhile', async () => {
    const code = document.createElement('code');
    code.textContent = TS;
    document.body.append(code);
    const ctl = new AbortController();
    const p = highlightElement(code, 'ts', ctl.signal);
    ctl.abort();
    await p;
    expect(code.querySelector('span')).to.equal(null);
    const p2 = highlightElement(code, 'ts');
    code.textContent = 'changed';
    await p2;
    expect(code.textContent).to.equal('changed');
    expect(code.querySelector('span')).to.equal(null);
    code.remove();
  });
});

describe('highlight: renderTokens', () => {
  it('builds text nodes and spans that spell the line', () => {
    const div = document.createElement('div');
    renderTokens('abcdef', [2, 0, 3, 1, 1, 0], div);
    expect(div.textContent).to.equal('abcdef');
    expect(div.querySelector('span')!.className).to.equal(`${TOKEN_CLASS_PREFIX}1`);
    const plain = document.createElement('div');
    renderTokens('plain', undefined, plain);
    expect(plain.innerHTML).to.equal('plain');
  });
});
