import { expect, test } from 'vitest';
import { screenCandidates } from '../../../src/learn/loop/screen.js';
import { lexiconRule, rule } from '../../helpers/rules.js';

const DEEP = `${'('.repeat(2000)}a${')'.repeat(2000)}`;

// [what the model proposed, the rule, the start of its rejection]
test.each([
  ['a pattern nested 2,000 groups deep', rule('deep', DEEP, 'X', { status: 'proposed', provenance: 'llm' }), /^the pattern nests groups and classes 2,000 levels deep/],
  ['a 20,000-character pattern', rule('long', 'a'.repeat(20_000), 'X', { status: 'proposed', provenance: 'llm' }), /^the pattern is 20,000 characters long/],
  ['a lexicon with a 5,000-character term', lexiconRule('lex', ['x'.repeat(5000)], 'X', { status: 'proposed', provenance: 'llm' }), /^lexicon: term 1 is 5,000 characters long/],
  ['a lookbehind with nested repetition', rule('lb', '(?<=^(a+)+)b', 'X', { dialect: 'python', status: 'proposed', provenance: 'llm' }), /^the pattern can backtrack catastrophically/],
])('a proposed rule with %s is rejected, with the reason', async (_what, bad, reason) => {
  const ok = rule('ok', '\\bcard\\b', 'X', { status: 'proposed', provenance: 'llm' });
  const s = await screenCandidates([ok, bad], []);
  expect(s.passed.map((r) => r.id)).toEqual(['ok']);
  expect(s.rejected.map((r) => r.id)).toEqual([bad.id]);
  expect(s.rejected[0]!.rejection).toMatch(reason);
});
