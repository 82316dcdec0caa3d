import { predict, type RunTask } from '../engine/predict.js';
import type { Scorer } from '../eval/scorer.js';
import type { Counts } from '../ratio.js';
import type { Example } from '../schemas/example.js';
import { RuleStatus, type Rule } from '../schemas/rule.js';
import { f1Of, minus } from './scored-run.js';

/** Naive figures of one rule: the rule alone, and the ruleset without it, each run from scratch. */
export interface NaiveRankedRule {
  id: string;
  solo: Counts;
  solo_f1: number | null;
  loo: Counts;
  loo_f1: number | null;
  marginal_f1: number | null;
}

const ALL_STATUSES = RuleStatus.options;

/** Runs the rules from scratch (order, compile, execute, resolve) and sums the scores in example order. */
export function naiveCounts(task: RunTask, rules: readonly Rule[], examples: readonly Example[], scorer: Scorer): Counts {
  const { predictions } = predict(task, rules, examples, { statuses: ALL_STATUSES });
  const c: Counts = { tp: 0, fp: 0, fn: 0 };
  for (let d = 0; d < examples.length; d++) {
    const s = scorer.score(examples[d]!, predictions[d]).counts;
    c.tp += s.tp;
    c.fp += s.fp;
    c.fn += s.fn;
  }
  return c;
}

/**
 * The baseline ranking is checked against (and benchmarked against): for each rule, the whole
 * ruleset without it is run again from scratch, regexes included, as RuleChef does. `only`
 * restricts the work to some rule ids (a sample, for estimates on large rulesets). Every rule
 * given runs, whatever its status.
 */
export function naiveRank(
  task: RunTask,
  rules: readonly Rule[],
  examples: readonly Example[],
  scorer: Scorer,
  only?: ReadonlySet<string>,
): { counts: Counts; f1: number | null; rules: NaiveRankedRule[] } {
  const counts = naiveCounts(task, rules, examples, scorer);
  const f1 = f1Of(counts);
  const out: NaiveRankedRule[] = [];
  for (const rule of rules) {
    if (only && !only.has(rule.id)) continue;
    const solo = naiveCounts(task, [rule], examples, scorer);
    const loo = naiveCounts(
      task,
      rules.filter((r) => r !== rule),
      examples,
      scorer,
    );
    const looF1 = f1Of(loo);
    out.push({ id: rule.id, solo, solo_f1: f1Of(solo), loo, loo_f1: looF1, marginal_f1: minus(f1, looF1) });
  }
  return { counts, f1, rules: out };
}
