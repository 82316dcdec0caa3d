import { textOf } from '../core/engine/predict.js';
import { RulewrightError } from '../core/errors.js';
import { offlineScoringTask } from '../core/eval/offline-task.js';
import { compileScorer } from '../core/eval/scorer.js';
import type { ScoreContext } from '../core/eval/types.js';
import { PatternScreen } from '../core/matchers/pattern-screen.js';
import { VerdictCache } from '../core/matchers/verdict-cache.js';
import type { Correction } from '../core/schemas/correction.js';
import type { Example } from '../core/schemas/example.js';
import type { LearnRunConfig } from '../core/schemas/learn-run.js';
import type { Rule } from '../core/schemas/rule.js';
import type { Task } from '../core/schemas/task.js';
import { tooFew } from '../learn/induce/covering/small-dev.js';
import { computeTargets, type Targets } from '../learn/loop/targets.js';
import type { CorrectionView, FeedbackView } from '../learn/prompts/views.js';
import { checkCorrections } from './correction-holds.js';
import { CORRECTION_EXAMPLE_PREFIX } from './corrections.js';
import type { DatasetContext } from './dataset-context.js';
import { checkDefaultLabel } from './learn-default-label.js';
import { type Chosen, chooseProposer } from './learn-proposer.js';
import { DEFAULT_ROUNDS, type LearnRequest, MAX_ROUNDS } from './learn-request.js';
import { learnSplits, type LearnSplits } from './learn-splits.js';
import { environmentJudge, llmJudge } from './llm-judge.js';
import { MatcherIssueLog } from './matcher-issue-log.js';
import { DEFAULT_SEED } from './split.js';

/** Everything a learn run is set up with before any learner runs. */
export interface LearnSetup {
  task: Task;
  rounds: number;
  seed: number;
  chosen: Chosen;
  /** One scoring context for the whole run: matchers, judge, verdict cache, pattern screen. */
  scoring: ScoreContext;
  matcherLog: MatcherIssueLog;
  splits: LearnSplits;
  /** Train first with its corrections, then the examples changes are judged on. */
  train: Example[];
  judge: Example[];
  judgeSplit: 'dev' | 'train';
  /** Whether the loop prunes what the run added, on the judge split. */
  prune: boolean;
  /** Why dev is too few to judge the inducer's changes, when it is (see `smallDevStages`). */
  devTooFew: string | null;
  corrections: Correction[];
  correctionViews: CorrectionView[];
  feedbackViews: FeedbackView[];
  active: Rule[];
  /** What an incremental run patches; null: everything is learned. */
  targets: Targets | null;
  /** The `annotated` labels of a correction's example, for checking whether it holds. */
  annotated: (c: { id: string }) => Example['annotated'];
  notes: string[];
  config: LearnRunConfig;
}

/**
 * Checks the request, chooses the proposer, makes the run's scoring context, plans a dev split
 * when there is none, and reads what the learners learn from: train and the examples changes are
 * judged on, corrections, open feedback, the active rules, and (incremental) what to patch.
 */
