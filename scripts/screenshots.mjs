// `npm run screenshots`: every gallery story as a PNG, for design review.
//
// Starts its own gallery server (Vite, on a free port, with the read-only
// file endpoint, so the live stories work too), opens each story in Debian's
// headless Chromium with the gallery chrome hidden, waits until it has
// settled (fonts, element updates, `qa-rendered` of previews, highlighting),
// and writes
//   screenshots/<group>/<story>/<variant>.png
// for the variants light-en, dark-en, light-ru, light-zh (at the story's
// usual width) and light-en-320 (320 px), plus screenshots/index.html, a
// contact sheet of them all grouped by element and story. Motion is reduced
// so pulses and transitions are captured at rest. Before a capture the
// viewport grows to hold it and the script waits until everything on screen
// is drawn (content-visibility: auto skips cards and Markdown chunks until the
// browser finds them in view); a capture still half-drawn or blank after its
// retries fails the run (scripts/capture-checks.mjs). A CJK font and an emoji
// font are required (installed from Debian's packages when run as root).
//
//   npm run screenshots                      everything
//   npm run screenshots -- --only panel/     stories whose id starts with this
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import path from 'node:path';
import { chromiumArgs, ensureDependencies, findChromium, root } from './env.mjs';
import { inkInPage, undrawnInPage } from './capture-checks.mjs';

ensureDependencies();

const OUT = path.join(root, 'screenshots');
const argv = process.argv.slice(2);
const only = argv.includes('--only') ? (argv[argv.indexOf('--only') + 1] ?? '') : '';
const CONCURRENCY = 2;
/** Shots that failed (a page that broke off, a slow machine) are tried again this many times. */
const RETRIES = 2;
/** The longest a story may take to settle before it is captured as it is (the Loading story never finishes). */
const SETTLE_TIMEOUT_MS = 15_000;
const VIEWPORT = { width: 1280, height: 900 };
const MAX_HEIGHT = 3_000;
/** Below this share of non-background pixels a capture counts as blank (the emptiest story, a footer that renders nothing, still has its answer text). */
const MIN_INK = 0.002;

/** The variants of each story: theme, locale and width ('' = the story's usual width). */
const VARIANTS = [
  { id: 'light-en', label: 'Light · EN', theme: 'light', locale: 'en', width: '' },
  { id: 'dark-en', label: 'Dark · EN', theme: 'dark', locale: 'en', width: '' },
  { id: 'light-ru', label: 'Light · RU', theme: 'light', locale: 'ru', width: '' },
  { id: 'light-zh', label: 'Light · 中文', theme: 'light', locale: 'zh', width: '' },
  { id: 'light-en-320', label: '320 px · EN', theme: 'light', locale: 'en', width: '320' },
];
/** The gallery width each group is usually reviewed at. */
const GROUP_WIDTH = { panel: '480', footer: '720', preview: '720', live: 'full' };

/** Fonts the screenshots need, each checked with fc-list and installed from Debian's package as root when missing. */
const FONTS = [
  {
    id: 'cjk',
    what: 'a CJK font',
    probe: [':lang=zh', 'family'],
    match: /\S/,
    pkg: 'fonts-noto-cjk',
    missing: 'the Chinese screenshots show boxes instead of characters',
  },
  // By name: DejaVu Sans covers some emoji code points too, in black and white.
  {
    id: 'emoji',
    what: 'an emoji font',
    probe: [':', 'family'],
    match: /emoji/i,
    pkg: 'fonts-noto-color-emoji',
    missing: 'emoji in the stories show as empty boxes',
  },
];

