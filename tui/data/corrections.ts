import type { Answer } from '../../src/core/schemas/example.js';
import type { CorrectionList, DatasetHandle } from '../../src/service/index.js';
import type { EditSpan } from '../model/span-edit.js';

/** What the correction screen shows and edits. */
export interface CorrectionTarget {
  readonly id: string;
  readonly kind: 'classification' | 'spans' | 'transformation';
  readonly text: string;
  readonly split: string;
  readonly source: string;
  readonly labels: readonly string[];
  readonly gold: { readonly label: string | null; readonly spans: readonly EditSpan[] };
  readonly goldText: string;
  /** What the active rules produce now, when known. */
  readonly producedText: string | null;
}

const spansText = (spans: readonly { start: number; end: number; label: string }[], text: string) =>
  spans.length ? spans.map((s) => `${s.label}:"${text.slice(s.start, s.end)}"`).join(' ') : '(no spans)';

/** Reads an example and the task's labels for the correction screen. */
export function loadCorrectionTarget(d: DatasetHandle, exampleId: string): CorrectionTarget {
  const task = d.summary();
  const e = d.getExample(exampleId);
  const kind = task.type === 'classification' ? 'classification' : task.type === 'transformation' ? 'transformation' : 'spans';
  const text = e.text ?? JSON.stringify(e.input ?? {});
  const goldSpans = (e.spans ?? []).map((s) => ({ start: s.start, end: s.end, label: s.label }));
  const goldText =
    kind === 'classification' ? (e.label ?? '(no label)') : kind === 'spans' ? spansText(goldSpans, text) : JSON.stringify(e.output ?? {});
  const p = d.predictExample({ exampleId }).prediction;
  const producedText =
    kind === 'classification'
      ? `${p.label ?? '(abstains)'}${p.rule_id ? ` (rule ${p.rule_id})` : ''}`
      : kind === 'spans'
        ? spansText(p.spans ?? [], text)
        : JSON.stringify(p.output ?? {});
  return {
    id: e.id,
    kind,
    text,
    split: e.split,
    source: e.source,
    labels: task.labels,
    gold: { label: e.label ?? null, spans: goldSpans },
    goldText,
    producedText,
  };
}

/** A dev or test example: correcting it moves it to train, so the screen asks first. */
export const isHeldOut = (t: Pick<CorrectionTarget, 'split'>): boolean => t.split === 'dev' || t.split === 'test';

/**
 * Saves the correction through the service (which records what the rules produce now). A held-out
 * example needs `moveToTrain` (the person said yes to moving it); the service refuses it otherwise.
 */
export function saveCorrection(
  d: DatasetHandle,
  t: CorrectionTarget,
  expected: { label: string | null; spans: readonly EditSpan[] },
  note: string,
  moveToTrain = false,
): { id: string; alreadyRight: boolean; moved: boolean; warnings: readonly string[]; preview: string | null } {
  const r = d.correct({
    exampleId: t.id,
    ...(t.kind === 'classification' ? { expectedLabel: expected.label } : {}),
    ...(t.kind === 'spans' ? { expectedSpans: expected.spans.map((s) => ({ start: s.start, end: s.end, label: s.label })) } : {}),
    ...(note.trim() ? { note } : {}),
    ...(moveToTrain ? { moveToTrain: true } : {}),
  });
  return { id: r.correction.id, alreadyRight: r.already_right, moved: r.moved !== null, warnings: r.warnings, preview: r.rule_preview?.note ?? null };
}

/** An answer as one line of text. */
export function answerText(a: Answer, text: string): string {
  if (a.spans) return spansText(a.spans, text);
  if (a.output) return JSON.stringify(a.output);
  return a.label ?? '(no label)';
}

/** The corrections with whether each holds under the current rules (the service runs them). */
export function listCorrections(d: DatasetHandle): CorrectionList {
  return d.listCorrections();
}

/** Deletes a correction and the training example it became. */
export function deleteCorrection(d: DatasetHandle, id: string): void {
  d.deleteCorrection(id);
}
