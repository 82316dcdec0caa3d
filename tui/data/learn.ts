import type { LearnEvent } from '../../src/learn/loop/types.js';

/** A progress event of a learning run, as the learn job reports it. */
export type LearnProgress = LearnEvent;
