import { describe, expect, test } from 'vitest';
import { Example } from '../../../../src/core/schemas/example.js';
import { Task } from '../../../../src/core/schemas/task.js';
import { Pool } from '../../../../src/learn/induce/pool.js';
import { toRule } from '../../../../src/learn/induce/rule-factory.js';
import { laplace } from '../../../../src/core/ratio.js';
import { contextCandidates, observe } from '../../../../src/learn/induce/spans/context.js';
import { groupShapes, shapeCandidates } from '../../../../src/learn/induce/spans/shape.js';
import type { Candidate } from '../../../../src/learn/induce/types.js';

const task = Task.parse({ name: 'codes', type: 'ner', labels: ['CODE', 'DATE'] });

/** Codes follow "no."; the same shape after other words (fractions, scores) is not a code. */
function docs(): Example[] {
  const out: Example[] = [];
  for (let i = 0; i < 8; i++) {
    const code = `${100 + i * 7}/${10 + i}`;
    const text = `Application no. ${code} was lodged. About ${i + 1}/${i + 2} of voters and a score of ${i + 2}/${i + 3} were noted.`;
    const at = text.indexOf(code);
    out.push(Example.parse({ id: `d${i}`, text, spans: [{ start: at, end: at + code.length, label: 'CODE' }] }));
  }
  return out;
}

const probe = (cands: readonly Candidate[], train: readonly Example[]) =>
  Pool.run(task, cands.map((c, i) => toRule(c, { id: `base-${i}`, priority: 0, confidence: 0.5, status: 'active' })), train, null);

describe('context anchors', () => {
  test('a word before the true matches becomes an anchor with the span in group 1; words before false ones become exclusions', () => {
    const train = docs();
    const base: Candidate = {
      kind: 'shape',
      label: 'CODE',
      format: 'regex',
      pattern: '\\b\\d{1,3}\\/\\d{1,2}\\b',
      flags: '',
      group: '$0',
      name: 'CODE shape',
      description: 'code shape',
      specificity: 1,
    };
    const out = contextCandidates(probe([base], train), [base], 1);
    const left = out.find((c) => c.kind === 'context_left')!;
    expect(left.pattern).toBe('\\bno\\.\\s{1,3}(\\d{1,3}\\/\\d{1,2}\\b)');
    expect(left.group).toBe('$1');
    expect(left.support).toBe(8);
    const excl = out.find((c) => c.kind === 'exclusion_left')!;
    expect(excl.pattern).toBe('(?<!(?:\\bAbout|\\bof)\\s{0,2})\\b\\d{1,3}\\/\\d{1,2}\\b');
    const re = new RegExp(excl.pattern, 'g');
    expect('no. 55/12 and About 3/4'.match(re)).toEqual(['55/12']);
  });

  test('a widened amount shape that also catches durations is too imprecise alone and is narrowed by the word after it', () => {
    const money = Task.parse({ name: 'fees', type: 'ner', labels: ['MONEY'] });
    const amounts = ['5', '12.50', '300', '4,500.00', '75', '1,200', '8.99', '60'];
    const train = amounts.map((a, i) => {
      const text = `The fee was ${a} dollars and it took ${i + 10} days, then ${i + 2} days more.`;
      const at = text.indexOf(a);
      return Example.parse({ id: `m${i}`, text, spans: [{ start: at, end: at + a.length, label: 'MONEY' }] });
    });
    const groups = groupShapes(amounts.map((text) => ({ label: 'MONEY', text })));
    const base = groups.flatMap((g) => shapeCandidates(g, 2)).find((c) => c.pattern === '(?<!\\d[.,])\\b\\d+(?:,\\d{3})*(?:\\.\\d+)?\\b(?![.,]\\d)')!;
    expect(base).toBeDefined();
    const pool = Pool.run(money, [toRule(base, { id: 'base-0', priority: 0, confidence: 0.5, status: 'active' })], train, null);
    const o = observe(pool, 0);
    // Alone the shape is wrong twice as often as right: below the pipeline's precision floor.
    expect([o.tp, o.fp]).toEqual([8, 16]);
    expect(laplace(o.tp, o.tp + o.fp)).toBeLessThan(0.6);
    const out = contextCandidates(pool, [base], 1);
    const right = out.find((c) => c.kind === 'context_right')!;
    expect(right.pattern).toBe('(?<!\\d[.,])\\b\\d+(?:,\\d{3})*(?:\\.\\d+)?\\b(?![.,]\\d)(?=\\s{0,2}dollars\\b)');
    const re = new RegExp(right.pattern, 'g');
    expect('paid 125,000 dollars over 14 days'.match(re)).toEqual(['125,000']);
    const excl = out.find((c) => c.kind === 'exclusion_right')!;
    expect('paid 125,000 dollars over 14 days'.match(new RegExp(excl.pattern, 'g'))).toEqual(['125,000']);
  });
});
