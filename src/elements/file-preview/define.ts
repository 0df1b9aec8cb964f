/** Registers `<qa-file-preview>`. */
import { whenIdle } from '../../render/tasks.js';
import { defineElement } from '../shared/define.js';
import { QaFilePreview } from './file-preview.js';
import { rawViewPart } from './lazy-parts.js';

defineElement('qa-file-preview', QaFilePreview);

// The raw view (a few KB), which the first rows of every code file wait for,
// loads once the page is idle after the definition: a preview made when a
// reader picks a file then opens it without fetching its view first.
whenIdle(() => rawViewPart.load().catch(() => undefined));

declare global {
  interface HTMLElementTagNameMap {
    'qa-file-preview': QaFilePreview;
  }
}

export { QaFilePreview };
