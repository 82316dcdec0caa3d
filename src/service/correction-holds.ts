import { predict } from '../core/engine/predict.js';
import { offlineScoringTask } from '../core/eval/offline-task.js';
import { compileScorer, type Scorer } from '../core/eval/scorer.js';
import type { ScoreContext } from '../core/eval/types.js';
import { prefetchVerdicts, VerdictCache } from '../core/matchers/verdict-cache.js';
import type { Correction } from '../core/schemas/correction.js';
import type { Answer, Example } from '../core/schemas/example.js';
import type { Prediction } from '../core/schemas/prediction.js';
import type { Rule } from '../core/schemas/rule.js';
import type { Task } from '../core/schemas/task.js';

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

function checkWith(task: Task, scorer: Scorer, rules: readonly Rule[], corrections: readonly Correction[], annotated: (c: Correction) => readonly string[] | undefined): CorrectionCheck[] {
  const examples = corrections.map((c) => asExample(c, annotated(c)));
  const { predictions } = predict(task, rules, examples);
  return corrections.map((c, i) => ({ id: c.id, holds: scorer.score(examples[i]!, predictions[i]).exact, produced: producedAnswer(task, predictions[i]!) }));
}

/**
 * Checks each correction against the active `rules` with the task's matching mode and matchers
 * (`ctx`: a user registry, a judge, a verdict cache), fetching asynchronous verdicts first. Without
 * what a matcher needs (no judge for `llm_rubric`), that label or field is compared the default
 * way and `approximate` names it.
 */
export async function checkCorrections(
  task: Task,
  rules: readonly Rule[],
  corrections: readonly Correction[],
  options: { ctx?: ScoreContext; annotated?: (c: Correction) => readonly string[] | undefined } = {},
): Promise<{ checks: CorrectionCheck[]; approximate: string[] }> {
  const annotated = options.annotated ?? (() => undefined);
  let scorer: Scorer;
  let approximate: string[] = [];
  try {
    scorer = compileScorer(task, { ...(options.ctx ?? {}), verdicts: options.ctx?.verdicts ?? new VerdictCache(), outcomes: false });
  } catch {
    const offline = offlineScoringTask(task);
    approximate = offline.replaced;
    scorer = compileScorer(offline.task, { outcomes: false });
  }
  if (scorer.needsAsync && scorer.ctx.verdicts) {
    const s = scorer;
    await prefetchVerdicts(s.ctx.verdicts!, () => void checkWith(task, s, rules, corrections, annotated));
  }
  return { checks: checkWith(task, scorer, rules, corrections, annotated), approximate };
}

/**
 * The same check, synchronously, for listings: matchers that need a module or a judge are
 * replaced by the default comparison (named in `approximate`).
 */
export function checkCorrectionsNow(
  task: Task,
  rules: readonly Rule[],
  corrections: readonly Correction[],
  annotated: (c: Correction) => readonly string[] | undefined = () => undefined,
): { checks: CorrectionCheck[]; approximate: string[] } {
  const offline = offlineScoringTask(task);
  const scorer = compileScorer(offline.task, { outcomes: false });
  return { checks: checkWith(task, scorer, rules, corrections, annotated), approximate: offline.replaced };
}
