// The benchmark's scenarios (what a page run measures) and rows (what the
// table prints: a metric of a scenario, its same-run baseline or peer, and
// the target).

/**
 * Scenarios: `page` is a module of bench/pages/scenarios, `params` its input.
 * Scenarios of one `group` are run interleaved (A B C A B C …) so that drift
 * on a busy machine hits ours and the baselines alike.
 */
export const SCENARIOS = [
  // Markdown, 100 KB then 1 MB: ours, the naive baseline, the two peers. The
  // 100 KB group warms every renderer's code; the 1 MB runs warm up by loading only.
  ...['md-100kb', 'md-1mb'].flatMap((w) => [
    { id: `md-ours@${w}`, page: 'markdown-ours', params: { w }, group: w, heavy: w === 'md-1mb' },
    { id: `md-baseline@${w}`, page: 'markdown-baseline', params: { w }, group: w, heavy: w === 'md-1mb' },
    { id: `zero-md@${w}`, page: 'zero-md', params: { w }, group: w, heavy: w === 'md-1mb' },
    { id: `md-block@${w}`, page: 'md-block', params: { w }, group: w, heavy: w === 'md-1mb' },
  ]),
  // The same documents on a page that has rendered a short one before: no code to load, nothing set up for the first time.
  ...['md-100kb', 'md-1mb'].flatMap((w) => [
    { id: `md-ours-second@${w}`, page: 'markdown-ours', params: { w, second: true }, group: `${w}-second`, heavy: w === 'md-1mb' },
    { id: `md-block-second@${w}`, page: 'md-block', params: { w, second: true }, group: `${w}-second`, heavy: w === 'md-1mb' },
  ]),
  // The main-thread fallback (a page that allows no worker): 1 MB of Markdown, the 2 MB file's highlighting.
  { id: 'md-main@md-1mb', page: 'markdown-ours', params: { w: 'md-1mb', mainThread: true }, group: 'fallback', heavy: true },
  { id: 'raw-main', page: 'raw-ours', params: { w: 'ts-2mb', mainThread: true }, group: 'fallback', heavy: true, timeoutMs: 120_000 },
  // Real Markdown documents: ours and the baseline.
  ...['md-jest-changelog', 'md-real-readme'].flatMap((w) => [
    { id: `md-ours@${w}`, page: 'markdown-ours', params: { w }, group: w },
    { id: `md-baseline@${w}`, page: 'markdown-baseline', params: { w }, group: w },
  ]),
  // Hostile documents: over the work budget, they settle in Raw.
  ...['md-hostile-reconstruction', 'md-hostile-deep', 'md-table-30k'].map((w) => ({
    id: `hostile@${w}`,
    page: 'markdown-hostile',
    params: { w },
    group: 'hostile',
  })),
  // Raw view of the 2 MB / 57,000-line TypeScript file.
  // Memory is read at the end of each run: the 2 MB file open and highlighted, plus panel and footer with 5,000 sources.
  { id: 'raw-ours', page: 'raw-ours', params: { w: 'ts-2mb', jump: 40_000, sources: 5000 }, group: 'raw', heap: true, heavy: true, timeoutMs: 120_000 },
  { id: 'raw-rows', page: 'raw-baseline', params: { w: 'ts-2mb' }, group: 'raw', heavy: true },
  { id: 'shiki-main', page: 'shiki-baseline', params: { w: 'ts-2mb' }, group: 'raw', heavy: true, timeoutMs: 120_000 },
  { id: 'raw-warm', page: 'raw-ours', params: { w: 'ts-2mb', warm: true }, group: 'raw-warm' },
  { id: 'raw-read', page: 'raw-ours', params: { w: 'ts-2mb', warm: true, read: 1000 }, group: 'raw-warm' },
  { id: 'raw-lang', page: 'raw-ours', params: { w: 'ts-2mb', otherLanguage: true }, group: 'raw-warm' },
  { id: 'raw-hover', page: 'raw-ours', params: { w: 'ts-2mb', hover: true }, group: 'raw-warm' },
  { id: 'raw-idle', page: 'raw-ours', params: { w: 'ts-2mb', idle: 1000 }, group: 'raw-warm' },
  { id: 'raw-shown', page: 'raw-ours', params: { w: 'ts-2mb', shown: 1000 }, group: 'raw-warm' },
  { id: 'raw-again', page: 'raw-ours', params: { w: 'ts-2mb', again: true }, group: 'raw-warm' },
  { id: 'long-line', page: 'raw-ours', params: { w: 'long-line', longLine: true }, group: 'long-line' },
  { id: 'long-line-wrap', page: 'raw-ours', params: { w: 'long-line', longLine: true, wrap: true }, group: 'long-line' },
  // Find, go to line and line selection in the raw view of the 57,220-line file.
  { id: 'find', page: 'find', params: { w: 'ts-2mb', query: 'e', goTo: 40_000 }, group: 'find', heavy: true, timeoutMs: 120_000 },
  // Sources at 10, 100, 1,000 and 5,000.
  ...[10, 100, 1000, 5000].flatMap((n) => [
    { id: `model@${n}`, page: 'model', params: { n }, group: 'sources' },
    { id: `footer@${n}`, page: 'footer', params: { n }, group: 'sources' },
    { id: `panel@${n}`, page: 'panel', params: { n, showAll: n === 5000 }, group: 'sources' },
  ]),
  // Citations: a 50 KB answer with 200 markers, linked, streamed, and a chip's card.
  { id: 'citations', page: 'citations', params: {}, group: 'citations', timeoutMs: 240_000 },
];

