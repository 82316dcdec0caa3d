import { describe, expect, test } from 'vitest';
import { Ensemble, type Toggle } from '../../../src/core/metrics/ensemble.js';
import { greedyPrune, type Toggleable } from '../../../src/core/metrics/greedy-prune.js';
import { f1Of, plus } from '../../../src/core/metrics/scored-run.js';
import type { MatchMode, TaskType } from '../../../src/core/schemas/task.js';
import { randomCase, scoredRun } from './random-cases.js';

interface Step {
  readonly position: number;
  readonly gain: number;
}

/**
 * Rules whose removal changes a score by a fixed amount, plus `bonus` once any of `after` is gone:
 * enough to see which rule each strategy tries, removes and measures again.
 */
class Fixed implements Toggleable<Step> {
  readonly out = new Set<number>();
  readonly tried: number[] = [];
  score = 0;
  constructor(
    readonly gains: number[],
    readonly bonus: { after: number; rule: number; gain: number } | null = null,
  ) {}
  get size() {
    return this.gains.length;
  }
  isActive(p: number) {
    return !this.out.has(p);
  }
  trial(p: number): Step {
    this.tried.push(p);
    const extra = this.bonus && p === this.bonus.rule && this.out.has(this.bonus.after) ? this.bonus.gain : 0;
    return { position: p, gain: this.gains[p]! + extra };
  }
  commit(t: Step) {
    this.out.add(t.position);
    this.score += t.gain;
  }
  neighbours(p: number, visit: (q: number) => void) {
    visit(p);
    if (this.bonus?.after === p) visit(this.bonus.rule);
  }
}

/** A `done` that says so from its (n + 1)-th call on. */
function stopAfter(n: number): () => boolean {
  let calls = 0;
  return () => calls++ >= n;
}

const positions = (ts: readonly { position: number }[]) => ts.map((t) => t.position);
const bestOf = (set: Fixed, over: object = {}) =>
  positions(greedyPrune(set, { pick: 'best', value: (t) => set.score + (t ? t.gain : 0), ...over }));

describe('first improvement', () => {
  test('sweeps from the last rule to the first, and again while a sweep removed something', () => {
    // Rule 3 pays only once rule 1 is gone, which the first sweep tries after it.
    const set = new Fixed([0, 1, 0, -1], { after: 1, rule: 3, gain: 2 });
    const removed = greedyPrune(set, { pick: 'first', accept: (t) => t.gain > 0 });
    expect(positions(removed)).toEqual([1, 3]);
    expect(set.tried).toEqual([3, 2, 1, 0, 3, 2, 0, 2, 0]);
  });

  test.each([
    ['only the rules `only` allows', { only: (p: number) => p !== 2 }, [1]],
    ['nothing once the deadline has passed', { deadline: 0 }, []],
  ])('tries %s', (_name, over, removed) => {
    const set = new Fixed([0, 1, 1]);
    expect(positions(greedyPrune(set, { pick: 'first', accept: (t) => t.gain > 0, ...over }))).toEqual(removed);
  });
});

describe('best improvement', () => {
  test.each([
    ['removes the largest gain first, ties going to the latest rule', [1, 3, 2, 3], {}, [3, 1, 2, 0]],
    ['removes only gains above the tolerance', [1, 3, 2, 3], { tolerance: 1.5 }, [3, 1, 2]],
    ['stops after maxSteps', [1, 3, 2, 3], { maxSteps: 2 }, [3, 1]],
    ['removes the best even at a loss with a tolerance of -Infinity', [-1, -2], { tolerance: -Infinity }, [0, 1]],
    ['stops when done says so', [1, 3, 2, 3], { done: stopAfter(1) }, [3]],
    ['removes a batch of the best at a time', [1, 3, 2, 3], { batch: () => 3, maxSteps: 1 }, [3, 1, 2]],
  ])('%s', (_name, gains, over, removed) => {
    expect(bestOf(new Fixed(gains), over)).toEqual(removed);
  });

  test('measures again only the rules a removal touched', () => {
    const set = new Fixed([1, 3, -1, 2], { after: 1, rule: 2, gain: 5 });
    expect(bestOf(set)).toEqual([1, 2, 3, 0]);
    // Step 1 measures all four; then only rule 2 (touched by rule 1); then nothing new.
    expect(set.tried).toEqual([0, 1, 2, 3, 2]);
  });

  const COMBOS: [TaskType, MatchMode, 'rulechef' | 'non_overlapping'][] = [
    ['classification', 'text', 'rulechef'],
    ['ner', 'text', 'rulechef'],
    ['ner', 'overlap', 'non_overlapping'],
    ['transformation', 'text', 'rulechef'],
  ];

  test.each(COMBOS)('reusing untouched trials removes what measuring every rule at every step removes: %s, %s, %s', (type, mode, policy) => {
    for (let seed = 0; seed < 25; seed++) {
      const run = scoredRun(randomCase(9500 + seed, type, mode, policy));
      const prune = (set: Toggleable<Toggle>, ens: Ensemble) =>
        positions(greedyPrune(set, { pick: 'best', value: (t) => f1Of(t ? plus(ens.totals.counts, t.delta) : ens.totals.counts) }));
      const cached = new Ensemble(run);
      const fresh = new Ensemble(run);
      // Every removal touches every rule: nothing is reused.
      const everything: Toggleable<Toggle> = {
        size: fresh.size,
        isActive: (p) => fresh.isActive(p),
        trial: (p) => fresh.trial(p),
        commit: (t) => fresh.commit(t),
        neighbours: (_p, visit) => fresh.outputs.rules.forEach((_r, q) => visit(q)),
      };
      expect(prune(cached, cached), `seed ${seed}`).toEqual(prune(everything, fresh));
      expect(cached.totals).toEqual(fresh.totals);
    }
  });
});
