/** The file preview's stories on the strict page (see csp-stories.ts). */
import { describeStoriesOnStrictPage } from './csp-stories.js';

describeStoriesOnStrictPage(['preview']);
