// The same page without the worker option: the workers are not where the bundle points, so the kit
// says so once per worker in the console and colours on the main thread, in short slices.
import { wire } from './wire.js';

wire();
