import type { StoryGroup } from './types.js';

/** Stories of <qa-sources-panel>. */
export const panelStories: StoryGroup = { id: 'panel', title: 'Sources panel', element: 'qa-sources-panel', stories: [] };
