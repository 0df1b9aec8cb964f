import type { StoryGroup } from './types.js';

/** End to end against the dev server's read-only file endpoint over this repository. */
export const liveStories: StoryGroup = { id: 'live', title: 'Live workspace', element: 'qa-sources-panel', stories: [] };
