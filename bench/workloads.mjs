// Deterministic workloads of the benchmark: synthetic Markdown documents,
// real Markdown and TypeScript files taken from node_modules, and a file with
// one very long line. Every run of `npm run bench` gets byte-identical inputs.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A small seeded PRNG (mulberry32): same seed, same document. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'pump bearing vibration threshold sensor history import unit report alarm spectrum calibration ' +
  'the a of to and in is for with on that by this be are from or as at an it was which rotor housing ' +
  'maintenance interval reading schedule operator valve pressure flow gauge motor shaft seal coupling ' +
  'inspection record measurement baseline limit trend window channel filter export import service'
).split(' ');

const CODE = {
  ts: [
    'export interface PumpReading {\n  id: string;\n  takenAt: Date;\n  velocity: number; // mm/s RMS\n  spectrum?: Float32Array;\n}',
    'export async function loadReadings(unit: string, signal?: AbortSignal): Promise<PumpReading[]> {\n  const res = await fetch(`/api/units/${encodeURIComponent(unit)}/readings`, { signal });\n  if (!res.ok) throw new Error(`HTTP ${res.status}`);\n  return (await res.json()) as PumpReading[];\n}',
    'const limits = new Map<string, number>([\n  ["A", 2.8],\n  ["B", 4.5],\n  ["C", 7.1],\n]);\nexport const zoneOf = (v: number) => [...limits].find(([, max]) => v <= max)?.[0] ?? "D";',
  ],
  js: [
    'function trend(values, window = 7) {\n  const out = [];\n  for (let i = window; i <= values.length; i++) {\n    const slice = values.slice(i - window, i);\n    out.push(slice.reduce((a, b) => a + b, 0) / window);\n  }\n  return out;\n}',
    'document.querySelectorAll("[data-unit]").forEach((el) => {\n  el.addEventListener("click", () => open(el.dataset.unit));\n});',
  ],
  python: [
    'import numpy as np\n\ndef rms(signal: np.ndarray) -> float:\n    """Root mean square of a vibration signal."""\n    return float(np.sqrt(np.mean(signal ** 2)))\n\nclass Sensor:\n    def __init__(self, name, rate=25_600):\n        self.name = name\n        self.rate = rate',
    'for unit, readings in grouped.items():\n    if max(r.velocity for r in readings) > LIMIT:\n        alarms.append((unit, "velocity above zone C"))',
  ],
  json: ['{\n  "unit": "P-101",\n  "limits": { "warning": 4.5, "alarm": 7.1 },\n  "channels": ["DE-H", "DE-V", "NDE-H"],\n  "enabled": true\n}'],
  bash: ['set -euo pipefail\nfor f in exports/*.csv; do\n  gzip -9 "$f"\ndone\ncurl -fsS -o report.pdf "https://reports.example.com/units/P-101"'],
  css: ['.reading {\n  display: grid;\n  grid-template-columns: 8rem 1fr auto;\n  gap: 0.5rem;\n  color: var(--text, #222);\n}'],
  go: [
    'package vib\n\nimport "math"\n\n// RMS returns the root mean square of xs.\nfunc RMS(xs []float64) float64 {\n\tvar s float64\n\tfor _, x := range xs {\n\t\ts += x * x\n\t}\n\treturn math.Sqrt(s / float64(len(xs)))\n}',
  ],
  rust: [
    "pub fn zone(v: f64) -> char {\n    match v {\n        v if v <= 2.8 => 'A',\n        v if v <= 4.5 => 'B',\n        v if v <= 7.1 => 'C',\n        _ => 'D',\n    }\n}",
  ],
};
const LANGS = Object.keys(CODE);

/**
 * A realistic Markdown document of at most `bytes` UTF-8 bytes: headings,
 * paragraphs with emphasis, inline code and links, nested and task lists,
 * tables, fenced code in several languages, block quotes and rules.
 * No `$` signs (some renderers treat them as math) and no raw HTML.
 */
