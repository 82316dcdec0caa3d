import type { Prediction } from '../core/schemas/prediction.js';
import type { TaskType } from '../core/schemas/task.js';

/** The tools predictions can be exported to for review. */
export type ReviewFormat = 'labelstudio' | 'doccano';
export const REVIEW_FORMATS: readonly ReviewFormat[] = ['labelstudio', 'doccano'];

/** One example with what the rules predicted for it. */
export interface PredictedExample {
  id: string;
  text: string;
  prediction: Prediction;
}

/** The code-point offset of JS string index `i` in `text` (what Label Studio and Doccano count). */
export function codePointOffset(text: string, i: number): number {
  let n = 0;
  for (let k = 0; k < i && k < text.length; k++, n++) {
    const c = text.charCodeAt(k);
    if (c >= 0xd800 && c <= 0xdbff && k + 1 < text.length) {
      const d = text.charCodeAt(k + 1);
      if (d >= 0xdc00 && d <= 0xdfff) k++;
    }
  }
  return n + Math.max(0, i - text.length);
}

export interface ReviewOptions {
  /** Label Studio: the `model_version` of the predictions. */
  modelVersion: string;
  /** Label Studio: the control's `name` (`<Labels name=…>` / `<Choices name=…>`) and the text object's (`toName`). */
  fromName?: string;
  toName?: string;
}

/**
 * Label Studio tasks (a JSON list) with the rules' output as `predictions` (pre-annotations to
 * review): spans as `labels` regions, a class as a `choices` result, offsets in code points (as
 * Label Studio stores them). The example id is kept in `data.rulewright_id`; each region's rule
 * in `data.rulewright_rules` (Label Studio ignores data fields its labelling config does not use).
 */
export function toLabelStudio(type: TaskType, items: readonly PredictedExample[], o: ReviewOptions): string {
  const fromName = o.fromName ?? (type === 'classification' ? 'choice' : 'label');
  const toName = o.toName ?? 'text';
  const tasks = items.map((it) => {
    const p = it.prediction;
    const result =
      type === 'classification'
        ? p.label
          ? [{ id: `${it.id}-0`, from_name: fromName, to_name: toName, type: 'choices', value: { choices: [p.label] } }]
          : []
        : (p.spans ?? []).map((s, k) => ({
            id: `${it.id}-${k}`,
            from_name: fromName,
            to_name: toName,
            type: 'labels',
            value: { start: codePointOffset(it.text, s.start), end: codePointOffset(it.text, s.end), text: s.text, labels: [s.label] },
          }));
    const rules = type === 'classification' ? (p.rule_id ? [p.rule_id] : []) : (p.spans ?? []).map((s) => s.rule_id);
    return { data: { text: it.text, rulewright_id: it.id, rulewright_rules: rules }, predictions: [{ model_version: o.modelVersion, result }] };
  });
  return `${JSON.stringify(tasks, null, 1)}\n`;
}

/**
 * Doccano JSONL, one example a line: `{"text", "label", "id"}` with the rules' output as the
 * labels to review: `[[start, end, label], …]` in code points for spans (Doccano's backend counts
 * Python string indices), `[label]` (or `[]`) for a class.
 */
export function toDoccano(type: TaskType, items: readonly PredictedExample[]): string {
  return items
    .map((it) => {
      const p = it.prediction;
      const label = type === 'classification' ? (p.label ? [p.label] : []) : (p.spans ?? []).map((s) => [codePointOffset(it.text, s.start), codePointOffset(it.text, s.end), s.label]);
      return `${JSON.stringify({ id: it.id, text: it.text, label })}\n`;
    })
    .join('');
}