/** The window of a scenario page whose CPU time `--cpu` reports (its whole measured work). */
export const CPU_WINDOWS = {
  'markdown-ours': ['ours-start', 'ours-painted'],
  'markdown-baseline': ['baseline-start', 'baseline-painted'],
  'md-block': ['md-block-start', 'md-block-painted'],
  'zero-md': ['zero-md-start', 'zero-md-painted'],
  'markdown-hostile': ['hostile-start', 'hostile-final'],
  'raw-ours': ['raw-start', 'raw-whole'],
  'raw-baseline': ['rows-start', 'rows-painted'],
  'shiki-baseline': ['shiki-start', 'shiki-painted'],
  // "Show all" only: the panel rows other than its own leave the CPU columns empty (`noCpu`).
  panel: ['show-all-start', 'show-all-end'],
};

/**
 * Rows of the table. `value` and `base` are `[scenarioId, metric]`; `target`
 * is `{ max }` (absolute), `{ ratio }` (value / base at most) or absent
 * (reported only). `unit` is ms, count, MB or KB. A `{ max }` is held by
 * the median, except for a longest task (a metric named `longestTask` or
 * `…LongestTask`): one freeze in any run is one a reader sees, so every run
 * must keep within it. `cpuBase`: the base's CPU time compares with the
 * value's (with `--cpu`, both scenarios' windows cover the whole of what the
 * row times), so the table prints it beside the value's, with their ratio.
 */
