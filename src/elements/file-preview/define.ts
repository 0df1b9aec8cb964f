/** Registers `<qa-file-preview>`. */
import { defineElement } from '../shared/define.js';
import { QaFilePreview } from './file-preview.js';

defineElement('qa-file-preview', QaFilePreview);

declare global {
  interface HTMLElementTagNameMap {
    'qa-file-preview': QaFilePreview;
  }
}

export { QaFilePreview };
