import { isDefaultRule } from '../../core/engine/default-rule.js';
import { mulberry32 } from '../../core/random.js';
import type { Example } from '../../core/schemas/example.js';
import type { Task } from '../../core/schemas/task.js';
import { classificationCandidates } from './classify.js';
import { fieldCandidates } from './fields.js';
import { resolveOptions, type ResolvedOptions } from './options.js';
import { induceWindows } from './windows/induce-windows.js';
import { arbitrate, type Entry, type Verdict } from './arbiter.js';
import { chooseDefault, defaultNote, shareOf, type DefaultVerdict } from './default-class.js';
import { tooFew } from './covering/small-dev.js';
import { functionWords } from './function-words.js';
import { coveringLearner, defaultLearnerPays, labelOf, selectionAffordable, selectionForDefaultLearner, selectionLearner, withoutFunctionWords } from './learners.js';
import { finalizeRules, scoreRules, selectCandidates } from './pipeline.js';
import { ProbeCache } from './probe-cache.js';
import { Pool } from './pool.js';
import { eachAlone, holdLabelBudget, holdRuleBudget } from './rule-budget.js';
import { newReport } from './report.js';
import { spanCandidates, spanDocs } from './spans/index.js';
import { bestOption, crossValidateSpans, spanOptions, type LearnSpans, type SpanLearned } from './spans/choose-learner.js';
import { TUNING } from './tuning.js';
import type { Candidate, InduceOptions, InduceReport, InduceResult } from './types.js';
import type { Rule } from '../../core/schemas/rule.js';

/** A seeded sample of `n` examples, in their original order. */
export function sample<T>(items: readonly T[], n: number, seed: number): T[] {
  if (items.length <= n) return [...items];
  const rnd = mulberry32(seed);
  const idx = items.map((_, i) => i);
  for (let i = idx.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [idx[i], idx[j]] = [idx[j]!, idx[i]!];
  }
  return idx
    .slice(0, n)
    .sort((a, b) => a - b)
    .map((i) => items[i]!);
}

/** Candidates for any task type, from the train examples. */
export function generateCandidates(task: Task, train: readonly Example[], opts: ResolvedOptions): Candidate[] {
  if (task.type === 'classification') return classificationCandidates(task, train, opts);
  if (task.type === 'transformation') return fieldCandidates(task, train, opts);
  return spanCandidates(task, train, opts);
}

/**
 * The default when the kept list is not covering's (covering reports its own): the verdict of the
 * selection lists without a default, with one after them, and learned for one, as the arbiter judged them.
 */
function defaultReport(v: Verdict, covering: InduceReport, train: readonly Example[], opts: ResolvedOptions): void {
  const { kept } = v;
  if (kept.report === covering) return;
  const last = kept.list.rules.at(-1);
  const choice = chooseDefault(train.map(labelOf), opts.defaultLabel ?? undefined);
  const f1 = (name: string) => v.entries.find((e) => e.name === name)?.f1 ?? null;
  const none = f1(selectionLearner.name);
  if (!choice || none === null) return;
  const added = !!last && isDefaultRule(last);
  const verdict: DefaultVerdict = { none, appended: f1(`${selectionLearner.name} with the default`), own: f1(selectionForDefaultLearner.name), chosen: !added ? 'none' : kept.appended ? 'appended' : 'own', on: v.on };
  kept.report.default = { label: choice.label, share: shareOf(choice), chosen_by: choice.by, added, verdict };
  if (added || covering.default?.added) kept.report.notes.push(defaultNote(choice, verdict));
}

/** Whether the texts have function words (learned from them) for triggers to be made of. */
const hasFunctionWords = (examples: readonly Example[]): boolean => functionWords(examples.map((e) => e.text ?? ''), examples.map(labelOf)).size > 0;

