import type { Answer } from '../../core/schemas/example.js';
import type { Rule } from '../../core/schemas/rule.js';
import type { Task } from '../../core/schemas/task.js';
import type { CorrectionView, FeedbackView } from './views.js';

/** Small renderers shared by the synthesis and patch prompts. */

/** Cuts a one-line string to `max` characters. */
export function clipText(s: string, max: number): string {
  const one = s.replace(/\s*\r?\n\s*/g, ' ⏎ ');
  return one.length <= max ? one : `${one.slice(0, Math.max(0, max - 1))}…`;
}

/** A ratio as a prompt shows it: three decimals, or `n/a` when there is no denominator. */
export function num(v: number | null | undefined): string {
  return v === null || v === undefined ? 'n/a' : Number.isInteger(v) ? String(v) : v.toFixed(3);
}

/** An answer in one line: a class, spans as `"text"→LABEL`, or output fields as JSON. */
function renderAnswer(task: Task, text: string, a: Answer): string {
  if (task.type === 'classification') return a.label == null || a.label === '' ? '(no label)' : a.label;
  if (task.type === 'transformation') return a.output ? JSON.stringify(a.output) : '(no output)';
  const spans = a.spans ?? [];
  if (!spans.length) return '(no spans)';
  return spans.map((s) => `${JSON.stringify(s.text ?? text.slice(s.start, s.end))}→${s.label}`).join(', ');
}

/** The corrections section: the strongest signal, so it comes first. */
export function renderCorrections(task: Task, corrections: readonly CorrectionView[], max = 15): string[] {
  if (!corrections.length) return [];
  const lines = [`## Corrections by a person (highest priority: rules must get these right)`];
  for (const c of corrections.slice(0, max)) {
    lines.push(`- text: ${JSON.stringify(clipText(c.text, 400))}`);
    lines.push(`  rules produced: ${renderAnswer(task, c.text, c.produced)}`);
    lines.push(`  expected: ${renderAnswer(task, c.text, c.expected)}`);
    if (c.note) lines.push(`  note: ${clipText(c.note, 300)}`);
  }
  if (corrections.length > max) lines.push(`(${corrections.length - max} more corrections not shown)`);
  return lines;
}

/** Feedback in plain English, grouped by what it is about. */
export function renderFeedback(feedback: readonly FeedbackView[]): string[] {
  if (!feedback.length) return [];
  const lines = ['## Feedback from a person (follow it)'];
  for (const f of feedback) {
    const about = f.level === 'task' ? 'the task' : f.level === 'rule' ? `rule ${f.target_id}` : `example ${f.target_id}`;
    lines.push(`- about ${about}: ${clipText(f.text, 600)}`);
    if (f.example_text !== undefined) lines.push(`  example text: ${JSON.stringify(clipText(f.example_text, 400))}`);
  }
  return lines;
}

/** A rule as one compact JSON line (what a model needs to rewrite it). */
export function renderRule(rule: Rule): string {
  return JSON.stringify({
    id: rule.id,
    name: rule.name,
    label: rule.output.label,
    format: rule.format,
    ...(rule.format === 'lexicon' ? { terms: (rule.terms ?? []).slice(0, 40) } : { pattern: rule.pattern }),
    ...(rule.flags ? { flags: rule.flags } : {}),
    ...(rule.dialect !== 'js' ? { dialect: rule.dialect } : {}),
    ...(rule.output.group !== '$0' ? { group: rule.output.group } : {}),
    priority: rule.priority,
  });
}

/** The task header every prompt starts with. */
export function renderTask(task: Task, labels: readonly string[]): string[] {
  const kind =
    task.type === 'classification'
      ? 'text classification: each text gets one label (or none)'
      : task.type === 'transformation'
        ? `structured extraction: fields of an output record are filled from the text in input.${task.text_field}`
        : `${task.type === 'ner' ? 'named-entity recognition' : 'span extraction'}: labelled character spans of a text`;
  return [
    `# Task: ${task.name}`,
    ...(task.description ? [`Description: ${clipText(task.description, 1000)}`] : []),
    `Type: ${kind}`,
    `${task.type === 'transformation' ? 'Fields' : 'Labels'}: ${labels.join(', ')}`,
  ];
}
