import { describe, expect, test } from 'vitest';
import { clearCompileCache } from '../../../src/core/engine/compile-rule.js';
import { predict } from '../../../src/core/engine/predict.js';
import { resolveDocument } from '../../../src/core/engine/resolve.js';
import { Example } from '../../../src/core/schemas/example.js';
import { Task } from '../../../src/core/schemas/task.js';
import { Pool } from '../../../src/learn/induce/pool.js';
import { ProbeCache } from '../../../src/learn/induce/probe-cache.js';
import { rule } from '../../helpers/rules.js';

const task = Task.parse({ name: 't', type: 'ner', labels: ['D', 'N'] });
const docs = [
  'On 12 March 2001 the fee was 12 units, no. 345/01.',
  'In 1999 and on 3 June 1999 nothing; no. 7/12 here.',
  'Nothing to see.',
].map((text, i) => Example.parse({ id: `d${i}`, text, spans: [] }));

const rules = [
  rule('date', '\\b\\d{1,2} (?:March|June) \\d{4}\\b', 'D', { confidence: 0.9 }),
  rule('year', '\\b\\d{4}\\b', 'D', { confidence: 0.5 }),
  rule('num', '\\b\\d+\\b', 'N', { confidence: 0.3 }),
  rule('code', 'no\\. (\\d+/\\d+)', 'N', { confidence: 0.7, group: '$1' }),
];

