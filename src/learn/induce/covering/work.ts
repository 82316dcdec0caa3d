/**
 * A clock that counts work rather than milliseconds: the steps of covering's inner loops (a
 * feature read from a text, a rule tried on one, a posting visited). Cross-validation decides by
 * it whether another point of its grid starts, so the points it judges, and the list it picks,
 * are the same on a loaded machine as on an idle one; the wall clock stays a hard stop behind it.
 *
 * One counter for the process, like `performance.now()`: it only rises, and a reader takes the
 * difference between two readings. Covering is synchronous, so no other learn's work can fall
 * between the readings of one cross-validation.
 */
let units = 0;

/** Adds `n` steps of work. */
export function spend(n: number): void {
  units += n;
}

/** Steps of work done in this process so far. */
export function workDone(): number {
  return units;
}

/**
 * How much of a cross-validation's share is left: `units` of work (the deterministic limit) and
 * a wall-clock `deadline` (a performance.now() time) that stops it on a machine much slower than
 * the one `TUNING.covering.workPerMs` was measured on.
 */
export class WorkBudget {
  private readonly start = workDone();

  constructor(
    readonly units: number,
    readonly deadline: number,
  ) {}

  /** Work spent since the budget was made. */
  spent(): number {
    return workDone() - this.start;
  }

  /** Whether either limit has been reached. */
  over(): boolean {
    return this.spent() >= this.units || performance.now() >= this.deadline;
  }

  /** Whether the clock, before the work limit, stopped it: the machine ran slower than measured. */
  byClock(): boolean {
    return this.spent() < this.units && performance.now() >= this.deadline;
  }

  /** Whether `more` units of work would still fit under the work limit. */
  fits(more: number): boolean {
    return this.spent() + more < this.units;
  }
}
