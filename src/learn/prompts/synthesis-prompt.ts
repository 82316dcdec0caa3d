import type { Rule } from '../../core/schemas/rule.js';
import type { Task } from '../../core/schemas/task.js';
import type { LlmMessage } from '../llm/client.js';
import type { ClassEvidence, Counted, LabelEvidence, SpanEvidence } from './evidence.js';
import { clipText, renderCorrections, renderFeedback, renderRule, renderTask } from './render.js';
import { systemPrompt } from './system-prompt.js';
import type { CorrectionView, FeedbackView } from './views.js';

/** Everything a synthesis prompt for one label shows. */
export interface SynthesisPromptInput {
  task: Task;
  /** The label (or field) to write rules for. */
  label: string;
  /** Every label of the task, so rules do not poach another's texts. */
  labels: readonly string[];
  evidence: LabelEvidence;
  /** Corrections touching this label (first: the strongest signal). */
  corrections: readonly CorrectionView[];
  /** Task-level feedback. */
  feedback: readonly FeedbackView[];
  /** Active rules for this label already, so the model adds rather than repeats. */
  existing: readonly Rule[];
  /** Upper bound on rules asked for. */
  maxRules: number;
}

/** The first line of every synthesis request; tests and logs recognize the label by it. */
export const SYNTHESIS_MARKER = 'Write rules for label';

const counted = (items: readonly Counted[], max = 40): string =>
  items
    .slice(0, max)
    .map((c) => `${JSON.stringify(c.value)} ×${c.count}`)
    .join(', ');

function spanSection(e: SpanEvidence): string[] {
  const lines = [`## Training evidence for ${e.label}: ${e.mentions} mentions in ${e.examples} texts`];
  if (!e.mentions) return [...lines, '(no mentions in the training split: write rules only if the description and feedback make the pattern clear)'];
  lines.push(`Surface forms (most frequent first): ${counted(e.surface_forms)}`);
  lines.push(`Shapes (A upper-case, a lower-case, 9 digit): ${counted(e.exact_shapes, 12)}`);
  lines.push(`Generalized shapes (+ is one or more): ${counted(e.compressed_shapes, 8)}`);
  if (e.left_words.length) lines.push(`Words just before: ${counted(e.left_words, 12)}`);
  if (e.right_words.length) lines.push(`Words just after: ${counted(e.right_words, 12)}`);
  lines.push('Contexts (the mention is marked ⟦…⟧):');
  for (const c of e.contexts) lines.push(`- ${c}`);
  return lines;
}

function classSection(e: ClassEvidence): string[] {
  const lines = [`## Training texts labelled ${e.label} (${e.examples})`];
  for (const t of e.texts) lines.push(`- ${JSON.stringify(clipText(t, 300))}`);
  if (e.trigger_words.length)
    lines.push(
      `Words and word pairs that mostly occur in ${e.label} (count, share of their texts in ${e.label}): ` +
        e.trigger_words
          .slice(0, 30)
          .map((t) => `${JSON.stringify(t.value)} ${t.count} ${(t.precision * 100).toFixed(0)}%`)
          .join(', '),
    );
  if (e.counter_texts.length) {
    lines.push(`## Texts of other labels (rules for ${e.label} must NOT match these)`);
    for (const c of e.counter_texts) lines.push(`- [${c.label}] ${JSON.stringify(clipText(c.text, 200))}`);
  }
  return lines;
}

/** The chat messages that ask for rules of one label. */
export function synthesisPrompt(input: SynthesisPromptInput): LlmMessage[] {
  const { task, label, evidence } = input;
  const user = [
    `${SYNTHESIS_MARKER} "${label}".`,
    ...renderTask(task, input.labels),
    '',
    ...renderCorrections(task, input.corrections),
    ...(input.corrections.length ? [''] : []),
    ...(evidence.kind === 'class' ? classSection(evidence) : spanSection(evidence)),
    '',
    ...renderFeedback(input.feedback),
    ...(input.feedback.length ? [''] : []),
    ...(input.existing.length
      ? [`## Rules for ${label} that exist already (do not repeat them)`, ...input.existing.slice(0, 30).map(renderRule), '']
      : []),
    `Write up to ${input.maxRules} rules whose label is "${label}". Answer as {"rules": [...]}.`,
  ];
  return [
    { role: 'system', content: systemPrompt(task) },
    { role: 'user', content: user.join('\n') },
  ];
}
