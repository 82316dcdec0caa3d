import { z } from 'zod';
import type { MatcherDefinition, Verdict } from './types.js';
import { sameValue } from './values.js';

const PASS: Verdict = Object.freeze({ score: 1, passed: true, reason: 'equal' }) as Verdict;
const FAIL: Verdict = Object.freeze({ score: 0, passed: false, reason: 'not equal' }) as Verdict;

/** Strict equality: strings compare as they are (case, spacing and Unicode form all count). */
export const exactMatcher: MatcherDefinition = {
  name: 'exact',
  description: 'values are identical (strings exactly, structures by canonical JSON)',
  options: z.strictObject({}),
  bind: () => ({ match: (gold, predicted) => (sameValue(gold, predicted) ? PASS : FAIL) }),
};
