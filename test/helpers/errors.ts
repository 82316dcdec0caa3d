import { RulewrightError } from '../../src/core/errors.js';

/** The RulewrightError `fn` throws. Any other error is rethrown, and throwing nothing fails the test. */
export function thrown(fn: () => unknown): RulewrightError {
  try {
    fn();
  } catch (e) {
    if (e instanceof RulewrightError) return e;
    throw e;
  }
  throw new Error('expected a RulewrightError, got none');
}

/** The RulewrightError a promise, or a call (sync or async), fails with; the same contract as `thrown`. */
export async function rejected(work: Promise<unknown> | (() => unknown)): Promise<RulewrightError> {
  try {
    await (typeof work === 'function' ? work() : work);
  } catch (e) {
    if (e instanceof RulewrightError) return e;
    throw e;
  }
  throw new Error('expected a RulewrightError, got none');
}

/** `CODE: message`, to match an error's code and message in one expectation. */
export const codeAndMessage = (e: RulewrightError): string => `${e.code}: ${e.message}`;
