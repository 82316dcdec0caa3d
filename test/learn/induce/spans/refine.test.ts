import { describe, expect, test } from 'vitest';
import { Example } from '../../../../src/core/schemas/example.js';
import { Task } from '../../../../src/core/schemas/task.js';
import { Pool } from '../../../../src/learn/induce/pool.js';
import { toRule } from '../../../../src/learn/induce/rule-factory.js';
import { refinedShapes } from '../../../../src/learn/induce/spans/refine.js';
import { groupShapes, shapeCandidates } from '../../../../src/learn/induce/spans/shape.js';
import type { Candidate } from '../../../../src/learn/induce/types.js';

const task = Task.parse({ name: 'durations', type: 'ner', labels: ['DATE'] });
const probe = (cands: readonly Candidate[], train: readonly Example[]) =>
  Pool.run(task, cands.map((c, i) => toRule(c, { id: `base-${i}`, priority: 0, confidence: 0.5, status: 'active' })), train, null);

describe('shape refinement', () => {
  test('refinement drops the slot words that mostly match wrongly', () => {
    const text = (w: string, n: string) => `It lasted ${n} ${w}. `;
    const rows: [string, string, boolean][] = [
      ['years', 'two', true],
      ['months', 'six', true],
      ['years', 'three', true],
      ['weeks', 'two', true],
      ['pages', 'two', false],
      ['pages', 'six', false],
      ['pages', 'three', false],
    ];
    const train = rows.map(([w, n, gold], i) => {
      const t = `${text(w, n)}${text('pages', 'five')}`;
      const at = t.indexOf(`${n} ${w}`);
      return Example.parse({ id: `r${i}`, text: t, spans: gold ? [{ start: at, end: at + n.length + 1 + w.length, label: 'DATE' }] : [] });
    });
    // The generaliser saw "pages" among gold spans twice (labelling slips), so its inventory holds it.
    const gold = rows.filter((r) => r[2]).map(([w, n]) => ({ label: 'DATE', text: `${n} ${w}` }));
    const spans = [...gold, ...gold, { label: 'DATE', text: 'two pages' }, { label: 'DATE', text: 'two pages' }];
    const [shape] = shapeCandidates(groupShapes(spans)[0]!, 2);
    expect(shape!.pattern).toBe('\\b(?:three|six|two) (?:months|pages|weeks|years)\\b');
    const [refined] = refinedShapes(probe([shape!], train), [shape!], 1);
    expect(refined!.pattern).toBe('\\b(?:three|six|two) (?:months|weeks|years)\\b');
    expect(refined!.kind).toBe('shape_refined');
  });
});
