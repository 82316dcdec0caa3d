import { z } from 'zod';
import { RulewrightError, describeIssues } from '../errors.js';
import type { MatcherDefinition } from './types.js';
import { verdict } from './values.js';

/** Anything with zod's `safeParse` (a zod schema passed programmatically). */
interface SafeParser {
  safeParse(value: unknown): { success: true } | { success: false; error: z.ZodError };
}

const isSafeParser = (v: unknown): v is SafeParser =>
  typeof v === 'object' && v !== null && typeof (v as { safeParse?: unknown }).safeParse === 'function';

const Options = z
  .strictObject({
    /** A JSON Schema (converted with zod 4's `z.fromJSONSchema`). */
    json_schema: z.record(z.string(), z.unknown()).optional(),
    /** A zod schema object, for callers configuring matchers in code. */
    zod: z.custom<SafeParser>(isSafeParser, { message: 'expected a zod schema (an object with safeParse)' }).optional(),
  })
  .refine((o) => (o.json_schema === undefined) !== (o.zod === undefined), {
    message: 'give exactly one of json_schema or zod',
  });
type SchemaOptions = z.infer<typeof Options>;

/** The predicted value is valid against a schema (the gold value is not used). */
export const schemaMatcher: MatcherDefinition<SchemaOptions> = {
  name: 'schema',
  description: 'the predicted value validates against a JSON Schema (options.json_schema) or a zod schema (options.zod)',
  options: Options,
  bind(o) {
    let parser: SafeParser;
    if (o.zod) parser = o.zod;
    else {
      try {
        parser = z.fromJSONSchema(o.json_schema as Parameters<typeof z.fromJSONSchema>[0]) as unknown as SafeParser;
      } catch (e) {
        throw new RulewrightError('BAD_INPUT', `schema matcher: the JSON Schema is not supported: ${(e as Error).message}`);
      }
    }
    return {
      match(_gold, predicted) {
        const r = parser.safeParse(predicted);
        if (r.success) return verdict(true, 1, 'valid against the schema');
        return verdict(false, 0, `invalid: ${describeIssues(r.error)}`, {
          issues: r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        });
      },
    };
  },
};
