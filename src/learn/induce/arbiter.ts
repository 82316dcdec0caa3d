import { prf, type Counts } from '../../core/ratio.js';
import type { Example } from '../../core/schemas/example.js';
import type { Rule } from '../../core/schemas/rule.js';
import { foldsOf } from './covering/cross-validate.js';
import { foldsFor, halfWidthOn, minDevTexts } from './covering/small-dev.js';
import { chooseDefault, defaultCandidate } from './default-class.js';
import { isDefaultRule } from '../../core/engine/default-rule.js';
import { labelOf, type LearnContext, type Learner, type RuleList } from './learners.js';
import { scoreRules } from './pipeline.js';
import { plus, Pool } from './pool.js';
import { prunePass, type Judge } from './select.js';
import { newReport } from './report.js';
import { candidateId, toRule } from './rule-factory.js';
import { uniqSorted } from './text.js';
import { TUNING } from './tuning.js';
import type { InduceReport } from './types.js';

/** One list the arbiter may keep: a learner's list, or that list with the default class after it. */
export interface Entry {
  name: string;
  list: RuleList;
  report: InduceReport;
  /** The learner, and whether the default rule was appended to what it learned (then the entry before is the list without it). */
  learner: Learner;
  appended: boolean;
  /** The F1 the arbiter judged it by (none when there was nothing to compare). */
  f1?: number;
}

/** The kept list, every list it was compared with (their `f1` set), and where they were judged. */
export interface Verdict {
  kept: Entry;
  entries: readonly Entry[];
  on: string;
}


/**
 * Removes a rule when train F1 does not fall without it: with a default after the list, a rule of
 * the default's label that fires only where no other rule would changes nothing, and goes.
 */
const notNeeded: Judge = (t, pool) => {
  const before = prf(pool.train.totals.counts).f1 ?? 0;
  return (prf(plus(pool.train.totals.counts, t.train.delta)).f1 ?? 0) >= before - 1e-9;
};

/**
 * The list with the train majority as its default rule after it, RIPPER-style: the default's own
 * rules that add nothing beyond it on train are dropped (an 87 %-majority class needs no rule
 * for "the"). Null when the list has a default already, or train has no label.
 */
export function withDefault(rules: readonly Rule[], train: readonly Example[], ctx: LearnContext): Rule[] | null {
  if (rules.some(isDefaultRule)) return null;
  const choice = chooseDefault(train.map(labelOf), ctx.opts.defaultLabel ?? undefined);
  if (!choice) return null;
  const c = defaultCandidate(choice);
  const last = toRule(c, { id: candidateId(c, ctx.opts.idPrefix), priority: 1, confidence: 0, status: ctx.opts.status });
  const all = [...rules.map((r) => ({ ...r, priority: r.priority + 1 })), last];
  const pool = Pool.run(ctx.task, all, train, null, new Set(all.map((r) => r.id)));
  const own = (p: number) => pool.rules[p]!.label === choice.label && pool.rules[p]!.id !== last.id;
  const gone = new Set(prunePass(pool, notNeeded, ctx.started + ctx.opts.budgetMs, own).map((p) => pool.rules[p]!.id));
  return all.filter((r) => !gone.has(r.id));
}

/** Every list to judge: each learner's own and, where it has no default, with one. */
function entriesOf(learned: readonly { learner: Learner; list: RuleList; report: InduceReport }[], train: readonly Example[], ctx: LearnContext): Entry[] {
  return learned.flatMap(({ learner, list, report }) => {
    const own: Entry = { name: learner.name, list, report, learner, appended: false };
    const plus = list.finalized ? withDefault(list.rules, train, ctx) : null;
    return plus ? [own, { name: `${learner.name} with the default`, list: { ...list, rules: plus, figures: null }, report, learner, appended: true }] : [own];
  });
}

/** Micro F1 of each entry's lists, learned on k-1 folds of train and dev and run on the held-out fold. */
async function crossValidate(learners: readonly Learner[], all: readonly Example[], devShare: number, ctx: LearnContext, deadline: number): Promise<{ f1: number[]; folds: number } | null> {
  const labels = all.map(labelOf);
  const k = foldsFor(labels, uniqSorted(labels.filter((l): l is string => l !== null)));
  const fold = foldsOf(labels, k, ctx.opts.seed);
  const counts: Counts[] = [];
  for (let j = 0; j < k; j++) {
    const held = all.filter((_, i) => fold[i] === j);
    const rest = all.filter((_, i) => fold[i] !== j);
    // Each fold's learners get a dev of their own, as large a share as the real one.
    const inner = foldsOf(rest.map(labelOf), Math.max(2, Math.round(1 / devShare)), ctx.opts.seed + j + 1);
    const innerTrain = rest.filter((_, i) => inner[i] !== 0);
    const innerDev = rest.filter((_, i) => inner[i] === 0);
    const budgetMs = Math.max(0, (deadline - performance.now()) / ((k - j) * learners.length));
    const learned = [];
    for (const learner of learners) {
      const fctx: LearnContext = { task: ctx.task, opts: { ...ctx.opts, dev: innerDev, budgetMs, onProgress: undefined, inFold: true }, report: newReport(ctx.task, innerTrain.length, innerDev.length), started: performance.now() };
      learned.push({ learner, list: await learner.learn(innerTrain, fctx), report: fctx.report });
    }
    if (performance.now() > deadline) return null;
    entriesOf(learned, innerTrain, ctx).forEach((e, i) => {
      const s = scoreRules(ctx.task, e.list.rules, held);
      const c = (counts[i] ??= { tp: 0, fp: 0, fn: 0 });
      c.tp += s.tp;
      c.fp += s.fp;
      c.fn += s.fn;
    });
  }
  return { f1: counts.map((c) => prf(c).f1 ?? 0), folds: k };
}

