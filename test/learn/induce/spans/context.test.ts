import { describe, expect, test } from 'vitest';
import { Example } from '../../../../src/core/schemas/example.js';
import { Task } from '../../../../src/core/schemas/task.js';
import { Pool } from '../../../../src/learn/induce/pool.js';
import { toRule } from '../../../../src/learn/induce/rule-factory.js';
import { contextCandidates } from '../../../../src/learn/induce/spans/context.js';
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
});
