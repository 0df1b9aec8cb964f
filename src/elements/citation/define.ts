/** Registers `<qa-citation>`. */
import { defineElement } from '../shared/define.js';
import { QaCitation } from './citation.js';

defineElement('qa-citation', QaCitation);

declare global {
  interface HTMLElementTagNameMap {
    'qa-citation': QaCitation;
  }
}

export { QaCitation };
