import { expect, test } from 'vitest';
import { screen } from '../../../src/learn/induce/safety.js';
import { rule } from '../../helpers/rules.js';

// [what the inducer built, the pattern, the reason it is dropped with]
test.each([
  ['a pattern nested 60 groups deep', `${'(?:'.repeat(60)}card${')'.repeat(60)}`, /^too_large: the pattern nests groups and classes 60 levels deep, past the limit of 50/],
  ['a 12,000-character alternation', `\\b(?:${Array.from({ length: 2000 }, (_, i) => `w${i}`).join('|')})\\b`, /^too_large: the pattern is \d{2},\d{3} characters long, past the limit of 10,000/],
  ['a chain of lookbehind loops', '(?<=^(\\w|\\w\\w)+)x', /^redos: the pattern can backtrack catastrophically/],
])('an induced rule with %s is dropped, saying why', async (_what, pattern, reason) => {
  const s = await screen([rule('ok', '\\bcard\\b', 'X', { dialect: 'python' }), rule('bad', pattern, 'X', { dialect: 'python' })]);
  expect(s.kept.map((r) => r.id)).toEqual(['ok']);
  expect(s.rejected.map((r) => r.rule.id)).toEqual(['bad']);
  expect(s.rejected[0]!.reason).toMatch(reason);
});
