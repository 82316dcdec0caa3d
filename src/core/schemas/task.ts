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

/**
 * A rule's time budget on one document. Past a second or so a flagged rule already stalls a run
 * over a few hundred documents; past ten seconds it is no budget at all (and Node's watchdog
 * refuses a timeout of 2^32 ms, which the schema once let through).
 */
export const RULE_BUDGET_MS = { min: 1, max: 10_000, default: 100 } as const;

/** The range of a budget in words, for messages. */
export const ruleBudgetRange = `from ${RULE_BUDGET_MS.min} to ${RULE_BUDGET_MS.max.toLocaleString('en-US')} ms per rule per document`;

/** A budget brought into range (a number that is not one becomes the default). */
export function clampRuleBudget(ms: number): number {
  return Number.isNaN(ms) ? RULE_BUDGET_MS.default : Math.min(RULE_BUDGET_MS.max, Math.max(RULE_BUDGET_MS.min, ms));
}

export const MatchingConfig = z.strictObject({
  mode: MatchMode.default('text'),
  iou_threshold: z.number().min(0).max(1).default(0.5),
  conflict_policy: ConflictPolicy.default('rulechef'),
  /** Matchers by label (span and classification tasks) or by field (transformation). */
  matchers: z.record(z.string(), MatcherRef).default({}),
  /** Matcher for labels or fields not named in `matchers`. */
  default_matcher: MatcherRef.default('exact'),
  /** Per-rule, per-document time budget in milliseconds. */
  rule_budget_ms: z
    .number({ error: `must be a number of milliseconds ${ruleBudgetRange}` })
    .min(RULE_BUDGET_MS.min, `must be ${ruleBudgetRange}`)
    .max(RULE_BUDGET_MS.max, `must be ${ruleBudgetRange}`)
    .default(RULE_BUDGET_MS.default),
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

/**
 * A task as a workspace stored it. One saved before budgets were bounded loads with its budget
 * clamped into range, rather than making every command fail on a corrupt-looking task.
 */
export const StoredTask = z.preprocess((v) => {
  const m = (v as { matching?: { rule_budget_ms?: unknown } } | null)?.matching;
  if (typeof m?.rule_budget_ms !== 'number') return v;
  return { ...(v as object), matching: { ...m, rule_budget_ms: clampRuleBudget(m.rule_budget_ms) } };
}, Task);
