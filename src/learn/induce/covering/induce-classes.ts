import { greedyPrune } from '../../../core/metrics/greedy-prune.js';
import type { Example } from '../../../core/schemas/example.js';
import type { Rule } from '../../../core/schemas/rule.js';
import { chooseDefault, defaultCandidate, defaultNote, shareOf, type DefaultChoice, type DefaultVerdict } from '../default-class.js';
import { clearlyHarmful } from '../dev-judges.js';
import { mergedCandidate } from '../merge.js';
import { holdLabelBudget, mergedGroups, tieBudget, tieBudgetNote } from '../rule-budget.js';
import type { Figures } from '../pipeline.js';
import { drop, stage } from '../report.js';
import { candidateId, toRule } from '../rule-factory.js';
import { labelWords, uniqSorted } from '../text.js';
import { TUNING } from '../tuning.js';
import { indexTexts, type DecisionList } from './decision-list.js';
import type { CoveringGrid } from '../options.js';
import { FEATURES, perClassBeforeMerging, planList, runPlan, type ClassInput, type Plan, type PlanBase } from './plan.js';
import { chooseOnDev, crossValidate, type CvChoice } from './search.js';
import { foldsFor, minDevTexts, smallDevNote } from './small-dev.js';
import { WorkBudget } from './work.js';
import { shadowedRules } from './shadowed.js';
import { closingDefault, recordClosing, unlabelledChoice, type Closing, type ClosingDefault } from './closing-default.js';
import { isDefaultRule } from '../../../core/engine/default-rule.js';
import type { Pool } from '../pool.js';
import type { Candidate, InduceReport } from '../types.js';
import { orderByEvidence } from './evidence-order.js';

/**
 * The learned rules and their train and dev figures: merging rules of one label into one
 * alternation leaves every train and dev prediction as it was, so these are the figures of the rules returned.
 */
export interface ClassesResult {
  rules: Rule[];
  figures: Figures | null;
  /** Without dev: the settings cross-validation chose (a fold may reuse them). */
  grid: CoveringGrid | null;
}

/** Labels with train examples and no emitted rule, each with the reason. */
function unruled(train: readonly Example[], rules: readonly Rule[], list: DecisionList): { label: string; reason: string }[] {
  const have = new Set(rules.map((r) => r.output.label));
  const learned = new Set(list.rules.map((r) => list.classes[r.cls]!));
  const seen = uniqSorted(train.map((e) => (e.label ?? '').trim()).filter((l) => l !== ''));
  return seen
    .filter((l) => !have.has(l))
    .map((label) => ({
      label,
      reason: learned.has(label) ? 'its rules did not help on the held-out judgement (dev, or cross-validation on train)' : 'no word, phrase or combination of them predicts it with enough train precision',
    }));
}

/** The held-out figure of a choice: micro F1, or where it was judged by macro F1, that first and why. */
const held = (cv: CvChoice): string =>
  cv.macro
    ? `macro F1 ${cv.macro.f1.toFixed(3)}, each label counting the same as ${cv.macro.label} holds ${Math.round(cv.macro.share * 100)} % of train; F1 ${cv.f1.toFixed(3)}`
    : `F1 ${cv.f1.toFixed(3)}`;

/** What cross-validation on train chose, for the summary. */
function cvNotes(cv: CvChoice, devSetAside?: string): string[] {
  const chose =
    `${devSetAside ? `${devSetAside}, so it chooses nothing` : 'no dev split'}: ${cv.folds}-fold cross-validation on train chose ${cv.passes} covering pass${cv.passes === 1 ? '' : 'es'}, Wilson z ${cv.z}${cv.global ? ' with rules also bounded by their precision on all of train' : ''}` +
    `${cv.orderZ === undefined ? '' : `, the list ordered by each rule's precision on all of train (Wilson z ${cv.orderZ}, with pairs of words),`} and cut the list at rule score ${cv.minScore.toFixed(3)} (held-out ${held(cv)})`;
  const measure = cv.macro ? 'macro F1' : 'F1';
  const reorder = (cv.reorder ?? []).map((r) => `the list ordered by each rule's precision on all of train (Wilson z ${r.orderZ}): held-out ${measure} ${r.f1.toFixed(3)} against covering's ${r.covering.toFixed(3)}, paired gain z ${r.gain.toFixed(2)}${r.kept ? '; kept' : ''}`);
  const clock = cv.byClock
    ? `; the clock stopped it first (at ${Math.round(TUNING.covering.cvClockShare * 100)} % of --budget): this machine ran slower than the work share assumes, so another run may judge more or fewer settings and choose otherwise`
    : '';
  const short = cv.cutShort
    ? [
        `cross-validation ran out of its share of the budget (${Math.round(TUNING.covering.cvBudgetShare * 100)} % of --budget, counted in work so that every run judges the same settings) before it had judged every setting; ` +
          `the choice rests on those it judged (a larger --budget judges them all)${clock}`,
      ]
    : [];
  return [chose, ...reorder, ...short];
}

