import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { predict } from '../../../src/core/engine/predict.js';
import { resolveRuleAlone } from '../../../src/core/engine/resolve.js';
import { Task } from '../../../src/core/schemas/task.js';
import { readReference, readSharedExamples, readSharedRules, RULECHEF_FILES } from '../../helpers/rulechef.js';
import { shared, sharedMissing } from '../../helpers/shared.js';

const TRAFFIC = 'rulechef-benchmarks/benchmarks/results/sample_traffic_banking77.jsonl';

/** python3 with `regex` available, or why not. */
const pythonMissing: string | undefined =
  spawnSync('python3', ['-c', 'import regex'], { encoding: 'utf8' }).status === 0 ? undefined : '(python3 with the regex module is not installed)';

/**
 * RuleChef's classification (rulechef/executor.py): rules sorted by (-priority, -(validated
 * precision, else confidence 0.5), casefolded name); the first rule whose pattern (Python `regex`)
 * has a non-empty match gives its template label.
 */
const RULECHEF_CLASSIFY = `
import json, sys, regex
req = json.load(sys.stdin)
def key(r):
    p = r.get('validated_precision')
    return (-r.get('priority', 5), -(p if p is not None else r.get('confidence', 0.5)), r['name'].casefold())
rules = sorted(req['rules'], key=key)
compiled = [(regex.compile(r['content']), r['output_template']['label']) for r in rules]
out = []
for t in req['texts']:
    label = None
    for rx, lab in compiled:
        if any(m.end() > m.start() for m in rx.finditer(t)):
            label = lab.strip()
            break
    out.append(label)
print(json.dumps(out))
`;

describe.skipIf(!!sharedMissing)(`banking77 parity with RuleChef ${sharedMissing ?? ''}`, () => {
  const task = Task.parse({ name: 'b77', type: 'classification' });
  const load = () => ({
    rules: readSharedRules(RULECHEF_FILES.banking77.rules),
    gold: readSharedExamples(RULECHEF_FILES.banking77.gold),
    ref: readReference(RULECHEF_FILES.banking77.ref),
  });

  test('the 126 rules reproduce RuleChef per-class TP and FP, 122 TP, 3 FP and coverage 0.625', () => {
    const { rules, gold, ref } = load();
    expect(rules).toHaveLength(126);
    const { predictions, issues } = predict(task, rules, gold);
    expect(issues).toEqual([]);
    const perClass: Record<string, { tp: number; fp: number; fn: number }> = {};
    const bump = (label: string, k: 'tp' | 'fp' | 'fn') => ((perClass[label] ??= { tp: 0, fp: 0, fn: 0 })[k] += 1);
    predictions.forEach((p, i) => {
      const g = gold[i]!.label!;
      if (p.label == null) bump(g, 'fn');
      else if (p.label.trim().toLowerCase() === g.trim().toLowerCase()) bump(g, 'tp');
      else {
        bump(p.label, 'fp');
        bump(g, 'fn');
      }
    });
    const expected = Object.fromEntries(Object.entries(ref.evaluate.per_class).map(([k, c]) => [k, { tp: c.tp, fp: c.fp, fn: c.fn }]));
    expect(perClass).toEqual(expected);
    const tp = Object.values(perClass).reduce((a, c) => a + c.tp, 0);
    const fp = Object.values(perClass).reduce((a, c) => a + c.fp, 0);
    expect([tp, fp]).toEqual([122, 3]);
    expect(predictions.filter((p) => p.label != null).length / gold.length).toBe(0.625);
  });

  test('every rule alone has RuleChef tp, fp and matches; 80 rules never fire', () => {
    const { rules, gold, ref } = load();
    const { outputs } = predict(task, rules, gold);
    const byId = new Map(rules.map((r, i) => [r.id, i]));
    let dead = 0;
    for (let p = 0; p < outputs.rules.length; p++) {
      const file = byId.get(outputs.rules[p]!.id)!;
      let tp = 0;
      let fp = 0;
      for (const d of outputs.ruleDocs[p]!) {
        const pred = resolveRuleAlone(outputs, d, p);
        if (pred.label?.toLowerCase() === gold[d]!.label!.toLowerCase()) tp++;
        else fp++;
      }
      if (outputs.ruleMatches[p] === 0) dead++;
      const rc = ref.rules[file]!;
      expect({ name: rc.name, tp, fp, matches: outputs.ruleMatches[p] }).toEqual({ name: rc.name, tp: rc.tp, fp: rc.fp, matches: rc.matches });
    }
    expect(dead).toBe(80);
  });

  test.skipIf(!!pythonMissing)(`every query gets RuleChef's label, computed in Python with the regex module ${pythonMissing ?? ''}`, () => {
    const { rules, gold } = load();
    const source = JSON.parse(readFileSync(shared(RULECHEF_FILES.banking77.rules)!, 'utf8')) as { rules: unknown[] };
    const rc = spawnSync('python3', ['-c', RULECHEF_CLASSIFY], {
      input: JSON.stringify({ rules: source.rules, texts: gold.map((g) => g.text) }),
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    });
    expect(rc.stderr).toBe('');
    const expected = JSON.parse(rc.stdout) as (string | null)[];
    const got = predict(task, rules, gold).predictions.map((p) => p.label ?? null);
    expect(got).toEqual(expected);
    expect(expected.filter((l) => l !== null)).toHaveLength(125);
  });

  test('the sample traffic file holds the same 200 queries as the gold file', () => {
    const { gold } = load();
    const traffic = readFileSync(shared(TRAFFIC)!, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { text: string; gold_label: string });
    expect(traffic.map((t) => [t.text, t.gold_label])).toEqual(gold.map((g) => [g.text, g.label]));
  });
});
