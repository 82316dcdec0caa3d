import type { LearnEvent, LearnResult } from '../../src/service/index.js';

/** A progress event of a learning run, as the learn job reports it. */
export type LearnProgress = LearnEvent;

/** A decision of a learning run, as far as counting patches goes. */
type DecisionLike = Pick<LearnResult['decisions'][number], 'action' | 'accepted'>;

/**
 * How many changes the run proposed and how many it kept: rule sets asked for (synthesis) and
 * patches, not the notes, screens, skips and prunes the run also logs as decisions.
 */
export function patchCounts(decisions: readonly DecisionLike[]): { accepted: number; rejected: number } {
  const patches = decisions.filter((d) => d.action === 'patch' || d.action === 'synthesize');
  const accepted = patches.filter((d) => d.accepted).length;
  return { accepted, rejected: patches.length - accepted };
}
