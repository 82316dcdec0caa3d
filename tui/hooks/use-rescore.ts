import { createContext, useContext } from 'react';
import type { JobState } from './use-job.js';
import type { JobResult, Jobs } from '../jobs/jobs.js';

export type MetricsResult = JobResult<Jobs['metrics']>;

/**
 * The app's one background metrics run, shared by every screen: `m` starts it anywhere, saving
 * a rule starts it too, and screens showing stored figures read them again when it finishes.
 */
export interface Rescore {
  readonly state: JobState<MetricsResult>;
  /** The result of the newest finished run (kept while a new one runs). */
  readonly last: MetricsResult | null;
  /** Counts finished runs: a screen reloads its stored figures when it changes. */
  readonly generation: number;
  /** Starts a run (cancelling one under way); `why` is said in the footer. */
  start(why?: string): void;
  /**
   * A screen changed the rules or the data (`what` says how, in the footer): the stored figures
   * are re-measured at once when that is cheap, else the footer says they are old and `m`
   * re-measures. True when a run started: the screen may keep its figures until it lands.
   */
  changed(what: string): boolean;
  /** Whether work of this size (examples × active rules) is cheap enough to redo by itself. */
  cheap(work: number): boolean;
}

const IDLE: Rescore = { state: { status: 'idle' }, last: null, generation: 0, start: () => undefined, changed: () => false, cheap: () => false };

export const RescoreContext = createContext<Rescore>(IDLE);

/** The shared metrics run (an idle stand-in outside the app). */
export function useRescore(): Rescore {
  return useContext(RescoreContext);
}
