import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { predict } from '../../../src/core/engine/predict.js';
import { Task } from '../../../src/core/schemas/task.js';
import { readSharedExamples, readSharedRules, RULECHEF_FILES } from '../../helpers/rulechef.js';
import { shared, sharedMissing } from '../../helpers/shared.js';

// Parity is about what the rules match, not how fast: a budget no loaded machine runs into, so a
// rule stopped by the clock on a busy CI core cannot drop a span and change the counts.
const PARITY = { ruleBudgetMs: 60_000 };

const RAW = 'rulechef-benchmarks/reference/tab_py_raw.jsonl';

/**
 * Each of the 22 TAB rules alone must produce exactly the spans Python's `regex` module produces
 * (reference/tab_py_raw.jsonl: the whole match for `$0`, group 1's own offsets for `$1`, nothing
 * when the group did not take part) on all 127 documents. This depends on the Python dialect
 * translation (\w, \b, \d, \s Unicode-aware) being faithful.
 */
describe.skipIf(!!sharedMissing)(`TAB rules alone match Python regex spans ${sharedMissing ?? ''}`, () => {
  const task = Task.parse({ name: 'tab', type: 'ner' });
  const rules = sharedMissing ? [] : readSharedRules(RULECHEF_FILES.tab.rules);
  const docs = sharedMissing ? [] : readSharedExamples(RULECHEF_FILES.tab.gold);
  const expected = new Map<string, Map<string, [number, number][]>>();
  if (!sharedMissing)
    for (const line of readFileSync(shared(RAW)!, 'utf8').trim().split('\n')) {
      const row = JSON.parse(line) as { rule: string; doc: string; spans: [number, number][] };
      if (!expected.has(row.rule)) expected.set(row.rule, new Map());
      expected.get(row.rule)!.set(row.doc, row.spans);
    }

  test('the checkpoint holds 22 rules and the gold 127 documents', () => {
    expect(rules).toHaveLength(22);
    expect(docs).toHaveLength(127);
  });

  test('the rules alone produce as many spans as the reference: 4,658', () => {
    let want = 0;
    for (const byDoc of expected.values()) for (const spans of byDoc.values()) want += spans.length;
    let got = 0;
    for (const rule of rules) for (const p of predict(task, [rule], docs, PARITY).predictions) got += p.spans!.length;
    expect(want).toBe(4658);
    expect(got).toBe(want);
  });

  test("the ensemble reproduces RuleChef's TP 3,673 and FN 3,668, and its FP 995 less the 173 empty CODE spans", () => {
    const { predictions, issues } = predict(task, rules, docs, PARITY);
    expect(issues).toEqual([]);
    let tp = 0;
    let fp = 0;
    let fn = 0;
    predictions.forEach((p, i) => {
      // RuleChef's default "text" matching: (text, type) as a multiset.
      const gold = new Map<string, number>();
      for (const s of docs[i]!.spans!) {
        const k = `${docs[i]!.text!.slice(s.start, s.end)}\u0000${s.label}`;
        gold.set(k, (gold.get(k) ?? 0) + 1);
      }
      for (const s of p.spans!) {
        const k = `${s.text}\u0000${s.label}`;
        const n = gold.get(k) ?? 0;
        if (n > 0) {
          tp++;
          gold.set(k, n - 1);
        } else fp++;
      }
      for (const n of gold.values()) fn += n;
    });
    expect({ tp, fp, fn }).toEqual({ tp: 3673, fp: 995 - 173, fn: 3668 });
  });

  test.each(rules.map((r) => [r.name, r] as const))('%s alone gives Python regex spans', (_name, rule) => {
    const { predictions, issues } = predict(task, [rule], docs, PARITY);
    expect(issues).toEqual([]);
    const want = expected.get(rule.name) ?? new Map<string, [number, number][]>();
    const mismatches: string[] = [];
    predictions.forEach((p, d) => {
      // One rule alone: no conflicts between rules; RuleChef's own dedup could only merge a rule's
      // spans with each other, which never overlap, so the raw spans are the output.
      const got = (p.spans ?? []).map((s) => [s.start, s.end]);
      const exp = want.get(docs[d]!.id) ?? [];
      if (JSON.stringify(got) !== JSON.stringify(exp)) mismatches.push(`${docs[d]!.id}: got ${JSON.stringify(got).slice(0, 200)} want ${JSON.stringify(exp).slice(0, 200)}`);
    });
    expect(mismatches.slice(0, 5)).toEqual([]);
  });
});
