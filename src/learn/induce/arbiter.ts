import { evaluateRulesetNow } from '../../core/eval/evaluate-ruleset.js';
import { greedyPrune } from '../../core/metrics/greedy-prune.js';
import { plus } from '../../core/metrics/scored-run.js';
import { macroF1Of, prf, type Counts } from '../../core/ratio.js';
import type { Example } from '../../core/schemas/example.js';
import type { Rule } from '../../core/schemas/rule.js';
import { foldsOf } from './covering/cross-validate.js';
import { devTooSmall, foldsFor } from './covering/small-dev.js';
import { chooseDefault, defaultCandidate, macroJudged, shareOf } from './default-class.js';
import { isDefaultRule } from '../../core/engine/default-rule.js';
import { nearDuplicateGroups } from './near-duplicates.js';
import { labelOf, type LearnContext, type Learner, type RuleList } from './learners.js';
import type { CoveringGrid } from './options.js';
import { Pool } from './pool.js';
import type { Judge } from './select.js';
import { newReport } from './report.js';
import { candidateId, toRule } from './rule-factory.js';
import { uniqSorted } from './text.js';
import { TUNING } from './tuning.js';
import type { InduceReport } from './types.js';

/** A list's counts on some texts: all labels together, and each label's own. */
interface Tally {
  micro: Counts;
  perLabel: Map<string, Counts>;
}

const textsOf = (es: readonly Example[]): string[] => es.map((e) => e.text ?? '');

const emptyTally = (): Tally => ({ micro: { tp: 0, fp: 0, fn: 0 }, perLabel: new Map() });

function tallyOn(task: LearnContext['task'], rules: readonly Rule[], examples: readonly Example[], into: Tally = emptyTally()): Tally {
  const t = evaluateRulesetNow(task, rules, examples, { statuses: ['active', 'proposed'], outcomes: false }).totals;
  into.micro = plus(into.micro, t.counts);
  for (const [l, c] of t.per_class) into.perLabel.set(l, plus(into.perLabel.get(l) ?? { tp: 0, fp: 0, fn: 0 }, c));
  return into;
}

const microF1 = (t: Tally): number => prf(t.micro).f1 ?? 0;

const macroF1 = (t: Tally): number => macroF1Of(t.perLabel.values()) ?? 0;

/** How lists are judged: micro F1, or macro F1 where one label holds most of train (`macroJudged`). */
function judgeOf(train: readonly Example[]): { name: string; score: (t: Tally) => number; why: string } {
  const choice = macroJudged(train.map(labelOf));
  return choice
    ? { name: 'macro F1', score: macroF1, why: ` by macro F1 (each label counts the same: ${choice.label} holds ${Math.round(shareOf(choice) * 100)} % of train)` }
    : { name: 'F1', score: microF1, why: '' };
}

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
  const gone = new Set(greedyPrune(pool, { pick: 'first', accept: notNeeded, deadline: ctx.started + ctx.opts.learnBudgetMs, only: own }).map((t) => pool.rules[t.position]!.id));
  return all.filter((r) => !gone.has(r.id));
}

/** What one learner learned, and the train it learned from (a default appended after it is judged on that train). */
interface Learned {
  learner: Learner;
  list: RuleList;
  report: InduceReport;
  train: readonly Example[];
}

/** Every list to judge: each learner's own and, where it has no default, with one. */
function entriesOf(learned: readonly Learned[], ctx: LearnContext): Entry[] {
  return learned.flatMap(({ learner, list, report, train }) => {
    const own: Entry = { name: learner.name, list, report, learner, appended: false };
    const plus = list.finalized ? withDefault(list.rules, train, ctx) : null;
    return plus ? [own, { name: `${learner.name} with the default`, list: { ...list, rules: plus, figures: null }, report, learner, appended: true }] : [own];
  });
}

/**
 * Runs a learner on `all` as it would learn on small data: a self-validating learner from every
 * text (it judges its own lists by cross-validation), any other from a dev-sized share held back
 * as its dev.
 */
async function learnOnAll(learner: Learner, all: readonly Example[], devShare: number, seed: number, ctx: LearnContext, learnBudgetMs: number, grid?: CoveringGrid): Promise<Learned> {
  const split = learner.selfValidating ? { train: all, dev: null } : holdOut(all, devShare, seed);
  const report = newReport(ctx.task, split.train.length, split.dev?.length ?? 0);
  const opts = { ...ctx.opts, dev: split.dev, learnBudgetMs, onProgress: undefined, inFold: true, ...(grid ? { coveringGrid: grid } : {}) };
  const fctx: LearnContext = { task: ctx.task, opts, report, started: performance.now(), ...(ctx.probes ? { probes: ctx.probes } : {}) };
  return { learner, list: await learner.learn(split.train, fctx), report, train: split.train };
}

/**
 * A learner's list to be judged beside the others (`report`: the one it writes to, null for a new
 * one). A learner that builds its list on dev (candidate selection keeps each rule by its dev gain)
 * builds it on `build`, a half of dev, when there is one, so that the other half still judges it.
 */
