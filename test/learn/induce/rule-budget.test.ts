import { describe, expect, test } from 'vitest';
import { Example } from '../../../src/core/schemas/example.js';
import { Task } from '../../../src/core/schemas/task.js';
import { coveringLearner } from '../../../src/learn/induce/learners.js';
import { resolveOptions } from '../../../src/learn/induce/options.js';
import { newReport } from '../../../src/learn/induce/report.js';
import { Pool } from '../../../src/learn/induce/pool.js';
import { devF1s, fitLabelBudget, mergedGroups, tieBudget, tieBudgetNote, type Grouping } from '../../../src/learn/induce/rule-budget.js';
import type { Candidate } from '../../../src/learn/induce/types.js';
import { rule } from '../../helpers/rules.js';

const task = Task.parse({ name: 't', type: 'classification', labels: ['a', 'b'] });
const texts: [string, string, number][] = [
  ['alpha', 'a', 3],
  ['apple', 'a', 2],
  ['avocado', 'a', 1],
  ['beta', 'b', 3],
];
const train = texts.flatMap(([w, label, n]) => Array.from({ length: n }, (_, i) => Example.parse({ id: `${w}-${i}`, text: `${w} ${i}`, label })));
const words = texts.map(([w]) => w);
const rules = texts.map(([w, label], i) => rule(w, `\\b${w}\\b`, label, { priority: 10 - i }));

/** The words of the rules a budget of `cap` per label removes, with these groups (positions, in rule order). */
function removed(cap: number, groups: number[][] = words.map((_, i) => [i]), keep?: (p: number) => boolean): string[] {
  const pool = Pool.run(task, rules, train, null, new Set(rules.map((r) => r.id)));
  const grouping: Grouping = (active) => groups.map((g) => g.filter((p) => active.includes(p))).filter((g) => g.length > 0);
  return fitLabelBudget(pool, grouping, (p) => pool.rules[p]!.rule.output.label, cap, { on: 'train', ...(keep ? { keep } : {}) }).map((p) => pool.rules[p]!.rule.id);
}

describe('fitting rules per label to a budget', () => {
  test.each([
    [3, []],
    [2, ['avocado']],
    [1, ['avocado', 'apple']],
  ])('a cap of %i takes the rules of the label over it that cost least', (cap, gone) => {
    expect(removed(cap)).toEqual(gone);
  });

  test('a rule the budget must keep stays, and the next cheapest goes', () => {
    expect(removed(2, undefined, (p) => p === 2)).toEqual(['apple']);
  });

  test.each([
    ['train', 'avocado'],
    ['dev', 'apple'],
  ] as const)('judged on %s, the rule that split needs least goes', (on, gone) => {
    // On dev, avocado decides three texts and apple none.
    const dev = Array.from({ length: 3 }, (_, i) => Example.parse({ id: `dev-${i}`, text: `avocado ${i}`, label: 'a', split: 'dev' }));
    const pool = Pool.run(task, rules, train, dev, new Set(rules.map((r) => r.id)));
    const alone: Grouping = (active) => active.map((p) => [p]);
    expect(fitLabelBudget(pool, alone, (p) => pool.rules[p]!.rule.output.label, 2, { on }).map((p) => pool.rules[p]!.rule.id)).toEqual([gone]);
  });

  test('rules are counted as merged: only a rule of the smallest merged rule goes, though a member of a larger one costs less', () => {
    // apple and avocado are one merged rule; taking avocado would leave label a two rules.
    expect(removed(1, [[0], [1, 2], [3]])).toEqual(['alpha']);
  });
});