export function syntheticMarkdown(bytes, seed = 7) {
  const rnd = random(seed);
  const pick = (arr) => arr[Math.floor(rnd() * arr.length)];
  const int = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));
  const words = (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const sentence = () => {
    const s = words(int(6, 16));
    return s[0].toUpperCase() + s.slice(1) + '.';
  };
  const inline = () => {
    const parts = [];
    for (let i = int(2, 5); i > 0; i--) {
      const r = rnd();
      if (r < 0.15) parts.push(`**${words(2)}**`);
      else if (r < 0.28) parts.push(`*${words(2)}*`);
      else if (r < 0.4) parts.push(`\`${pick(WORDS)}_${int(1, 99)}()\``);
      else if (r < 0.5) parts.push(`[${words(2)}](https://docs.example.com/${pick(WORDS)}/${int(1, 999)})`);
      else if (r < 0.55) parts.push(`[${words(2)}](../${pick(WORDS)}/${pick(WORDS)}.md)`);
      else if (r < 0.58) parts.push(`~~${words(2)}~~`);
      parts.push(sentence());
    }
    return parts.join(' ');
  };
  let section = 0;
  const block = () => {
    const r = rnd();
    if (r < 0.3) return inline();
    if (r < 0.42) {
      const items = Array.from({ length: int(3, 7) }, (_, i) =>
        i % 3 === 2 ? `- ${words(int(3, 8))}\n  - ${words(int(2, 6))}\n  - ${words(int(2, 6))}` : `- ${inline().slice(0, 160)}`,
      );
      return items.join('\n');
    }
    if (r < 0.5) return Array.from({ length: int(3, 6) }, (_, i) => `${i + 1}. ${words(int(4, 10))}`).join('\n');
    if (r < 0.55) return Array.from({ length: int(2, 5) }, () => `- [${rnd() < 0.5 ? 'x' : ' '}] ${words(int(3, 7))}`).join('\n');
    if (r < 0.68) {
      const cols = int(3, 6);
      const head = Array.from({ length: cols }, () => pick(WORDS));
      const rows = Array.from(
        { length: int(4, 16) },
        (_, i) => `| ${Array.from({ length: cols }, (_, c) => (c === 0 ? `P-${100 + i}` : c % 2 ? (rnd() * 10).toFixed(2) : pick(WORDS))).join(' | ')} |`,
      );
      return [`| ${head.join(' | ')} |`, `|${head.map((_, c) => (c === 0 ? ' --- ' : ' ---: ')).join('|')}|`, ...rows].join('\n');
    }
    if (r < 0.86) {
      const lang = LANGS[(section + int(0, LANGS.length - 1)) % LANGS.length];
      return '```' + lang + '\n' + pick(CODE[lang]) + '\n```';
    }
    if (r < 0.94) return `> ${sentence()} ${sentence()}\n>\n> ${inline().slice(0, 200)}`;
    return '---';
  };
  const parts = [`# Vibration monitoring handbook (${bytes} bytes)\n\n${inline()}\n`];
  let size = Buffer.byteLength(parts[0]);
  for (;;) {
    section++;
    const level = section % 7 === 1 ? '##' : section % 3 === 0 ? '####' : '###';
    const body = [`${level} ${section}. ${words(int(2, 5))}`];
    for (let i = int(2, 6); i > 0; i--) body.push(block());
    const text = '\n' + body.join('\n\n') + '\n';
    const n = Buffer.byteLength(text);
    if (size + n > bytes) break;
    parts.push(text);
    size += n;
  }
  return parts.join('');
}

/** One line of 20,000 characters of minified-looking JavaScript, between a few ordinary lines. */
export function longLineFile(chars = 20_000) {
  let line = 'export const readings=[';
  for (let i = 0; line.length < chars - 2; i++) {
    line += `{id:"P-${100 + (i % 900)}",v:${((i * 37) % 1000) / 100},zone:"${'ABCD'[i % 4]}",ok:${i % 3 !== 0}},`;
  }
  line = line.slice(0, chars - 2) + '];';
  return `// Generated export (one long line follows).\n/* eslint-disable */\n${line}\nexport default readings;\n`;
}

