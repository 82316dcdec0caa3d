import { describe, expect, test } from 'vitest';
import { Example } from '../../../src/core/schemas/example.js';
import { classEvidence, contextWindow, labelsToLearn, spanEvidence } from '../../../src/learn/prompts/evidence.js';
import { makeTask } from '../../helpers/temp.js';

const ner = makeTask({ type: 'ner', labels: ['DATE'] });
const docs = [
  Example.parse({ id: 'c', text: 'Paid on 3 May 2021.', spans: [{ start: 8, end: 18, label: 'DATE' }], source: 'correction' }),
  Example.parse({ id: 'a', text: 'Signed on 12/03/2020 by Ann.', spans: [{ start: 10, end: 20, label: 'DATE' }] }),
  Example.parse({ id: 'b', text: 'Due on 01/04/2021 at noon, or on 01/04/2021.', spans: [{ start: 7, end: 17, label: 'DATE' }, { start: 33, end: 43, label: 'DATE' }] }),
];

describe('label evidence', () => {
  test('span evidence: surface forms, shapes, neighbouring words and marked contexts, corrections first', () => {
    const e = spanEvidence(ner, 'DATE', docs);
    expect(e).toMatchObject({ kind: 'spans', label: 'DATE', mentions: 4, examples: 3 });
    expect(e.surface_forms[0]).toEqual({ value: '01/04/2021', count: 2 });
    expect(e.exact_shapes).toEqual([
      { value: '99/99/9999', count: 3 },
      { value: '9 Aaa 9999', count: 1 },
    ]);
    expect(e.compressed_shapes[0]).toEqual({ value: '9+/9+/9+', count: 3 });
    expect(e.left_words).toEqual([{ value: 'on', count: 4 }]);
    expect(e.right_words.map((w) => w.value).sort()).toEqual(['at', 'by']);
    expect(e.contexts[0]).toBe('Paid on ⟦3 May 2021⟧.');
  });

  test('context windows are clipped with ellipses and one line', () => {
    expect(contextWindow('aaaa\nbbbb CCC dddd eeee', 10, 13, 5)).toBe('…bbbb ⟦CCC⟧ dddd…');
  });

  test('class evidence: texts of the class, contrast texts, and words that mostly occur in it', () => {
    const task = makeTask({ type: 'classification', labels: ['refund', 'greet'] });
    const rows = ['refund my order', 'I want a refund', 'refund please', 'hello there', 'hello, refund?'].map((text, i) =>
      Example.parse({ id: `e${i}`, text, label: i < 3 ? 'refund' : 'greet' }),
    );
    const e = classEvidence(task, 'refund', rows);
    expect(e.texts).toEqual(['refund my order', 'I want a refund', 'refund please']);
    expect(e.counter_texts).toEqual([
      { label: 'greet', text: 'hello there' },
      { label: 'greet', text: 'hello, refund?' },
    ]);
    expect(e.trigger_words[0]).toEqual({ value: 'refund', count: 3, precision: 0.75 });
    expect(classEvidence(task, 'greet', rows).trigger_words.map((t) => t.value)).toEqual(['hello']);
  });

  test('labels to learn: the task list, then labels only the data uses', () => {
    const task = makeTask({ type: 'ner', labels: ['DATE'] });
    expect(labelsToLearn(task, [Example.parse({ id: 'x', text: 'Ann', spans: [{ start: 0, end: 3, label: 'PER' }] })])).toEqual(['DATE', 'PER']);
  });
});
