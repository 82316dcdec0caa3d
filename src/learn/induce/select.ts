import { wilsonLower } from '../../core/metrics/wilson.js';
import { prf, type Counts } from '../../core/ratio.js';
import type { Toggle } from '../../core/metrics/ensemble.js';
import { plus } from '../../core/metrics/scored-run.js';
import type { Pool, Trial } from './pool.js';

/** How a change to the ruleset is judged on a split. */
export interface AcceptConfig {
  /** Lowest precision of what a change adds (new TP over new outputs). */
  minGainPrecision: number;
  /** Recall a precision-raising change may cost. */
  recallTolerance: number;
}

const EPS = 1e-9;

/**
 * Whether a change (an added or removed rule) is an improvement on a split: F1 rises and what the
 * change adds is precise enough (at least `minGainPrecision` of its new outputs are correct, or it
 * removes false positives), or precision rises while recall falls by at most `recallTolerance`.
 */
export function improves(before: Counts, delta: Counts, cfg: AcceptConfig): boolean {
  if (delta.tp === 0 && delta.fp === 0 && delta.fn === 0) return false;
  const b = prf(before);
  const a = prf(plus(before, delta));
  const f1Up = (a.f1 ?? 0) > (b.f1 ?? 0) + EPS;
  if (f1Up) {
    if (delta.fp <= 0) return true;
    if (delta.tp > 0 && delta.tp / (delta.tp + delta.fp) >= cfg.minGainPrecision - EPS) return true;
  }
  const pUp = (a.precision ?? 0) > (b.precision ?? 0) + EPS;
  return pUp && (a.recall ?? 0) >= (b.recall ?? 0) - cfg.recallTolerance - EPS;
}

const isZero = (d: Toggle | null): boolean => !d || (d.delta.tp === 0 && d.delta.fp === 0 && d.delta.fn === 0);

/** Judges a trial toggle of one rule; returns true to commit it. */
export type Judge = (t: Trial, pool: Pool) => boolean;

/**
 * Improvement on train. Train is what candidates were mined from, so an addition must also be
 * supported: the Wilson lower bound of the precision of what it adds is at least `minGainWilson`.
 * `strong` also admits a rule that changes nothing on train when it is precise on its own (more
 * ways to reach the same label generalise better to unseen text).
 */
export function trainJudge(cfg: AcceptConfig, strong?: (position: number) => boolean, minGainWilson = 0): Judge {
  return (t, pool) => {
    const adding = !pool.isActive(t.position);
    if (isZero(t.train)) return !!strong && adding && strong(t.position);
    const d = t.train.delta;
    if (adding && minGainWilson > 0 && d.tp > 0 && d.fp >= 0 && wilsonLower(d.tp / (d.tp + d.fp), d.tp + d.fp) < minGainWilson) return false;
    return improves(pool.train.totals.counts, d, cfg);
  };
}

/** Improvement on dev; a change that does nothing on dev is not accepted. */
export function devJudge(cfg: AcceptConfig): Judge {
  return (t, pool) => {
    if (!pool.dev || isZero(t.dev)) return false;
    return improves(pool.dev.totals.counts, t.dev!.delta, cfg);
  };
}

export interface PassResult {
  accepted: number[];
  rejected: number[];
  /** Positions never tried because the budget or the rule cap ran out. */
  skipped: number[];
}

export interface PassLimits {
  deadline: number;
  maxActive: number;
}

/** One greedy pass: tries to add each position (in the given order) and keeps what the judge accepts. */
export function addPass(pool: Pool, order: readonly number[], judge: Judge, limits: PassLimits): PassResult {
  const res: PassResult = { accepted: [], rejected: [], skipped: [] };
  let active = pool.activePositions().length;
  for (let i = 0; i < order.length; i++) {
    const p = order[i]!;
    if (pool.isActive(p)) continue;
    if (active >= limits.maxActive || performance.now() > limits.deadline) {
      res.skipped.push(...order.slice(i).filter((q) => !pool.isActive(q)));
      break;
    }
    const t = pool.trial(p);
    if (judge(t, pool)) {
      pool.commit(t);
      res.accepted.push(p);
      active++;
    } else res.rejected.push(p);
  }
  return res;
}
