/** Registers `<qa-source-footer>`. */
import { defineElement } from '../shared/define.js';
import { rehearseWhenIdle } from '../shared/rehearse-idle.js';
import { QaSourceFooter } from './source-footer.js';

defineElement('qa-source-footer', QaSourceFooter);
// Its first render's one-time costs, paid in idle time (see rehearse.ts).
rehearseWhenIdle('qa-source-footer');

declare global {
  interface HTMLElementTagNameMap {
    'qa-source-footer': QaSourceFooter;
  }
}

export { QaSourceFooter };
