import { describe, expect, test } from 'vitest';
import { compilePattern } from '../../../src/core/regex/compile.js';
import { CATCH_ALL_PROBES } from '../../../src/core/safety/probes.js';
import { checkRule, screenRules } from '../../../src/core/safety/check-rule.js';
import { REALISTIC_ATTACK_LENGTH, screenRedos } from '../../../src/core/safety/redos.js';
import { Rule } from '../../../src/core/schemas/rule.js';
import { rule } from '../../helpers/rules.js';

describe('checkRule', () => {
  test('(a+)+$ is rejected when added, with the attack string', async () => {
    const c = await checkRule(rule('r', '(a+)+$'));
    expect(c.ok).toBe(false);
    expect(c.problems).toHaveLength(1);
    expect(c.problems[0]).toMatchObject({ code: 'redos', severity: 'reject' });
    expect(c.problems[0]!.message).toMatch(/exponential.*attack string: .*repeat/);
    expect(c.rule.status).toBe('rejected');
    expect(c.rule.rejection).toMatch(/catastrophically/);
  });

  test('the same pattern in an import is kept rejected, with the reason', async () => {
    const c = await checkRule(rule('r', '(a+)+$', 'X', { dialect: 'python' }), { mode: 'import' });
    expect(c.ok).toBe(false);
    expect(c.rule.status).toBe('rejected');
    expect(c.rule.rejection).toMatch(/catastrophically.*--allow-flagged/);
  });

  test('with allowFlagged an import keeps it active, flagged, to run under the budget', async () => {
    const c = await checkRule(rule('r', '(a+)+$', 'X', { dialect: 'python' }), { mode: 'import', allowFlagged: true });
    expect(c.ok).toBe(true);
    expect(c.rule.status).toBe('active');
    expect(c.rule.flagged.map((f) => f.code)).toEqual(['redos']);
    expect(c.rule.flagged[0]!.message).toMatch(/time budget/);
  });

  test('allowFlagged does not let an exponential rule be added', async () => {
    expect((await checkRule(rule('r', '(a+)+$'), { mode: 'add', allowFlagged: true })).ok).toBe(false);
  });

  // [title, rule, problem code]
  test.each<[string, Rule, string]>([
    ['an empty pattern', rule('r', ''), 'empty_pattern'],
    ['a pattern that does not compile', rule('r', '(unclosed'), 'invalid'],
    ['a missing output group', rule('r', 'a(b)', 'X', { group: '$2' }), 'missing_group'],
    ['a missing named output group', rule('r', 'a(?<x>b)', 'X', { group: 'y' }), 'missing_group'],
    ['a catch-all (RuleChef AEGIS default_safe)', rule('r', '(?s)^.{1,}$', 'X', { dialect: 'python' }), 'catch_all'],
    ['a catch-all .+', rule('r', '.+'), 'catch_all'],
    ['a catch-all [\\s\\S]', rule('r', '[\\s\\S]'), 'catch_all'],
    ['an empty lexicon', Rule.parse({ id: 'l', name: 'l', format: 'lexicon', terms: [], output: { label: 'X' } }), 'empty_pattern'],
  ])('%s is rejected', async (_t, r, code) => {
    for (const mode of ['add', 'import'] as const) {
      const c = await checkRule(r, { mode, redos: 'off' });
      expect(c.ok).toBe(false);
      expect(c.problems.map((p) => p.code)).toEqual([code]);
      expect(c.rule.status).toBe('rejected');
    }
  });

  test.each([
    ['a specific regex', rule('r', '\\bexchange\\s+rates?\\b', 'X', { flags: 'i' }), 'thorough'],
    ['a broad but meaningful regex', rule('r', '\\w+', 'X', { dialect: 'python' }), 'off'],
    ['a lexicon', Rule.parse({ id: 'l', name: 'l', format: 'lexicon', terms: ['card', 'pin'], output: { label: 'X' } }), 'thorough'],
  ] as const)('%s passes', async (_t, r, redos) => {
    const c = await checkRule(r, { redos });
    expect(c).toMatchObject({ ok: true, problems: [] });
    expect(c.rule).toEqual(r);
  });

  test('a rule matching most probes is flagged as broad, not rejected', async () => {
    const c = await checkRule(rule('r', '\\S', 'X', { dialect: 'python' }), { redos: 'off' });
    expect(c.ok).toBe(true);
    expect(c.problems.map((p) => p.code)).toEqual(['broad']);
  });

  test('the probes are unrelated, non-empty texts', () => {
    expect(CATCH_ALL_PROBES.length).toBeGreaterThanOrEqual(12);
    expect(CATCH_ALL_PROBES.every((p) => p.length > 0)).toBe(true);
  });
});

