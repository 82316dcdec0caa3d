import { z } from 'zod';
import { Span } from './span.js';

export const Split = z.enum(['train', 'dev', 'test']);
export type Split = z.infer<typeof Split>;

export const ExampleSource = z.enum(['gold', 'correction', 'observed']);
export type ExampleSource = z.infer<typeof ExampleSource>;

const SPLITS: ReadonlySet<unknown> = new Set(Split.options);
const SOURCES: ReadonlySet<unknown> = new Set(ExampleSource.options);
/** Whether a value is a split name: the schema's check, for hot paths that build examples without it. */
export const isSplit = (v: unknown): v is Split => SPLITS.has(v);
/** Whether a value is an example source (see `isSplit`). */
export const isExampleSource = (v: unknown): v is ExampleSource => SOURCES.has(v);

/** The answer part of an example: spans, a label, or a structured output, by task type. */
export const Answer = z.strictObject({
  spans: z.array(Span).optional(),
  label: z.string().nullable().optional(),
  output: z.record(z.string(), z.unknown()).optional(),
});
export type Answer = z.infer<typeof Answer>;

/**
 * One labelled example. Span tasks use `text` + `spans`, classification `text` + `label`,
 * transformation `input` + `output`. For `observed` examples the answer is the observed model's
 * output and `truth`, when present, is the real gold.
 */
export const Example = z.strictObject({
  id: z.string().min(1),
  text: z.string().optional(),
  input: z.record(z.string(), z.unknown()).optional(),
  spans: z.array(Span).optional(),
  label: z.string().nullable().optional(),
  output: z.record(z.string(), z.unknown()).optional(),
  split: Split.default('train'),
  source: ExampleSource.default('gold'),
  /** Labels this example asserts; a label not listed is outside this example's scoring universe. */
  annotated: z.array(z.string()).optional(),
  truth: Answer.optional(),
  /** Format-specific extras kept for export and context (e.g. Restaurant-8k requested slots). */
  meta: z.record(z.string(), z.unknown()).optional(),
});
export type Example = z.infer<typeof Example>;
export type ExampleInput = z.input<typeof Example>;
