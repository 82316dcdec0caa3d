import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { buildEvalReport } from '../../../src/core/eval/report.js';
import { compileScorer } from '../../../src/core/eval/scorer.js';
import type { Example } from '../../../src/core/schemas/example.js';
import type { Prediction } from '../../../src/core/schemas/prediction.js';
import { shared, sharedMissing } from '../../helpers/shared.js';
import { task } from './helpers.js';

interface RcRule {
  name: string;
  content: string;
  priority?: number;
  output_template: { label?: string };
}

/**
 * Evaluation parity with RuleChef on Banking77 (126 rules, 200 gold queries, `text` mode).
 * The engine is not used here: a tiny local classifier stands in for it, so this test pins the
 * evaluator alone. (The executor's own parity test lives with the engine.) The local classifier
 * orders rules as RuleChef does: priority descending, then precision (every rule has the default
 * confidence 0.5 here), then the case-folded name, then file position. Keeping file order on
 * priority ties instead gives TP 123 / FP 2, not RuleChef's 122 / 3.
 */
function classify(rules: RcRule[], text: string): Prediction {
  for (const r of rules) {
    let src = r.content;
    let flags = '';
    if (src.startsWith('(?i)')) {
      src = src.slice(4);
      flags = 'i';
    }
    if (!new RegExp(src, flags).test(text)) continue;
    const label = (r.output_template.label ?? '').trim();
    if (label) return { label, rule_id: r.name };
  }
  return {};
}

describe.skipIf(sharedMissing)('RuleChef parity: Banking77, 126 rules, 200 queries, text mode', () => {
  const base = 'rulechef-benchmarks/';
  const rules: RcRule[] = JSON.parse(readFileSync(shared(`${base}benchmarks/results/results_banking77_new.json`)!, 'utf8')).rules;
  const examples: Example[] = readFileSync(shared(`${base}reference/banking77_gold.jsonl`)!, 'utf8')
    .trim()
    .split('\n')
    .map((l) => ({ ...JSON.parse(l), split: 'test', source: 'gold' }));
  const reference = JSON.parse(readFileSync(shared(`${base}reference/rc_banking77.json`)!, 'utf8')).evaluate;
  const cf = (s: string) => s.toLowerCase();
  const ordered = rules
    .map((r, i) => ({ r, i }))
    .sort((a, b) => (b.r.priority ?? 5) - (a.r.priority ?? 5) || (cf(a.r.name) < cf(b.r.name) ? -1 : cf(a.r.name) > cf(b.r.name) ? 1 : 0) || a.i - b.i)
    .map((x) => x.r);
  const t = task({ type: 'classification', matching: { mode: 'text' } });
  const scorer = compileScorer(t);
  const scores = examples.map((e) => scorer.score(e, classify(ordered, e.text!)));
  const report = buildEvalReport(t, examples, scores, { split: 'test', mode: 'text', dataset_hash: 'd', ruleset_hash: 'r' });

  test.each([
    ['micro precision', () => report.micro.precision, 0.976],
    ['micro recall', () => report.micro.recall, 0.61],
    ['micro F1', () => report.micro.f1, 0.7508],
    ['macro F1', () => report.macro_f1, 0.72],
    ['exact match', () => report.exact_match, 0.61],
    ['coverage', () => report.coverage, 0.625],
  ])('%s', (_, get, expected) => {
    expect(Math.abs(get()! - expected)).toBeLessThan(1e-4);
  });

  test('counts and every class equal RuleChef\'s reference exactly', () => {
    expect(report.n).toBe(200);
    expect(report.micro).toMatchObject({ tp: reference.total_tp, fp: reference.total_fp, fn: reference.total_fn });
    const ref = reference.per_class as Record<string, { tp: number; fp: number; fn: number; f1: number }>;
    expect(Object.keys(report.per_class)).toEqual(Object.keys(ref).sort());
    for (const [label, v] of Object.entries(ref)) {
      expect(report.per_class[label]).toMatchObject({ tp: v.tp, fp: v.fp, fn: v.fn });
      // RuleChef computes F1 as 2PR/(P+R), rulewright as 2TP/(2TP+FP+FN): equal up to the last bit.
      expect(report.per_class[label]!.f1).toBeCloseTo(v.f1, 14);
    }
    expect(report.macro_f1).toBeCloseTo(reference.macro_f1, 14);
    expect(report.micro.f1).toBeCloseTo(reference.micro_f1, 14);
  });

  test('error kinds: 3 wrong labels and 75 abstentions', () => {
    expect(report.errors).toEqual({ wrong_label: 3, wrong_boundary: 0, missing: 75, spurious: 0 });
  });
});
