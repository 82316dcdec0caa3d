import { describe, expect, test } from 'vitest';
import { DocCandidates } from '../../../src/core/engine/candidates.js';
import { executeRules } from '../../../src/core/engine/executor.js';
import { keepCandidates } from '../../../src/core/engine/conflicts.js';
import { prepareRules } from '../../../src/core/engine/predict.js';
import { resolveTriples } from '../../../src/core/engine/resolve.js';
import { applyPolicy, keepRelated, relateCandidates } from '../../../src/core/engine/conflicts.js';
import { mulberry32 } from '../../../src/core/random.js';
import { Task } from '../../../src/core/schemas/task.js';
import { rule } from '../../helpers/rules.js';

const POLICIES = ['rulechef', 'non_overlapping'] as const;

/** Random candidates: short spans on a small range, so exact duplicates, nesting and IoU > 0.7 all occur. */
function randomCandidates(seed: number) {
  const r = mulberry32(seed);
  const n = 1 + Math.floor(r() * 40);
  const start = new Int32Array(n);
  const end = new Int32Array(n);
  const label = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    start[i] = Math.floor(r() * 30);
    end[i] = start[i]! + 1 + Math.floor(r() * 8);
    label[i] = Math.floor(r() * 3);
  }
  // A random subset, in candidate order (what leaving rules out gives).
  const sel = Int32Array.from({ length: n }, (_, i) => i).filter(() => r() < 0.7);
  return { n, c: { start, end, label }, sel };
}

describe('resolution through precomputed relations', () => {
  test.each(POLICIES)('keeps exactly what keepCandidates keeps, on random subsets: %s', (policy) => {
    let multi = 0;
    for (let seed = 0; seed < 400; seed++) {
      const { n, c, sel } = randomCandidates(seed);
      const rel = relateCandidates(policy, c, n)!;
      for (const subset of [Int32Array.from({ length: n }, (_, i) => i), sel]) {
        const want = new Int32Array(n);
        const got = new Int32Array(n);
        const k = keepCandidates(policy, c, subset, subset.length, 40, want);
        const m = keepRelated(rel, subset, subset.length, got);
        expect([...got.subarray(0, m)], `seed ${seed}`).toEqual([...want.subarray(0, k)]);
        if (subset.length - k > 1) multi++;
      }
    }
    // The cases must drop several candidates at once, or they prove little.
    expect(multi).toBeGreaterThan(100);
  });

  test('the typed keepCandidates and the triples applyPolicy agree', () => {
    for (let seed = 0; seed < 200; seed++) {
      const { n, c } = randomCandidates(seed);
      const triples = Array.from({ length: n }, (_, i) => [i % 5, c.start[i]!, c.end[i]!]).flat();
      const labelOf = (p: number) => ['A', 'B', 'A', 'C', 'B'][p]!;
      const labels = Int32Array.from({ length: n }, (_, i) => 'ABACB'.indexOf(labelOf(i % 5)));
      const out = new Int32Array(n);
      const k = keepCandidates('rulechef', { ...c, label: labels }, Int32Array.from({ length: n }, (_, i) => i), n, 40, out);
      const kept = [...out.subarray(0, k)].flatMap((i) => triples.slice(3 * i, 3 * i + 3));
      expect(applyPolicy('rulechef', triples, labelOf, 40)).toEqual(kept);
    }
  });

  test.each(POLICIES)('DocCandidates resolves a document as resolveTriples does, with and without each rule: %s', (policy) => {
    const task = Task.parse({ name: 't', type: 'ner', matching: { conflict_policy: policy } });
    const rules = [
      rule('a', 'New York City', 'LOC', { priority: 3 }),
      rule('b', 'w York City', 'LOC', { priority: 2 }),
      rule('c', 'City Bank', 'ORG', { priority: 2 }),
      rule('d', 'York', 'LOC', { priority: 1 }),
      rule('e', 'New York', 'ORG', { priority: 1 }),
      rule('f', '\\w+', 'MISC'),
    ];
    const texts = ['New York City Bank in New York', 'City Bank', 'nothing here at all', ''];
    const { compiled } = prepareRules(task, rules);
    const outputs = executeRules(task, compiled, texts);
    const cand = new DocCandidates(outputs);
    for (let d = 0; d < texts.length; d++) {
      cand.load(d);
      const all = Int32Array.from({ length: cand.n }, (_, i) => i);
      const out = new Int32Array(cand.n);
      const triples = (k: number) => [...out.subarray(0, k)].flatMap((i) => [cand.rule[i]!, cand.start[i]!, cand.end[i]!]);
      expect(triples(cand.keep(all, cand.n, out))).toEqual(resolveTriples(outputs, d));
      for (let e = 0; e < cand.entries; e++) {
        const a = cand.entryFirst[e]!;
        const b = cand.entryFirst[e + 1]!;
        const p = cand.rule[a]!;
        const without = all.filter((i) => i < a || i >= b);
        expect(triples(cand.keep(without, without.length, out)), `doc ${d} without ${p}`).toEqual(resolveTriples(outputs, d, new Set([p])));
        const alone = all.subarray(a, b);
        expect(triples(cand.keep(alone, alone.length, out)), `doc ${d} rule ${p} alone`).toEqual(resolveTriples(outputs, d, undefined, p));
      }
    }
  });

  test('non_overlapping with an empty span falls back to the sorted-insertion test', () => {
    const c = { start: Int32Array.of(5, 5, 0), end: Int32Array.of(5, 8, 10), label: Int32Array.of(0, 0, 0) };
    expect(relateCandidates('non_overlapping', c, 3)).toBeNull();
    expect(relateCandidates('rulechef', c, 3)).not.toBeNull();
  });
});