/**
 * Classification by sequential covering over an inverted index of train (see cover.ts): the
 * decision list is cut where held-out F1 is best (the dev split, or k-fold cross-validation on
 * train when there is none), run through the real engine on train and dev (the engine's matches,
 * not the index's estimates, decide from there), pruned of rules whose removal raises dev F1, and
 * rules of one label are merged (see `mergeByLabel`).
 */
export function induceClasses(input: ClassInput): ClassesResult {
  const { task, train, opts, report, started } = input;
  const deadline = started + opts.learnBudgetMs;
  const texts = train.map((e) => e.text ?? '');
  const trainLabels = train.map((e) => ((e.label ?? '').trim() === '' ? null : (e.label ?? '').trim()));
  const labels = [...trainLabels];
  const choice = chooseDefault(trainLabels, opts.defaultLabel ?? undefined);
  const classes = uniqSorted([...trainLabels.filter((l): l is string => l !== null), ...(task.labels ?? []), ...(choice ? [choice.label] : [])]);
  // Task knowledge: each label's own name is one more text of that label ("pending card payment").
  for (const c of classes) {
    const words = labelWords(c);
    if (!words.length) continue;
    texts.push(words.join(' '));
    labels.push(c);
  }
  const prebuilt = indexTexts(texts, FEATURES, deadline);
  const base: PlanBase = {
    ...input,
    texts,
    labels,
    classes,
    minScore: TUNING.covering.minScore,
    deadline,
    prebuilt,
    defaultRule: choice ? { cand: defaultCandidate(choice), score: shareOf(choice), pass: -1 } : null,
    withDefault: false,
    defaultClass: choice ? { cls: classes.indexOf(choice.label), prior: shareOf(choice) } : null,
  };

  let plan: Plan | null;
  let verdict: DefaultVerdict | null;
  let grid: CoveringGrid | null = null;
  // Without dev, the default cross-validation closed the list with (see closing-default.ts).
  let cvClosing: { choice: DefaultChoice; c: Closing<number>; on: string } | null = null;
  if (opts.dev) {
    // Dev judges each list (the engine runs it on dev); only the chosen one also runs on train.
    const found = chooseOnDev(base, choice, TUNING.covering.passes, opts.onProgress);
    plan = found.plan;
    verdict = found.verdict;
    report.notes.push(...found.notes);
    if (found.cutShort) report.budget_exhausted = true;
    const small = plan && !opts.inFold && performance.now() < deadline ? smallDevNote(base, plan) : null;
    if (small) report.notes.push(small);
  } else {
    // Without dev, cross-validation picks where to cut the list, how many covering passes to make, and how the list ends.
    const { cvBudgetShare, workPerMs, cvClockShare } = TUNING.covering;
    const budget = new WorkBudget(opts.learnBudgetMs * cvBudgetShare * workPerMs, started + opts.learnBudgetMs * cvClockShare);
    const cv = crossValidate(base, choice, foldsFor(labels, classes), budget);
    const fit = cv ?? { passes: TUNING.covering.passes, z: TUNING.covering.z, global: false, minScore: base.minScore, track: 'none' as const, verdict: null };
    if (cv) report.notes.push(...cvNotes(cv, opts.devSetAside));
    verdict = fit.verdict;
    if (cv) report.cross_validation = { folds: cv.folds, f1: cv.f1 };
    if (cv) grid = { passes: cv.passes, z: cv.z, global: cv.global, track: cv.track, ...(cv.orderZ === undefined ? {} : { orderZ: cv.orderZ }) };
    cvClosing = cv?.closing ? { choice: unlabelledChoice(classes[cv.closing.key]!, trainLabels), c: cv.closing, on: `${cv.folds}-fold cross-validation` } : null;
    const track = cvClosing
      ? { withDefault: true, defaultClass: null, defaultRule: { cand: defaultCandidate(cvClosing.choice), score: shareOf(cvClosing.choice), pass: -1 } }
      : { withDefault: fit.track !== 'none', defaultClass: fit.track === 'own' ? base.defaultClass : null };
    const order = cv?.orderZ === undefined ? {} : { orderZ: cv.orderZ };
    plan = planList({ ...base, ...track, ...order, minScore: fit.minScore, passes: fit.passes, z: fit.z, global: fit.global, allPasses: false, onStep: opts.onProgress });
  }
  // Where the summary says which default the list ends with: a later step may change it.
  let defaultAt = -1;
  if (choice && verdict) {
    report.default = { label: choice.label, share: shareOf(choice), chosen_by: choice.by, added: verdict.chosen !== 'none', verdict };
    defaultAt = report.notes.push(defaultNote(choice, verdict)) - 1;
  }
  if (cvClosing) recordClosing(report, cvClosing.choice, cvClosing.c, cvClosing.on, defaultAt);
  const fit = runPlan(input, plan!);
  const { list, picked, rules, pool } = fit;
  if (opts.dev)
    report.notes.push(`dev chose Wilson z ${fit.z}${fit.global ? ', rules also bounded by their precision on all of train,' : ''} to rank rules (dev F1 ${fit.estimate.toFixed(3)} at the cut)`);
  report.index = { features: list.index.size, entries: list.index.entries() };
  report.covering = { rules: list.rules.length, stop: list.stop, uncovered_train: list.uncovered };
  if (list.stop === 'budget') {
    report.budget_exhausted = true;
    report.notes.push(`the ${Math.round(opts.learnBudgetMs / 1000)} s budget ran out while covering: ${list.uncovered} train examples have no rule yet (learn --budget SECONDS to give it more)`);
  }
  if (list.stop === 'max_rules')
    report.notes.push(
      fit.orderZ === undefined
        ? `stopped at ${opts.maxRules} rules (--max-rules): ${list.uncovered} train examples have no rule`
        : `the globally ordered list was cut to at most ${opts.maxRules} rules and ${perClassBeforeMerging(opts)} per label before merging (--max-rules, --max-rules-per-label): its lowest-scored rules were left out`,
    );
  report.candidates.considered = list.index.size;
  report.candidates.by_kind = {};
  for (const p of plan!.picked) report.candidates.by_kind[p.cand.kind] = (report.candidates.by_kind[p.cand.kind] ?? 0) + 1;
  report.candidates.eligible = plan!.picked.length;
  if (!picked.length || !pool) {
    report.notes.push('no rule was learned: no feature predicts a label on train with enough support');
    return { rules: [], figures: null, grid };
  }
  for (const m of pool.issues.slice(0, 5)) report.notes.push(`engine: ${m}`);
  const candOf = new Map(rules.map((r, i) => [r.id, picked[i]!]));
  if (pool.dev) {
    for (const name of fit.cutAway) drop(report, 'no_gain_dev', name);
    stage(report, 'dev_cut', pool, started);
    // The default the user named stays whatever dev says.
    const userDefault = (p: number) => !(opts.defaultLabel !== null && isDefaultRule(pool.rules[p]!.rule));
    const pruned = greedyPrune(pool, { pick: 'first', accept: clearlyHarmful(), deadline, only: userDefault });
    for (const t of pruned) drop(report, 'pruned_dev', pool.rules[t.position]!.rule.name);
    stage(report, 'dev_prune', pool, started);
    const gone = pruned.find((t) => isDefaultRule(pool.rules[t.position]!.rule));
    if (gone && report.default && defaultAt >= 0) {
      report.default.added = false;
      const label = pool.rules[gone.position]!.rule.output.label;
      report.notes[defaultAt] = `default: none: the dev prune dropped ${label} as the default, which on dev labelled the texts no rule above labels wrongly more often than the list's F1 allows (before it: ${report.notes[defaultAt]!.replace(/^default: /, '')})`;
    }
  } else stage(report, 'cross_validated_cut', pool, started);
  const candAt = (q: Pool) => (p: number) => candOf.get(q.rules[p]!.id)!.cand;
  const ranked = ordered(pool, candAt(pool), report, started);
  dropShadowed(ranked, candAt(ranked), report);
  const grouping = mergedGroups(ranked, candAt(ranked), true);
  const labelAt = (p: number) => ranked.rules[p]!.rule.output.label;
  const isDefault = (p: number) => isDefaultRule(ranked.rules[p]!.rule);
  if (holdLabelBudget(ranked, grouping, opts.maxRulesPerLabel, report, { on: 'train', keep: isDefault }).length) stage(report, 'rule_budget', ranked, started);
  // On a dev too small to judge on its own, most rules fire on no dev text and would all tie; a
  // budget the user set is theirs to choose, and stands alone.
  if (ranked.dev && ranked.dev.examples.length >= minDevTexts() && !opts.userRulesPerLabel) {
    const tie = tieBudget(ranked, grouping, labelAt, { tolerance: TUNING.arbiter.equalF1, keep: isDefault, deadline });
    for (const p of tie.removed) drop(report, 'no_gain_dev', ranked.rules[p]!.rule.name);
    const note = tieBudgetNote(tie.removed.length, tie.cap, tie.cutShort, Math.round(opts.learnBudgetMs / 1000));
    if (note) report.notes.push(note);
    if (tie.cutShort) report.budget_exhausted = true;
    if (tie.removed.length) stage(report, 'tie_budget', ranked, started);
  }
  const closing = opts.defaultLabel === null ? closingDefault(ranked) : null;

  const active = ranked.activePositions();
  const chosen = active.map((p) => candOf.get(ranked.rules[p]!.id)!);
  report.candidates.kept = chosen.length;
  const groups = grouping(active).map((g) => g.map(candAt(ranked)));
  const scoreOf = new Map(chosen.map((c) => [c.cand, c.score]));
  const finals = groups.map((g, i, all) => {
    const c = mergedCandidate(g);
    return toRule(c, { id: candidateId(c, opts.idPrefix), priority: all.length - i, confidence: scoreOf.get(g[0]!) ?? 0, status: opts.status });
  });
  if (closing) finals.push(closingRule(closing, trainLabels, { report, opts, started }, finals.length, defaultAt));
  const missing = unruled(train, finals, list);
  report.labels_without_rules = missing;
  if (missing.length) report.notes.push(`${missing.length} label${missing.length === 1 ? '' : 's'} got no rule: ${missing.slice(0, 8).map((m) => `${m.label} (${m.reason})`).join('; ')}${missing.length > 8 ? '; …' : ''}`);
  const last = report.stages[report.stages.length - 1]!;
  return { rules: finals, figures: { train: last.train, dev: last.dev }, grid };
}

