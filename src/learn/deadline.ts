/**
 * One clock for a whole learning run: the first synthesis and every patch round spend from the
 * same budget, so `learn --budget 60` means 60 seconds for the run, not 60 for each round.
 */
export class Deadline {
  readonly #end: number;

  constructor(
    readonly learnBudgetMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.#end = now() + learnBudgetMs;
  }

  /** Milliseconds left (never below 0). */
  remaining(): number {
    return Math.max(0, this.#end - this.now());
  }

  expired(): boolean {
    return this.remaining() <= 0;
  }
}
