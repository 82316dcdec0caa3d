import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { RulewrightError } from '../../../src/core/errors.js';
import { compileLexicon } from '../../../src/core/lexicon/compile-lexicon.js';
import { createMatcherRegistry } from '../../../src/core/matchers/registry.js';
import { compilePattern } from '../../../src/core/regex/compile.js';
import { importRuleset } from '../../../src/core/rulesets/import.js';
import { checkRule } from '../../../src/core/safety/check-rule.js';
import { PATTERN_LIMITS, patternLimitIssue, patternSize, termsLimitIssue } from '../../../src/core/safety/pattern-limits.js';
import { screenRedos, screenRedosStatic } from '../../../src/core/safety/redos.js';
import { lexiconRule, rule } from '../../helpers/rules.js';
import { repoRoot, shared, sharedMissing } from '../../helpers/shared.js';

const nest = (n: number, open = '(', close = ')') => `${open.repeat(n)}a${close.repeat(n)}`;
/** Within the length limit, far past the depth limit. */
const DEEP = nest(2000);
const LONG = 'a'.repeat(PATTERN_LIMITS.length + 1);

describe('patternSize', () => {
  // [what, pattern, flags, dialect, length, depth]
  test.each<[string, string, string, 'js' | 'python', number]>([
    ['a flat pattern', 'card\\s+pending', '', 'js', 0],
    ['one group', '(a|b)c', '', 'js', 1],
    ['groups inside each other', '((a)(b(c)))', '', 'js', 3],
    ['a class', '[a-z]+', '', 'js', 1],
    ['a class in a group', '(x[()]y)', '', 'js', 2],
    ['escaped parentheses', '\\(\\(\\(a\\)\\)\\)', '', 'js', 0],
    ['brackets inside a class without v', '[[[[]', '', 'js', 1],
    ['nested classes with v', '[[a-z]--[aeiou]]', 'v', 'js', 2],
    ['a Python class opening with ]', '[]()]x', '', 'python', 1],
    ['a Python negated class opening with ]', '[^]()]x', '', 'python', 1],
    ['a stray closing parenthesis', 'a)b(c)', '', 'js', 1],
    ['2,000 groups', DEEP, '', 'js', 2000],
  ])('%s', (_what, pattern, flags, dialect, depth) => {
    expect(patternSize(pattern, flags, dialect)).toEqual({ length: pattern.length, depth });
  });

  test('a megabyte pattern is measured without recursion', () => {
    expect(patternSize(nest(500_000)).depth).toBe(500_000);
  });
});

describe('patternLimitIssue', () => {
  test.each<[string, string, RegExp | undefined]>([
    ['a pattern at the length limit', 'a'.repeat(PATTERN_LIMITS.length), undefined],
    ['a pattern past the length limit', LONG, /10,001 characters long, past the limit of 10,000/],
    ['groups at the depth limit', nest(PATTERN_LIMITS.depth), undefined],
    ['groups past the depth limit', nest(PATTERN_LIMITS.depth + 1), /nests groups and classes 51 levels deep, past the limit of 50/],
    ['classes and groups past the depth limit', `${'(?:'.repeat(50)}[a]${')'.repeat(50)}`, /51 levels deep/],
    ['quantified groups past the depth limit', `${'(?:'.repeat(51)}a${')+'.repeat(51)}`, /51 levels deep/],
  ])('%s', (_what, pattern, issue) => {
    const got = patternLimitIssue(pattern);
    if (issue) expect(got).toMatch(issue);
    else expect(got).toBeUndefined();
  });

  test('the message never echoes the pattern', () => {
    expect(patternLimitIssue(DEEP)!.length).toBeLessThan(200);
    expect(patternLimitIssue(LONG)!).not.toContain('aaaa');
  });

  test('a lexicon term past its limit is named by position', () => {
    expect(termsLimitIssue(['card', 'x'.repeat(PATTERN_LIMITS.termLength + 1)])).toMatch(/^term 2 is 1,001 characters long, past the limit of 1,000/);
    expect(termsLimitIssue(['card', 'x'.repeat(PATTERN_LIMITS.termLength)])).toBeUndefined();
  });
});

