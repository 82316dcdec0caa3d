import type { z } from 'zod';
import { describeIssues, RulewrightError } from '../core/errors.js';

/**
 * Parses a JSON column and validates it with its zod schema. Rows are only written through the
 * store, so a failure means the file was changed or damaged outside rulewright: a STORE error
 * that names the row.
 */
export function decodeJson<S extends z.ZodType>(schema: S, text: string, where: string): z.infer<S> {
  return validate(schema, parseJson(text, where), where);
}

/** JSON.parse of a stored column; invalid JSON is a STORE error naming the row. */
export function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw corrupt(where, `not JSON (${(e as Error).message})`);
  }
}

/** Validates an already-assembled value read from the store (see decodeJson). */
export function validate<S extends z.ZodType>(schema: S, value: unknown, where: string): z.infer<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw corrupt(where, describeIssues(r.error));
  return r.data;
}

export function corrupt(where: string, what: string): RulewrightError {
  return new RulewrightError(
    'STORE',
    `workspace ${where} is corrupt: ${what}. It was changed outside rulewright; restore the file from a backup or re-import the data`,
  );
}

/** The current time as stored in every `created_at`/`updated_at` column. */
export function nowIso(): string {
  return new Date().toISOString();
}
