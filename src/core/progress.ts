/** Told how much of a long loop is done; pure code calls it, the shells draw it. */
export type ProgressFn = (done: number, total: number) => void;

/** Loops report every this many items (and at the end): often enough for a bar, never costly. */
export const PROGRESS_EVERY = 4096;
