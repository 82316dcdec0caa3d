import type { LearnEvent } from '../../src/learn/loop/index.js';
import type { LearnResult } from '../../src/service/learn.js';

/** A progress event of a learning run, as the learn job reports it. */
export type LearnProgress = LearnEvent;

/** The result of a learning run (what `learn --json` prints). */
export type LearnSummary = LearnResult;
