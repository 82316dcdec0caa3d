import { textOf } from '../../core/engine/predict.js';
import type { OutcomeKind } from '../../core/eval/types.js';
import type { Example, ExampleSource, Split } from '../../core/schemas/example.js';
import type { Prediction } from '../../core/schemas/prediction.js';
import type { Task } from '../../core/schemas/task.js';
import type { DatasetContext } from '../dataset-context.js';
import { runPipeline } from '../pipeline.js';
import type { SplitChoice } from '../pipeline-setup.js';

/** The error kinds an example's outcome can show (everything but a match). */
export type ExampleErrorKind = Exclude<OutcomeKind, 'match'>;

const ERROR_ORDER: readonly ExampleErrorKind[] = ['missed', 'spurious', 'wrong_label', 'wrong_boundary', 'wrong_value'];

/** One example with its gold and predicted answers side by side, as the TUI lists them. */
export interface ExampleOutcomeRow {
  id: string;
  split: Split;
  source: ExampleSource;
  /** The text the rules read, cut to `textChars`. */
  text: string;
  /** Gold and prediction as one line each (label, `LABEL:"text"` spans, or compact JSON). */
  gold: string;
  predicted: string;
  /** Error kinds present in the example's outcome, in a fixed order; empty when all is right. */
  errors: ExampleErrorKind[];
  /** Labels in the gold answer or the prediction (for the label filter). */
  labels: string[];
  /** Rules behind the prediction. */
  rules: string[];
  /**
   * Why a matcher failed a pair (`field: reason`, flagged `[lexical]` for a lexical stand-in),
   * failures only; empty when plain equality decided everything.
   */
  why: string[];
  tp: number;
  fp: number;
  fn: number;
  exact: boolean;
}

export interface ExampleOutcomes {
  dataset: string;
  split: SplitChoice;
  mode: string;
  n: number;
  rows: ExampleOutcomeRow[];
  /** Examples per error kind (an example counts once per kind it shows), and `correct`. */
  counts: Record<ExampleErrorKind | 'correct', number>;
  notes: string[];
  elapsed_ms: number;
}

export interface ExampleOutcomesRequest {
  /** Default `all`: every example, so a screen can filter by split itself. */
  split?: SplitChoice;
  /** Characters of text kept per row (default 160). */
  textChars?: number;
}

const spanLine = (spans: readonly { label: string; text?: string; start: number; end: number }[], text: string) =>
  spans.length ? spans.map((s) => `${s.label}:"${s.text ?? text.slice(s.start, s.end)}"`).join(' ') : '—';

function answerLine(task: Task, a: { label?: string | null; spans?: readonly { label: string; text?: string; start: number; end: number }[]; output?: unknown }, text: string): string {
  if (task.type === 'classification') return a.label ?? '—';
  if (task.type === 'transformation') return a.output === undefined ? '—' : JSON.stringify(a.output);
  return spanLine(a.spans ?? [], text);
}

function predictionRules(p: Prediction): string[] {
  const ids = new Set<string>();
  if (p.rule_id) ids.add(p.rule_id);
  for (const s of p.spans ?? []) ids.add(s.rule_id);
  for (const list of Object.values(p.output_rules ?? {})) for (const id of list) ids.add(id);
  return [...ids];
}

function labelsOf(task: Task, e: Example, p: Prediction): string[] {
  const out = new Set<string>();
  if (task.type === 'classification') {
    if (e.label) out.add(e.label);
    if (p.label) out.add(p.label);
  } else if (task.type === 'transformation') {
    for (const k of Object.keys(e.output ?? {})) out.add(k);
    for (const k of Object.keys(p.output ?? {})) out.add(k);
  } else {
    for (const s of e.spans ?? []) out.add(s.label);
    for (const s of p.spans ?? []) out.add(s.label);
  }
  return [...out].sort();
}

/**
 * Every example of a split with its gold answer, what the active rules predict, and the error
 * kinds of its outcome (missed, spurious, wrong label, wrong boundary, wrong value): the
 * shared pipeline's predictions and drill-down outcomes, flattened for a list. Nothing is
 * recorded (this is a view, not a run).
 */
export async function exampleOutcomes(ctx: DatasetContext, req: ExampleOutcomesRequest = {}): Promise<ExampleOutcomes> {
  const run = await runPipeline(ctx, { split: req.split ?? 'all', purpose: 'eval' });
  const { task } = run;
  const chars = req.textChars ?? 160;
  const counts: ExampleOutcomes['counts'] = { correct: 0, missed: 0, spurious: 0, wrong_label: 0, wrong_boundary: 0, wrong_value: 0 };
  const rows = run.examples.map((e, i): ExampleOutcomeRow => {
    const p = run.predictions[i]!;
    const s = run.scores[i]!;
    const text = textOf(task, e);
    const kinds = new Set((s.outcomes ?? []).map((o) => o.kind));
    const errors = ERROR_ORDER.filter((k) => kinds.has(k));
    if (errors.length === 0 && s.counts.fp === 0 && s.counts.fn === 0) counts.correct++;
    for (const k of errors) counts[k]++;
    return {
      id: e.id,
      split: e.split,
      source: e.source,
      text: text.length > chars ? `${text.slice(0, chars - 1)}…` : text,
      gold: answerLine(task, e, text),
      predicted: answerLine(task, p, text),
      errors,
      labels: labelsOf(task, e, p),
      rules: predictionRules(p),
      why: (s.outcomes ?? [])
        .filter((o) => o.reason !== undefined && o.kind !== 'match')
        .map((o) => `${o.field ?? o.gold?.label ?? ''}: ${o.lexical_fallback ? '[lexical] ' : ''}${o.reason}`),
      tp: s.counts.tp,
      fp: s.counts.fp,
      fn: s.counts.fn,
      exact: s.exact,
    };
  });
  return {
    dataset: run.dataset.name,
    split: run.split.label,
    mode: run.report.mode,
    n: rows.length,
    rows,
    counts,
    notes: run.report.notes,
    elapsed_ms: run.elapsed_ms,
  };
}
