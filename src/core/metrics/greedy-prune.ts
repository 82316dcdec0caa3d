/**
 * A ruleset whose rules can be tried out of (or into) the ensemble and the trial kept: an
 * `Ensemble`, or several sharing one mask (a learner's train and dev).
 */
export interface Toggleable<T extends { readonly position: number }> {
  readonly size: number;
  isActive(p: number): boolean;
  trial(p: number): T;
  commit(t: T): void;
  /** Visits every rule whose trial a commit of `p` can change (those sharing a document with it). */
  neighbours(p: number, visit: (q: number) => void): void;
}

/**
 * First improvement: sweeps the rules in the ensemble from the last in execution order (the least
 * trusted) to the first, removing each one `accept` takes, and sweeps again (at most five times)
 * while a sweep removed something. What a learner's judges need: a verdict on each removal, not a
 * comparison of gains.
 */
interface FirstImprovement<T, S> {
  pick: 'first';
  accept: (t: T, set: S) => boolean;
  /** Absolute time (performance.now()) after which nothing more is tried. */
  deadline?: number;
  only?: (p: number) => boolean;
}

/**
 * Best improvement: each step measures every candidate and removes the one whose removal raises
 * `value` most (ties: the latest in execution order), while that gain exceeds `tolerance`. A
 * candidate's trial is kept until a removal touches its documents, so a step re-measures only the
 * rules sharing a document with the last one removed.
 */
interface BestImprovement<T> {
  pick: 'best';
  /** The objective after trial `t`, or now (`t` null); null: not comparable (now null: stop). */
  value: (t: T | null) => number | null;
  /** Remove only when the gain is above this (default 0; -Infinity: always remove the best). */
  tolerance?: number;
  maxSteps?: number;
  only?: (p: number) => boolean;
  /** Checked before each step: stop when it says so. */
  done?: () => boolean;
  /** How many of the best to remove in a step, all measured before the first goes (default 1); the first's gain decides. */
  batch?: () => number;
  /** Told before each candidate a step re-measures (`step` counts from 1). */
  onMeasure?: (done: number, total: number, step: number) => void;
}

type GreedyPrune<T, S> = FirstImprovement<T, S> | BestImprovement<T>;

/** What a set's trials are. */
type TrialOf<S> = S extends Toggleable<infer T> ? T : never;

/** Bounds the first-improvement sweeps: each costs a trial per rule. */
const MAX_SWEEPS = 5;

/**
 * The one greedy pruner, for learning and for `prune`: removes rules from the ensemble of `set`
 * by first or best improvement and returns the committed trials, in order.
 */
export function greedyPrune<S extends Toggleable<{ readonly position: number }>>(set: S, o: GreedyPrune<TrialOf<S>, S>): TrialOf<S>[] {
  const s = set as S & Toggleable<TrialOf<S>>;
  return o.pick === 'first' ? firstImprovement(s, o) : bestImprovement(s, o);
}

function firstImprovement<T extends { readonly position: number }, S extends Toggleable<T>>(set: S, o: FirstImprovement<T, S>): T[] {
  const removed: T[] = [];
  const deadline = o.deadline ?? Infinity;
  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    let any = false;
    const active: number[] = [];
    for (let p = set.size - 1; p >= 0; p--) if (set.isActive(p)) active.push(p);
    for (const p of active) {
      if (o.only && !o.only(p)) continue;
      if (performance.now() > deadline) return removed;
      const t = set.trial(p);
      if (o.accept(t, set)) {
        set.commit(t);
        removed.push(t);
        any = true;
      }
    }
    if (!any) break;
  }
  return removed;
}

function bestImprovement<T extends { readonly position: number }>(set: Toggleable<T>, o: BestImprovement<T>): T[] {
  const removed: T[] = [];
  const tolerance = o.tolerance ?? 0;
  const trials = new Array<T | undefined>(set.size);
  const candidate = (p: number) => set.isActive(p) && (!o.only || o.only(p));
  const measured = (p: number): T => (trials[p] ??= set.trial(p));
  const maxSteps = o.maxSteps ?? Infinity;
  for (let step = 1; step <= maxSteps && !o.done?.(); step++) {
    const now = o.value(null);
    if (now === null) break;
    if (o.onMeasure) tellMeasures(set.size, (p) => candidate(p) && !trials[p], step, o.onMeasure, measured);
    const gains: { p: number; gain: number }[] = [];
    for (let p = 0; p < set.size; p++) {
      if (!candidate(p)) continue;
      const v = o.value(measured(p));
      if (v !== null) gains.push({ p, gain: v - now });
    }
    gains.sort((a, b) => b.gain - a.gain || b.p - a.p);
    if (!gains.length || !(gains[0]!.gain > tolerance)) break;
    for (const { p } of gains.slice(0, Math.max(1, o.batch?.() ?? 1))) {
      const t = measured(p);
      set.commit(t);
      removed.push(t);
      set.neighbours(p, (q) => (trials[q] = undefined));
      trials[p] = undefined;
    }
  }
  return removed;
}

/** Measures the candidates a step has no trial of yet, telling `tell` before each. */
function tellMeasures(
  size: number,
  due: (p: number) => boolean,
  step: number,
  tell: (done: number, total: number, step: number) => void,
  measure: (p: number) => unknown,
): void {
  let total = 0;
  for (let p = 0; p < size; p++) if (due(p)) total++;
  let done = 0;
  for (let p = 0; p < size; p++) {
    if (!due(p)) continue;
    tell(done++, total, step);
    measure(p);
  }
}
