import type { StoryGroup } from './types.js';

/** Stories of <qa-file-preview>. */
export const previewStories: StoryGroup = { id: 'preview', title: 'File preview', element: 'qa-file-preview', stories: [] };
