import { performance } from 'node:perf_hooks';
import { RulewrightError } from '../core/errors.js';
import type { Example } from '../core/schemas/example.js';
import { labelOf } from '../learn/induce/learners.js';
import { rankNext, type NextReason } from '../learn/induce/next.js';
import { rankNextSpans, type SpanNextReason, type SpanNextRow } from '../learn/induce/spans/next-span.js';
import type { SpanDocOnTrain } from '../learn/induce/spans/span-gain.js';
import { TUNING } from '../learn/induce/tuning.js';
import { bestSpanRule } from './span-rules.js';
import { isSpanTask } from '../core/schemas/task.js';
import type { DatasetContext } from './dataset-context.js';
import { round } from './round.js';
import { classesOnTrain, spansOnTrain } from './rules-on-train.js';
import { wholeTrainIndex } from './shared-index.js';
import { splitRows, type SplitRows } from './split-predictions.js';

/** One train example worth fixing next. */
export interface NextExample {
  id: string;
  text: string;
  label: string;
  /** What the active rules give it (null: none fires); span tasks: the span's label when the rules extract it. */
  predicted: string | null;
  reason: NextReason | SpanNextReason;
  /** Span tasks: the span to look at (`suggest --example ID --span START:END --label L` makes a rule for a missed one). */
  span?: { start: number; end: number; label: string; text: string };
  /** Train errors of its label the best rule from its text would fix, less texts it would set wrong (span tasks: missed spans sharing its key, less other places the key occurs). */
  gain: number;
  why: string;
}

export interface NextResult {
  dataset: string;
  examples: NextExample[];
  /** Train examples the active rules get wrong or leave unlabelled (span tasks: with a missed or spurious span). */
  failing: number;
  train: number;
  elapsed_ms: number;
}

/**
 * The first missed spans of the queue (one per key) measured as `suggest --span` would rank them:
 * each gets the gain of its best rule on train, and they lead in that order. The key counts that
 * chose them are an estimate; the best rule is what a person accepts.
 */
function measureLeads(ctx: DatasetContext, train: readonly Example[], now: readonly SpanDocOnTrain[], rows: SpanNextRow[]): SpanNextRow[] {
  const leads = rows.slice(0, TUNING.corrections.nextSpanMeasured).filter((r) => r.reason === 'missed');
  const measured = leads.map((r) => {
    const e = train[r.doc]!;
    const best = bestSpanRule(ctx.dataset.task, train, e, { text: e.text ?? '', ...r.span }, now);
    if (!best) return { ...r, gain: 0, why: `${r.why}; no literal, shape or context rule extracts it` };
    return { ...r, gain: best.gain, why: `${r.why}; the best rule for it, ${best.rule.name}, would mend ${best.gain} on train` };
  });
  measured.sort((a, b) => b.gain - a.gain || a.doc - b.doc);
  return [...measured, ...rows.filter((r) => !leads.includes(r))];
}

/** Span tasks: the gold spans the active rules miss and the spans they extract that gold lacks. */
function spanRows(ctx: DatasetContext, rows: SplitRows, limit: number): { examples: NextExample[]; failing: number } {
  const train = rows.examples;
  const now = spansOnTrain(ctx, rows, ctx.store.rules.list(ctx.dataset.id, { status: 'active' }));
  const all = measureLeads(ctx, train, now, rankNextSpans(now, ctx.dataset.task.matching.mode === 'text'));
  return {
    failing: all.length,
    examples: all.slice(0, limit).map((r) => {
      const e = train[r.doc]!;
      const text = e.text ?? '';
      return {
        id: e.id,
        text,
        label: r.span.label,
        predicted: r.reason === 'spurious' ? r.span.label : null,
        reason: r.reason,
        gain: r.gain,
        why: r.why,
        span: { ...r.span, text: text.slice(r.span.start, r.span.end) },
      };
    }),
  };
}

/**
 * `next`: the train examples whose fix would help most under the active rules, each with why.
 * Classification: errors and abstentions first, by how much the best rule from their own text
 * would lift train micro F1 (the rows' `gain` is what it mends less what it breaks); then right
 * answers other labels' rules also claim; then right answers whose rule is weakly supported on
 * train. Span tasks: gold spans no rule extracts, by how many missed spans share their text,
 * context or shape; then spans no gold has.
 */
export function nextExamples(ctx: DatasetContext, req: { limit?: number } = {}): NextResult {
  const t0 = performance.now();
  const { dataset: d } = ctx;
  const spans = isSpanTask(d.task.type);
  if (!spans && d.task.type !== 'classification')
    throw new RulewrightError('BAD_INPUT', `next ranks classification and span examples; dataset "${d.name}" is ${d.task.type}: see \`rulewright eval\` for its errors`);
  const rows = splitRows(ctx, 'train');
  const train = rows.examples;
  const limit = req.limit ?? 10;
  if (spans) return { dataset: d.name, ...spanRows(ctx, rows, limit), train: train.length, elapsed_ms: round(performance.now() - t0) };
  const ti = wholeTrainIndex(ctx, rows);
  const now = classesOnTrain(ctx, train);
  const ranked = rankNext(ti, now, limit);
  const failing = train.filter((e, i) => labelOf(e) !== null && now.predicted[i] !== labelOf(e)).length;
  return {
    dataset: d.name,
    examples: ranked.map((r) => ({ id: train[r.doc]!.id, text: train[r.doc]!.text ?? '', label: labelOf(train[r.doc]!) ?? '', predicted: now.predicted[r.doc] ?? null, reason: r.reason, gain: r.gain, why: r.why })),
    failing,
    train: train.length,
    elapsed_ms: round(performance.now() - t0),
  };
}
