import { describe, expect, test } from 'vitest';
import { compileScorer } from '../../../src/core/eval/scorer.js';
import { EvalTotals, sumScores } from '../../../src/core/eval/totals.js';
import { mulberry32 } from '../../../src/core/random.js';
import type { MatchMode } from '../../../src/core/schemas/task.js';
import type { OutputSpan, Span } from '../../../src/core/schemas/span.js';
import { spanExample, task } from './helpers.js';

function randomSpans(r: () => number, text: string, n: number): Span[] {
  return Array.from({ length: n }, () => {
    const start = Math.floor(r() * (text.length - 5));
    return { start, end: start + 1 + Math.floor(r() * 5), label: r() < 0.5 ? 'A' : 'B' };
  });
}

describe('EvalTotals', () => {
  test.each(['text', 'overlap', 'semeval:partial', 'semeval:type'] as MatchMode[])(
    'swapping one example\'s score in and out equals summing from scratch (%s)',
    (mode) => {
      const r = mulberry32(7);
      const text = 'abcdefghijklmnopqrstuvwxyz0123456789';
      const scorer = compileScorer(task({ type: 'ner', matching: { mode } }), { outcomes: false });
      const examples = Array.from({ length: 40 }, (_, i) => spanExample(`e${i}`, text, randomSpans(r, text, Math.floor(r() * 4))));
      const predsFor = () =>
        examples.map((e) =>
          randomSpans(r, text, Math.floor(r() * 4)).map((s): OutputSpan => ({ ...s, text: e.text!.slice(s.start, s.end), rule_id: 'r' })),
        );
      const before = predsFor();
      const after = predsFor();
      const scoresBefore = examples.map((e, i) => scorer.score(e, { spans: before[i]! }));
      const totals = sumScores(scoresBefore);
      // Leave-one-out style: replace the score of every third example.
      const mixed = scoresBefore.slice();
      for (let i = 0; i < examples.length; i += 3) {
        const next = scorer.score(examples[i]!, { spans: after[i]! });
        totals.add(mixed[i]!, -1).add(next);
        mixed[i] = next;
      }
      const fresh = sumScores(mixed);
      expect(totals.counts).toEqual(fresh.counts);
      expect(totals.microF1()).toBe(fresh.microF1());
      expect(totals.macroF1()).toBe(fresh.macroF1());
      expect(totals.classes()).toEqual(fresh.classes());
      expect(totals.semeval).toEqual(fresh.semeval);
      expect([totals.n, totals.exact, totals.covered]).toEqual([fresh.n, fresh.exact, fresh.covered]);
    },
  );

  test('a class whose counts return to zero disappears from macro F1', () => {
    const t = new EvalTotals();
    const s = { id: 'x', counts: { tp: 0, fp: 1, fn: 0 }, per_class: { Z: { tp: 0, fp: 1, fn: 0 } }, exact: false, covered: true, errors: { wrong_label: 0, wrong_boundary: 0, wrong_value: 0, missing: 0, spurious: 1 } };
    t.add(s);
    expect(t.macroF1()).toBe(0);
    t.add(s, -1);
    expect(t.classes()).toEqual([]);
    expect(t.macroF1()).toBeNull();
    expect(t.microF1()).toBeNull();
  });
});
