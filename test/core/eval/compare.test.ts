import { describe, expect, test } from 'vitest';
import { compareReports, renderComparison } from '../../../src/core/eval/compare.js';
import { buildEvalReport } from '../../../src/core/eval/report.js';
import { compileScorer } from '../../../src/core/eval/scorer.js';
import type { Example } from '../../../src/core/schemas/example.js';
import { task } from './helpers.js';

const cls = task({ type: 'classification' });
const ex = (id: string, label: string): Example => ({ id, text: id, label, split: 'dev', source: 'gold' });
const examples = [ex('a', 'x'), ex('b', 'x'), ex('c', 'y'), ex('d', 'y')];
const scorer = compileScorer(cls);
const run = (labels: (string | null)[], hashes = { dataset_hash: 'D', ruleset_hash: 'R1' }) => {
  const scores = examples.map((e, i) => scorer.score(e, { label: labels[i] }));
  return { scores, report: buildEvalReport(cls, examples, scores, { split: 'dev', ...hashes }) };
};

describe('compareReports', () => {
  const a = run(['x', 'y', 'y', null]);
  const b = run(['x', 'x', null, 'y'], { dataset_hash: 'D', ruleset_hash: 'R2' });
  const c = compareReports(a.report, b.report, a.scores, b.scores);

  test('says the rules changed and the data and config did not', () => {
    expect(c.changed).toEqual({ data: false, rules: true, config: false });
    expect(c.summary).toBe('the rules changed; the data and config did not');
  });

  test('per-class and micro deltas by hand', () => {
    // a: x tp1 fn1, y tp1 fp1 fn1 → b: x tp2, y tp1 fn1
    expect(c.per_class.x!.tp).toEqual({ a: 1, b: 2, delta: 1 });
    expect(c.per_class.y!.fp).toEqual({ a: 1, b: 0, delta: -1 });
    expect(c.micro.tp).toEqual({ a: 2, b: 3, delta: 1 });
    // a: tp 2, fp 1, fn 2 → F1 4/7; b: tp 3, fp 0, fn 1 → F1 6/7
    expect(c.micro.f1.delta).toBeCloseTo(2 / 7, 12);
  });

  test('the examples whose outcome changed', () => {
    // b: wrong → right (improved); c: right → abstain (regressed); d: abstain → right (improved)
    expect(c.examples).toEqual({ improved: ['b', 'd'], regressed: ['c'], changed: [], only_a: [], only_b: [] });
  });

  test.each([
    [{ dataset_hash: 'D2', ruleset_hash: 'R1' }, {}, { data: true, rules: false, config: false }, 'the data changed; the rules and config did not'],
    [{ dataset_hash: 'D', ruleset_hash: 'R1' }, { a: { mode: 'text' }, b: { mode: 'text', matchers: { x: 'normalized' } } }, { data: false, rules: false, config: true }, 'the config changed; the data and rules did not'],
    [{ dataset_hash: 'D', ruleset_hash: 'R1' }, {}, { data: false, rules: false, config: false }, 'nothing changed: same data, rules and config'],
    [{ dataset_hash: 'X', ruleset_hash: 'Y' }, {}, { data: true, rules: true, config: false }, 'the data and rules changed; the config did not'],
  ])('hashes %j and configs %j', (hashes, configs, changed, summary) => {
    const other = run(['x', 'y', 'y', null], hashes);
    const r = compareReports(a.report, other.report, null, null, configs);
    expect(r.changed).toEqual(changed);
    expect(r.summary).toBe(summary);
    expect(r.examples).toBeNull();
  });

  test('renders the moved classes and example ids', () => {
    const s = renderComparison(c);
    expect(s).toContain('the rules changed; the data and config did not');
    expect(s).toMatch(/^x +0\.667 +1\.000 +\+0\.333 +\+1 +0 +-1$/m);
    expect(s).toContain('improved 2: b, d');
    expect(s).toContain('regressed 1: c');
  });
});
