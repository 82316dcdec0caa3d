import type { Example } from '../../core/schemas/example.js';
import type { Rule } from '../../core/schemas/rule.js';
import type { Task } from '../../core/schemas/task.js';
import { classificationCandidates } from './classify.js';
import { induceClasses } from './covering/induce-classes.js';
import { chooseDefault, defaultCandidate, shareOf } from './default-class.js';
import { functionWords, onlyFunctionWords } from './function-words.js';
import type { CoveringGrid, ResolvedOptions } from './options.js';
import { selectCandidates, type Figures } from './pipeline.js';
import type { ProbeCache } from './probe-cache.js';
import type { InduceReport } from './types.js';
import { TUNING } from './tuning.js';

/** What a learner works with besides its train examples: judged on `opts.dev` when there is one. */
export interface LearnContext {
  task: Task;
  opts: ResolvedOptions;
  report: InduceReport;
  started: number;
  /** The learn's last candidate run, shared by the learners and folds of one learn (see `ProbeCache`). */
  probes?: ProbeCache;
}

/** A learner's rule list, and whether it is final (merged, prioritised, checked) as it stands. */
export interface RuleList {
  rules: Rule[];
  finalized: boolean;
  /** Its train and dev figures when the learner already measured them. */
  figures: Figures | null;
  /** The settings a self-validating learner's own cross-validation chose (none with dev). */
  grid?: CoveringGrid | null;
}

/** One way of learning classification rules from train, judged on dev when there is one. */
export interface Learner {
  name: string;
  learn(train: readonly Example[], ctx: LearnContext): Promise<RuleList>;
  /**
   * Whether, given no dev split, it judges its own lists on the texts it learns from (k-fold
   * cross-validation): then on small data it can learn from train and dev together.
   */
  selfValidating?: boolean;
}

/** Sequential covering over an inverted index of train (covering/). */
export const coveringLearner: Learner = {
  name: 'sequential covering',
  selfValidating: true,
  learn: (train, ctx) => {
    const learned = induceClasses({ task: ctx.task, train, opts: ctx.opts, report: ctx.report, started: ctx.started });
    return Promise.resolve({ rules: learned.rules, finalized: false, figures: learned.figures, grid: learned.grid });
  },
};

/** Candidate selection: every candidate run through the engine, a decision list kept by its gains on train and dev. */
export const selectionLearner: Learner = selection('candidate selection', false);

/**
 * Candidate selection learned for a default class: the default rule sits below the list from the
 * start, so a rule of the majority label is kept only where it stops a wrong answer of another.
 */
export const selectionForDefaultLearner: Learner = selection('candidate selection learned for the default', true);

/** Whether the train majority is large enough that learning a list for it as the default may pay. */
export function defaultLearnerPays(train: readonly Example[], defaultLabel: string | null): boolean {
  const choice = chooseDefault(train.map(labelOf), defaultLabel ?? undefined);
  return choice !== null && shareOf(choice) >= TUNING.arbiter.defaultLearnerShare;
}

/** A label as the learners read it: trimmed, null when empty. */
export const trimmedLabel = (label: string | null | undefined): string | null => (label ?? '').trim() || null;

/** An example's label as the learners read it: trimmed, null when empty. */
export const labelOf = (e: Example): string | null => trimmedLabel(e.label);

function selection(name: string, forDefault: boolean): Learner {
  return { name, learn: (train, ctx) => learnSelection(train, ctx, forDefault) };
}

async function learnSelection(train: readonly Example[], ctx: LearnContext, forDefault: boolean): Promise<RuleList> {
  const left = Math.max(0, ctx.opts.learnBudgetMs - (performance.now() - ctx.started));
  const opts: ResolvedOptions = { ...ctx.opts, maxRules: Math.min(ctx.opts.maxRules, TUNING.arbiter.selectionMaxRules), learnBudgetMs: left };
  const all = classificationCandidates(ctx.task, train, opts);
  const weak = ctx.opts.avoidFunctionWords ? functionWords(train.map((e) => e.text ?? ''), train.map(labelOf)) : null;
  const candidates = weak ? all.filter((c) => !c.keys?.every((k) => onlyFunctionWords(k, weak))) : all;
  const choice = forDefault ? chooseDefault(train.map(labelOf), ctx.opts.defaultLabel ?? undefined) : null;
  const defaultRule = choice ? { defaultRule: defaultCandidate(choice) } : {};
  const rules = await selectCandidates({ task: ctx.task, train, candidates, opts, report: ctx.report, started: performance.now(), merge: true, ...defaultRule, ...(ctx.probes ? { probes: ctx.probes } : {}) });
  return { rules, finalized: true, figures: null };
}

/** Whether running every candidate through the engine (candidate selection, generic patches) is cheap enough here. */
export function selectionAffordable(train: readonly Example[], dev: readonly Example[] | null): boolean {
  const { texts, chars } = TUNING.arbiter.selectionAffordable;
  let n = 0;
  for (const e of [...train, ...(dev ?? [])]) n += (e.text ?? JSON.stringify(e.input ?? '')).length;
  return train.length + (dev?.length ?? 0) <= texts && n <= chars;
}

/** The same learner with no trigger made only of function words: across folds, whether such triggers earn their place. */
export function withoutFunctionWords(learner: Learner): Learner {
  return {
    name: `${learner.name} without function-word triggers`,
    ...(learner.selfValidating ? { selfValidating: true } : {}),
    learn: (train, ctx) => learner.learn(train, { ...ctx, opts: { ...ctx.opts, avoidFunctionWords: true } }),
  };
}