/** Returns the first real file among `candidates` (paths relative to `root`) as text, or null. */
function firstExisting(root, candidates) {
  for (const rel of candidates) {
    const p = path.join(root, rel);
    if (existsSync(p)) return { rel, text: readFileSync(p, 'utf8') };
  }
  return null;
}

/** Cuts `text` at the last line end so that it stays within `maxBytes` UTF-8 bytes. */
function cutAtLine(text, maxBytes) {
  const buf = Buffer.from(text, 'utf8');
  if (buf.length <= maxBytes) return text;
  const cut = buf.subarray(0, maxBytes).lastIndexOf(0x0a);
  return buf.subarray(0, cut + 1).toString('utf8');
}

/** Largest real TypeScript files in the dependency tree, best first (real code, 50,000+ lines). */
const BIG_TS = [
  'node_modules/chromium-bidi/lib/esm/protocol-parser/generated/webdriver-bidi.d.ts',
  'node_modules/chromium-bidi/lib/cjs/protocol-parser/generated/webdriver-bidi.d.ts',
  'node_modules/@typescript/typescript-linux-x64/lib/lib.dom.d.ts',
  'node_modules/@custom-elements-manifest/analyzer/node_modules/typescript/lib/lib.dom.d.ts',
];

/** Real Markdown from the dependency tree (a long README with big tables). */
const REAL_MD = ['node_modules/property-information/readme.md', 'node_modules/dompurify/README.md', 'node_modules/fast-check/README.md'];

/** The preview's default size limit: the code workload stays within it. */
export const PREVIEW_MAX_BYTES = 2_000_000;

/**
 * Every workload, as `{ name, path, text, note }`. `path` is the workspace
 * path the preview is given (its extension picks the language).
 */
export function buildWorkloads(root) {
  const list = [];
  const add = (name, wpath, text, note) =>
    list.push({ name, path: wpath, text, bytes: Buffer.byteLength(text), lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0), note });

  add('md-100kb', 'docs/handbook-100kb.md', syntheticMarkdown(100_000, 11), 'synthetic, 100 KB');
  add('md-1mb', 'docs/handbook-1mb.md', syntheticMarkdown(1_000_000, 7), 'synthetic, 1 MB (the preview renders up to 1,000,000 bytes)');

  const jest = firstExisting(root, ['stories/fixtures/corpus/changelog-long-jest.md']);
  if (jest) add('md-jest-changelog', 'docs/CHANGELOG.md', jest.text, jest.rel);
  const readme = firstExisting(root, REAL_MD);
  if (readme) add('md-real-readme', 'docs/README.md', readme.text, readme.rel);

  const ts = firstExisting(root, BIG_TS);
  if (ts) {
    const text = cutAtLine(ts.text, PREVIEW_MAX_BYTES);
    add(
      'ts-2mb',
      'src/protocol.d.ts',
      text,
      `${ts.rel}, first ${text.split('\n').length - 1} lines (cut at a line end to stay within the 2,000,000-byte preview limit)`,
    );
  }
  add('long-line', 'dist/readings.min.js', longLineFile(20_000), 'generated, one 20,000-character line');
  // Built to cost time, not to run script (issue 18): the HTML parser rebuilds 300 unclosed formatting elements in each of 300 paragraphs (90,000 elements from 5 KB); tables nested 5,000 deep.
  add(
    'md-hostile-reconstruction',
    'docs/reconstruction.md',
    `<p>${Array.from({ length: 300 }, (_, i) => `<b id=${i}>`).join('')}</p>${'<p>x</p>'.repeat(300)}\n`,
    'generated, 300 unclosed <b id> + 300 paragraphs',
  );
  add('md-hostile-deep', 'docs/deep.md', `${'<table><tr><td>'.repeat(5000)}x\n`, 'generated, <table><tr><td> × 5,000');
  add(
    'md-table-30k',
    'docs/table.md',
    `| id | name |\n|---|---|\n${Array.from({ length: 30_000 }, (_, i) => `| ${i} | row ${i} |`).join('\n')}\n`,
    'generated, one table of 30,000 rows',
  );
  return list;
}