/** Makes sure a font is installed (installing Debian's package as root); false when it is still missing. */
function ensureFont(font) {
  const probe = spawnSync('fc-list', font.probe, { encoding: 'utf8' });
  if (probe.status === 0 && font.match.test(probe.stdout)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (probe.error) console.warn(`! fc-list is not available: cannot tell whether ${font.what} is installed; ${font.missing}.`);
  else console.warn(`! No ${font.what.replace(/^an? /, '')} is installed: ${font.missing}.`);
  if (isRoot && existsSync('/etc/debian_version')) {
    console.log(`  Installing Debian's ${font.pkg}…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const install = () => spawnSync('apt-get', ['install', '-y', '--no-install-recommends', font.pkg], { stdio: 'inherit', env }).status === 0;
    // The package lists are refreshed only when the package cannot be installed from the ones there.
    const ok = install() || (spawnSync('apt-get', ['update'], { stdio: 'inherit', env }).status === 0 && install());
    if (ok) {
      spawnSync('fc-cache', ['-f'], { stdio: 'ignore' });
      return true;
    }
    console.warn(`  Installing ${font.pkg} failed: ${font.missing}.`);
  } else {
    console.warn(`  Install ${font.what} (on Debian: apt-get install ${font.pkg}).`);
  }
  return false;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createNetServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** Runs in the page before the gallery: records `qa-rendered` events (they are composed, so they reach the document). */
function installRecorder() {
  window.__qaRendered = 0;
  document.addEventListener('qa-rendered', () => (window.__qaRendered += 1), true);
}

/**
 * Runs in the page: resolves once the story has settled — fonts loaded,
 * every element updated, every preview past loading and rendered, and the
 * DOM (token spans included) unchanged for a few polls — or after `timeout`.
 */
async function settleInPage(timeout) {
  const start = performance.now();
  const elements = () => {
    const out = [];
    const walk = (rootNode) => {
      for (const el of rootNode.querySelectorAll('*')) {
        if (el.localName.includes('-')) out.push(el);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    return out;
  };
  const signature = () => {
    let nodes = 0;
    let tokens = 0;
    const walk = (rootNode) => {
      const all = rootNode.querySelectorAll('*');
      nodes += all.length;
      for (const el of all) {
        if (el.className && typeof el.className === 'string' && el.className.startsWith('qa-tk-')) tokens += 1;
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    return `${nodes}:${tokens}`;
  };
  // Fenced code on screen that is not coloured yet (highlighting starts when a block comes into view).
  const uncolouredCode = () => {
    let n = 0;
    const walk = (rootNode) => {
      for (const code of rootNode.querySelectorAll('pre.qa-code[data-lang] > code:not([data-qa-highlighted])')) {
        const r = code.getBoundingClientRect();
        const scroller = code.closest('.md-scroll')?.getBoundingClientRect();
        const shown = r.height > 0 && (!scroller || (r.bottom > scroller.top && r.top < scroller.bottom));
        if (shown) n += 1;
      }
      for (const el of rootNode.querySelectorAll('*')) if (el.shadowRoot) walk(el.shadowRoot);
    };
    walk(document);
    return n;
  };
  // A raw view on screen whose rows have text but no colours yet (the highlighter may still be loading).
  const uncolouredRaw = () => {
    let n = 0;
    const walk = (rootNode) => {
      for (const raw of rootNode.querySelectorAll('[part~="raw"]')) {
        const rows = [...raw.querySelectorAll('.ln')].filter((r) => (r.textContent ?? '').trim());
        if (rows.length && !raw.querySelector('.ln [class^="qa-tk-"]:not(.qa-tk-0)')) n += 1;
      }
      for (const el of rootNode.querySelectorAll('*')) if (el.shadowRoot) walk(el.shadowRoot);
    };
    walk(document);
    return n;
  };
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));
  await document.fonts.ready;
  let stable = 0;
  let last = '';
  let busySince = null;
  const LOADING_STATE_MS = 4_000;
  const COLOUR_WAIT_MS = 6_000;
  while (performance.now() - start < timeout) {
    const els = elements();
    await Promise.all(els.map((e) => e.updateComplete).filter(Boolean));
    const previews = els.filter((e) => e.localName === 'qa-file-preview' && !e.hidden);
    const busy = previews.some((p) => {
      const status = p.shadowRoot?.querySelector('[part~="base"]')?.getAttribute('data-status');
      return status === 'loading';
    });
    const ready = previews.filter((p) => p.shadowRoot?.querySelector('[part~="base"]')?.getAttribute('data-status') === 'ready').length;
    const rendered = window.__qaRendered >= ready;
    const sig = signature();
    // A preview still loading after a few quiet seconds is a loading state (the Loading story): capture it as such.
    busySince = busy ? (busySince ?? performance.now()) : null;
    const waitedOut = busy && performance.now() - busySince >= LOADING_STATE_MS;
    // Code in a language the kit does not colour (mermaid, plain text) never will be: wait a few seconds at most.
    const colouring = performance.now() - start < COLOUR_WAIT_MS && uncolouredCode() + uncolouredRaw() > 0;
    stable = (!busy || waitedOut) && (rendered || waitedOut) && !colouring && sig === last && document.fonts.status === 'loaded' ? stable + 1 : 0;
    last = sig;
    if (stable >= 3) return { settled: true, loading: waitedOut };
    await wait(200);
  }
  return { settled: false };
}

/** Marks a capture that was blank or half-rendered (retried, then a failure of the run). */
const INCOMPLETE = 'incomplete capture';
/** How long a capture may wait for what is on screen to be drawn. */
const DRAW_TIMEOUT_MS = 8_000;

async function main() {
  const fonts = Object.fromEntries(FONTS.map((f) => [f.id, ensureFont(f)]));
  const puppeteer = (await import('puppeteer-core')).default;
  const { createServer } = await import('vite');

  const port = await freePort();
  // No file watching and no HMR: an edit elsewhere in the checkout must not reload a page mid-shot.
  const server = await createServer({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'error',
    server: { host: '127.0.0.1', port, strictPort: true, open: false, hmr: false, watch: null },
  });
  await server.listen();
  const base = `http://127.0.0.1:${port}/`;
  console.log(`Gallery server on ${base}`);

  const browser = await puppeteer.launch({ executablePath: findChromium(), headless: true, args: chromiumArgs, protocolTimeout: 300_000 });
  const problems = [];
  const shots = [];
  let order;
  try {
    // The story list and whether the live endpoint answers, from the gallery itself.
    const page = await browser.newPage();
    await page.goto(`${base}?bare=1`, { waitUntil: 'networkidle0', timeout: 60_000 });
    const groups = await page.evaluate(async () => {
      const { storyGroups } = await import('/stories/index.ts');
      return storyGroups.map((g) => ({
        id: g.id,
        title: g.title,
        element: g.element,
        stories: g.stories.map((s) => ({ id: s.id, name: s.name, live: !!s.live })),
      }));
    });
    const liveOk = await page.evaluate(async () => (await fetch('/__qa/files?path=package.json')).ok);
    await page.close();
    if (!liveOk) console.warn('! The live file endpoint does not answer: live stories are skipped.');

    // A full run starts clean; `--only` replaces just the stories it takes.
    if (!only) rmSync(OUT, { recursive: true, force: true });
    else
      for (const g of groups)
        for (const s of g.stories) if (`${g.id}/${s.id}`.startsWith(only)) rmSync(path.join(OUT, g.id, s.id), { recursive: true, force: true });
    order = groups;
    // Variant by variant: the first pass also loads every module and grammar once, so later ones find them ready.
    const jobs = [];
    for (const v of VARIANTS) {
      for (const g of groups) {
        for (const s of g.stories) {
          if (s.live && !liveOk) continue;
          const id = `${g.id}/${s.id}`;
          if (only && !id.startsWith(only)) continue;
          jobs.push({ group: g, story: s, variant: v, attempt: 0 });
        }
      }
    }
    console.log(`${jobs.length} screenshots of ${new Set(jobs.map((j) => `${j.group.id}/${j.story.id}`)).size} stories…`);

    let done = 0;
    const worker = async () => {
      const tab = await browser.newPage();
      await tab.setViewport({ ...VIEWPORT, deviceScaleFactor: 1 });
      await tab.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
      await tab.evaluateOnNewDocument(installRecorder);
      let current = null;
      let pageProblems = [];
      tab.on('pageerror', (e) => current && pageProblems.push(`${current}: page error: ${e.message}`));
      tab.on(
        'console',
        (m) => current && m.type() === 'error' && !/Failed to load resource/.test(m.text()) && pageProblems.push(`${current}: console error: ${m.text()}`),
      );
      for (;;) {
        const job = jobs.shift();
        if (!job) break;
        const { group, story, variant } = job;
        const width = variant.width || GROUP_WIDTH[group.id] || '480';
        current = `${group.id}/${story.id} (${variant.id})`;
        const q = new URLSearchParams({ story: `${group.id}/${story.id}`, theme: variant.theme, locale: variant.locale, width, bare: '1' });
        const file = path.join(OUT, group.id, story.id, `${variant.id}.png`);
        pageProblems = [];
        try {
          await tab.setViewport({ ...VIEWPORT, deviceScaleFactor: 1 });
          await tab.goto(`${base}?${q}`, { waitUntil: 'load', timeout: 60_000 });
          const { settled } = await tab.evaluate(settleInPage, SETTLE_TIMEOUT_MS);
          if (pageProblems.some((p) => p.includes(': page error: '))) throw new Error('the page threw');
          if (!settled && story.id !== 'loading') problems.push(`${current}: did not settle within ${SETTLE_TIMEOUT_MS / 1000} s; captured as it was`);
          const box = await tab.evaluate(() => {
            const r = document.querySelector('.frame').getBoundingClientRect();
            return { x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height };
          });
          const pad = 16;
          const clip = {
            x: Math.max(0, box.x - pad),
            y: Math.max(0, box.y - pad),
            width: Math.ceil(box.width + 2 * pad),
            height: Math.min(MAX_HEIGHT, Math.ceil(Math.max(box.height, 40) + 2 * pad)),
          };
          // The whole capture inside the viewport: content-visibility skips what is outside it, which would be shot as empty boxes.
          const bottom = Math.ceil(clip.y + clip.height);
          if (bottom > VIEWPORT.height) await tab.setViewport({ ...VIEWPORT, height: bottom, deviceScaleFactor: 1 });
          // Wait until everything on screen is drawn (a frame or two after it came into view).
          const drawStart = Date.now();
          let undrawn = await tab.evaluate(undrawnInPage);
          while (undrawn.length > 0 && Date.now() - drawStart < DRAW_TIMEOUT_MS) {
            await tab.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
            undrawn = await tab.evaluate(undrawnInPage);
          }
          if (undrawn.length > 0) throw new Error(`${INCOMPLETE}: ${undrawn.length} element(s) on screen not drawn, e.g. ${undrawn.slice(0, 3).join(', ')}`);
          mkdirSync(path.dirname(file), { recursive: true });
          const png = await tab.screenshot({ clip, captureBeyondViewport: true, encoding: 'base64' });
          // A capture with (almost) nothing but background is blank, whatever the page says.
          const ink = await tab.evaluate(inkInPage, png);
          if (ink < MIN_INK) throw new Error(`${INCOMPLETE}: blank (${(ink * 100).toFixed(2)}% of the pixels differ from the background)`);
          writeFileSync(file, Buffer.from(png, 'base64'));
          shots.push({
            group: { id: group.id, title: group.title, element: group.element },
            story,
            variant: { id: variant.id, label: variant.label, theme: variant.theme },
            file: path.relative(OUT, file).split(path.sep).join('/'),
            clipped: box.height + 2 * pad > MAX_HEIGHT,
            settled,
          });
          problems.push(...pageProblems);
        } catch (e) {
          if (job.attempt < RETRIES) jobs.push({ ...job, attempt: job.attempt + 1 });
          else problems.push(...pageProblems, `${current}: not captured: ${e.message}`);
        }
        done += 1;
        if (done % 25 === 0) console.log(`  ${done} done`);
      }
      await tab.close();
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } finally {
    await browser.close();
    await server.close();
  }

  // The contact sheet shows every shot on disk: this run's and, after `--only`, the earlier ones.
  const listFile = path.join(OUT, 'shots.json');
  const earlier = only && existsSync(listFile) ? JSON.parse(readFileSync(listFile, 'utf8')) : [];
  const fresh = new Set(shots.map((x) => x.file));
  const all = [...earlier.filter((x) => !fresh.has(x.file) && existsSync(path.join(OUT, x.file))), ...shots];
  const rank = new Map(order.flatMap((g, gi) => g.stories.map((st, si) => [`${g.id}/${st.id}`, gi * 10_000 + si])));
  all.sort((a, b) => (rank.get(`${a.group.id}/${a.story.id}`) ?? 1e9) - (rank.get(`${b.group.id}/${b.story.id}`) ?? 1e9));
  mkdirSync(OUT, { recursive: true });
  writeFileSync(listFile, `${JSON.stringify(all, null, 1)}\n`);
  writeFileSync(path.join(OUT, 'index.html'), contactSheet(all, problems, fonts));
  console.log(`Wrote ${shots.length} screenshots; ${path.relative(root, path.join(OUT, 'index.html'))} shows ${all.length}.`);
  if (problems.length) {
    console.log(`${problems.length} problem(s):`);
    for (const p of problems) console.log(`  - ${p}`);
  }
  for (const f of FONTS) if (!fonts[f.id]) console.warn(`! No ${f.what.replace(/^an? /, '')}: ${f.missing}.`);
  // A capture that stayed blank or half-rendered after its retries fails the run.
  if (problems.some((p) => p.includes(INCOMPLETE))) process.exitCode = 1;
}

function contactSheet(shots, problems, fonts) {
  const groups = new Map();
  for (const s of shots) {
    const g = groups.get(s.group.id) ?? { group: s.group, stories: new Map() };
    groups.set(s.group.id, g);
    const st = g.stories.get(s.story.id) ?? { story: s.story, shots: [] };
    g.stories.set(s.story.id, st);
    st.shots.push(s);
  }
  const order = new Map(VARIANTS.map((v, i) => [v.id, i]));
  const nav = [...groups.values()]
    .map(({ group, stories }) => `<a href="#${escapeHtml(group.id)}">${escapeHtml(group.title)} <small>${stories.size}</small></a>`)
    .join('');
  const body = [...groups.values()]
    .map(
      ({ group, stories }) => `<section id="${escapeHtml(group.id)}">
  <h2>${escapeHtml(group.title)} <code>&lt;${escapeHtml(group.element)}&gt;</code></h2>
  ${[...stories.values()]
    .map(
      ({ story, shots: list }) => `<article id="${escapeHtml(`${group.id}-${story.id}`)}">
    <h3><a href="#${escapeHtml(`${group.id}-${story.id}`)}">${escapeHtml(story.name)}</a> <code>${escapeHtml(`${group.id}/${story.id}`)}</code>${story.live ? ' <span class="tag">live</span>' : ''}</h3>
    <div class="row">${list
      .sort((a, b) => order.get(a.variant.id) - order.get(b.variant.id))
      .map(
        (s) =>
          `<figure class="${s.variant.theme}"><a href="${escapeHtml(s.file)}"><img src="${escapeHtml(s.file)}" alt="${escapeHtml(`${story.name}, ${s.variant.label}`)}" loading="lazy"></a><figcaption>${escapeHtml(s.variant.label)}${s.clipped ? ' · cut at 3000 px' : ''}${s.settled ? '' : ' · not settled'}</figcaption></figure>`,
      )
      .join('')}</div>
  </article>`,
    )
    .join('\n  ')}
</section>`,
    )
    .join('\n');
  const notes = [...FONTS.filter((f) => !fonts[f.id]).map((f) => `No ${f.what.replace(/^an? /, '')} was installed: ${f.missing}.`), ...problems];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>qa-sources-kit · screenshots</title>
<style>
  body { margin: 0; font: 14px/1.45 system-ui, sans-serif; color: #1f2328; background: #f3f4f6; }
  header { position: sticky; top: 0; z-index: 1; background: #fff; border-bottom: 1px solid #d8dde3; padding: 10px 20px; display: flex; gap: 16px; align-items: baseline; flex-wrap: wrap; }
  header h1 { font-size: 16px; margin: 0; }
  header a { color: #0a5dc2; text-decoration: none; }
  header small, h3 code, h2 code { color: #656e7a; font-weight: 400; }
  main { padding: 8px 20px 40px; }
  h2 { margin: 28px 0 8px; font-size: 20px; }
  h3 { margin: 18px 0 8px; font-size: 14px; }
  h3 a { color: inherit; }
  .tag { font-size: 11px; background: #e8f0fe; color: #0a5dc2; border-radius: 4px; padding: 1px 6px; }
  .row { display: flex; gap: 12px; overflow-x: auto; align-items: flex-start; padding-bottom: 6px; }
  figure { margin: 0; flex: none; }
  figure img { display: block; max-width: 270px; max-height: 520px; object-fit: contain; object-position: top left; border: 1px solid #d8dde3; border-radius: 6px; background: #fff; }
  figure.dark img { background: #16181d; }
  figcaption { font-size: 12px; color: #555f6b; margin-top: 4px; }
  .notes { background: #fff8e1; border: 1px solid #e3b341; border-radius: 8px; padding: 10px 14px; margin-top: 16px; }
  .notes li { margin: 2px 0; }
</style>
</head>
<body>
<header><h1>qa-sources-kit · ${shots.length} screenshots</h1>${nav}<small>reduced motion; click a shot for full size</small></header>
<main>
${notes.length ? `<div class="notes"><strong>Notes</strong><ul>${notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul></div>` : ''}
${body}
</main>
</body>
</html>
`;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
