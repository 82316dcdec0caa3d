import { z } from 'zod';
import type { AnswerSchema } from '../llm/client.js';

/**
 * What a model writes for one rule. Every property is required and nullable rather than
 * optional, so OpenAI's strict structured output accepts the schema (see the LLM client).
 * The schema carries no length or range limits (strict mode rejects some of them); limits are
 * enforced when a draft becomes a rule. The answer is data: validated, then compiled as a regex
 * or a term list, never run as code.
 */
export const RuleDraft = z.strictObject({
  name: z.string(),
  description: z.string(),
  format: z.enum(['regex', 'lexicon']),
  /** Regex source without delimiters; empty for a lexicon. */
  pattern: z.string(),
  /** Lexicon terms; null for a regex. */
  terms: z.array(z.string()).nullable(),
  /** JS flags among i, m, s, u, x; null for none. */
  flags: z.string().nullable(),
  dialect: z.enum(['js', 'python']).nullable(),
  /** Which group is the span: `$0` (null: the whole match), `$1`, or a named group. */
  group: z.string().nullable(),
  label: z.string(),
  priority: z.number().nullable(),
  confidence: z.number().nullable(),
});
export type RuleDraft = z.infer<typeof RuleDraft>;

/** A rule of a patch: a new rule, or (with `replaces`) a new version of an existing one. */
export const PatchRuleDraft = z.strictObject({
  ...RuleDraft.shape,
  /** Id of the existing rule this rewrites; null for a new rule. */
  replaces: z.string().nullable(),
});
export type PatchRuleDraft = z.infer<typeof PatchRuleDraft>;

export const SynthesisAnswer = z.strictObject({ rules: z.array(RuleDraft) });
export type SynthesisAnswer = z.infer<typeof SynthesisAnswer>;

export const PatchAnswer = z.strictObject({
  rules: z.array(PatchRuleDraft),
  /** Existing rules to disable, with why. */
  remove: z.array(z.strictObject({ id: z.string(), reason: z.string() })),
});
export type PatchAnswer = z.infer<typeof PatchAnswer>;

export const SYNTHESIS_SCHEMA: AnswerSchema<SynthesisAnswer> = { name: 'rulewright_rules', schema: SynthesisAnswer };
export const PATCH_SCHEMA: AnswerSchema<PatchAnswer> = { name: 'rulewright_patch', schema: PatchAnswer };