/**
 * Covering learning alone with a dev split of too few texts (or groups of near-duplicates) to judge
 * on its own: it learns as with no dev, its cross-validation on train choosing (near-duplicates held
 * out together), for a list cut and ordered on 20 documents' windows fits those 20 (held-out ECHR
 * judgments, five seeds: .744 on average before, .78 to .84 after, with as much of its grid as the
 * clock lets cross-validation judge). A dev split with enough texts but too few of one label
 * still judges here: the budgets that hold a list to a readable size are judged on dev, and
 * without it a 77-label list is twice as long. With several learners the arbiter compares them by
 * cross-validation (see `arbitrate`).
 */
function setAsideSmallDev(opts: ResolvedOptions): ResolvedOptions {
  if (!opts.dev || opts.inFold) return opts;
  const why = tooFew(opts.dev, opts.dev.map((e) => e.text ?? ''));
  return why ? { ...opts, dev: null, devSetAside: why } : opts;
}

/**
 * Classification: the covering learner always runs; with a dev split and little text, candidate
 * selection runs as well (a default the user named is built by covering alone), and the arbiter
 * keeps the better list (see `arbitrate`).
 */
async function learnClasses(task: Task, train: readonly Example[], opts: ResolvedOptions, report: InduceReport, started: number): Promise<Entry> {
  const both = opts.dev !== null && opts.defaultLabel === null && selectionAffordable(train, opts.dev);
  const selections = defaultLearnerPays(train, opts.defaultLabel) ? [selectionLearner, selectionForDefaultLearner] : [selectionLearner];
  const learners = both ? [coveringLearner, ...selections] : [coveringLearner];
  // Where dev is too small to judge, cross-validation decides, and triggers made only of function
  // words must earn their place there: each learner also runs without them. A task whose texts
  // have none (two labels, or too few texts) would learn every list twice for the same result.
  const without = both && tooFew(opts.dev!, opts.dev!.map((e) => e.text ?? '')) !== null && hasFunctionWords([...train, ...opts.dev!]);
  const verdict = await arbitrate(without ? [...learners, ...learners.map(withoutFunctionWords)] : learners, train, { task, opts: both ? opts : setAsideSmallDev(opts), report, started, probes: new ProbeCache() });
  defaultReport(verdict, report, train, opts);
  return verdict.kept;
}

/**
 * Spans: the candidate pipeline and the token-window learner both learn, and of the two rulesets and
 * their union the best is kept (within a tie, the one with fewer rules): on dev, or, with no dev
 * split (too few examples to make one), by k-fold cross-validation on train, whose estimate the
 * summary prints beside train F1. A dev split the user gave, however small, judges: it may be
 * there to say what train lacks (names train never had).
 */
async function withWindows(task: Task, train: readonly Example[], opts: ResolvedOptions, report: InduceReport, started: number): Promise<Rule[]> {
  const learned = await learnBoth(task, train, opts, report, started);
  const { pipeline, windows: win } = learned;
  if (!win.length) return pipeline;
  const options = spanOptions(learned);
  const on = opts.dev ? 'dev' : 'train';
  const own = options.map((o) => scoreRules(task, o.rules, opts.dev ?? train).f1 ?? 0);
  const small = !opts.inFold && !opts.dev && train.length <= TUNING.arbiter.crossValidateTexts;
  const cv = small ? await crossValidateSpans(task, train, learnSpans(task), opts, started + opts.learnBudgetMs * TUNING.arbiter.cvBudgetShare) : null;
  const pick = bestOption(options, cv?.f1 ?? own);
  const best = options[pick]!;
  const listed = (f1: readonly number[]) => options.map((o, i) => `${o.name} F1 ${f1[i]!.toFixed(3)} (${o.rules.length} rules)`).join(', ');
  if (cv) {
    report.cross_validation = { folds: cv.folds, f1: cv.f1[pick]! };
    report.notes.push(
      `span learners compared by ${cv.folds}-fold cross-validation on train (${train.length} texts, no dev split): ${listed(cv.f1)}; kept ${best.name}. ` +
        `Cross-validated estimate F1 ${cv.f1[pick]!.toFixed(3)} beside train F1 ${own[pick]!.toFixed(3)}: expect new text nearer the estimate`,
    );
  } else {
    if (small) report.notes.push('cross-validation on train ran out of its share of the budget: train chose');
    report.notes.push(`span learners compared on ${on}: ${listed(own)}; kept ${best.name}`);
  }
  if (best.rules === pipeline) return pipeline;
  const budgeted = withinBudgets(task, train, opts, report, best.rules);
  const fromPipeline = new Set(pipeline.map((r) => r.id));
  const kept = budgeted.filter((r) => fromPipeline.has(r.id));
  const fresh = await finalizeRules({ task, train, opts, report, started }, budgeted.filter((r) => !fromPipeline.has(r.id)), kept);
  return [...kept, ...fresh];
}

