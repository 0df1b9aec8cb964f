import type { Plugin } from 'vite';

/** The plugins of a build's page code: the rewrites the kit ships (see shipped-form.mjs). */
export function shippedForm(): Plugin[];
/** The plugins of a build's workers. */
export function shippedWorkerForm(): Plugin[];
