/** Registers `<qa-sources-panel>`. */
import { defineElement } from '../shared/define.js';
import { rehearseWhenIdle } from '../shared/rehearse-idle.js';
import { QaSourcesPanel } from './sources-panel.js';

defineElement('qa-sources-panel', QaSourcesPanel);
// Its first render's one-time costs, paid in idle time (see rehearse.ts).
rehearseWhenIdle('qa-sources-panel');

declare global {
  interface HTMLElementTagNameMap {
    'qa-sources-panel': QaSourcesPanel;
  }
}

export { QaSourcesPanel };
