import { z } from 'zod';

export const TaskType = z.enum(['extraction', 'ner', 'classification', 'transformation']);
export type TaskType = z.infer<typeof TaskType>;

/** Span matching modes; `semeval:*` are nervaluate's four SemEval-2013 schemes. */
export const MatchMode = z.enum([
  'text',
  'exact',
  'overlap',
  'semeval:strict',
  'semeval:exact',
  'semeval:partial',
  'semeval:type',
]);
export type MatchMode = z.infer<typeof MatchMode>;

export const ConflictPolicy = z.enum(['rulechef', 'non_overlapping']);
export type ConflictPolicy = z.infer<typeof ConflictPolicy>;

/** A matcher named by string, or by name with options; options are validated by the matcher itself. */
export const MatcherRef = z.union([
  z.string().min(1),
  z.strictObject({ name: z.string().min(1), options: z.record(z.string(), z.unknown()).default({}) }),
]);
export type MatcherRef = z.infer<typeof MatcherRef>;

export const MatchingConfig = z.strictObject({
  mode: MatchMode.default('text'),
  iou_threshold: z.number().min(0).max(1).default(0.5),
  conflict_policy: ConflictPolicy.default('rulechef'),
  /** Matchers by label (span and classification tasks) or by field (transformation). */
  matchers: z.record(z.string(), MatcherRef).default({}),
  /** Matcher for labels or fields not named in `matchers`. */
  default_matcher: MatcherRef.default('exact'),
  /** Per-rule, per-document time budget in milliseconds. */
  rule_budget_ms: z.number().positive().default(100),
  /** z for Wilson lower bounds. */
  wilson_z: z.number().positive().default(1.96),
});
export type MatchingConfig = z.infer<typeof MatchingConfig>;

export const Task = z.strictObject({
  name: z.string().min(1),
  description: z.string().default(''),
  type: TaskType,
  labels: z.array(z.string().min(1)).optional(),
  /** Transformation tasks: the key of `input` that rules read (default `text`). */
  text_field: z.string().min(1).default('text'),
  /** Transformation tasks: fields whose value is a list (all matches) rather than a scalar (first match). */
  list_fields: z.array(z.string()).default([]),
  matching: MatchingConfig.default(MatchingConfig.parse({})),
});
export type Task = z.infer<typeof Task>;
export type TaskInput = z.input<typeof Task>;

export const isSpanTask = (type: TaskType): boolean => type === 'extraction' || type === 'ner';
