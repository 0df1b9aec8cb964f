/** True where processes' CPU times can be read (Linux). */
export function canReadProcesses(): boolean;
/** The ids of the running processes, from `/proc` (none where it cannot be read). */
export function processIds(): string[];
/** CPU time in ms (user and system, at clock-tick resolution) of process `pid` and every process below it. */
export function treeCpuMs(pid: number): number;
/** A function that waits until process `pid` and its descendants used at most `maxCpuMs` over `windowMs`, for at most `timeoutMs`; it resolves to the time waited in ms, negated when it gave up. */
export function quietWaiter(pid: number, options: { windowMs: number; maxCpuMs: number; timeoutMs: number }): () => Promise<number>;
