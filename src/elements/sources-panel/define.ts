/** Registers `<qa-sources-panel>`. */
import { defineElement } from '../shared/define.js';
import { QaSourcesPanel } from './sources-panel.js';

defineElement('qa-sources-panel', QaSourcesPanel);

declare global {
  interface HTMLElementTagNameMap {
    'qa-sources-panel': QaSourcesPanel;
  }
}

export { QaSourcesPanel };
