import type { DatasetHandle } from '../../src/service/index.js';
import { errorText } from '../hooks/use-loader.js';
import { fmtNoun } from './format.js';

/**
 * Examples × active rules up to which the workbench re-measures by itself: every rule runs on
 * every example, at roughly 10-20 µs a pair on a laptop, so this stays within a few seconds.
 */
export const AUTO_MEASURE_WORK = 200_000;

/** Whether to re-measure now, and what the footer says about it (empty: nothing to say). */
export interface MeasurePlan {
  readonly run: boolean;
  readonly message: string;
}

/**
 * Decides, after `what` happened (empty on open), whether the stored metrics are old and cheap
 * enough to measure again by themselves (`limit`: the most examples × rules; false: never).
 */
export function measurePlan(d: DatasetHandle, limit: number | false, what: string): MeasurePlan {
  const said = (m: string) => (what ? `${what} · ${m}` : m);
  if (limit === false) return { run: false, message: what };
  let need;
  try {
    need = d.measureNeed();
  } catch (e) {
    return { run: false, message: said(`cannot tell whether the metrics are current: ${errorText(e)}`) };
  }
  if (!need.reasons.length) return { run: false, message: what };
  const size = `${fmtNoun(need.examples, `${need.split} example`)} × ${fmtNoun(need.rules, 'rule')}`;
  if (need.work <= limit) return { run: true, message: said(`measuring ${size}…`) };
  return { run: false, message: said(`m measures: ${size} is too many to do by itself (${need.reasons.join('; ')})`) };
}
