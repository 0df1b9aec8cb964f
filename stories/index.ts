/** Every story group, in sidebar order. */
import type { StoryGroup } from './types.js';
import { panelStories } from './panel.stories.js';
import { footerStories } from './footer.stories.js';
import { previewStories } from './preview.stories.js';
import { liveStories } from './live.stories.js';
import { citationStories } from './citation.stories.js';

export const storyGroups: StoryGroup[] = [panelStories, footerStories, previewStories, liveStories, citationStories];

/** Finds a story by `group/story` id. */
export function findStory(id: string | null): { group: StoryGroup; story: StoryGroup['stories'][number] } | null {
  if (!id) return null;
  const [g, s] = id.split('/');
  const group = storyGroups.find((x) => x.id === g);
  const story = group?.stories.find((x) => x.id === s);
  return group && story ? { group, story } : null;
}
