import { describe, expect, test } from 'vitest';
import { Example } from '../../../../src/core/schemas/example.js';
import { Task } from '../../../../src/core/schemas/task.js';
import { orderByEvidence } from '../../../../src/learn/induce/covering/evidence-order.js';
import { Pool } from '../../../../src/learn/induce/pool.js';
import { rule } from '../../../helpers/rules.js';

const task = Task.parse({ name: 't', type: 'classification', labels: ['a', 'b', 'c'] });
const ex = (split: 'train' | 'dev', text: string, label: string, i: number) => Example.parse({ id: `${split}-${text}-${i}`, text: `${text} ${i}`, label, split });
const many = (split: 'train' | 'dev', text: string, label: string, n: number) => Array.from({ length: n }, (_, i) => ex(split, text, label, i));

// "apple" is right on all 6 of its train texts and wrong on the 4 dev texts it fires on;
// "pear" is right on its 3 train texts and its 4 dev texts: dev bears out pear, not apple.
const train = [...many('train', 'apple', 'a', 6), ...many('train', 'pear', 'b', 3)];
const dev = [...many('dev', 'apple', 'b', 4), ...many('dev', 'pear', 'b', 4)];
const rules = [rule('apple', '\\bapple\\b', 'a', { priority: 3 }), rule('pear', '\\bpear\\b', 'b', { priority: 2 }), rule('dflt', '^[\\s\\S]', 'c', { priority: 1 })];
const ids = (pool: Pool, groups: number[][]) => groups.map((g) => g.map((p) => pool.rules[p]!.rule.id));

describe('ordering merged rules by their train and dev precision', () => {
  test('a rule dev contradicts moves below one dev bears out, and the pool runs in the new order', () => {
    const pool = Pool.run(task, rules, train, dev, new Set(rules.map((r) => r.id)));
    const at = (id: string) => pool.position.get(id)!;
    const r = orderByEvidence(pool, [[at('apple')], [at('pear')], [at('dflt')]], (p) => p === at('dflt'));
    expect(ids(pool, r.groups)).toEqual([['pear'], ['apple'], ['dflt']]);
    // One rule moved: pear above apple (the default kept its place after both).
    expect(r.moved).toBe(1);
    // "apple pear" texts would now be pear's: the derived pool runs pear first.
    expect(r.pool.rules.map((c) => c.id)).toEqual(['pear', 'apple', 'dflt']);
  });

  test('a rule it must keep stays last however precise, and a list dev bears out keeps its order', () => {
    // Both right on all their texts, and both labels as frequent: nothing to move for.
    const even = [...many('train', 'apple', 'a', 6), ...many('train', 'pear', 'b', 6)];
    const fair = [...many('dev', 'apple', 'a', 4), ...many('dev', 'pear', 'b', 4)];
    const pool = Pool.run(task, rules, even, fair, new Set(rules.map((r) => r.id)));
    const at = (id: string) => pool.position.get(id)!;
    const r = orderByEvidence(pool, [[at('dflt')], [at('apple')], [at('pear')]], (p) => p === at('dflt'));
    expect(ids(pool, r.groups)).toEqual([['apple'], ['pear'], ['dflt']]);
  });

  test('a merged rule is judged on every text any of its members fires on', () => {
    // pear alone is right on all 7 of its texts, but plum, merged with it, is wrong on 4 dev texts:
    // together 9 of 13 (Wilson .56 at z 1), below apple's 6 of 7 (.63).
    const ruled = [rule('apple', '\\bapple\\b', 'a', { priority: 3 }), rule('pear', '\\bpear\\b', 'b', { priority: 2 }), rule('plum', '\\bplum\\b', 'b', { priority: 1 })];
    const tr = [...many('train', 'apple', 'a', 6), ...many('train', 'pear', 'b', 3), ...many('train', 'plum', 'b', 2)];
    const dv = [ex('dev', 'apple', 'b', 0), ...many('dev', 'pear', 'b', 4), ...many('dev', 'plum', 'a', 4)];
    const pool = Pool.run(task, ruled, tr, dv, new Set(ruled.map((r) => r.id)));
    const at = (id: string) => pool.position.get(id)!;
    const never = () => false;
    expect(ids(pool, orderByEvidence(pool, [[at('pear'), at('plum')], [at('apple')]], never).groups)).toEqual([['apple'], ['pear', 'plum']]);
    expect(ids(pool, orderByEvidence(pool, [[at('pear')], [at('apple')]], never).groups)).toEqual([['pear'], ['apple']]);
  });

  test('a rule of the majority label does not rise above a rare label’s by its base rate', () => {
    // "i" is ham on 200 of 202 texts, "txt" spam on 40 of 41; ham is 83 % of the texts. By precision
    // alone "i" (Wilson .98) goes first and takes the spam that says "i"; over each label's base
    // rate "txt" knows more (.93 of the way from spam's 17 % to certain, against ham's .89).
    const sms = Task.parse({ name: 'sms', type: 'classification', labels: ['ham', 'spam'] });
    const ruled = [rule('i', '\\bi\\b', 'ham', { priority: 2 }), rule('txt', '\\btxt\\b', 'spam', { priority: 1 })];
    const tr = [...many('train', 'i', 'ham', 200), ...many('train', 'so i', 'spam', 2), ...many('train', 'txt', 'spam', 40), ex('train', 'txt', 'ham', 99)];
    const pool = Pool.run(sms, ruled, tr, [], new Set(ruled.map((r) => r.id)));
    const at = (id: string) => pool.position.get(id)!;
    expect(ids(pool, orderByEvidence(pool, [[at('i')], [at('txt')]], () => false).groups)).toEqual([['txt'], ['i']]);
  });
});
