import { describe, expect, test } from 'vitest';
import { compileScorer } from '../../../src/core/eval/scorer.js';
import { KEY_NO_GOLD, KEY_OUTSIDE, type SpanKeys } from '../../../src/core/eval/score-spans.js';
import { mulberry32 } from '../../../src/core/random.js';
import type { Example } from '../../../src/core/schemas/example.js';
import type { OutputSpan } from '../../../src/core/schemas/span.js';
import type { MatchMode } from '../../../src/core/schemas/task.js';
import { task } from './helpers.js';

const TEXT = 'ab ab cd ab cd ef ab';
const LABELS = ['A', 'B', 'C'];

/** A random example (repeated texts at several offsets, so text and exact keys differ) and prediction. */
function randomCase(seed: number): { example: Example; pred: OutputSpan[] } {
  const r = mulberry32(seed);
  const span = () => {
    const start = 3 * Math.floor(r() * 7);
    const end = Math.min(TEXT.length, start + 2 + (r() < 0.2 ? 3 : 0));
    return { start, end, label: LABELS[Math.floor(r() * 3)]! };
  };
  const gold = Array.from({ length: Math.floor(r() * 8) }, span);
  const pred = Array.from({ length: Math.floor(r() * 8) }, () => {
    const s = span();
    return { ...s, text: TEXT.slice(s.start, s.end), rule_id: 'r' };
  });
  const example: Example = { id: `e${seed}`, text: TEXT, spans: gold, split: 'dev', source: r() < 0.2 ? 'observed' : 'gold' };
  if (r() < 0.3) example.annotated = [LABELS[Math.floor(r() * 3)]!];
  return { example, pred };
}

/** TP/FP/FN from keys, as ranking counts them. */
function keyedCounts(keys: SpanKeys, pred: OutputSpan[]) {
  const used = new Int32Array(keys.goldCount.length);
  let scored = 0;
  let tp = 0;
  for (const p of pred) {
    const k = keys.keyOf(p.label, p.start, p.end, TEXT);
    if (k === KEY_OUTSIDE) continue;
    scored++;
    if (k !== KEY_NO_GOLD && used[k]! < keys.goldCount[k]!) {
      used[k]!++;
      tp++;
    }
  }
  return { tp, fp: scored - tp, fn: keys.nGold - tp };
}

describe('counts-only scoring', () => {
  test.each<MatchMode>(['text', 'exact'])('span keys count what score counts: %s', (mode) => {
    const scorer = compileScorer(task({ type: 'ner', matching: { mode } }));
    let tp = 0;
    for (let seed = 0; seed < 300; seed++) {
      const { example, pred } = randomCase(seed);
      const want = scorer.score(example, { spans: pred }).counts;
      expect(keyedCounts(scorer.spanKeys(example)!, pred), `seed ${seed}`).toEqual(want);
      tp += want.tp;
    }
    expect(tp).toBeGreaterThan(50);
  });

  test.each<MatchMode>(['text', 'exact', 'overlap', 'semeval:strict', 'semeval:partial'])('counts equals score(...).counts: %s', (mode) => {
    const scorer = compileScorer(task({ type: 'ner', matching: { mode, iou_threshold: 0.3 } }), { outcomes: false });
    for (let seed = 0; seed < 200; seed++) {
      const { example, pred } = randomCase(seed);
      expect(scorer.counts(example, { spans: pred }), `seed ${seed}`).toEqual(scorer.score(example, { spans: pred }).counts);
    }
  });

  test.each<[string, MatchMode, Record<string, string>]>([
    ['overlap mode', 'overlap', {}],
    ['semeval mode', 'semeval:type', {}],
    ['text mode with a normalized matcher', 'text', { A: 'normalized' }],
  ])('no span keys where pairing is not a multiset intersection: %s', (_t, mode, matchers) => {
    const scorer = compileScorer(task({ type: 'ner', matching: { mode, matchers } }));
    expect(scorer.spanKeys(randomCase(1).example)).toBeNull();
  });

  test('no span keys for classification', () => {
    const scorer = compileScorer(task({ type: 'classification' }));
    expect(scorer.spanKeys({ id: 'x', text: 'a', label: 'A', split: 'dev', source: 'gold' })).toBeNull();
  });
});
