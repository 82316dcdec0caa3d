import type { Answer } from './schemas/example.js';

/** An answer in one line: the label, the spans as label:"text", or the output record. */
export function answerText(a: Answer): string {
  if (a.spans) return a.spans.length ? a.spans.map((s) => `${s.label}:${JSON.stringify(s.text ?? '')}`).join(' ') : '(no spans)';
  if (a.output) return JSON.stringify(a.output);
  return a.label ?? '(no label)';
}
