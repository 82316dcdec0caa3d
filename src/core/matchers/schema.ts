import { z } from 'zod';
import { RulewrightError, describeIssues } from '../errors.js';
import { patternLimitIssue } from '../safety/pattern-limits.js';
import { screenedVerdict, withinBudget } from './pattern-screen.js';
import type { MatcherDefinition, Verdict } from './types.js';
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

/** The regexes a JSON Schema carries (`pattern` values, `patternProperties` keys), which validation runs. */
function schemaPatterns(schema: unknown, out: string[] = []): string[] {
  if (Array.isArray(schema)) for (const s of schema) schemaPatterns(s, out);
  else if (schema && typeof schema === 'object') {
    for (const [k, v] of Object.entries(schema)) {
      if (k === 'pattern' && typeof v === 'string') out.push(v);
      else if (k === 'patternProperties' && v && typeof v === 'object' && !Array.isArray(v)) {
        out.push(...Object.keys(v));
        for (const sub of Object.values(v)) schemaPatterns(sub, out);
      } else schemaPatterns(v, out);
    }
  }
  return out;
}

/**
 * The predicted value is valid against a schema (the gold value is not used). A JSON Schema's
 * patterns go through the rules' ReDoS screen, and validation runs under the per-call time budget.
 */
export const schemaMatcher: MatcherDefinition<SchemaOptions> = {
  name: 'schema',
  description: 'the predicted value validates against a JSON Schema (options.json_schema) or a zod schema (options.zod)',
  options: Options,
  bind(o) {
    const patterns = [...new Set(o.json_schema ? schemaPatterns(o.json_schema) : [])];
    // Before zod compiles them (see PATTERN_LIMITS).
    for (const p of patterns) {
      const tooLarge = patternLimitIssue(p);
      if (tooLarge) throw new RulewrightError('BAD_INPUT', `schema matcher: a pattern of the JSON Schema: ${tooLarge}`);
    }
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
      screensPatterns: patterns.length > 0,
      fixedPatterns: patterns.map((source) => ({ source, flags: '' })),
      match(_gold, predicted, ctx) {
        let unscreened: Verdict | undefined;
        // While collecting, every pattern is looked up so all of them get screened.
        for (const p of patterns) {
          const v = screenedVerdict(p, '', ctx);
          unscreened ??= v;
          if (unscreened && !ctx.patterns?.collecting) break;
        }
        if (unscreened) return unscreened;
        const run = withinBudget(() => parser.safeParse(predicted), ctx, 'schema validation');
        if (!('value' in run)) return run;
        const r = run.value;
        if (r.success) return verdict(true, 1, 'valid against the schema');
        return verdict(false, 0, `invalid: ${describeIssues(r.error)}`, {
          issues: r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        });
      },
    };
  },
};