export const ROWS = [
  {
    id: 'md-1mb-first',
    label: 'Markdown 1 MB: open → first screen painted',
    value: ['md-ours@md-1mb', 'firstScreen'],
    base: ['md-baseline@md-1mb', 'painted'],
    baseName: 'markdown-it+DOMPurify',
    target: { max: 100 },
    unit: 'ms',
  },
  {
    id: 'md-1mb-full',
    label: 'Markdown 1 MB: fully rendered, painted',
    value: ['md-ours@md-1mb', 'painted'],
    base: ['md-baseline@md-1mb', 'painted'],
    baseName: 'markdown-it+DOMPurify',
    target: { ratio: 1.0 },
    unit: 'ms',
    task: true,
    cpuBase: true,
  },
  {
    id: 'md-1mb-task',
    label: 'Markdown 1 MB: longest main-thread task',
    value: ['md-ours@md-1mb', 'longestTask'],
    base: ['md-baseline@md-1mb', 'longestTask'],
    baseName: 'markdown-it+DOMPurify',
    target: { max: 50 },
    unit: 'ms',
  },
  {
    id: 'md-1mb-zero',
    label: 'Markdown 1 MB: fully rendered vs zero-md',
    value: ['md-ours@md-1mb', 'painted'],
    base: ['zero-md@md-1mb', 'painted'],
    baseName: 'zero-md',
    target: { ratio: 1.0 },
    unit: 'ms',
    task: true,
    cpuBase: true,
  },
  {
    id: 'md-1mb-block',
    label: 'Markdown 1 MB: fully rendered vs md-block',
    value: ['md-ours@md-1mb', 'painted'],
    base: ['md-block@md-1mb', 'painted'],
    baseName: 'md-block',
    target: { ratio: 1.0 },
    unit: 'ms',
    task: true,
    cpuBase: true,
  },
  {
    id: 'md-100k-first',
    label: 'Markdown 100 KB: open → first screen painted',
    value: ['md-ours@md-100kb', 'firstScreen'],
    base: ['md-baseline@md-100kb', 'painted'],
    baseName: 'markdown-it+DOMPurify',
    target: { max: 100 },
    unit: 'ms',
  },
  {
    id: 'md-100k-full',
    label: 'Markdown 100 KB: fully rendered, painted',
    value: ['md-ours@md-100kb', 'painted'],
    base: ['md-baseline@md-100kb', 'painted'],
    baseName: 'markdown-it+DOMPurify',
    target: { ratio: 1.0 },
    unit: 'ms',
    task: true,
    cpuBase: true,
  },
  {
    id: 'md-100k-zero',
    label: 'Markdown 100 KB: fully rendered vs zero-md',
    value: ['md-ours@md-100kb', 'painted'],
    base: ['zero-md@md-100kb', 'painted'],
    baseName: 'zero-md',
    target: { ratio: 1.0 },
    unit: 'ms',
    task: true,
    cpuBase: true,
  },
  {
    id: 'md-100k-block',
    label: 'Markdown 100 KB: fully rendered vs md-block',
    value: ['md-ours@md-100kb', 'painted'],
    base: ['md-block@md-100kb', 'painted'],
    baseName: 'md-block',
    target: { ratio: 1.0 },
    unit: 'ms',
    task: true,
    cpuBase: true,
  },
  ...[
    ['md-100k', 'md-100kb', '100 KB'],
    ['md-1mb', 'md-1mb', '1 MB'],
  ].map(([row, w, size]) => ({
    id: `${row}-block-second`,
    label: `Markdown ${size}, a second document on the page: fully rendered vs md-block`,
    value: [`md-ours-second@${w}`, 'painted'],
    base: [`md-block-second@${w}`, 'painted'],
    baseName: 'md-block, second document',
    unit: 'ms',
    task: true,
    note: 'both pages rendered a short document first: the code loaded and set up, what is left is the render',
    cpuBase: true,
  })),
  {
    id: 'md-jest',
    label: 'Markdown 289 KB jest CHANGELOG: fully rendered',
    value: ['md-ours@md-jest-changelog', 'painted'],
    base: ['md-baseline@md-jest-changelog', 'painted'],
    baseName: 'markdown-it+DOMPurify',
    target: { ratio: 1.0 },
    unit: 'ms',
    task: true,
    cpuBase: true,
  },
  {
    id: 'md-readme',
    label: 'Markdown 70 KB README (node_modules): fully rendered',
    value: ['md-ours@md-real-readme', 'painted'],
    base: ['md-baseline@md-real-readme', 'painted'],
    baseName: 'markdown-it+DOMPurify',
    target: { ratio: 1.0 },
    unit: 'ms',
    task: true,
    cpuBase: true,
  },

  {
    id: 'hostile-task',
    label: 'Hostile documents: longest main-thread task (reconstruction; nested tables below)',
    value: ['hostile@md-hostile-reconstruction', 'longestTask'],
    target: { max: 200 },
    unit: 'ms',
  },
  {
    id: 'hostile-final',
    label: 'Hostile documents: time to final state (reconstruction, Raw with notice)',
    value: ['hostile@md-hostile-reconstruction', 'final'],
    unit: 'ms',
  },
  {
    id: 'hostile-deep-task',
    label: 'Hostile documents: longest main-thread task (tables nested 5,000 deep)',
    value: ['hostile@md-hostile-deep', 'longestTask'],
    target: { max: 200 },
    unit: 'ms',
  },
  {
    id: 'hostile-deep-final',
    label: 'Hostile documents: time to final state (nested tables, Raw with notice)',
    value: ['hostile@md-hostile-deep', 'final'],
    unit: 'ms',
  },
  {
    id: 'table-30k-final',
    label: 'Long table (30,000 rows, first 1,000 shown): time to final state',
    value: ['hostile@md-table-30k', 'final'],
    target: { max: 2000 },
    unit: 'ms',
  },
  {
    id: 'table-30k-task',
    label: 'Long table (30,000 rows): longest main-thread task',
    value: ['hostile@md-table-30k', 'longestTask'],
    target: { max: 200 },
    unit: 'ms',
  },

  {
    id: 'raw-open',
    label: 'Raw 57,220 lines: open → painted with numbers',
    value: ['raw-ours', 'painted'],
    base: ['raw-rows', 'painted'],
    baseName: 'one DOM row per line',
    target: { max: 50 },
    unit: 'ms',
  },
  {
    id: 'raw-rendered-event',
    label: 'Raw 57,220 lines: open → qa-rendered',
    value: ['raw-ours', 'renderedEvent'],
    unit: 'ms',
    note: 'the event is sent after the frame that lays the view out',
  },
  {
    id: 'raw-dom',
    label: 'Raw 57,220 lines: DOM elements',
    value: ['raw-ours', 'dom'],
    base: ['raw-rows', 'dom'],
    baseName: 'one DOM row per line',
    target: { max: 1000 },
    unit: 'count',
  },
  { id: 'raw-jump', label: 'Raw: jump to lines 40,000–40,020 (scroll + highlight)', value: ['raw-ours', 'jump'], target: { max: 16 }, unit: 'ms' },
  { id: 'raw-jump-painted', label: 'Raw: jump to lines 40,000–40,020, painted', value: ['raw-ours', 'jumpPainted'], unit: 'ms' },
  {
    id: 'raw-coloured',
    label: 'Raw: visible lines coloured after open',
    value: ['raw-ours', 'coloured'],
    base: ['shiki-main', 'painted'],
    baseName: 'shiki, whole file, main thread',
    target: { max: 100 },
    unit: 'ms',
  },
  {
    id: 'raw-coloured-warm',
    label: 'Raw: visible lines coloured after open, highlighter warm',
    value: ['raw-warm', 'coloured'],
    target: { max: 50 },
    unit: 'ms',
    note: 'a second file: worker and grammar loaded',
  },
  {
    id: 'raw-coloured-read',
    label: 'Raw: visible lines coloured, a second file opened 1 s after the first',
    value: ['raw-read', 'coloured'],
    base: ['raw-warm', 'coloured'],
    baseName: 'same, opened at once',
    unit: 'ms',
    note: 'a second file in the language, opened after a second spent on the first (the worker compiles the grammar in that time)',
  },
  {
    id: 'raw-coloured-again',
    label: 'Raw: visible lines coloured, the file opened again',
    value: ['raw-again', 'coloured'],
    base: ['raw-warm', 'coloured'],
    baseName: 'a second file at once, highlighter warm',
    unit: 'ms',
    note: 'the file shown in colour, another file opened, then the first again: its colours kept on the page come with its rows',
  },
  {
    id: 'raw-again-kept',
    label: 'Raw: colours kept on the page for the file opened again, its text counted',
    value: ['raw-again', 'keptMB'],
    unit: 'MB',
    noCpu: true,
    note: 'the 2 MB file coloured as far as its first screen (the rest not waited for), the text at two bytes a character',
  },
  {
    id: 'raw-coloured-hover',
    label: 'Raw: visible lines coloured, card hovered 300 ms before the click',
    value: ['raw-hover', 'coloured'],
    base: ['raw-ours', 'coloured'],
    baseName: 'same, no hover',
    target: { max: 100 },
    unit: 'ms',
    note: 'a first file on the page: the hover on its card started the highlighter and loaded its grammar',
  },
  {
    id: 'raw-coloured-idle',
    label: 'Raw: visible lines coloured, the preview on the page 1 s before the open',
    value: ['raw-idle', 'coloured'],
    base: ['raw-ours', 'coloured'],
    baseName: 'same, opened at once',
    unit: 'ms',
    note: 'a first code file, opened a second after the preview appeared with nothing open: what the preview got ready in that time',
  },
  {
    id: 'raw-coloured-shown',
    label: 'Raw: visible lines coloured, card shown 1 s before a click without hover',
    value: ['raw-shown', 'coloured'],
    base: ['raw-ours', 'coloured'],
    baseName: 'same, no card',
    target: { max: 100 },
    unit: 'ms',
    note: 'a first file on the page, its card in a panel for a second, then a tap or a key (no hover first)',
  },
  {
    id: 'raw-coloured-lang',
    label: 'Raw: visible lines coloured, first file in its language',
    value: ['raw-lang', 'coloured'],
    base: ['raw-warm', 'coloured'],
    baseName: 'same, language warm',
    unit: 'ms',
    note: 'worker and themes ready after a JSON file: the difference to its baseline is the first use of a grammar (import, compiling its patterns)',
  },
  {
    id: 'raw-whole',
    label: 'Raw: whole-file highlighting, total time',
    value: ['raw-ours', 'wholeFile'],
    base: ['shiki-main', 'painted'],
    baseName: 'shiki, whole file, main thread',
    unit: 'ms',
    cpuBase: true,
  },
  {
    id: 'raw-whole-task',
    label: 'Raw: whole-file highlighting, longest main-thread task',
    value: ['raw-ours', 'longestTask'],
    base: ['shiki-main', 'longestTask'],
    baseName: 'shiki, whole file, main thread',
    target: { max: 50 },
    unit: 'ms',
  },
  {
    id: 'md-main-task',
    label: 'No worker allowed: Markdown 1 MB, longest main-thread task',
    value: ['md-main@md-1mb', 'longestTask'],
    base: ['md-baseline@md-1mb', 'longestTask'],
    baseName: 'markdown-it+DOMPurify',
    target: { max: 50 },
    unit: 'ms',
  },
  {
    id: 'md-main-full',
    label: 'No worker allowed: Markdown 1 MB, fully rendered',
    value: ['md-main@md-1mb', 'painted'],
    base: ['md-ours@md-1mb', 'painted'],
    baseName: 'same, with the worker',
    unit: 'ms',
    cpuBase: true,
  },
  {
    id: 'raw-main-open',
    label: 'No worker allowed: raw 57,220 lines, open → painted with numbers',
    value: ['raw-main', 'painted'],
    base: ['raw-ours', 'painted'],
    baseName: 'same, with the worker',
    target: { max: 50 },
    unit: 'ms',
  },
  {
    id: 'raw-main-coloured',
    label: 'No worker allowed: raw view, visible lines coloured',
    value: ['raw-main', 'coloured'],
    base: ['raw-ours', 'coloured'],
    baseName: 'same, with the worker',
    unit: 'ms',
  },
  {
    id: 'raw-main-task',
    label: 'No worker allowed: whole-file highlighting, longest main-thread task',
    value: ['raw-main', 'longestTask'],
    base: ['shiki-main', 'longestTask'],
    baseName: 'shiki, whole file, main thread',
    target: { max: 50 },
    unit: 'ms',
  },
  {
    id: 'long-line',
    label: '20,000-char line: open → painted',
    value: ['long-line', 'painted'],
    target: { max: 200, also: [['long-line', 'readable', true]] },
    unit: 'ms',
    task: true,
    note: 'no hang: painted ≤ 200 ms, full line text in the DOM',
  },
  { id: 'long-line-task', label: '20,000-char line: longest main-thread task', value: ['long-line', 'longestTask'], target: { max: 100 }, unit: 'ms' },
  {
    id: 'wrap-long-line',
    label: 'Wrap on, 20,000-char line: open → painted',
    value: ['long-line-wrap', 'painted'],
    target: { max: 100, also: [['long-line-wrap', 'readable', true]] },
    unit: 'ms',
    task: true,
    note: 'rows of varying height; the full line in the DOM',
  },
  { id: 'wrap-long-line-dom', label: 'Wrap on, 20,000-char line: DOM elements', value: ['long-line-wrap', 'dom'], target: { max: 1000 }, unit: 'count' },

  {
    id: 'find-first',
    label: 'Find in 57,220 lines: keystroke → first results painted',
    value: ['find', 'findFirst'],
    target: { max: 50 },
    unit: 'ms',
    note: "query 'e', the count runs on in slices",
  },
  { id: 'find-all', label: "Find: every match counted (query 'e': 96,627 matches)", value: ['find', 'findAll'], unit: 'ms' },
  { id: 'find-task', label: 'Find: longest main-thread task while counting', value: ['find', 'findLongestTask'], target: { max: 50 }, unit: 'ms' },
  { id: 'goto-script', label: 'Go to line 40,000: script (scroll, rows, selection)', value: ['find', 'goToScript'], target: { max: 16 }, unit: 'ms' },
  { id: 'goto-painted', label: 'Go to line 40,000: painted', value: ['find', 'goToPainted'], unit: 'ms' },
  { id: 'select-copy', label: 'Select 10,000 lines by shift-click + Copy lines', value: ['find', 'selectCopy'], target: { max: 100 }, unit: 'ms' },
  { id: 'select-copy-painted', label: 'Select 10,000 lines + Copy lines, painted', value: ['find', 'selectCopyPainted'], unit: 'ms' },
  ...[10, 100, 1000, 5000].map((n) => ({
    id: `panel-${n}`,
    label: `Panel, ${n.toLocaleString('en')} sources: render → painted (first on page)`,
    value: [`panel@${n}`, 'painted'],
    target: { max: 50 },
    unit: 'ms',
    noCpu: true,
  })),
  {
    id: 'panel-5000-warm',
    label: 'Panel, 5,000 sources: render → painted (a later answer)',
    value: ['panel@5000', 'warmPainted'],
    target: { max: 50 },
    unit: 'ms',
    noCpu: true,
  },
  { id: 'panel-dom', label: 'Panel, 5,000 sources: DOM elements', value: ['panel@5000', 'dom'], target: { max: 1400 }, unit: 'count', noCpu: true },
  { id: 'panel-show-all', label: 'Panel, 5,000 sources: "show all" of a big group', value: ['panel@5000', 'showAll'], unit: 'ms', task: true },
  {
    id: 'panel-show-all-task',
    label: 'Panel, "show all": longest main-thread task',
    value: ['panel@5000', 'showAllLongestTask'],
    target: { max: 50 },
    unit: 'ms',
  },
  ...[10, 100, 1000, 5000].map((n) => ({
    id: `footer-${n}`,
    label: `Footer, ${n.toLocaleString('en')} sources: render (first on page)`,
    value: [`footer@${n}`, 'render'],
    target: { max: 10 },
    unit: 'ms',
  })),
  { id: 'footer-5000-warm', label: 'Footer, 5,000 sources: render (a later answer)', value: ['footer@5000', 'warmRender'], target: { max: 10 }, unit: 'ms' },
  { id: 'cite-link', label: 'Citations: linkCitations over a 50 KB answer, 200 markers', value: ['citations', 'link'], target: { max: 10 }, unit: 'ms' },
  { id: 'cite-stream', label: 'Citations: 1,000 streaming updates, longest task', value: ['citations', 'streamLongestTask'], target: { max: 50 }, unit: 'ms' },
  { id: 'cite-card', label: 'Citations: hover card open → rendered in the same frame', value: ['citations', 'cardPainted'], target: { max: 16 }, unit: 'ms' },
  ...[10, 100, 1000, 5000].map((n) => ({
    id: `model-${n}`,
    label: `Parse + present, ${n.toLocaleString('en')} sources (first call)`,
    value: [`model@${n}`, 'cold'],
    target: { max: 10 },
    unit: 'ms',
  })),
  { id: 'model-5000-warm', label: 'Parse + present, 5,000 sources (warm)', value: ['model@5000', 'warm'], target: { max: 10 }, unit: 'ms' },

  {
    id: 'heap',
    label: 'JS heap after 2 MB file + 5,000 sources',
    value: ['raw-ours', 'heapMB'],
    base: ['raw-ours', 'heapBeforeMB'],
    baseName: 'page with the kit, nothing open',
    noRatio: true,
    target: { max: 50 },
    unit: 'MB',
    note: 'main thread + workers',
  },
  { id: 'heap-workers', label: "of which the kit's workers", value: ['raw-ours', 'workersMB'], unit: 'MB' },

  {
    id: 'size-core',
    label: 'gzip: core (elements + model + Markdown, no shiki)',
    size: 'core',
    baseSize: 'baseline',
    baseName: 'lit+markdown-it+DOMPurify',
    target: { max: 70 },
    unit: 'KB',
    note: 'every core file counted once: initial load, Markdown renderer, parser worker, emoji table',
  },
  {
    id: 'size-initial',
    label: 'gzip: initial load (elements + model)',
    size: 'coreInitial',
    target: { max: 70 },
    unit: 'KB',
    note: 'what a page downloads to show the elements; Markdown loads with the first Markdown file',
  },
  {
    id: 'size-highlighter',
    label: 'gzip: highlighter chunk (shiki core + JS engine)',
    size: 'highlighter',
    target: { max: 60 },
    unit: 'KB',
    note: 'largest highlighter file (worker or main-thread fallback)',
  },
  { id: 'size-language', label: 'gzip: largest language chunk', size: 'language', target: { max: 20 }, unit: 'KB' },
  {
    id: 'size-language-within',
    label: 'gzip: largest language chunk outside the recorded exceptions',
    size: 'languageWithin',
    target: { max: 20 },
    unit: 'KB',
  },
  { id: 'size-typescript', label: 'gzip: typescript language chunk', size: 'typescript', target: { max: 20 }, unit: 'KB' },
];

/** A longest-task row: its `{ max }` holds for the worst run, not the median. */
export function worstRunCounts(row) {
  return /^(longestTask|\w+LongestTask)$/.test(row.value?.[1] ?? '');
}

/** The median, least, greatest and count of the finite numbers in `values`; null when there are none. */
export function stats(values) {
  const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const mid = v.length >> 1;
  const median = v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
  return { median, min: v[0], max: v[v.length - 1], n: v.length };
}

/**
 * Whether a row with a target meets it: `stats` is its value's `{ median,
 * max }` over the runs, `ratio` its median over the baseline's (or null).
 * Null when the ratio cannot be had.
 */
export function targetMet(row, stats, ratio) {
  if (row.target.ratio !== undefined) return ratio === null ? null : ratio <= row.target.ratio;
  return (worstRunCounts(row) ? stats.max : stats.median) <= row.target.max;
}
