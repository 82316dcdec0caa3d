import type { Answer, Example, ExampleSource, Split } from '../core/schemas/example.js';
import type { FeedbackLevel } from '../core/schemas/feedback.js';
import type { TaskType } from '../core/schemas/task.js';

/** Every dataset format rulewright reads; `jsonl`, `csv` and `conll` are also written. */
export type FormatName =
  | 'jsonl'
  | 'csv'
  | 'conll'
  | 'labelstudio'
  | 'doccano'
  | 'rulechef'
  | 'tab'
  | 'restaurant8k'
  | 'trec'
  | 'sroie'
  | 'traffic';

export const FORMAT_NAMES: readonly FormatName[] = [
  'jsonl',
  'csv',
  'conll',
  'labelstudio',
  'doccano',
  'rulechef',
  'tab',
  'restaurant8k',
  'trec',
  'sroie',
  'traffic',
];

/** Options of one import. Everything is optional: the format is detected and sensible defaults apply. */
export interface ImportOptions {
  /** Skip detection and read the file as this format. */
  format?: FormatName;
  /** Split for rows that do not name their own (rows that do keep theirs). */
  split?: Split;
  /** Source for rows that do not name their own (traffic rows are always `observed`). */
  source?: ExampleSource;
  /** Task type when the rows cannot tell (`extraction` instead of `ner` for span rows, say). */
  taskType?: TaskType;
  /**
   * CSV column mapping: text column (default `text`), label column (default `label`, else
   * `category`), id column (default `id` when present), delimiter (default: from the header);
   * `relaxQuotes` reads a quote inside an unquoted field as text.
   */
  csv?: { text?: string; label?: string; id?: string; delimiter?: string; relaxQuotes?: boolean };
  /** TAB: the gold spans file that goes with a texts file. */
  spansFile?: string;
  /** TREC: label with the coarse class (`NUM`, default) or the fine one (`NUM:dist`). */
  trecLabel?: 'coarse' | 'fine';
  /**
   * The caller enforces unique ids itself (the store does, by key), so a streamed line format
   * keeps no id per row; other formats still check their ids.
   */
  idsCheckedByCaller?: boolean;
  /** Prefix for ids that rulewright generates (`row-1`, `s1`, …), so two files can share a dataset. */
  idPrefix?: string;
}

/** What an import yields: validated examples plus what was inferred about them. */
export interface ImportedData {
  format: FormatName;
  taskType: TaskType;
  /** Sorted distinct labels (span labels, class labels, or transformation output fields). */
  labels: string[];
  examples: Example[];
  /** Transformation tasks: the key of `input` that rules read. */
  textField?: string;
  /** Things the import tolerated or changed, one sentence each. */
  warnings: string[];
  /** A RuleChef dataset file's corrections, feedback and rules, which the import stores as such. */
  rulechef?: RulechefExtras;
}

/**
 * What a saved RuleChef dataset holds besides examples. Each correction's example (the expected
 * output, source `correction`) is among the examples, with the id `correction-ID`.
 */
export interface RulechefExtras {
  corrections: { id: string; text?: string; input?: Record<string, unknown>; produced: Answer; expected: Answer; note: string }[];
  /** `feedback` strings (task level) and `structured_feedback` entries, in file order; targets are example or rule ids. */
  feedback: { level: FeedbackLevel; target_id: string | null; text: string }[];
  /** RuleChef rule dicts, read as `rules import` reads them. */
  rules: unknown[];
}

/** The import options a pure parser needs (no file system ones). */
export type ParseOptions = Omit<ImportOptions, 'format' | 'spansFile'> & {
  /** Streaming parsers hand each validated example here instead of returning them all (see ExampleBuilder). */
  sink?: ExampleSink;
};

/** Receives each validated example, with where it came from when the parser streams (`FILE:LINE`, or a function that works it out). */
export type ExampleSink = (ex: Example, where?: string | (() => string)) => void;
