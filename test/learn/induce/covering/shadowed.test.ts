import { describe, expect, test } from 'vitest';
import { mulberry32 } from '../../../../src/core/random.js';
import { Kind } from '../../../../src/learn/induce/covering/features.js';
import { shadowedRules } from '../../../../src/learn/induce/covering/shadowed.js';
import { subsumes, type Condition } from '../../../../src/learn/induce/covering/subsume.js';
import { Task } from '../../../../src/core/schemas/task.js';
import { induceRules } from '../../../../src/learn/induce/index.js';
import { scoreRules } from '../../../../src/learn/induce/pipeline.js';
import { tickets } from '../fixtures.js';

const on = (kind: number, key: string): Condition => ({ kind, key, negated: false });
const off = (kind: number, key: string): Condition => ({ kind, key, negated: true });

describe('rules an earlier rule shadows', () => {
  test.each<[string, (readonly Condition[] | undefined)[], number[]]>([
    ['a longer stem after its shorter one', [[on(Kind.Stem, 'charg')], [on(Kind.Stem, 'charge')]], [1]],
    ['a stem after the word it is a stem of fires on more words', [[on(Kind.Word, 'safari')], [on(Kind.Stem, 'safari')]], []],
    ['a conjunction after one of its words', [[on(Kind.Word, 'card')], [on(Kind.Word, 'lost'), on(Kind.Word, 'card')]], [1]],
    ['a rule after one with an exception it lacks', [[on(Kind.Word, 'card'), off(Kind.Word, 'lost')], [on(Kind.Word, 'card')]], []],
    ['a rule after one with the same exception', [[on(Kind.Word, 'card'), off(Kind.Word, 'lost')], [on(Kind.Word, 'card'), off(Kind.Word, 'lost')]], [1]],
    ['a phrase after its first word at the start', [[on(Kind.First, 'what')], [on(Kind.First2, 'what is')]], [1]],
    ['a shorter word count after a longer one', [[on(Kind.Short, '6')], [on(Kind.Word, 'x'), on(Kind.Short, '4')]], [1]],
    ['a rule before the one that would shadow it', [[on(Kind.Word, 'lost'), on(Kind.Word, 'card')], [on(Kind.Word, 'card')]], []],
    ['rules without conditions are left alone', [undefined, [on(Kind.Word, 'card')], undefined], []],
  ])('%s', (_what, list, want) => {
    expect(shadowedRules(list)).toEqual(want);
  });

  test('on random lists it finds exactly the rules some earlier rule subsumes', () => {
    const r = mulberry32(5);
    const words = ['card', 'cards', 'car', 'lost', 'what', 'is'];
    const pick = (): Condition => {
      const w = words[Math.floor(r() * words.length)]!;
      const kinds = [on(Kind.Word, w), on(Kind.Stem, w.slice(0, 2 + Math.floor(r() * 3))), on(Kind.First, w), on(Kind.Bigram, `${w} is`), on(Kind.Short, String(4 + 2 * Math.floor(r() * 3)))];
      const c = kinds[Math.floor(r() * kinds.length)]!;
      return r() < 0.15 ? { ...c, negated: true } : c;
    };
    for (let run = 0; run < 200; run++) {
      const list = Array.from({ length: 3 + Math.floor(r() * 12) }, () => Array.from({ length: 1 + Math.floor(r() * 3) }, pick));
      const plain = list.flatMap((c, j) => (list.slice(0, j).some((b) => subsumes(b, c)) ? [j] : []));
      expect(shadowedRules(list)).toEqual(plain);
    }
  });

  test('learning leaves them out, says how many, and its final figures are the returned rules\' own', async () => {
    const task = Task.parse({ name: 'tickets', type: 'classification', labels: ['billing', 'bug_report', 'feature_request', 'login_access', 'shipping_delay'] });
    const train = tickets(1, 18, 'train');
    const res = await induceRules(task, train, { seed: 1 });
    const n = res.report.dropped.shadowed ?? 0;
    expect(n).toBeGreaterThan(0);
    expect(res.report.notes).toContain(`${n} rules left out that an earlier rule fires wherever they fire: they could never decide a text`);
    expect(res.report.stages.at(-1)!.train).toEqual(scoreRules(task, res.rules, train));
  });
});
