import { z } from 'zod';

const Ratio = z.number().nullable();

/** Precision, recall and F1 (null for an empty denominator) with their counts. */
export const ClassMetrics = z.strictObject({
  precision: Ratio,
  recall: Ratio,
  f1: Ratio,
  tp: z.number(),
  fp: z.number(),
  fn: z.number(),
});
export type ClassMetrics = z.infer<typeof ClassMetrics>;

const ErrorKinds = z.strictObject({
  wrong_label: z.number(),
  wrong_boundary: z.number(),
  missing: z.number(),
  spurious: z.number(),
  /** Transformation tasks only: a field present on both sides whose value does not match. */
  wrong_value: z.number().optional(),
});

const SemevalBlock = z.strictObject({
  cor: z.number(),
  inc: z.number(),
  par: z.number(),
  mis: z.number(),
  spu: z.number(),
});

/** Gold classes (rows) × predicted classes (columns, the last one `(abstain)`). */
export const ConfusionBlock = z.strictObject({
  labels: z.array(z.string()),
  columns: z.array(z.string()),
  counts: z.array(z.array(z.number())),
});
export type ConfusionBlock = z.infer<typeof ConfusionBlock>;

const Agreement = z.strictObject({ precision: Ratio, recall: Ratio, f1: Ratio, exact_match: Ratio });

/** Examples whose answer is an observed model's output (source `observed`). */
const ObservedBlock = z.strictObject({
  n: z.number().int(),
  /** Share of observed examples the rules produce output for. */
  coverage: Ratio,
  /** The rules against the observed model's output. */
  agreement: Agreement,
  /** Against `truth` where present: the rules, and the observed model itself. */
  truth: z.strictObject({ n: z.number().int(), rules: Agreement, model: Agreement }).nullable(),
});

/** `eval --json`: the keys scripts read (kept stable) plus the mode-specific blocks. */
export const EvalReport = z.strictObject({
  n: z.number().int(),
  split: z.string().nullable(),
  mode: z.string(),
  micro: ClassMetrics,
  macro_f1: Ratio,
  exact_match: Ratio,
  coverage: Ratio,
  per_class: z.record(z.string(), ClassMetrics),
  errors: ErrorKinds,
  notes: z.array(z.string()),
  dataset_hash: z.string(),
  ruleset_hash: z.string(),
  semeval: SemevalBlock.optional(),
  confusion: ConfusionBlock.optional(),
  observed: ObservedBlock.optional(),
});
export type EvalReport = z.infer<typeof EvalReport>;
