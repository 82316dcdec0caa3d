import { describe, expect, test } from 'vitest';
import { Example } from '../../../src/core/schemas/example.js';
import { Task } from '../../../src/core/schemas/task.js';
import { fieldCandidates, locate } from '../../../src/learn/induce/fields.js';
import { resolveOptions } from '../../../src/learn/induce/options.js';

describe('field values in text', () => {
  test.each([
    ['TOTAL 9.00 CASH 10.00', '9.00', [[6, 10]]],
    ['TOTAL 9.00', '9', [[6, 10]]],
    ['TOTAL 1,234.50', '1234.5', [[6, 14]]],
    ['NO.53 JALAN\nSAGU 18', 'NO.53 JALAN SAGU 18', [[0, 19]]],
    ['nothing here', 'absent', []],
  ])('locate(%j, %j)', (text, value, want) => {
    expect(locate(text, value).map((h) => [h.start, h.end])).toEqual(want);
  });

  test('each output field becomes a label whose located values feed the span generators', () => {
    const task = Task.parse({ name: 'r', type: 'transformation', text_field: 'body' });
    const train = [1, 2, 3, 4].map((i) =>
      Example.parse({ id: `r${i}`, input: { body: `SHOP\nTOTAL ${i}0.50\nTHANKS` }, output: { total: `${i}0.50`, nested: { a: 1 } } }),
    );
    const cands = fieldCandidates(task, train, resolveOptions(task, {}));
    expect(new Set(cands.map((c) => c.label))).toEqual(new Set(['total']));
    expect(cands.some((c) => c.pattern === '(?<!\\d[.,])\\b\\d{2}\\.\\d{2}\\b(?![.,]\\d)')).toBe(true);
  });
});