export async function prepareLearning(ctx: DatasetContext, req: LearnRequest): Promise<LearnSetup> {
  let rounds = checkRounds(req.rounds);
  const seed = req.seed ?? DEFAULT_SEED;
  const { store, dataset: d, matchers: loaded } = ctx;
  const task = d.task;
  const notes: string[] = [];
  const defaultLabel = checkDefaultLabel(task, req.defaultLabel === undefined ? [] : store.examples.list(d.id), req.defaultLabel);
  const chosen = await chooseProposer(store, d.id, ctx.env, { ...req, defaultLabel });
  if (defaultLabel !== undefined && chosen.proposer.kind !== 'offline') notes.push('--default-label applies to the offline inducer (learn --offline): the LLM proposed rules with no default');
  const replaced = chosen.proposer.kind === 'offline' ? offlineScoringTask(task).replaced : [];
  if (replaced.length)
    chosen.notes.push(
      `the offline inducer searched with the default comparison for ${replaced.join(', ')} (their matchers need a module or an LLM judge); ` +
        "every change was still judged with the task's own matchers",
    );
  const scoring = scoringContext(ctx, req, chosen);
  const matcherLog = new MatcherIssueLog();
  compileScorer(task, scoring);

  const splits = learnSplits(ctx, { seed, offline: chosen.proposer.kind === 'offline' }, notes);
  const train = correctionsFirst(splits.inSplit('train'));
  if (!train.length) throw new RulewrightError('BAD_INPUT', `dataset "${d.name}" has no training examples: move some to train with \`rulewright split --dev F\``);
  let judge = splits.inSplit('dev');
  let judgeSplit: 'dev' | 'train' = 'dev';
  let prune = true;
  // The inducer's rules were fitted to train, and cross-validation on it chose where the list
  // ends: rounds and pruning judged there only fit train (a rule that costs a train text or two
  // may be the one that labels a kind of text train has few of). An LLM's rules were not fitted
  // to train, and an incremental run's patches are judged as the user's corrections are.
  const fittedToTrain = chosen.proposer.kind === 'offline' && !req.incremental;
  if (!judge.length) {
    judge = train;
    judgeSplit = 'train';
    notes.push('with no dev split, changes were judged on train');
    if (fittedToTrain && roundsUnasked(req, rounds)) {
      rounds = 0;
      notes.push(
        'no refinement rounds: with no dev split they would be judged on the train examples the rules were learned from, and such rounds only fit train ' +
          '(give --rounds N to run them anyway)',
      );
    }
    if (fittedToTrain) {
      prune = false;
      notes.push('no pruning: with no dev split the rules would be judged on the train examples they were learned from; cross-validation on train already chose where the list ends');
    }
  }

  // Covering chose by cross-validation where a classification dev split is too few to judge on its own.
  const devTooFew = judgeSplit === 'dev' && fittedToTrain && task.type === 'classification' ? tooFew(judge, judge.map((e) => e.text ?? '')) : null;
  if (devTooFew) {
    prune = false;
    rounds = smallDevStages(devTooFew, req, rounds, notes);
  }

  const corrections = store.corrections.list(d.id);
  const active = store.rules.list(d.id, { status: 'active' });
  const annotated = (c: { id: string }) => store.examples.get(d.id, `${CORRECTION_EXAMPLE_PREFIX}${c.id}`)?.annotated;
  const targets = req.incremental ? await incrementalTargets(ctx, { active, corrections, scoring, annotated, matcherLog, splitOf: splits.splitOf }) : null;

  notes.push(...chosen.notes);
  const config: LearnRunConfig = {
    rounds,
    incremental: !!req.incremental,
    offline: chosen.proposer.kind === 'offline',
    proposer: chosen.proposer.kind,
    seed,
    judged_on: judgeSplit,
    llm: chosen.config,
    matchers_module: loaded?.module ?? null,
  };
  return {
    task,
    rounds,
    seed,
    chosen,
    scoring,
    matcherLog,
    splits,
    train,
    judge,
    judgeSplit,
    prune,
    devTooFew,
    corrections,
    ...learnerViews(ctx, corrections, splits.splitOf),
    active,
    targets,
    annotated,
    notes,
    config,
  };
}

/** Whether the run would make refinement rounds the user did not ask for with `--rounds`. */
const roundsUnasked = (req: LearnRequest, rounds: number): boolean => req.rounds === undefined && rounds > 0;

/**
 * With a dev split too small to judge on its own (`why`, see `tooFew`), the inducer chose by
 * cross-validation and dev chose nothing; rounds and pruning judged on those few texts would fit
 * them as surely as train (on 20 judgments' windows, pruning one rule cost .055 on test), so
 * nothing is pruned and no round runs unless `--rounds` asks. Returns the rounds to run.
 */
function smallDevStages(why: string, req: LearnRequest, rounds: number, notes: string[]): number {
  const drop = roundsUnasked(req, rounds);
  notes.push(
    drop
      ? `no pruning or refinement rounds: ${why}; cross-validation chose where the list ends (give --rounds N to run rounds anyway)`
      : `no pruning: ${why}; cross-validation chose where the list ends`,
  );
  return drop ? 0 : rounds;
}