/**
 * The list in the order it runs: with dev, its merged rules by their precision on train and dev
 * (`orderByEvidence`), with a stage when that moved any, before the budgets count them, so that
 * what they keep is judged in that order; without dev, the list's own, as cross-validation chose it.
 */
function ordered(pool: Pool, candAt: (p: number) => Candidate, report: InduceReport, started: number): Pool {
  if (!pool.dev) return pool;
  const groups = mergedGroups(pool, candAt, true)(pool.activePositions());
  const r = orderByEvidence(pool, groups, (p) => isDefaultRule(pool.rules[p]!.rule));
  if (!r.moved) return pool;
  report.notes.push(`${r.moved} of ${groups.length} rules moved when ordered by their precision on train and dev together over their label's base rate (Wilson z ${TUNING.covering.evidenceZ}): dev is the one sample that did not choose them`);
  stage(report, 'evidence_order', r.pool, started);
  return r.pool;
}

/**
 * The closing default as the list's last rule, recorded as the default the list ends with, with a
 * stage of its own (it decides only texts no rule above labels, so they are counted, not run).
 */
function closingRule(c: ClosingDefault, trainLabels: readonly (string | null)[], { report, opts, started }: Pick<ClassInput, 'report' | 'opts' | 'started'>, above: number, noteAt: number): Rule {
  const choice = unlabelledChoice(c.label, trainLabels);
  recordClosing(report, choice, c, 'dev', noteAt);
  report.stages.push({ stage: 'closing_default', rules: above + 1, train: c.train, dev: c.dev, elapsed_ms: Math.round(performance.now() - started) });
  const cand = defaultCandidate(choice);
  return toRule(cand, { id: candidateId(cand, opts.idPrefix), priority: 0, confidence: 0, status: opts.status });
}

/**
 * Leaves out the rules an earlier rule fires wherever they fire (`shadowedRules`): the fallback
 * passes and the global order's runners-up learn such rules ("charge*" after "charg*"), which never
 * decide a text and only lengthen the list a person reads. The engine's own matches confirm it: a
 * rule whose removal would change the output of any train or dev text stays.
 */
function dropShadowed(pool: Pool, candAt: (p: number) => Candidate, report: InduceReport): void {
  const active = pool.activePositions();
  let n = 0;
  // A rule that applies only under a metadata condition fires on fewer texts than its words say.
  const conditions = active.map((p) => {
    const c = candAt(p);
    return c.when ? undefined : c.conditions;
  });
  for (const j of shadowedRules(conditions)) {
    const p = active[j]!;
    const t = pool.trial(p);
    if (t.train.docs.length || t.dev?.docs.length) continue;
    pool.commit(t);
    drop(report, 'shadowed', pool.rules[p]!.rule.name);
    n++;
  }
  if (n) report.notes.push(`${n} rule${n === 1 ? '' : 's'} left out that an earlier rule fires wherever ${n === 1 ? 'it fires' : 'they fire'}: ${n === 1 ? 'it' : 'they'} could never decide a text`);
}
