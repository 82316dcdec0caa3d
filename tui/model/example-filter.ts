import type { ExampleErrorKind, ExampleOutcomeRow } from '../../src/service/index.js';

export type OutcomeFilter = 'all' | 'wrong' | 'correct' | ExampleErrorKind;
export const OUTCOME_FILTERS: readonly OutcomeFilter[] = ['all', 'wrong', 'correct', 'missed', 'spurious', 'wrong_label', 'wrong_boundary', 'wrong_value'];

export type SplitFilter = 'all' | 'train' | 'dev' | 'test';
export const SPLIT_FILTERS: readonly SplitFilter[] = ['all', 'train', 'dev', 'test'];

export interface ExampleFilter {
  readonly outcome: OutcomeFilter;
  /** A label, or `any`. */
  readonly label: string;
  readonly split: SplitFilter;
  readonly text: string;
}

export const NO_EXAMPLE_FILTER: ExampleFilter = { outcome: 'all', label: 'any', split: 'all', text: '' };

const isWrong = (r: ExampleOutcomeRow) => r.errors.length > 0 || r.fp > 0 || r.fn > 0;

/** Rows passing the outcome, label, split and text filters, in their original order. */
export function filterExamples(rows: readonly ExampleOutcomeRow[], f: ExampleFilter): ExampleOutcomeRow[] {
  const q = f.text.trim().toLowerCase();
  return rows.filter((r) => {
    if (f.split !== 'all' && r.split !== f.split) return false;
    if (f.label !== 'any' && !r.labels.includes(f.label)) return false;
    switch (f.outcome) {
      case 'all':
        break;
      case 'wrong':
        if (!isWrong(r)) return false;
        break;
      case 'correct':
        if (isWrong(r)) return false;
        break;
      default:
        if (!r.errors.includes(f.outcome)) return false;
    }
    if (!q) return true;
    return r.id.toLowerCase().includes(q) || r.text.toLowerCase().includes(q) || r.gold.toLowerCase().includes(q) || r.predicted.toLowerCase().includes(q);
  });
}

/** A short name for an error kind, for narrow columns. */
export const ERROR_SHORT: Record<ExampleErrorKind, string> = {
  missed: 'missed',
  spurious: 'spurious',
  wrong_label: 'wrong label',
  wrong_boundary: 'boundary',
  wrong_value: 'wrong value',
};
