import { RulewrightError } from '../core/errors.js';
import type { Example } from '../core/schemas/example.js';
import type { Task } from '../core/schemas/task.js';
import { uniqSorted } from '../learn/induce/text.js';

/**
 * Checks `learn --default-label`: the task must be a classification task and the label one of its
 * labels or of the train examples (compared as the engine compares labels: trimmed, case-folded).
 * Returns the label as the task spells it.
 */
export function checkDefaultLabel(task: Task, train: readonly Example[], label: string | undefined): string | undefined {
  if (label === undefined) return undefined;
  if (task.type !== 'classification')
    throw new RulewrightError('USAGE', `--default-label is for classification tasks; dataset task "${task.name}" is a ${task.type} task: learn without --default-label`);
  const known = uniqSorted([...(task.labels ?? []), ...train.map((e) => (e.label ?? '').trim()).filter((l) => l !== '')]);
  const fold = (l: string) => l.trim().toLowerCase();
  const match = known.find((l) => fold(l) === fold(label));
  if (match === undefined)
    throw new RulewrightError(
      'USAGE',
      `--default-label "${label}" is not a label of this dataset: use one of ${known.length ? known.map((l) => JSON.stringify(l)).join(', ') : '(none: import labelled examples first)'}`,
    );
  return match;
}
