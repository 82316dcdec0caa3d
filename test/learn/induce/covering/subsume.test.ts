import { describe, expect, test } from 'vitest';
import { Kind } from '../../../../src/learn/induce/covering/features.js';
import { renderRule, type Literal } from '../../../../src/learn/induce/covering/render.js';
import { implies, subsumes, type Condition } from '../../../../src/learn/induce/covering/subsume.js';
import { mergedCandidate } from '../../../../src/learn/induce/merge.js';
import { mulberry32 } from '../../../../src/core/random.js';

const on = (kind: number, key: string): Condition => ({ kind, key, negated: false });
const off = (kind: number, key: string): Condition => ({ kind, key, negated: true });

describe('one feature implies another', () => {
  // [a, b, every text with a has b]
  test.each<[Condition, Condition, boolean]>([
    [on(Kind.Word, 'transfer'), on(Kind.Stem, 'trans'), true],
    [on(Kind.Stem, 'transfer'), on(Kind.Stem, 'transf'), true],
    [on(Kind.Stem, 'trans'), on(Kind.Stem, 'transf'), false],
    [on(Kind.Bigram, 'my card'), on(Kind.Word, 'card'), true],
    [on(Kind.Gap, 'how cash'), on(Kind.Word, 'cash'), true],
    [on(Kind.Trigram, 'how many cash'), on(Kind.Bigram, 'many cash'), true],
    [on(Kind.First2, 'what is'), on(Kind.First, 'what'), true],
    [on(Kind.First, 'what'), on(Kind.First2, 'what is'), false],
    [on(Kind.Bigram, 'what is'), on(Kind.First, 'what'), false],
    [on(Kind.Short, '4'), on(Kind.Short, '6'), true],
    [on(Kind.Short, '6'), on(Kind.Short, '4'), false],
    [on(Kind.Word, 'café'), on(Kind.Stem, 'caf'), false],
    [on(Kind.Shape, 'caps'), on(Kind.Shape, 'caps'), true],
  ])('%j -> %j: %s', (a, b, want) => {
    expect(implies(a, b)).toBe(want);
  });

  test.each<[Condition[], Condition[], boolean]>([
    [[on(Kind.Stem, 'trans'), on(Kind.Word, 'fee')], [on(Kind.Stem, 'transfer'), on(Kind.Word, 'fee')], true],
    [[on(Kind.Stem, 'transfer'), on(Kind.Word, 'fee')], [on(Kind.Stem, 'trans'), on(Kind.Word, 'fee')], false],
    // An exception narrows: "card" unless "atm" covers "card" & "lost" unless "atm", not "card" & "lost".
    [[on(Kind.Word, 'card'), off(Kind.Word, 'atm')], [on(Kind.Word, 'card'), on(Kind.Word, 'lost'), off(Kind.Word, 'atm')], true],
    [[on(Kind.Word, 'card'), off(Kind.Word, 'atm')], [on(Kind.Word, 'card'), on(Kind.Word, 'lost')], false],
    // Excepting "atm*" excepts "atms" too.
    [[on(Kind.Word, 'card'), off(Kind.Word, 'atms')], [on(Kind.Word, 'card'), off(Kind.Stem, 'atm')], true],
  ])('rule %j covers rule %j: %s', (a, b, want) => {
    expect(subsumes(a, b)).toBe(want);
  });
});

describe('a merged rule', () => {
  const keys: [number, string][] = [
    [Kind.Stem, 'trans'],
    [Kind.Stem, 'transf'],
    [Kind.Stem, 'transfer'],
    [Kind.Word, 'fee'],
    [Kind.Word, 'atm'],
    [Kind.Bigram, 'transfer fee'],
  ];
  const has = (feature: number): Literal => ({ feature, negated: false });
  const unless = (feature: number): Literal => ({ feature, negated: true });
  const rendered = (literals: Literal[]) => renderRule({ literals, label: 'fee', kindOf: (f) => keys[f]![0], keyOf: (f) => keys[f]![1], tp: 3, n: 3 });
  const members = [rendered([has(2), has(3)]), rendered([has(0), has(3)]), rendered([has(1), has(3)]), rendered([has(5)]), rendered([has(3), unless(4)])];

  test('drops members another member covers, keeping the broadest once', () => {
    const merged = mergedCandidate(members);
    expect(merged.name).toBe('fee <- "trans*" & "fee" | "fee" unless "atm"');
    expect(merged.support).toBe(15);
  });

  test('fires on exactly the texts the whole alternation fires on', () => {
    const all = new RegExp(members.map((m) => `(?:${m.pattern})`).join('|'), 'is');
    const merged = mergedCandidate(members);
    const re = new RegExp(merged.pattern, merged.flags);
    const vocab = ['transfer', 'transfers', 'transit', 'fee', 'fees', 'atm', 'my', 'card', 'Transfer', 'FEE', ','];
    const r = mulberry32(7);
    for (let n = 0; n < 3000; n++) {
      const text = Array.from({ length: 1 + Math.floor(r() * 6) }, () => vocab[Math.floor(r() * vocab.length)]).join(' ');
      expect(re.test(text), text).toBe(all.test(text));
    }
  });
});
