import { describe, expect, test } from 'vitest';
import { parseChoice } from '../../src/core/errors.js';
import { MatchMode, RunKind } from '../../src/core/schemas/index.js';
import { thrown } from '../helpers/errors.js';

describe('parseChoice', () => {
  test('returns a valid option as it is', () => {
    expect(parseChoice(MatchMode, 'exact', 'matching mode')).toBe('exact');
  });

  test.each([
    ['BAD_INPUT', undefined],
    ['USAGE', 'USAGE' as const],
  ])('an unknown value is a %s error (exit 2) naming the value and every option', (code, given) => {
    const e = thrown(() => parseChoice(RunKind, 'nope', 'run kind', given));
    expect(e).toMatchObject({ code, exitCode: 2, message: `unknown run kind "nope": use one of ${RunKind.options.join(', ')}` });
  });
});
