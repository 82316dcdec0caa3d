import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { parsePython } from '../../../src/core/regex/python/parse.js';
import { importRuleset } from '../../../src/core/rulesets/import.js';
import { attackCost, measurable, searchSteps } from '../../../src/core/safety/redos-cost.js';
import { screenStatic } from '../../../src/core/safety/redos-proxy.js';
import { shared, sharedMissing } from '../../helpers/shared.js';

const FLAGS = { i: false, m: false, s: false, x: false, a: false };
const prog = (pattern: string) => {
  const p = parsePython(pattern, FLAGS);
  return measurable(p.root, p.groupCount);
};

/** A clock that jumps 50 ms on every reading: what a very busy machine looks like to a timer. */
function busyClock(): void {
  let t = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => (t += 50));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('step-counting backtracking search', () => {
  test('counts the same steps on every run', () => {
    const m = prog('(?:\\w+\\s?)+:');
    const text = 'word '.repeat(3);
    const steps = searchSteps(m, text, 1e7);
    expect(steps).toBeGreaterThan(1000);
    expect(steps).toBeLessThan(1e7);
    expect(searchSteps(m, text, 1e7)).toBe(steps);
  });

  // [pattern, text, what grows]
  test.each<[string, (n: number) => string, number, number]>([
    ['\\s*x\\s*$', (n) => ' '.repeat(n), 3.5, 4.5],
    ['\\d+\\s*mg', (n) => '1'.repeat(n), 3.5, 4.5],
    ['a*a*b', (n) => 'a'.repeat(n / 4), 7, 9],
    ['\\bfoo\\b', (n) => 'foo '.repeat(n), 1.8, 2.2],
  ])('%s: doubling the text multiplies the steps as its complexity says', (pattern, text, lo, hi) => {
    const m = prog(pattern);
    const ratio = searchSteps(m, text(400), 1e9) / searchSteps(m, text(200), 1e9);
    expect(ratio).toBeGreaterThan(lo);
    expect(ratio).toBeLessThan(hi);
  });

  test('stops at its step limit', () => {
    expect(searchSteps(prog('(a+)+$'), `${'a'.repeat(40)}!`, 10_000)).toBe(10_000);
  });

  test('an exponential attack costs 100 ms within a few dozen characters; a quadratic one only after thousands', () => {
    const exp = attackCost(prog('(a+)+$'), { prefix: '', pump: 'a', suffix: '!' });
    expect(exp.degree).toBeGreaterThanOrEqual(8);
    expect(exp.length100ms).toBeLessThan(60);
    const quad = attackCost(prog('\\d+\\s*mg'), { prefix: '', pump: '1', suffix: '!' });
    expect(quad.degree).toBeGreaterThan(1.8);
    expect(quad.degree).toBeLessThan(2.2);
    expect(quad.length100ms).toBeGreaterThan(5000);
    expect(attackCost(prog('\\bfoo\\b'), { prefix: '', pump: 'foo ', suffix: '' }).length100ms).toBeNull();
  });
});

describe('the ReDoS verdict does not depend on the clock', () => {
  const titled =
    '\\b(?:Mr|Mrs|Ms|Dr|Sir|Lord|Lady|Justice)(?:\\.?\\s+)(?:[A-Z][a-zA-Z\\u00C0-\\u017F]*(?:-[A-Z][a-zA-Z\\u00C0-\\u017F]*)*\\.?\\s*)+(?:[A-Z][a-zA-Z\\u00C0-\\u017F]*(?:-[A-Z][a-zA-Z\\u00C0-\\u017F]*)*)';

  test('a rule screened on a busy machine gets the verdict it gets on an idle one', async () => {
    const { checkRule } = await import('../../../src/core/safety/check-rule.js');
    const { Rule } = await import('../../../src/core/schemas/rule.js');
    const rule = Rule.parse({ id: 't', name: 'titled_full_name', format: 'regex', pattern: titled, dialect: 'python', output: { label: 'PERSON' } });
    busyClock();
    const busy = await checkRule(rule, { mode: 'import' });
    vi.restoreAllMocks();
    const idle = await checkRule(rule, { mode: 'import' });
    expect(busy.problems).toEqual(idle.problems);
    expect(busy.rule.status).toBe('active');
    expect(screenStatic(titled, '', 'python')).toMatchObject({ status: 'safe' });
  });

  test.skipIf(!!sharedMissing)('the TAB checkpoint imported twice, once on a busy machine, gets the same verdicts', async () => {
    const text = readFileSync(shared('rulechef-benchmarks/benchmarks/results/results_extract_tab.ckpt_rulechef.json')!, 'utf8');
    busyClock();
    const first = await importRuleset(text);
    vi.restoreAllMocks();
    const second = await importRuleset(text);
    const verdicts = (r: typeof first) => r.rules.map((x) => [x.name, x.status, x.flagged.map((f) => f.message)]);
    expect(verdicts(first)).toEqual(verdicts(second));
    const titledRule = second.rules.find((r) => r.name === 'titled_full_name')!;
    expect(titledRule.status).toBe('active');
    expect(titledRule.flagged).toEqual([]);
  });
});