/** Positions of the entries within `TUNING.arbiter.equalF1` of the best F1 among `among`. */
function tied(f1: readonly number[], among: readonly number[]): number[] {
  const top = Math.max(...among.map((i) => f1[i]!));
  return among.filter((i) => f1[i]! >= top - TUNING.arbiter.equalF1);
}

/**
 * The best entry: the highest F1, and of entries within `TUNING.arbiter.equalF1` of it, the one
 * with the fewest rules. With a cross-validated F1 first, dev breaks its ties before size does.
 */
function best(entries: readonly Entry[], f1: readonly number[], then?: readonly number[]): number {
  // A default guesses on every text the list abstains on: it must beat its own list by more than a tie.
  const earned = (i: number) => !entries[i]!.appended || f1[i]! > f1[i - 1]! + TUNING.arbiter.equalF1;
  let among = tied(f1, entries.map((_, i) => i).filter(earned));
  if (then) among = tied(then, among);
  return among.reduce((a, b) => (entries[b]!.list.rules.length < entries[a]!.list.rules.length ? b : a));
}

const describe = (entries: readonly Entry[], f1: readonly number[]): string => entries.map((e, i) => `${e.name} F1 ${f1[i]!.toFixed(3)} (${e.list.rules.length} rules)`).join(', ');

/**
 * One arbiter for the classification learners: each learns on train (judged on dev), and of their
 * lists (each also with the default class after it, where it has none) the best on dev is kept,
 * fewer rules winning a tie. A dev split too small to judge on its own (`minDevTexts`) does not
 * choose: k-fold cross-validation over train and dev does, each fold's learners cut on a dev of
 * their own, and its estimate is reported beside dev F1. Notes go to the kept list's report.
 */
export async function arbitrate(learners: readonly Learner[], train: readonly Example[], ctx: LearnContext): Promise<Verdict> {
  const learned = [];
  for (const [i, learner] of learners.entries()) {
    const report = i === 0 ? ctx.report : newReport(ctx.task, train.length, ctx.opts.dev?.length ?? 0);
    learned.push({ learner, list: await learner.learn(train, { ...ctx, report }), report });
  }
  const dev = ctx.opts.dev;
  const entries = learned.length > 1 ? entriesOf(learned, train, ctx) : [{ name: learners[0]!.name, ...learned[0]!, appended: false }];
  if (entries.length === 1 || !dev) return { kept: entries[0]!, entries, on: 'dev' };
  const onDev = entries.map((e) => scoreRules(ctx.task, e.list.rules, dev).f1 ?? 0);
  const small = dev.length < minDevTexts() && !ctx.opts.inFold;
  const deadline = ctx.started + ctx.opts.budgetMs * TUNING.arbiter.cvBudgetShare;
  const cv = small ? await crossValidate(learners, [...train, ...dev], dev.length / (train.length + dev.length), ctx, deadline) : null;
  const pick = cv ? best(entries, cv.f1, onDev) : best(entries, onDev);
  const kept = entries[pick]!;
  entries.forEach((e, i) => (e.f1 = (cv?.f1 ?? onDev)[i]));
  if (cv) {
    const est = cv.f1[pick]!;
    kept.report.cross_validation = { folds: cv.folds, f1: est };
    // The covering learner's own estimate is superseded by the comparison of every learner.
    for (const r of new Set(entries.map((e) => e.report))) r.notes = r.notes.filter((n) => !n.startsWith('dev has '));
    kept.report.notes.push(
      `dev has ${dev.length} example${dev.length === 1 ? '' : 's'}, too few to judge on its own (its F1 is known to ±${halfWidthOn(dev.length).toFixed(2)}; ${minDevTexts()} give ±${TUNING.smallDev.halfWidth.toFixed(2)}): ` +
        `the learners were compared by ${cv.folds}-fold cross-validation over train and dev (${train.length + dev.length} texts): ${describe(entries, cv.f1)}; kept ${kept.name}. ` +
        `Cross-validated estimate F1 ${est.toFixed(3)} beside dev F1 ${onDev[pick]!.toFixed(3)}: expect new text nearer the estimate`,
    );
  } else {
    const notes = kept.report.notes;
    if (small) notes.push(`cross-validation over train and dev ran out of its share of the budget: dev chose, though its ${dev.length} examples are too few to judge on their own`);
    notes.push(`the learners were compared on dev: ${describe(entries, onDev)}; kept ${kept.name}`);
  }
  return { kept, entries, on: cv ? `${cv.folds}-fold cross-validation` : 'dev' };
}
