import type { Counts, ErrorCounts, ExampleScore, Outcome, SemevalCounts } from './types.js';

/** A record with no prototype, so any label (even `__proto__`) is a plain key. */
function emptyRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

export function emptyErrors(): ErrorCounts {
  return { wrong_label: 0, wrong_boundary: 0, wrong_value: 0, missing: 0, spurious: 0 };
}

/** Per-example accumulator of counts by class. */
export class Tally {
  readonly counts: Counts = { tp: 0, fp: 0, fn: 0 };
  readonly per_class: Record<string, Counts> = emptyRecord();
  readonly errors: ErrorCounts = emptyErrors();

  add(label: string, tp: number, fp: number, fn: number): void {
    const c = this.per_class[label] ?? (this.per_class[label] = { tp: 0, fp: 0, fn: 0 });
    c.tp += tp;
    c.fp += fp;
    c.fn += fn;
    this.counts.tp += tp;
    this.counts.fp += fp;
    this.counts.fn += fn;
  }

  finish(id: string, semeval: SemevalCounts | undefined, outcomes: Outcome[] | undefined): ExampleScore {
    const s: ExampleScore = {
      id,
      counts: this.counts,
      per_class: this.per_class,
      exact: this.counts.fp === 0 && this.counts.fn === 0,
      covered: false,
      errors: this.errors,
    };
    if (semeval) s.semeval = semeval;
    if (outcomes) s.outcomes = outcomes;
    return s;
  }
}

export function newTally(): Tally {
  return new Tally();
}
