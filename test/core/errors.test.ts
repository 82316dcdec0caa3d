import { describe, expect, test } from 'vitest';
import { parseChoice, RulewrightError } from '../../src/core/errors.js';
import { compileRule } from '../../src/core/engine/compile-rule.js';
import { Rule } from '../../src/core/schemas/rule.js';
import { MatchMode } from '../../src/core/schemas/task.js';
import { RunKind } from '../../src/core/schemas/run.js';
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

describe('error details', () => {
  test.each([
    ['an empty pattern', { pattern: '' }, 'empty'],
    ['a missing output group', { pattern: 'a(b)', output: { label: 'L', group: '$2' } }, 'group'],
  ])('%s is an INVALID_RULE error whose details say why, typed by its code', (_what, over, reason) => {
    const rule = Rule.parse({ id: 'r', name: 'r', format: 'regex', output: { label: 'L' }, ...over });
    const e = thrown(() => compileRule(rule));
    expect(RulewrightError.is(e, 'INVALID_RULE')).toBe(true);
    expect(RulewrightError.is(e, 'BAD_INPUT')).toBe(false);
    if (!RulewrightError.is(e, 'INVALID_RULE')) return;
    // Typed per code: `reason` reads without a cast once the code is known.
    expect(e.details && 'reason' in e.details ? e.details.reason : null).toBe(reason);
  });

  test('a code that carries no details takes none', () => {
    // @ts-expect-error -- BAD_INPUT has no details type, so passing details does not compile
    const e = new RulewrightError('BAD_INPUT', 'bad', { anything: 1 });
    expect(e).toMatchObject({ code: 'BAD_INPUT', exitCode: 2 });
    expect(new RulewrightError('LLM', 'down', { endpoint: 'http://x', model: 'm', status: 500, attempts: 3 }).details?.attempts).toBe(3);
  });
});
