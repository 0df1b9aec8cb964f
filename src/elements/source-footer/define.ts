/** Registers `<qa-source-footer>`. */
import { defineElement } from '../shared/define.js';
import { QaSourceFooter } from './source-footer.js';

defineElement('qa-source-footer', QaSourceFooter);

declare global {
  interface HTMLElementTagNameMap {
    'qa-source-footer': QaSourceFooter;
  }
}

export { QaSourceFooter };
