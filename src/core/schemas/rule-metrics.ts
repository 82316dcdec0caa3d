import { z } from 'zod';

/** One side of a sample: a span (offsets and text), a class label, or a field value (as text). */
export const SampleItem = z.strictObject({
  label: z.string(),
  text: z.string().nullable(),
  start: z.number().int().nullable(),
  end: z.number().int().nullable(),
});
export type SampleItem = z.infer<typeof SampleItem>;

/** A true positive, false positive or false negative of one rule alone, with text around it. */
export const RuleSample = z.strictObject({
  example_id: z.string(),
  kind: z.enum(['tp', 'fp', 'fn']),
  /** The scorer's outcome kind (match, spurious, wrong_label, wrong_boundary, wrong_value, missed). */
  outcome: z.string(),
  gold: SampleItem.nullable(),
  predicted: SampleItem.nullable(),
  /** The focus item (the rule's output for tp/fp, the gold item for fn) and the text either side. */
  context: z.strictObject({ before: z.string(), text: z.string(), after: z.string() }),
  /** Why the matcher passed or failed the pair (absent when plain equality decided). */
  reason: z.string().optional(),
  /** The matcher's verdict was a lexical stand-in for a semantic one (`semantic_similarity`, no embedder). */
  lexical_fallback: z.literal(true).optional(),
});
export type RuleSample = z.infer<typeof RuleSample>;

/** Another rule and how many examples this rule shares (or disagrees on) with it. */
export const RulePartner = z.strictObject({ id: z.string(), name: z.string(), examples: z.number().int().min(0) });
export type RulePartner = z.infer<typeof RulePartner>;

const nullableRatio = z.number().nullable();

/**
 * Per-rule metrics: the rule alone under the task's matching mode and matchers (recall against all
 * gold of the examples scored), its place in the ensemble (marginal F1), samples, and how it meets
 * other rules. What `metrics --json` prints per rule and what the store caches.
 */
export const RuleMetrics = z.strictObject({
  id: z.string(),
  name: z.string(),
  label: z.string(),
  /** Position in execution order. */
  position: z.number().int().min(0),
  tp: z.number().min(0),
  fp: z.number().min(0),
  fn: z.number().min(0),
  precision: nullableRatio,
  recall: nullableRatio,
  f1: nullableRatio,
  /** Recall and F1 against the gold of the rule's own label only (`recall`, `f1`: all gold, as RuleChef). */
  label_recall: nullableRatio,
  label_f1: nullableRatio,
  /** TP + FP. */
  support: z.number().min(0),
  /** Output items of the rule alone (after its own dedup). */
  fired: z.number().int().min(0),
  /** Examples it fired on. */
  fired_docs: z.number().int().min(0),
  wilson_lower: z.number().min(0).max(1),
  dead: z.boolean(),
  harmful: z.boolean(),
  marginal_f1: nullableRatio,
  samples: z.strictObject({ tp: z.array(RuleSample), fp: z.array(RuleSample), fn: z.array(RuleSample) }),
  overlap: z.strictObject({ examples: z.number().int().min(0), partners: z.array(RulePartner) }),
  conflict: z.strictObject({ examples: z.number().int().min(0), suppressed: z.number().int().min(0), partners: z.array(RulePartner) }),
});
export type RuleMetrics = z.infer<typeof RuleMetrics>;
