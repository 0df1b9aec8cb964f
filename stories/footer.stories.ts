import type { StoryGroup } from './types.js';

/** Stories of <qa-source-footer>. */
export const footerStories: StoryGroup = { id: 'footer', title: 'Answer footer', element: 'qa-source-footer', stories: [] };
