import type { ClassMetrics } from '../../core/schemas/eval-report.js';
import type { Task } from '../../core/schemas/task.js';
import type { LlmMessage } from '../llm/client.js';
import { clipText, num, renderCorrections, renderFeedback, renderRule, renderTask } from './render.js';
import { systemPrompt } from './system-prompt.js';
import type { CorrectionView, FailureCluster, FeedbackView, Prf, RuleView } from './views.js';

/** An earlier round's outcome, so the model does not repeat a rejected idea. */
export interface RoundHistory {
  round: number;
  accepted: boolean;
  reason: string;
}

/** Everything a patch prompt shows. */
export interface PatchPromptInput {
  task: Task;
  labels: readonly string[];
  round: number;
  /** The current rules' micro metrics and per-class metrics on train. */
  metrics: Prf;
  per_class: Readonly<Record<string, ClassMetrics>>;
  clusters: readonly FailureCluster[];
  rules: readonly RuleView[];
  corrections: readonly CorrectionView[];
  /** Rule-level, example-level and task-level feedback. */
  feedback: readonly FeedbackView[];
  /** Incremental learning: new rules only for these labels (null: any). */
  allowedLabels: readonly string[] | null;
  history: readonly RoundHistory[];
}

/** Bounds that keep a patch prompt a few thousand tokens on tasks with many labels or rules. */
const MAX_CLUSTERS = 20;
const MAX_EDITABLE = 120;

/** The first line of every patch request. */
export const PATCH_MARKER = 'Improve the rules (patch round';

const KIND_TEXT: Record<FailureCluster['kind'], string> = {
  missed: 'missed (no output where the answer has one)',
  spurious: 'spurious (output where the answer has none)',
  wrong_label: 'wrong label',
  wrong_boundary: 'wrong boundary (right label, span too long or too short)',
  wrong_value: 'wrong value',
};

/** The chat messages that ask for a patch of the current rules. */
export function patchPrompt(input: PatchPromptInput): LlmMessage[] {
  const { task } = input;
  const editable = input.rules.filter((r) => r.editable);
  const fixed = input.rules.filter((r) => !r.editable);
  const lines = [
    `${PATCH_MARKER} ${input.round}).`,
    ...renderTask(task, input.labels),
    '',
    `## Current rules on the training split: precision ${num(input.metrics.precision)}, recall ${num(input.metrics.recall)}, F1 ${num(input.metrics.f1)}`,
    'Per label (precision / recall / F1, TP FP FN):',
    ...Object.entries(input.per_class).map(
      ([l, m]) => `- ${l}: ${num(m.precision)} / ${num(m.recall)} / ${num(m.f1)}, ${num(m.tp)} ${num(m.fp)} ${num(m.fn)}`,
    ),
    '',
    ...renderCorrections(task, input.corrections),
    ...(input.corrections.length ? [''] : []),
    ...renderFeedback(input.feedback),
    ...(input.feedback.length ? [''] : []),
    '## Failures on the training split, by kind and label (a sample of each, marked ⟦…⟧)',
  ];
  if (!input.clusters.length) lines.push('(none)');
  // Largest clusters first (the loop sorts them); the prompt stays bounded on tasks with many labels.
  for (const c of input.clusters.slice(0, MAX_CLUSTERS)) {
    lines.push(`### ${KIND_TEXT[c.kind]}: ${c.label}, ${c.count} times${c.rule_ids.length ? `; rules involved: ${c.rule_ids.join(', ')}` : ''}`);
    for (const s of c.samples) {
      const parts = [`- ${JSON.stringify(clipText(s.context, 300))}`];
      if (s.gold !== null) parts.push(`expected ${s.gold}`);
      if (s.predicted !== null) parts.push(`got ${s.predicted}${s.rule_id ? ` (rule ${s.rule_id})` : ''}`);
      lines.push(parts.join('; '));
    }
  }
  if (input.clusters.length > MAX_CLUSTERS) {
    const rest = input.clusters.slice(MAX_CLUSTERS);
    lines.push(`(${rest.length} smaller clusters not shown, ${rest.reduce((n, c) => n + c.count, 0)} failures in all)`);
  }
  lines.push('', '## Rules you may change (with train metrics: tp, fp, precision, texts matched)');
  if (!editable.length) lines.push('(none: add new rules only)');
  // The rules with the most wrong outputs first, as they are the likeliest to need a rewrite.
  const shown = [...editable].sort((a, b) => b.fp - a.fp || b.tp - a.tp).slice(0, MAX_EDITABLE);
  for (const r of shown)
    lines.push(`- ${renderRule(r.rule)} tp=${num(r.tp)} fp=${num(r.fp)} precision=${num(r.precision)} matched=${r.fired}`);
  if (editable.length > shown.length) lines.push(`(${editable.length - shown.length} more rules with fewer errors not shown)`);
  if (fixed.length) {
    lines.push('', '## Other rules (context only: do not replace or remove them)');
    for (const r of fixed.slice(0, 60)) lines.push(`- ${renderRule(r.rule)} tp=${num(r.tp)} fp=${num(r.fp)}`);
    if (fixed.length > 60) lines.push(`(${fixed.length - 60} more)`);
  }
  if (input.history.length) {
    lines.push('', '## Earlier rounds');
    for (const h of input.history) lines.push(`- round ${h.round}: ${h.accepted ? 'accepted' : 'rejected'}: ${h.reason}`);
  }
  lines.push(
    '',
    'Write a patch that fixes the failures without breaking what works: new rules ("replaces": null), rewrites of rules you may change ("replaces": the rule id), and rules to remove ("remove": [{"id", "reason"}]).',
    ...(input.allowedLabels ? [`New rules may only have these labels: ${input.allowedLabels.join(', ')}.`] : []),
    'The patch is kept only if it raises F1 on held-out data. Answer as {"rules": [...], "remove": [...]}.',
  );
  return [
    { role: 'system', content: systemPrompt(task) },
    { role: 'user', content: lines.join('\n') },
  ];
}
