import { RulewrightError } from '../../errors.js';

/**
 * The error for a Python construct that cannot be translated faithfully: it names the construct,
 * where it is, and how to rewrite it.
 */
export function unsupported(construct: string, offset: number, rewrite: string): RulewrightError {
  return new RulewrightError(
    'INVALID_RULE',
    `python dialect: ${construct} at offset ${offset} is not supported: ${rewrite}`,
  );
}

/** The error for a pattern that Python's `regex` module itself rejects. */
export function invalid(problem: string, offset: number): RulewrightError {
  return new RulewrightError(
    'INVALID_RULE',
    `python dialect: ${problem} at offset ${offset}; Python's regex module rejects this pattern too, so fix the pattern`,
  );
}
