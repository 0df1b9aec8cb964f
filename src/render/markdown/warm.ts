/**
 * Warming up ahead of a render, while the page waits for the file: the
 * page's copy of the parser loaded, and the main thread's half of a render
 * (the sanitizer and the decoration) run once on a tiny document, so the
 * first real screen does not pay for their set-up (benchmark rows "Markdown
 * 100 KB: open → first screen painted" and "Markdown 1 MB: open → first
 * screen painted").
 */
import { newFindings, sanitizeToFragment, sanitizerReady } from '../sanitize.js';
import { preloadPageParser } from './chunks.js';
import { decorate, mayReorder } from './decorate.js';

/**
 * Optional: loads the parser and sets the sanitizer up ahead of a render,
 * e.g. as soon as a Markdown file is being read, so the first screen does
 * not wait for them. Safe to call any number of times. The parsing worker
 * is not started: whether a document needs it depends on its size
 * (`MAIN_THREAD_MAX_CHARS`), and a worker started for a small one would
 * only take CPU from its first screen.
 */
export function warmMarkdown(): void {
  preloadPageParser();
  if (!mainThreadWarm) {
    mainThreadWarm = true;
    setTimeout(() => void sanitizerReady().then(warmMainThread, () => undefined), 0);
  }
}

let mainThreadWarm = false;

// A little of everything the kit's parser emits, with the kit's own markers under a throwaway nonce.
const WARM_UP_HTML =
  '<h2 id="w" data-qa-line="1-1">W <em>e</em></h2><p data-qa-line="2-2"><strong>s</strong> <code>c</code> ' +
  '<a href="https://example.com/w">example.com</a> <a href="w.md#x">w</a> <a href="#w">w</a></p>' +
  '<ul class="contains-task-list" data-qa-line="3-4"><li class="task-list-item" data-qa-line="3-3"><span data-qa-kit="w task open"></span>t</li><li data-qa-line="4-4">i</li></ul>' +
  '<table data-qa-line="5-7"><thead><tr data-qa-line="5-5"><th class="qa-align-left">h</th></tr></thead><tbody><tr data-qa-line="7-7"><td class="qa-align-right">d</td></tr></tbody></table>' +
  '<pre class="qa-code" data-lang="ts" data-qa-line="8-10"><code>const w = 1;</code></pre><blockquote data-qa-line="11-11"><p data-qa-line="11-11">q</p></blockquote>';

/**
 * Runs the main-thread half of a render once on a tiny document that goes
 * nowhere, while the page waits for the file and the worker: the sanitizer
 * is set up and its code (and the decoration's) compiled before the first
 * real chunk arrives, instead of on the first screen's path.
 */
function warmMainThread(): void {
  try {
    const found = newFindings();
    const fragment = sanitizeToFragment(WARM_UP_HTML, { idPrefix: 'w-', nonce: 'w', found, defused: true });
    decorate(
      fragment,
      found,
      { path: 'w.md', idPrefix: 'w-', nonce: 'w', locale: 'en', allowRemoteImages: false, pendingLinks: [], codeBlocks: [] },
      mayReorder(WARM_UP_HTML),
    );
  } catch {
    // Only a warm-up: the real render reports its own problems.
  }
}
