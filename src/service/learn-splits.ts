import { RulewrightError } from '../core/errors.js';
import { shellWord } from '../core/shell-word.js';
import type { Example } from '../core/schemas/example.js';
import type { Task } from '../core/schemas/task.js';
import { devTooSmall, minDevTexts } from '../learn/induce/covering/small-dev.js';
import { labelOf } from '../learn/induce/learners.js';
import { TUNING } from '../learn/induce/tuning.js';
import type { DatasetContext } from './dataset-context.js';
import { LEARN_DEV_FRACTION, type LearnResult, MIN_DEV_PER_LABEL } from './learn-request.js';
import { planSplit, type SplitPlan } from './split.js';

/** The dev split a run made (stored only with the run), and the examples as they stand with it. */
export interface LearnSplits {
  planned: SplitPlan | null;
  created: LearnResult['split']['created'];
  /** An example with the split the plan gives it. */
  splitOf: <E extends Example | undefined>(e: E) => E;
  inSplit: (split: 'train' | 'dev') => Example[];
}

/**
 * Plans a seeded, stratified dev split when the dataset has none and enough examples for one.
 * The plan is stored in the run's final transaction, so a learn that fails or is killed leaves
 * the dataset unsplit; until then the examples are read with the split it gives them.
 *
 * The offline inducer makes one only where it could judge on its own (`devTooSmall`) and the
 * examples are too many to cross-validate on all of them: otherwise it chooses by
 * cross-validation over train and dev anyway, and a dev split would only take a fifth of the
 * examples away from learning (`devUnneeded`). Past `TUNING.smallDev.crossValidateUpTo` examples
 * cross-validation costs more than the budget, and the dev split is made. An LLM's rules are not fitted to train, so a
 * small dev still tells more about them than train does: its rule is the older, looser one.
 */
export function learnSplits(ctx: DatasetContext, how: { seed: number; offline: boolean }, notes: string[]): LearnSplits {
  const { store, dataset: d } = ctx;
  const { seed } = how;
  const labelCount = Math.max(1, d.task.labels?.length ?? 1);
  const trainCount = store.examples.count(d.id, { split: 'train' });
  const devCount = store.examples.count(d.id, { split: 'dev' });
  let planned: SplitPlan | null = null;
  // Every example with the split it learns with, in import order (as a split's own read gives
  // them), read once: to check the plan, then to learn from.
  let all: Example[] | null = null;
  if (devCount === 0 && trainCount > 0 && trainCount * LEARN_DEV_FRACTION < MIN_DEV_PER_LABEL * labelCount) {
    notes.push(
      `too few examples for a dev split (${trainCount} train examples, ${labelCount} label${labelCount === 1 ? '' : 's'}): none was made, so nothing is taken away from learning ` +
        '(the offline inducer judges its rules by cross-validation on train)',
    );
  } else if (devCount === 0) {
    if (trainCount === 0)
      throw new RulewrightError('BAD_INPUT', `dataset "${d.name}" has no training examples: import some (\`rulewright import FILE\`) or re-split with \`rulewright split --dev F --test F\``);
    planned = planSplit(ctx, { dev: LEARN_DEV_FRACTION, seed });
    const listed = store.examples.list(d.id);
    all = listed.map(splitBy(planned));
    const unneeded = how.offline ? devUnneeded(d.task, all, trainCount) : null;
    if (unneeded) {
      notes.push(
        `no dev split was made: ${unneeded}; ` +
          `all ${trainCount.toLocaleString('en-US')} train examples were learned from, and the offline inducer chose by cross-validation on them (affordable up to ${TUNING.smallDev.crossValidateUpTo.toLocaleString('en-US')}) ` +
          `(to judge on a dev split anyway, make one first: \`rulewright split --dev ${LEARN_DEV_FRACTION} --dataset ${shellWord(d.name)}\`)`,
      );
      planned = null;
      all = listed;
    } else notes.push(`the dataset had no dev split: made a seeded, stratified one first (dev ${LEARN_DEV_FRACTION}, seed ${seed}; test kept as it was)`);
  }
  const created: LearnResult['split']['created'] = planned && { dev: LEARN_DEV_FRACTION, seed, splits: planned.splits };
  const read = all;
  const inSplit = (split: 'train' | 'dev') => (read ? read.filter((e) => e.split === split) : store.examples.list(d.id, { split }));
  return { planned, created, splitOf: splitBy(planned), inSplit };
}

/** An example with the split `plan` gives it (as it is, with no plan). */
const splitBy =
  (plan: SplitPlan | null) =>
  <E extends Example | undefined>(e: E): E =>
    e && plan?.assigned.has(e.id) ? { ...e, split: plan.assigned.get(e.id)! } : e;

/**
 * Why the offline inducer is better off without the planned dev split, or null: it would be too
 * small to judge on its own, or the examples are few enough that the inducer chooses by
 * cross-validation over all of them anyway (`TUNING.arbiter.crossValidateTexts`), where a dev
 * split would only keep a fifth of them from the rules it keeps.
 */
function devUnneeded(task: Task, planned: readonly Example[], trainCount: number): string | null {
  if (trainCount > TUNING.smallDev.crossValidateUpTo) return null;
  const tooSmall = madeDevTooSmall(task, planned);
  if (tooSmall) return `the one learn would make (${LEARN_DEV_FRACTION} of the examples) fails the check, ${tooSmall}`;
  const few = TUNING.arbiter.crossValidateTexts;
  const n = (x: number) => x.toLocaleString('en-US');
  return trainCount <= few ? `${n(trainCount)} examples are few enough (at most ${n(few)}) to judge what is learned on each of them held out once, where a dev split would keep a fifth of them from the rules learned` : null;
}

/**
 * Why the planned dev split would be too small to judge on its own, or null, from every example
 * with its planned split. Classification reads `devTooSmall` (too few texts, or too few of a
 * label); other tasks count texts alone, as a text there holds items of many labels.
 */
function madeDevTooSmall(task: Task, planned: readonly Example[]): string | null {
  const dev = planned.filter((e) => e.split === 'dev');
  if (task.type === 'classification') return devTooSmall(planned.filter((e) => e.split === 'train').map(labelOf), dev.map(labelOf), dev.map((e) => e.text ?? ''));
  const n = dev.length;
  return n < minDevTexts() ? `dev would have ${n} example${n === 1 ? '' : 's'}, too few to judge on its own (${minDevTexts()} are needed)` : null;
}
