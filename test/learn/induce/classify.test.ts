import { describe, expect, test } from 'vitest';
import { Example } from '../../../src/core/schemas/example.js';
import { Task } from '../../../src/core/schemas/task.js';
import { classificationCandidates } from '../../../src/learn/induce/classify.js';

const task = Task.parse({ name: 't', type: 'classification', labels: ['pending_cash', 'pending_transfer', 'cash_limit'] });
const ex = (text: string, label: string, i: number) => Example.parse({ id: `e${i}`, text, label });
const train = [
  ['my cash withdrawal is pending', 'pending_cash'],
  ['pending cash at the atm', 'pending_cash'],
  ['withdrawing cash still pending', 'pending_cash'],
  ['my transfer is pending', 'pending_transfer'],
  ['pending transfer to a friend', 'pending_transfer'],
  ['what is my cash limit', 'cash_limit'],
  ['cash limit per day', 'cash_limit'],
].map(([t, l], i) => ex(t!, l!, i));

describe('classification candidates', () => {
  const cands = classificationCandidates(task, train, { minSupport: 1, minPrecision: 0.6 });
  const find = (label: string, pattern: string) => cands.find((c) => c.label === label && c.pattern === pattern);

  test('trigger words, stems, phrases and label-name words, each with train evidence', () => {
    expect(find('pending_transfer', '\\btransfer\\b')).toMatchObject({ kind: 'label_word', support: 2, precision: 0.75 });
    expect(find('pending_cash', '\\bwithdraw\\w*')).toMatchObject({ kind: 'stem', support: 2 });
    expect(find('cash_limit', '\\bcash\\s+limit\\b')).toMatchObject({ kind: 'label_phrase', support: 2 });
    // "pending" is split between two classes: not a candidate of either on its own.
    expect(cands.filter((c) => c.pattern === '\\bpending\\b')).toEqual([]);
  });

  test('order-free conjunctions where two ambiguous words together decide the class', () => {
    const conj = cands.filter((c) => c.kind === 'conj' && c.label === 'pending_cash');
    expect(conj.map((c) => c.pattern)).toContain('^(?=.*?\\bcash\\b)(?=.*?\\bpend).+');
    const re = new RegExp(conj.find((c) => c.pattern.includes('pend'))!.pattern, 'is');
    expect(re.test('is the CASH still\npending?')).toBe(true);
    expect(re.test('pending transfer')).toBe(false);
  });

  test('label-name words are candidates even when train never uses them', () => {
    const t = Task.parse({ name: 't', type: 'classification', labels: ['refund_request', 'other'] });
    const c = classificationCandidates(t, [ex('hello there', 'other', 0)], { minSupport: 1, minPrecision: 0.6 });
    expect(c.find((x) => x.label === 'refund_request' && x.pattern === '\\brefund\\b')?.kind).toBe('label_word');
  });
});
