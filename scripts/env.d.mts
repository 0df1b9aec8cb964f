/** The project's folder. */
export const root: string;
/** Flags every headless Chromium launch of the project uses. */
export const chromiumArgs: string[];
/** Installs npm dependencies in `dir` (the project's folder by default) when its node_modules is missing or older than the lock file; never through a linked node_modules. */
export function ensureDependencies(dir?: string): void;
/** The path of a Chromium to launch; installs Debian's package as root on Debian when none exists (unless `install` is false), else exits with a message. */
export function findChromium(options?: { install?: boolean }): string;
