import { Task, type TaskInput } from '../../../src/core/schemas/task.js';
import type { Example } from '../../../src/core/schemas/example.js';
import type { OutputSpan, Span } from '../../../src/core/schemas/span.js';

/** A parsed task with defaults. */
export const task = (t: Partial<TaskInput> & { type: TaskInput['type'] }): Task => Task.parse({ name: 't', ...t });

/** The span of the `nth` occurrence of `phrase` in `text`. */
export function at(text: string, phrase: string, label: string, nth = 0): Span {
  let i = -1;
  for (let k = 0; k <= nth; k++) {
    i = text.indexOf(phrase, i + 1);
    if (i < 0) throw new Error(`"${phrase}" not found ${nth + 1} times`);
  }
  return { start: i, end: i + phrase.length, label };
}

/** A predicted span of the `nth` occurrence of `phrase`. */
export function out(text: string, phrase: string, label: string, rule_id = 'r1', nth = 0): OutputSpan {
  const s = at(text, phrase, label, nth);
  return { ...s, text: phrase, rule_id };
}

export const spanExample = (id: string, text: string, spans: Span[], extra: Partial<Example> = {}): Example => ({
  id,
  text,
  spans,
  split: 'test',
  source: 'gold',
  ...extra,
});
