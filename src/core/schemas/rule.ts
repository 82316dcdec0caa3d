import { z } from 'zod';

const RuleFormat = z.enum(['regex', 'lexicon']);
export const RuleDialect = z.enum(['js', 'python']);
export const RuleStatus = z.enum(['active', 'disabled', 'proposed', 'rejected']);
export type RuleStatus = z.infer<typeof RuleStatus>;
export const Provenance = z.enum(['human', 'llm', 'induced', 'imported']);
export type Provenance = z.infer<typeof Provenance>;

/** What a rule emits: the label (entity type, class, or transformation field) and the group that is the span. */
const RuleOutput = z.strictObject({
  label: z.string().min(1),
  /** `$0` (whole match), `$1`…, or a named group. */
  group: z.string().min(1).default('$0'),
});

const LexiconOptions = z.strictObject({
  case_sensitive: z.boolean().default(false),
  word_boundary: z.boolean().default(true),
});

/** A value a condition compares with: one item of the example's metadata field. */
export const WhenValue = z.union([z.string(), z.number(), z.boolean()]);
export type WhenValue = z.infer<typeof WhenValue>;

/**
 * Where a rule applies: every listed `meta` field of the example must equal the value, or (a list
 * field, such as the slots a dialogue system just asked for) contain it. A rule with a condition
 * never fires on text that comes without metadata.
 */
export const RuleWhen = z.strictObject({
  meta: z.record(z.string().min(1), WhenValue).refine((m) => Object.keys(m).length > 0, 'a condition needs at least one meta field'),
});
export type RuleWhen = z.infer<typeof RuleWhen>;

/** A problem found when a rule was checked (e.g. ReDoS) that did not stop it from being kept. */
export const RuleFlag = z.strictObject({ code: z.string(), message: z.string() });
export type RuleFlag = z.infer<typeof RuleFlag>;

export const Rule = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  description: z.string().default(''),
  format: RuleFormat,
  /** Regex source without delimiters (Python dialect may start with inline flags such as `(?i)`). */
  pattern: z.string().default(''),
  /** Extra JS flags among `i`, `m`, `s`, `u`, `x` (XRegExp free-spacing). */
  flags: z.string().regex(/^[imsux]*$/).default(''),
  terms: z.array(z.string().min(1)).optional(),
  lexicon: LexiconOptions.optional(),
  dialect: RuleDialect.default('js'),
  output: RuleOutput,
  when: RuleWhen.optional(),
  priority: z.number().default(0),
  confidence: z.number().min(0).max(1).default(0.5),
  status: RuleStatus.default('active'),
  provenance: Provenance.default('human'),
  validated_precision: z.number().min(0).max(1).nullable().default(null),
  validated_support: z.number().int().min(0).default(0),
  version: z.number().int().min(1).default(1),
  flagged: z.array(RuleFlag).default([]),
  /** Why a rule was rejected, when `status` is `rejected`. */
  rejection: z.string().optional(),
  /** Fields of the rule's original source format kept for round-tripping (e.g. RuleChef's output_template). */
  origin: z.record(z.string(), z.unknown()).optional(),
});
export type Rule = z.infer<typeof Rule>;
export type RuleInput = z.input<typeof Rule>;

/** A ruleset file as rulewright writes it (`rules export`). */
export const RulesetFile = z.strictObject({
  rulewright: z.literal(1),
  task: z.record(z.string(), z.unknown()).optional(),
  rules: z.array(Rule),
});
export type RulesetFile = z.infer<typeof RulesetFile>;