describe('ReDoS screening', () => {
  test('an inconclusive screen is unknown, not vulnerable', async () => {
    expect(await screenRedos('a', 'z')).toMatchObject({ status: 'unknown' });
  });

  test('polynomial backtracking that a short text triggers only flags, even when added, with the length that costs 100 ms', async () => {
    const c = await checkRule(rule('r', 'a*a*b'), { mode: 'add' });
    expect(c.ok).toBe(true);
    expect(c.problems).toMatchObject([{ code: 'redos', severity: 'flag' }]);
    expect(c.problems[0]!.message).toMatch(/polynomial.*about [\d,]+ characters of it cost 100 ms; attack string/);
  });

  test.each(['\\s*x\\s*$', '\\d+\\s*mg', '(?i)\\bcard\\b.*\\bpending\\b'])(
    'polynomial backtracking that needs an unrealistically long attack (%s) is not flagged',
    async (pattern) => {
      const c = await checkRule(rule('r', pattern, 'X', { dialect: 'python' }), { mode: 'import' });
      expect(c.problems).toEqual([]);
      const re = compilePattern(pattern, '', 'python').regex;
      const v = await screenRedos(re.source, re.flags, { pattern: { source: pattern, flags: '', dialect: 'python' } });
      expect(v).toMatchObject({ status: 'vulnerable', realistic: false });
      if (v.status === 'vulnerable') expect(v.length100ms).toBeGreaterThan(REALISTIC_ATTACK_LENGTH);
    },
  );

  test('a linear pattern is safe', async () => {
    expect((await screenRedos('^\\w+@\\w+\\.com$', '')).status).toBe('safe');
  });
});

describe('screenRules', () => {
  test('reports rejected and flagged rules and keeps them all', async () => {
    const rules = [rule('r', 'ok'), rule('r', '', 'X', { id: 'empty' }), rule('r', '(x+)+y', 'X', { id: 'evil' })];
    const report = await screenRules(rules, { mode: 'import', redos: 'thorough' });
    expect(report.rules.map((r) => [r.id, r.status])).toEqual([
      ['r', 'active'],
      ['empty', 'rejected'],
      ['evil', 'rejected'],
    ]);
    expect(report.rejected.map((r) => [r.id, r.problems[0]!.code])).toEqual([
      ['empty', 'empty_pattern'],
      ['evil', 'redos'],
    ]);
    const kept = await screenRules(rules, { mode: 'import', redos: 'thorough', allowFlagged: true });
    expect(kept.flagged.map((r) => [r.id, r.problems[0]!.code])).toEqual([['evil', 'redos']]);
  });
});

describe('lookbehinds and chains of overlapping loops, as the design says for each mode', () => {
  // [pattern, dialect, mode, allowFlagged, status after the check, severity of the redos problem]
  test.each<[string, 'js' | 'python', 'add' | 'import' | 'learn', boolean, 'active' | 'rejected', 'reject' | 'flag']>([
    ['(?<=^(a+)+)b', 'python', 'add', false, 'rejected', 'reject'],
    ['(?<=^(a+)+)b', 'python', 'learn', false, 'rejected', 'reject'],
    ['(?<=^(a+)+)b', 'python', 'import', false, 'rejected', 'reject'],
    ['(?<=^(a+)+)b', 'python', 'import', true, 'active', 'flag'],
    ['(?<=^(a|aa)+)b', 'python', 'add', false, 'rejected', 'reject'],
    ['(?<=^(a|aa)+)b', 'python', 'import', false, 'rejected', 'reject'],
    ['.*a.*a.*a.*b', 'python', 'add', false, 'active', 'flag'],
    ['.*a.*a.*a.*b', 'js', 'import', false, 'active', 'flag'],
  ])('%s (%s) on %s (allow flagged: %s) is %s', async (pattern, dialect, mode, allowFlagged, status, severity) => {
    const c = await checkRule(rule('r', pattern, 'X', { dialect }), { mode, allowFlagged });
    expect(c.rule.status).toBe(status);
    expect(c.problems.map((p) => [p.code, p.severity])).toEqual([['redos', severity]]);
    const message = c.problems[0]!.message;
    if (severity === 'flag' && !allowFlagged) expect(message).toMatch(/polynomially \(5th degree polynomial\); about \d{2,3} characters of it cost 100 ms/);
    else expect(message).toMatch(/catastrophically \(exponential\); attack string: ' ' \+ 'a+'\.repeat/);
  });
});
