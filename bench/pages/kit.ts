/**
 * Loads the kit the way an application does (the public entry registers the
 * elements) and gives the scenarios a file host. Pieces are found with
 * `import.meta.glob`, so a scenario whose element is not there reports it as
 * missing instead of failing the whole build.
 */
import type { BenchHost, PreviewElement, SourcesElement } from './types.js';
import { nextTask, painted } from './measure.js';

const entry = import.meta.glob('../../src/index.ts');
const defines = import.meta.glob('../../src/elements/*/define.ts');
const memory = import.meta.glob<{ createMemoryHost?: (files: Record<string, string>) => BenchHost }>('../../src/host/memory.ts');

/** Imports the kit and registers its elements; returns the tags of `wanted` that are still undefined. */
export async function loadKit(wanted: string[]): Promise<string[]> {
  await Promise.all([...Object.values(entry), ...Object.values(defines)].map((load) => load()));
  return wanted.filter((tag) => !customElements.get(tag));
}

/** A file host over in-memory files: the kit's memory host when it exists, else an equivalent minimal one. */
export async function memoryHost(files: Record<string, string>): Promise<BenchHost> {
  const mod = await Object.values(memory)[0]?.();
  if (mod?.createMemoryHost) return mod.createMemoryHost(files);
  return {
    async readFile({ path }) {
      const content = files[path];
      if (content === undefined) throw new Error('not found');
      return { path, content, size: new TextEncoder().encode(content).length, truncated: false };
    },
  };
}

/** Creates a `<qa-file-preview>` in `box` with a memory host over `files`, rendered and painted, with no file open yet. */
export async function newPreview(box: HTMLElement, files: Record<string, string>): Promise<PreviewElement> {
  const el = document.createElement('qa-file-preview') as PreviewElement;
  el.host = await memoryHost(files);
  el.sessionId = 'bench';
  el.style.flex = '1';
  el.style.minBlockSize = '0';
  box.append(el);
  await el.updateComplete;
  await painted();
  // What the scenario does next starts in a task of its own, as a user's click or keystroke does (not
  // inside the animation-frame callback that painted() resolves in, whose frame would count as part of it).
  await nextTask();
  return el;
}

/** Creates (without connecting) a sources element with `payload` set. */
export function sourcesElement(tag: 'qa-sources-panel' | 'qa-source-footer', payload: unknown): SourcesElement {
  const el = document.createElement(tag) as SourcesElement;
  el.sources = payload;
  return el;
}