describe('Pool', () => {
  test('derive reorders the engine outputs exactly as a fresh engine run would', () => {
    const pool = Pool.run(task, rules, docs, null);
    // New ordering attributes and a subset: reversed trust, one rule left out.
    const changed = [rules[1]!, rules[2]!, rules[3]!].map((r, i) => ({ ...r, confidence: [0.1, 0.95, 0.6][i]! }));
    const all = new Set(changed.map((r) => r.id));
    const derived = pool.derive(changed, all);
    const fresh = predict(task, changed, docs);
    docs.forEach((_, d) => expect(resolveDocument(derived.train.outputs, d, derived.excluded)).toEqual(fresh.predictions[d]));
    expect(derived.rules.map((r) => r.id)).toEqual(['num', 'code', 'year']);
  });

  test('withTrain runs a subset on a new train split beside the dev outputs it already has, as one run on both would', () => {
    const dev = docs.map((e) => ({ ...e, spans: [{ start: 3, end: 16, label: 'D' }] }));
    const subset = [rules[0]!, rules[3]!];
    const active = new Set(subset.map((r) => r.id));
    const beside = Pool.run(task, rules, [], dev).withTrain(subset, docs, active);
    const once = Pool.run(task, subset, docs, dev, active);
    expect(beside.rules.map((r) => r.id)).toEqual(once.rules.map((r) => r.id));
    for (const split of ['train', 'dev'] as const) {
      expect(beside[split]!.totals.counts).toEqual(once[split]!.totals.counts);
      docs.forEach((_, d) => expect(resolveDocument(beside[split]!.outputs, d, beside.excluded)).toEqual(resolveDocument(once[split]!.outputs, d, once.excluded)));
    }
  });

  test('a trial changes nothing until committed, and a commit matches a fresh ensemble score', () => {
    const gold = docs.map((e) => ({ ...e, spans: [{ start: 3, end: 16, label: 'D' }] }));
    gold[1] = { ...gold[1]!, spans: [{ start: 3, end: 7, label: 'D' }] };
    gold[2] = { ...gold[2]!, spans: [] };
    const pool = Pool.run(task, rules, gold, null);
    const before = { ...pool.train.totals.counts };
    const p = pool.position.get('date')!;
    const t = pool.trial(p);
    expect(pool.train.totals.counts).toEqual(before);
    expect(t.train.delta.tp).toBe(1);
    pool.commit(t);
    expect(pool.isActive(p)).toBe(true);
    const t2 = pool.trial(pool.position.get('year')!);
    pool.commit(t2);
    const again = Pool.run(task, rules, gold, null, new Set(['date', 'year']));
    expect(pool.train.totals.counts).toEqual(again.train.totals.counts);
  });

  test('solo counts a rule alone, whatever the ensemble', () => {
    const gold = docs.map((e) => ({ ...e, spans: [] as { start: number; end: number; label: string }[] }));
    const at = docs[0]!.text!.indexOf('345/01');
    gold[0]!.spans = [{ start: at, end: at + 6, label: 'N' }];
    const pool = Pool.run(task, rules, gold, null, new Set(['num']));
    expect(pool.solo(pool.position.get('code')!, pool.train)).toEqual({ tp: 1, fp: 1, docs: 2 });
  });
  test('reusing takes the matches of rules that match as one it ran, runs only the others, and gives what one run of all gives', () => {
    const dev = docs.map((e) => ({ ...e, id: `v${e.id}`, spans: [{ start: 3, end: 16, label: 'D' }] }));
    const first = Pool.run(task, [rules[0]!, rules[1]!, rules[2]!], docs, dev);
    // A rule compiled again gets a new matcher: the same one shows it was taken from the first run.
    clearCompileCache();
    // "year" again under a new id and trust, "num" left out, "code" new.
    const next = [{ ...rules[1]!, id: 'year-again', confidence: 0.95 }, rules[0]!, rules[3]!];
    const active = new Set(next.map((r) => r.id));
    const reused = first.reusing(next, active);
    const once = Pool.run(task, next, docs, dev, active);
    expect(reused.rules.map((r) => r.id)).toEqual(once.rules.map((r) => r.id));
    expect(reused.rules[reused.position.get('year-again')!]!.matcher).toBe(first.rules[first.position.get('year')!]!.matcher);
    for (const split of ['train', 'dev'] as const) {
      expect(reused[split]!.totals.counts).toEqual(once[split]!.totals.counts);
      expect(reused[split]!.outputs.ruleMatches).toEqual(once[split]!.outputs.ruleMatches);
      docs.forEach((_, d) => expect(resolveDocument(reused[split]!.outputs, d, reused.excluded)).toEqual(resolveDocument(once[split]!.outputs, d, once.excluded)));
    }
  });

  test('a pool sliced to some of its texts, as train and dev in any order, is what a run on those alone gives', () => {
    const gold = docs.map((e) => ({ ...e, spans: [{ start: 3, end: 16, label: 'D' }] }));
    const whole = Pool.run(task, rules, gold, null);
    const [train, dev] = [[gold[2]!, gold[0]!], [gold[1]!]];
    const sliced = whole.sliced({ examples: train, docs: Int32Array.of(2, 0) }, { examples: dev, docs: Int32Array.of(1) });
    const once = Pool.run(task, rules, train, dev);
    for (const split of ['train', 'dev'] as const) {
      const [a, b] = [sliced[split]!, once[split]!];
      expect(a.totals.counts).toEqual(b.totals.counts);
      expect(a.outputs.ruleMatches).toEqual(b.outputs.ruleMatches);
      expect(a.outputs.ruleDocs).toEqual(b.outputs.ruleDocs);
      expect(a.outputs.texts).toEqual(b.outputs.texts);
      a.examples.forEach((_, d) => expect(resolveDocument(a.outputs, d, sliced.excluded)).toEqual(resolveDocument(b.outputs, d, once.excluded)));
    }
  });

  test.each([
    ['the same texts', docs, true],
    ['some of the first run\'s texts, as a fold has', docs.slice(1), true],
    ['texts the first run did not have', docs.slice(1).map((e) => ({ ...e })), false],
  ] as const)('the probe cache reuses the runs before on %s: %s', (_t, second, reuses) => {
    const cache = new ProbeCache();
    const a = cache.run(task, rules, docs, null);
    clearCompileCache();
    const b = cache.run(task, [{ ...rules[2]!, id: 'num-again' }], second, null);
    expect(b.rules[0]!.matcher === a.rules[a.position.get('num')!]!.matcher).toBe(reuses);
    expect(b.train.totals.counts).toEqual(Pool.run(task, [{ ...rules[2]!, id: 'num-again' }], second, null).train.totals.counts);
  });
});