async function learnBeside(learner: Learner, train: readonly Example[], ctx: LearnContext, report: InduceReport | null, build: readonly Example[] | null): Promise<Learned> {
  const opts = build && !learner.selfValidating ? { ...ctx.opts, dev: build } : ctx.opts;
  const own = report ?? newReport(ctx.task, train.length, opts.dev?.length ?? 0);
  return { learner, list: await learner.learn(train, { ...ctx, report: own, opts }), report: own, train };
}

/**
 * Dev in two stratified halves when dev alone judges and a learner builds its list on dev: judged
 * on the dev it was built on, candidate selection beat covering on TREC-6 draws (dev F1 .870
 * against .846) and then scored .570 to .597 on held-out rows against covering's .730 to .783.
 * It builds on one half and every list is judged on the other. Covering learns on train and only
 * cuts and orders its list on dev, all of it; inside a fold every learner has a dev of its own.
 */
function devHalves(learners: readonly Learner[], dev: readonly Example[] | null, small: string | null, ctx: LearnContext): { build: Example[]; judge: Example[] } | null {
  if (!dev || small || ctx.opts.inFold || learners.every((l) => l.selfValidating)) return null;
  const h = holdOut(dev, 0.5, ctx.opts.seed);
  return h.train.length && h.dev.length ? { build: h.train, judge: h.dev } : null;
}

/** A stratified, seeded dev of about `devShare` of `all` (near-duplicates kept together), and the rest as train. */
function holdOut(all: readonly Example[], devShare: number, seed: number): { train: Example[]; dev: Example[] } {
  const inner = foldsOf(all.map(labelOf), Math.max(2, Math.round(1 / devShare)), seed, nearDuplicateGroups(textsOf(all)));
  return { train: all.filter((_, i) => inner[i] !== 0), dev: all.filter((_, i) => inner[i] === 0) };
}

/** Each entry's counts, its lists learned on k-1 folds of train and dev and run on the held-out fold. */
async function crossValidate(learners: readonly Learner[], all: readonly Example[], devShare: number, ctx: LearnContext, deadline: number, solos: ReadonlyMap<Learner, Learned>): Promise<{ tallies: Tally[]; folds: number } | null> {
  const labels = all.map(labelOf);
  const groups = nearDuplicateGroups(textsOf(all));
  const k = foldsFor(labels, uniqSorted(labels.filter((l): l is string => l !== null)), groups);
  const fold = foldsOf(labels, k, ctx.opts.seed, groups);
  const tallies: Tally[] = [];
  for (let j = 0; j < k; j++) {
    const held = all.filter((_, i) => fold[i] === j);
    const rest = all.filter((_, i) => fold[i] !== j);
    // Each fold's learners may use all the time left, so what they learn does not depend on how
    // fast earlier folds ran; the clock only ends the comparison when it runs out as a whole.
    const learnBudgetMs = Math.max(0, deadline - performance.now());
    const learned = [];
    for (const learner of learners) learned.push(await learnOnAll(learner, rest, devShare, ctx.opts.seed + j + 1, ctx, learnBudgetMs, solos.get(learner)?.list.grid ?? undefined));
    if (performance.now() > deadline) return null;
    entriesOf(learned, ctx).forEach((e, i) => tallyOn(ctx.task, e.list.rules, held, (tallies[i] ??= emptyTally())));
  }
  return { tallies, folds: k };
}

/** Why cross-validation judges though dev is large enough: so few texts that holding each out once is cheap, and judges on all of them. */
function fewEnough(n: number): string | null {
  const most = TUNING.arbiter.crossValidateTexts;
  return n <= most ? `train and dev have ${n} texts (at most ${most}), few enough to judge on every one of them held out once rather than on dev's share` : null;
}