describe('the budget where dev ties', () => {
  // a: alpha decides dev, apple and avocado only train; c, a rare label, has two rules, one dev text each.
  const t3 = Task.parse({ name: 't3', type: 'classification', labels: ['a', 'b', 'c'] });
  const ex = (split: 'train' | 'dev', word: string, label: string, n: number) =>
    Array.from({ length: n }, (_, i) => Example.parse({ id: `${split}-${word}-${i}`, text: `${word} ${i}`, label, split }));
  const train3 = [...ex('train', 'alpha', 'a', 3), ...ex('train', 'apple', 'a', 2), ...ex('train', 'avocado', 'a', 1), ...ex('train', 'beta', 'b', 3), ...ex('train', 'cherry', 'c', 1), ...ex('train', 'cocoa', 'c', 1)];
  const dev3 = [...ex('dev', 'alpha', 'a', 200), ...ex('dev', 'beta', 'b', 197), ...ex('dev', 'cherry', 'c', 1), ...ex('dev', 'cocoa', 'c', 1)];
  const rules3 = [['alpha', 'a'], ['apple', 'a'], ['avocado', 'a'], ['beta', 'b'], ['cherry', 'c'], ['cocoa', 'c']].map(([w, l], i) => rule(w!, `\\b${w}\\b`, l, { priority: 10 - i }));
  const pool3 = () => Pool.run(t3, rules3, train3, dev3, new Set(rules3.map((r) => r.id)));
  const alone: Grouping = (active) => active.map((p) => [p]);

  test('dev scores count an unlabelled text as a miss, and macro F1 weighs the rare label as much as the rest', () => {
    const pool = pool3();
    expect(devF1s(pool)).toEqual({ micro: 1, macro: 1, accuracy: 1 });
    pool.commit(pool.trial(pool.rules.findIndex((r) => r.id === 'cocoa')));
    const s = devF1s(pool);
    expect(s.accuracy).toBeCloseTo(398 / 399, 12);
    expect(s.micro).toBeCloseTo((2 * 398) / (398 + 399), 12);
    expect(s.macro).toBeCloseTo((1 + 1 + 2 / 3) / 3, 12);
  });

  test('lowers the budget while dev ties, and stops before the rare label loses a rule micro F1 would not miss', () => {
    const pool = pool3();
    const tie = tieBudget(pool, alone, (p) => pool.rules[p]!.rule.output.label, { tolerance: 0.005 });
    expect(tie.cap).toBe(2);
    expect(tie.removed.map((p) => pool.rules[p]!.rule.id)).toEqual(['avocado']);
    // What the budget of 1 removed came back.
    expect(pool.activePositions().map((p) => pool.rules[p]!.rule.id)).toEqual(['alpha', 'apple', 'beta', 'cherry', 'cocoa']);
    expect(devF1s(pool).micro).toBe(1);
  });

  test('past its deadline it lowers no budget, and says it was cut short', () => {
    const pool = pool3();
    expect(tieBudget(pool, alone, (p) => pool.rules[p]!.rule.output.label, { tolerance: 0.005, deadline: performance.now() - 1 })).toEqual({ cap: null, removed: [], cutShort: true });
    expect(pool.activePositions()).toHaveLength(6);
  });

  test.each([
    { removed: 3, cap: 4, cutShort: false, says: /^at most 4 rules per label as merged: .* without the 3 rules that added least \(rules that tie, fewer win; --max-rules-per-label sets a budget of your own\)$/ },
    { removed: 1, cap: 4, cutShort: true, says: /without the 1 rule that added least .*; the 90 s budget ran out before dev stopped tying, so a run with more time may keep fewer \(learn --budget SECONDS\)$/ },
    { removed: 0, cap: null, cutShort: true, says: /^the 90 s budget ran out before dev stopped tying, .*: no shorter list was judged$/ },
  ])('the summary says what the budget kept, and whether the clock cut it short ($removed removed, cut short $cutShort)', ({ removed, cap, cutShort, says }) => {
    expect(tieBudgetNote(removed, cap, cutShort, 90)).toMatch(says);
  });

  test('a budget that ended where dev stopped tying, and removed nothing, says nothing', () => {
    expect(tieBudgetNote(0, null, false, 90)).toBeNull();
  });
});

describe('merged groups', () => {
  const cand = (label: string, word: string): Candidate => ({ kind: 'word', label, format: 'regex', pattern: `\\b${word}\\b`, flags: 'i', group: '$0', name: `${label} <- "${word}"`, description: word, specificity: 1 });
  const cands = texts.map(([w, label]) => cand(label, w));

  test.each([
    [true, [[0, 1, 2], [3]]],
    [false, [[0], [1], [2], [3]]],
  ])('merge %s groups the positions as the rules would merge', (merge, groups) => {
    const pool = Pool.run(task, rules, train, null, new Set(rules.map((r) => r.id)));
    expect(mergedGroups(pool, (p) => cands[p]!, merge)([0, 1, 2, 3])).toEqual(groups);
  });
});

/** Three labels, each said by any of six words of its own: a list needs six triggers per label. */
function foods(split: 'train' | 'dev', perWord: number): Example[] {
  const words: Record<string, string[]> = {
    a: ['apple', 'apricot', 'avocado', 'almond', 'anise', 'acorn'],
    b: ['bean', 'beet', 'basil', 'barley', 'berry', 'bran'],
    c: ['corn', 'cumin', 'celery', 'carrot', 'cress', 'chive'],
  };
  const fillers = ['today', 'for lunch', 'a lot', 'at home', 'with friends'];
  return Object.entries(words).flatMap(([label, ws]) =>
    ws.flatMap((w, i) => Array.from({ length: perWord }, (_, k) => Example.parse({ id: `${split}-${w}-${k}`, text: `I like ${w} ${fillers[(i + k) % fillers.length]}`, label, split }))),
  );
}

describe('--max-rules-per-label in sequential covering', () => {
  test('counts rules as merged: one rule per label may hold several triggers', async () => {
    const t = Task.parse({ name: 'f', type: 'classification', labels: ['a', 'b', 'c'] });
    const dev = foods('dev', 5);
    const report = newReport(t, 90, dev.length);
    const list = await coveringLearner.learn(foods('train', 5), { task: t, opts: resolveOptions(t, { dev, seed: 1, maxRulesPerLabel: 1 }), report, started: performance.now() });
    expect(list.rules.map((r) => r.output.label).sort()).toEqual(['a', 'b', 'c']);
    // Six alternatives of a, learned as six rules, are one rule as the user reads the list.
    const a = list.rules.find((r) => r.output.label === 'a')!;
    for (const w of ['apple', 'apricot', 'avocado', 'almond', 'anise', 'acorn']) expect(a.name).toContain(w);
  });
});
