/** The panel's, the footer's and the wired stories on the strict page (see csp-stories.ts); the live ones read this repository through the test server's endpoint. */
import { describeStoriesOnStrictPage } from './csp-stories.js';

describeStoriesOnStrictPage(['panel', 'footer', 'live']);