function checkRounds(rounds: number | undefined): number {
  const r = rounds ?? DEFAULT_ROUNDS;
  if (!Number.isInteger(r) || r < 0 || r > MAX_ROUNDS) throw new RulewrightError('USAGE', `--rounds must be a whole number from 0 to ${MAX_ROUNDS}, got ${rounds}`);
  return r;
}

/** Corrections first: they are the strongest signal, and prompts sample in this order. */
function correctionsFirst(examples: Example[]): Example[] {
  return [...examples.filter((e) => e.source === 'correction'), ...examples.filter((e) => e.source !== 'correction')];
}

/**
 * The run's scoring context. An `llm_rubric` field is graded by the learning LLM (else the
 * environment's), its calls counted with the run's; one verdict cache for the run asks about each
 * pair once, and the ReDoS screen's verdicts on matcher patterns serve every scoring of the run.
 */
function scoringContext(ctx: DatasetContext, req: LearnRequest, chosen: Chosen): ScoreContext {
  const grader = req.context?.judge ?? (chosen.llm ? llmJudge(chosen.llm) : environmentJudge(ctx.store, ctx.dataset.id, ctx.env, chosen.recorder)?.judge);
  return {
    ...(req.context ?? {}),
    ...(grader ? { judge: grader } : {}),
    ...(ctx.matchers ? { registry: ctx.matchers.registry } : {}),
    verdicts: new VerdictCache(),
    patterns: req.context?.patterns ?? new PatternScreen(),
  };
}

/** Corrections and open feedback as prompts show them; a held-out example's text stays out of prompts. */
function learnerViews(ctx: DatasetContext, corrections: readonly Correction[], splitOf: LearnSplits['splitOf']): Pick<LearnSetup, 'correctionViews' | 'feedbackViews'> {
  const { store, dataset: d } = ctx;
  const task = d.task;
  const correctionViews: CorrectionView[] = corrections.map((c) => ({
    id: c.id,
    text: textOf(task, { text: c.text, input: c.input }),
    produced: c.produced,
    expected: c.expected,
    note: c.note,
  }));
  const feedbackViews: FeedbackView[] = store.feedback.list(d.id, { status: 'open' }).map((f) => {
    const e = splitOf(f.level === 'example' && f.target_id ? store.examples.get(d.id, f.target_id) : undefined);
    // The feedback is shown, the example is not, unless it is in train.
    const shown = e && e.split === 'train' ? e : undefined;
    return { id: f.id, level: f.level, target_id: f.target_id, text: f.text, ...(shown ? { example_text: textOf(task, shown) } : {}) };
  });
  return { correctionViews, feedbackViews };
}

/** What an incremental run patches: the rules and labels that open feedback and open corrections target. */
async function incrementalTargets(
  ctx: DatasetContext,
  run: Pick<LearnSetup, 'active' | 'corrections' | 'scoring' | 'annotated' | 'matcherLog'> & { splitOf: LearnSplits['splitOf'] },
): Promise<Targets> {
  const { store, dataset: d } = ctx;
  // Every open correction: one the current rules do not make hold, however old it is.
  const { checks } = await checkCorrections(d.task, run.active, run.corrections, { ctx: run.scoring, annotated: run.annotated, log: run.matcherLog });
  const fresh = run.corrections.filter((_, i) => !checks[i]!.holds);
  return computeTargets(
    d.task,
    run.active,
    store.feedback.list(d.id, { status: 'open' }).filter((f) => f.level !== 'task'),
    fresh.map((c) => ({
      id: c.id,
      example_ids: [`${CORRECTION_EXAMPLE_PREFIX}${c.id}`, ...(c.example_id ? [c.example_id] : [])],
      ...(c.text !== undefined ? { text: c.text } : {}),
      ...(c.input !== undefined ? { input: c.input } : {}),
      produced: c.produced,
      expected: c.expected,
    })),
    (id) => run.splitOf(store.examples.get(d.id, id)),
  );
}