/** Positions of the entries within `TUNING.arbiter.equalF1` of the best F1 among `among`. */
export function tied(f1: readonly number[], among: readonly number[]): number[] {
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

/**
 * Each self-validating learner learned on train alone, cutting its list by its own
 * cross-validation rather than on a dev too small to cut on: the list it keeps if chosen (dev
 * stays held out, so dev figures stay an estimate), and the settings its folds reuse.
 */
async function soloRuns(learners: readonly Learner[], train: readonly Example[], ctx: LearnContext): Promise<Map<Learner, Learned>> {
  const out = new Map<Learner, Learned>();
  for (const learner of learners.filter((l) => l.selfValidating)) {
    const left = ctx.started + ctx.opts.learnBudgetMs * TUNING.arbiter.cvBudgetShare - performance.now();
    if (left <= 0) break;
    out.set(learner, await learnOnAll(learner, train, 0, ctx.opts.seed, ctx, left));
  }
  return out;
}

/** Puts a learner's solo list (with the default after it when the entry had one) and report in the kept entry (`before`: the notes written before learning). */
function adopt(kept: Entry, solo: Learned, ctx: LearnContext, before: readonly string[]): void {
  const rules = kept.appended && solo.list.finalized ? withDefault(solo.list.rules, solo.train, ctx) : null;
  kept.list = rules ? { ...solo.list, rules, figures: null } : solo.list;
  Object.assign(kept.report, { ...solo.report, notes: [...before, ...solo.report.notes] });
}

/** Each list as it was compared: its name, scores and rules (`rules`: their counts then, before the kept one may be learned again). */
const describe = (entries: readonly Entry[], name: string, judged: readonly number[], micro: readonly number[], rules = entries.map((e) => e.list.rules.length)): string =>
  entries.map((e, i) => `${e.name} ${name === 'F1' ? '' : `${name} ${judged[i]!.toFixed(3)}, `}F1 ${micro[i]!.toFixed(3)} (${rules[i]} rules)`).join(', ');

/**
 * One arbiter for the classification learners: each learns on train (judged on dev), and of their
 * lists (each also with the default class after it, where it has none) the best on dev is kept,
 * fewer rules winning a tie. A dev split too small to judge on its own (`devTooSmall`) does not
 * choose: k-fold cross-validation over train and dev does, each fold's learners cut on a dev of
 * their own, and its estimate is reported beside dev F1. Notes go to the kept list's report.
 */
export async function arbitrate(learners: readonly Learner[], train: readonly Example[], ctx: LearnContext): Promise<Verdict> {
  const before = [...ctx.report.notes];
  const dev = ctx.opts.dev;
  const small = !dev || ctx.opts.inFold ? null : devTooSmall(train.map(labelOf), dev.map(labelOf), textsOf(dev)) ?? fewEnough(train.length + dev.length);
  const halves = learners.length > 1 ? devHalves(learners, dev, small, ctx) : null;
  const learned = [];
  for (const [i, learner] of learners.entries()) learned.push(await learnBeside(learner, train, ctx, i === 0 ? ctx.report : null, halves?.build ?? null));
  const entries = learned.length > 1 ? entriesOf(learned, ctx) : [{ name: learners[0]!.name, ...learned[0]!, appended: false }];
  if (entries.length === 1 || !dev) return { kept: entries[0]!, entries, on: 'dev' };
  const devTallies = entries.map((e) => tallyOn(ctx.task, e.list.rules, halves?.judge ?? dev));
  const onDev = devTallies.map(microF1);
  const deadline = ctx.started + ctx.opts.learnBudgetMs * TUNING.arbiter.cvBudgetShare;
  const solos = small ? await soloRuns(learners, train, ctx) : new Map<Learner, Learned>();
  const cv = small ? await crossValidate(learners, [...train, ...dev], dev.length / (train.length + dev.length), ctx, deadline, solos) : null;
  const judge = judgeOf(train);
  const judged = (cv?.tallies ?? devTallies).map(judge.score);
  const pick = cv ? best(entries, judged, devTallies.map(judge.score)) : best(entries, judged);
  const kept = entries[pick]!;
  const f1 = (cv?.tallies ?? devTallies).map(microF1);
  entries.forEach((e, i) => (e.f1 = f1[i]));
  if (cv) {
    const est = f1[pick]!;
    // The covering learner's own estimate is superseded by the comparison of every learner.
    for (const r of new Set(entries.map((e) => e.report))) r.notes = r.notes.filter((n) => !n.startsWith('dev has '));
    const solo = solos.get(kept.learner);
    const compared = entries.map((e) => e.list.rules.length);
    if (solo) adopt(kept, solo, ctx, kept.report === ctx.report ? before : []);
    // The list kept is then the solo run's, learned with all of dev held out: its own dev F1 is the
    // one to set beside the estimate (the summary's table shows the same figure).
    const devF1 = solo ? microF1(tallyOn(ctx.task, kept.list.rules, dev)) : onDev[pick]!;
    kept.report.cross_validation = { folds: cv.folds, f1: est };
    kept.report.notes.push(
      `${small}: ` +
        `the learners were compared${judge.why} by ${cv.folds}-fold cross-validation over train and dev (${train.length + dev.length} texts): ${describe(entries, judge.name, judged, f1, compared)}; kept ${kept.name}. ` +
        `Cross-validated estimate F1 ${est.toFixed(3)} beside dev F1 ${devF1.toFixed(3)}: expect new text nearer the estimate` +
        (solo
          ? `. It learned on train as the folds judged it, cutting its list by cross-validation on train rather than on dev (each fold reused the settings that chose, and cut on its own): ${kept.list.rules.length} rules`
          : ''),
    );
  } else {
    const notes = kept.report.notes;
    if (small) notes.push(`cross-validation over train and dev ran out of its share of the budget: dev chose, though ${small}`);
    const on = halves ? `on half of dev (${halves.judge.length} texts; candidate selection kept its rules on the other half)` : 'on dev';
    notes.push(`the learners were compared${judge.why} ${on}: ${describe(entries, judge.name, judged, f1)}; kept ${kept.name}`);
  }
  return { kept, entries, on: cv ? `${cv.folds}-fold cross-validation` : 'dev' };
}