describe('every way a pattern enters refuses one past the limits before analysing it', () => {
  test.each<[string, 'js' | 'python']>([
    ['js', 'js'],
    ['python', 'python'],
  ])('compilePattern (%s dialect) throws INVALID_RULE with reason limit', (_d, dialect) => {
    for (const p of [DEEP, LONG]) {
      let err: unknown;
      try {
        compilePattern(p, '', dialect);
      } catch (e) {
        err = e;
      }
      expect(RulewrightError.is(err, 'INVALID_RULE')).toBe(true);
      expect((err as RulewrightError<'INVALID_RULE'>).details).toEqual({ reason: 'limit' });
    }
  });

  test.each<[string, () => unknown, RegExp]>([
    ['a lexicon with a term past its limit', () => compileLexicon(['x'.repeat(2000)], { caseSensitive: false, wordBoundary: true }), /lexicon: term 1 is 2,000 characters long/],
    ['a regex matcher with a deep pattern', () => createMatcherRegistry().resolve({ name: 'regex', options: { pattern: DEEP } }), /regex matcher: options\.pattern: the pattern nests groups and classes 2,000 levels deep/],
  ])('%s', (_what, run, message) => {
    expect(run).toThrow(message);
  });

  test('a regex matcher given a deep gold value as the pattern says it is no regex, without running it', () => {
    const m = createMatcherRegistry().resolve({ name: 'regex', options: {} });
    const v = m.match(DEEP, 'a', {});
    expect(v).toMatchObject({ passed: false, issue: 'invalid' });
    expect(v.reason).toMatch(/2,000 levels deep/);
  });

  test.each<[string, ReturnType<typeof rule>]>([
    ['a regex rule nested 2,000 deep', rule('r', DEEP)],
    ['a Python regex rule nested 2,000 deep', rule('r', DEEP, 'X', { dialect: 'python' })],
    ['a regex rule of 10,001 characters', rule('r', LONG)],
    ['a lexicon rule with a 2,000-character term', lexiconRule('r', ['x'.repeat(2000)])],
  ])('checkRule rejects %s as too_large, in every mode', async (_what, r) => {
    for (const mode of ['add', 'learn', 'import'] as const) {
      const c = await checkRule(r, { mode, allowFlagged: true });
      expect(c.ok).toBe(false);
      expect(c.problems.map((p) => p.code)).toEqual(['too_large']);
      expect(c.rule.status).toBe('rejected');
    }
  });

  test('the ReDoS screen does not analyse such a pattern: it is unknown, which flags', async () => {
    for (const v of [await screenRedos(DEEP, ''), screenRedosStatic(DEEP, ''), await screenRedos('a', '', { pattern: { source: LONG, flags: '', dialect: 'python' } })]) {
      expect(v).toMatchObject({ status: 'unknown' });
      if (v.status === 'unknown') expect(v.reason).toMatch(/^not analysed: the pattern/);
    }
  });

  test.each<[string, unknown, RegExp]>([
    ['a rulewright file', { rulewright: 1, rules: [{ id: 'ok', name: 'ok', format: 'regex', pattern: 'card', output: { label: 'c' } }, { id: 'deep', name: 'deep', format: 'regex', pattern: DEEP, output: { label: 'c' } }] }, /^f\.json: rule 2 \(deep\): the pattern nests groups and classes 2,000 levels deep, past the limit of 50; .*nothing was imported$/],
    ['a RuleChef list', [{ id: 'long', content: LONG, output_template: { label: 'c' } }], /^f\.json: rule 1 \(long\): the pattern is 10,001 characters long/],
  ])('importing %s with such a pattern refuses the whole file (BAD_INPUT)', async (_what, file, message) => {
    const err = await importRuleset(file, { where: 'f.json' }).catch((e: unknown) => e);
    expect(RulewrightError.is(err, 'BAD_INPUT')).toBe(true);
    expect((err as Error).message).toMatch(message);
  });

  test('a RuleChef rule of a format that is not supported is kept rejected, whatever its size', async () => {
    const imported = await importRuleset([{ id: 'sp', format: 'spacy', content: LONG }], { where: 'f.json' });
    expect(imported.rules.map((r) => r.status)).toEqual(['rejected']);
  });
});

/** Every pattern and term in a JSON ruleset or results file (RuleChef's `content`, rulewright's `pattern` and `terms`). */
function* patternsIn(v: unknown, key = ''): Generator<{ key: string; text: string }> {
  if (typeof v === 'string') {
    if (key === 'content' || key === 'pattern' || key === 'terms') yield { key, text: v };
  } else if (Array.isArray(v)) for (const x of v) yield* patternsIn(x, key);
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) yield* patternsIn(x, k);
}

function* jsonFiles(dir: string): Generator<string> {
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) yield* jsonFiles(p);
    else if (p.endsWith('.json')) yield p;
  }
}

/** The largest length and depth of the patterns, and the longest term, in the files under `dir`. */
function largest(dir: string): { patterns: number; length: number; depth: number; term: number } {
  const out = { patterns: 0, length: 0, depth: 0, term: 0 };
  for (const file of jsonFiles(dir))
    for (const { key, text } of patternsIn(JSON.parse(readFileSync(file, 'utf8')))) {
      if (key === 'terms') {
        out.term = Math.max(out.term, text.length);
        continue;
      }
      const size = patternSize(text, '', 'python');
      out.patterns++;
      out.length = Math.max(out.length, size.length);
      out.depth = Math.max(out.depth, size.depth);
    }
  return out;
}

describe('real rulesets stay far below the limits', () => {
  test.skipIf(sharedMissing)("RuleChef's published rulesets and results", () => {
    const m = largest(shared('rulechef-benchmarks')!);
    expect(m.patterns).toBeGreaterThan(300);
    expect(m.length).toBeLessThan(PATTERN_LIMITS.length / 4);
    expect(m.depth).toBeLessThan(PATTERN_LIMITS.depth / 5);
  });

  test('the shipped learned rulesets', () => {
    const m = largest(join(repoRoot, 'rules'));
    expect(m.patterns).toBeGreaterThan(10);
    expect(m.length).toBeLessThan(PATTERN_LIMITS.length / 4);
    expect(m.depth).toBeLessThan(PATTERN_LIMITS.depth / 5);
    expect(m.term).toBeLessThan(PATTERN_LIMITS.termLength / 4);
  });
});
