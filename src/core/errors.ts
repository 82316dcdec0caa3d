import type { z } from 'zod';
import type { RuleProblem } from './safety/rule-problem.js';

/** Error codes; `exitCode` 2 means the user's input or usage was wrong, 1 that the operation failed. */
export type ErrorCode =
  | 'BAD_INPUT'
  | 'USAGE'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'INVALID_RULE'
  | 'RULE_TIMEOUT'
  | 'LLM'
  | 'LLM_NOT_CONFIGURED'
  | 'STORE'
  | 'INTERNAL';

const INPUT_CODES: ReadonlySet<ErrorCode> = new Set(['BAD_INPUT', 'USAGE', 'NOT_FOUND', 'INVALID_RULE']);

/**
 * What an error carries for code to read besides its message, by code. A code with no entry
 * carries none (passing details for it does not compile).
 */
export interface ErrorDetails {
  /** Why a rule did not compile (the rule checks file it under a problem code), or every problem its checks found. */
  INVALID_RULE: { reason: 'empty' | 'group' | 'limit' } | { problems: RuleProblem[] };
  /** Where an LLM request went and how it last failed (never the key). */
  LLM: { endpoint: string; model: string; status: number | null; attempts: number };
}

/** The details of an error of code `C`. */
export type DetailsOf<C extends ErrorCode> = C extends keyof ErrorDetails ? ErrorDetails[C] : never;

/** Every error rulewright raises on purpose: a code, and a message that says what failed and how to fix it. */
export class RulewrightError<C extends ErrorCode = ErrorCode> extends Error {
  override readonly name = 'RulewrightError';
  constructor(
    readonly code: C,
    message: string,
    readonly details?: DetailsOf<C>,
  ) {
    super(message);
  }

  /** Whether `e` is a RulewrightError of `code` (then its details are typed). */
  static is<C extends ErrorCode>(e: unknown, code: C): e is RulewrightError<C> {
    return e instanceof RulewrightError && e.code === code;
  }

  get exitCode(): 1 | 2 {
    return INPUT_CODES.has(this.code) ? 2 : 1;
  }
}

/** Formats zod issues as `path: message; …` for error messages. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}

/** `safeParse` at an edge; a failure becomes a BAD_INPUT error that names where the value came from. */
export function parseAt<S extends z.ZodType>(schema: S, value: unknown, where: string): z.infer<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw new RulewrightError('BAD_INPUT', `${where}: ${describeIssues(r.error)}`);
  return r.data;
}

/**
 * A value that must be one of an enum's options (a flag or a request field). Anything else is an
 * error of `code` that lists the options, so the user sees what to type instead.
 */
export function parseChoice<S extends z.ZodType & { readonly options: readonly unknown[] }>(
  schema: S,
  value: unknown,
  what: string,
  code: ErrorCode = 'BAD_INPUT',
): z.infer<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw new RulewrightError(code, `unknown ${what} "${value}": use one of ${schema.options.join(', ')}`);
  return r.data;
}
