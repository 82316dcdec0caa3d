import { predict } from '../core/engine/predict.js';
import { offlineScoringTask } from '../core/eval/offline-task.js';
import { compileScorer, type Scorer, screenScorerPatterns } from '../core/eval/scorer.js';
import type { ExampleScore, ScoreContext, ScorerOptions } from '../core/eval/types.js';
import { PatternScreen } from '../core/matchers/pattern-screen.js';
import { prefetchVerdicts, VerdictCache } from '../core/matchers/verdict-cache.js';
import type { Correction } from '../core/schemas/correction.js';
import type { Answer, Example } from '../core/schemas/example.js';
import type { Prediction } from '../core/schemas/prediction.js';
import type { Rule } from '../core/schemas/rule.js';
import type { Task } from '../core/schemas/task.js';
import { CORRECTION_EXAMPLE_PREFIX } from './correction-example-prefix.js';
import type { MatcherIssueLog } from './matcher-issue-log.js';

/** Whether a correction holds under some rules: they produce what was expected, under the task's matching. */
export interface CorrectionCheck {
  id: string;
  holds: boolean;
  /** What the rules produce for the correction's input now. */
  produced: Answer;
}

/** What the rules produced, as an answer (spans without their rule ids). */
export function producedAnswer(task: Task, p: Prediction): Answer {
  if (task.type === 'classification') return { label: p.label ?? null };
  if (task.type === 'transformation') return { output: p.output ?? {} };
  return { spans: (p.spans ?? []).map((s) => ({ start: s.start, end: s.end, label: s.label, text: s.text })) };
}

/** The correction as an example to score: its input with the expected output as gold. */
function asExample(c: Correction, annotated: readonly string[] | undefined): Example {
  const e: Example = {
    id: c.id,
    ...(c.text !== undefined ? { text: c.text } : {}),
    ...(c.input !== undefined ? { input: c.input } : {}),
    ...(c.expected.spans !== undefined ? { spans: c.expected.spans } : {}),
    ...(c.expected.label !== undefined ? { label: c.expected.label } : {}),
    ...(c.expected.output !== undefined ? { output: c.expected.output } : {}),
    ...(annotated ? { annotated: [...annotated] } : {}),
    split: 'train',
    source: 'correction',
  };
  return e;
}

/** The corrections as examples to score, and what `rules` produce for them. */
function predictFor(task: Task, rules: readonly Rule[], corrections: readonly Correction[], annotated: (c: Correction) => readonly string[] | undefined) {
  const examples = corrections.map((c) => asExample(c, annotated(c)));
  return { examples, predictions: predict(task, rules, examples).predictions };
}

function checkWith(task: Task, scorer: Scorer, corrections: readonly Correction[], run: ReturnType<typeof predictFor>): { checks: CorrectionCheck[]; scores: ExampleScore[] } {
  const scores = corrections.map((_, i) => scorer.score(run.examples[i]!, run.predictions[i]));
  return { checks: corrections.map((c, i) => ({ id: c.id, holds: scores[i]!.exact, produced: producedAnswer(task, run.predictions[i]!) })), scores };
}

/**
 * Checks each correction against the active `rules` with the task's matching mode and matchers
 * (`ctx`: a user registry, a judge, a verdict cache), fetching asynchronous verdicts first. Every
 * pattern a matcher runs goes through the ReDoS screen first, as in `eval` (`ctx.patterns` keeps
 * the verdicts); pairs a matcher could not judge go into `log`, by example and field. Without
 * what a matcher needs (no judge for `llm_rubric`), that label or field is compared the default
 * way and `approximate` names it.
 */
export async function checkCorrections(
  task: Task,
  rules: readonly Rule[],
  corrections: readonly Correction[],
  options: { ctx?: ScoreContext; annotated?: (c: Correction) => readonly string[] | undefined; log?: MatcherIssueLog } = {},
): Promise<{ checks: CorrectionCheck[]; approximate: string[] }> {
  const run = predictFor(task, rules, corrections, options.annotated ?? (() => undefined));
  const patterns = options.ctx?.patterns ?? new PatternScreen();
  let scoring: ScorerOptions = { ...(options.ctx ?? {}), patterns, outcomes: false };
  let scorer: Scorer;
  let approximate: string[] = [];
  try {
    scorer = compileScorer(task, { ...scoring, verdicts: options.ctx?.verdicts ?? new VerdictCache() });
  } catch {
    const offline = offlineScoringTask(task);
    approximate = offline.replaced;
    scoring = { patterns, outcomes: false };
    scorer = compileScorer(offline.task, scoring);
  }
  if (scorer.screensPatterns) await screenScorerPatterns(scorer.task, run.examples, run.predictions, { ...scoring, patterns });
  if (scorer.needsAsync && scorer.ctx.verdicts) {
    const s = scorer;
    await prefetchVerdicts(s.ctx.verdicts!, () => void checkWith(task, s, corrections, run));
  }
  const { checks, scores } = checkWith(task, scorer, corrections, run);
  // Named as the training example each correction became, as evaluations of train name it.
  options.log?.add(scores.map((s) => ({ ...s, id: `${CORRECTION_EXAMPLE_PREFIX}${s.id}` })));
  return { checks, approximate };
}

/**
 * The same check, synchronously, for listings: matchers that need a module or a judge are
 * replaced by the default comparison (named in `approximate`), and matcher patterns meet only
 * the ReDoS screen's static part (see `screenedVerdict`): a listing cannot wait for recheck.
 */
export function checkCorrectionsNow(
  task: Task,
  rules: readonly Rule[],
  corrections: readonly Correction[],
  annotated: (c: Correction) => readonly string[] | undefined = () => undefined,
): { checks: CorrectionCheck[]; approximate: string[] } {
  const offline = offlineScoringTask(task);
  const run = predictFor(task, rules, corrections, annotated);
  const scorer = compileScorer(offline.task, { outcomes: false });
  return { checks: checkWith(task, scorer, corrections, run).checks, approximate: offline.replaced };
}