/**
 * The rules within `--max-rules` and every label within `--max-rules-per-label`: each span learner
 * keeps to them, but the window learner's broad templates dev admits, and two lists together, can
 * pass them. Only then are they run again, and the rules that add least dev F1 go (see `BudgetChoice`).
 */
function withinBudgets(task: Task, train: readonly Example[], opts: ResolvedOptions, report: InduceReport, rules: readonly Rule[]): readonly Rule[] {
  const per = new Map<string, number>();
  for (const r of rules) per.set(r.output.label, (per.get(r.output.label) ?? 0) + 1);
  if (rules.length <= opts.maxRules && Math.max(0, ...per.values()) <= opts.maxRulesPerLabel) return rules;
  const pool = Pool.run(task, rules, train, opts.dev, new Set(rules.map((r) => r.id)));
  const choice = { on: 'dev' } as const;
  const removed = [...holdRuleBudget(pool, eachAlone, opts.maxRules, report, choice), ...holdLabelBudget(pool, eachAlone, opts.maxRulesPerLabel, report, choice)];
  const gone = new Set(removed.map((p) => pool.rules[p]!.rule.id));
  return rules.filter((r) => !gone.has(r.id));
}

/** Both span learners on `rows`: the candidate pipeline, then the token-window templates. */
async function learnBoth(task: Task, rows: readonly Example[], opts: ResolvedOptions, report: InduceReport, started: number): Promise<SpanLearned> {
  const pipeline = await selectCandidates({ task, train: rows, candidates: generateCandidates(task, rows, opts), opts, report, started, merge: false });
  return { pipeline, windows: induceWindows({ task, train: rows, docs: spanDocs(rows), opts, report, started }) };
}

/** Both span learners as a fold of `crossValidateSpans` runs them: a report and a clock of their own. */
const learnSpans =
  (task: Task): LearnSpans =>
  (rows, opts) =>
    learnBoth(task, rows, opts, newReport(task, rows.length, 0), performance.now());

/** `induceRules`: candidates from train, then the shared selection pipeline. */
export async function induce(task: Task, trainIn: readonly Example[], options: InduceOptions): Promise<InduceResult> {
  const started = performance.now();
  const opts = resolveOptions(task, options);
  const train = sample(trainIn, opts.maxTrainExamples, opts.seed);
  const report = newReport(task, train.length, opts.dev?.length ?? 0);
  if (train.length < trainIn.length) report.notes.push(`train sampled to ${train.length} of ${trainIn.length} examples (seed ${opts.seed})`);
  if (!train.length) {
    report.notes.push('no train examples: nothing to learn from');
    report.elapsed_ms = Math.round(performance.now() - started);
    return { rules: [], remove: [], report };
  }
  if (task.type === 'classification') {
    const chosen = await learnClasses(task, train, opts, report, started);
    const { list } = chosen;
    const rules = list.finalized ? list.rules : await finalizeRules({ task, train, opts, report: chosen.report, started }, list.rules, [], list.figures);
    chosen.report.emitted = rules.length;
    chosen.report.elapsed_ms = Math.round(performance.now() - started);
    return { rules, remove: [], report: chosen.report };
  }
  const rules =
    task.type === 'transformation'
      ? await selectCandidates({ task, train, candidates: generateCandidates(task, train, opts), opts, report, started, merge: false })
      : await withWindows(task, train, opts, report, started);
  report.emitted = rules.length;
  report.elapsed_ms = Math.round(performance.now() - started);
  return { rules, remove: [], report };
}
