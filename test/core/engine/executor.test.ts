import { describe, expect, test } from 'vitest';
import { compileRule, type CompiledRule } from '../../../src/core/engine/compile-rule.js';
import { executeRules } from '../../../src/core/engine/executor.js';
import { predict } from '../../../src/core/engine/predict.js';
import type { AhoCorasick } from '../../../src/core/lexicon/aho-corasick.js';
import { parseRuleset } from '../../../src/core/rulesets/parse.js';
import { Task } from '../../../src/core/schemas/task.js';
import { rule } from '../../helpers/rules.js';

const nerTask = (budget = 100) => Task.parse({ name: 't', type: 'ner', matching: { rule_budget_ms: budget } });
const span = (label: string) => ({ text: '$0', start: '$start', end: '$end', type: label });

describe('time budget', () => {
  test('a catastrophic imported rule is stopped within its budget and reported; the other rules still run', () => {
    const ruleset = parseRuleset({
      rules: [
        { name: 'evil', content: '(a+)+$', priority: 9, output_template: span('A'), output_key: 'entities' },
        { name: 'bang', content: '!', priority: 5, output_template: span('B'), output_key: 'entities' },
        { name: 'tail', content: 'a{3}!', priority: 1, output_template: span('C'), output_key: 'entities' },
      ],
    });
    const texts = ['a'.repeat(10_000) + '!', 'aa! aaa'];
    const t0 = performance.now();
    const { predictions, issues } = predict(nerTask(100), ruleset.rules, texts.map((text, i) => ({ id: `d${i}`, text })));
    const elapsed = performance.now() - t0;
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ kind: 'timeout', rule_id: ruleset.rules[0]!.id, doc_index: 0, doc_id: 'd0' });
    expect(issues[0]!.elapsed_ms).toBeGreaterThanOrEqual(100);
    expect(issues[0]!.message).toMatch(/exceeded its 100 ms budget on document 0 \(d0\)/);
    // Killed at 2×budget (at most one confirming re-run of one budget more): never a hang.
    expect(elapsed).toBeLessThan(1000);
    expect(predictions[0]!.spans!.map((s) => [s.label, s.start, s.end])).toEqual([
      ['C', 9997, 10_001],
      ['B', 10_000, 10_001],
    ]);
    expect(predictions[1]!.spans!.map((s) => [s.label, s.text])).toEqual([
      ['B', '!'],
      ['A', 'aaa'],
    ]);
  });

  test('on a short document the kill is confirmed by re-running the pair alone under its budget', () => {
    const rules = [rule('evil', '(a+)+$'), rule('ok', 'a+', 'Y')];
    const texts = ['aaa', 'a'.repeat(30) + '!', 'b'];
    const out = executeRules(nerTask(40), rules.map(compileRule), texts);
    expect(out.issues.map((i) => [i.kind, i.rule_id, i.doc_index])).toEqual([['timeout', 'evil', 1]]);
    expect(out.issues[0]!.elapsed_ms).toBeGreaterThanOrEqual(40);
    expect(out.batches).toBeGreaterThanOrEqual(3);
    expect([...out.ruleDocs[0]!]).toEqual([0]);
    expect([...out.ruleDocs[1]!]).toEqual([0, 1]);
  });

  test('a runaway pair on a 30,000-character document is stopped well before 2x its budget, blamed without a re-run', () => {
    // A batch killed at slice + budget with slice = budget would be 2x (600 ms here); the expected
    // 1.1x + 2 ms is bounded at 1.5x, which leaves room for the watchdog thread on a busy machine
    // (1.27x was seen with the suite and a build sharing two cores).
    const budget = 300;
    const texts = [`${'a'.repeat(30_000)}!`, `${'a'.repeat(30_000)}!`];
    const out = executeRules(nerTask(budget), [compileRule(rule('evil', '(a+)+$')), compileRule(rule('bang', '!', 'B'))], texts);
    expect(out.issues.map((i) => [i.kind, i.rule_id, i.doc_index])).toEqual([
      ['timeout', 'evil', 0],
      ['timeout', 'evil', 1],
    ]);
    for (const i of out.issues) {
      expect(i.elapsed_ms).toBeGreaterThanOrEqual(budget);
      expect(i.elapsed_ms).toBeLessThanOrEqual(1.5 * budget);
    }
    // One killed batch per document and a last one that finishes: no confirming re-runs.
    expect(out.batches).toBe(3);
    expect([...out.ruleMatches]).toEqual([0, 2]);
  });

  test('many batches give exactly the same outputs as one', () => {
    const rules = [rule('w', '\\b\\w+ing\\b'), rule('d', '\\d+', 'N'), rule('c', '(?:ab|cd)+e?')];
    const texts = Array.from({ length: 1000 }, (_, i) => `doc ${i}: running and jumping ${'abcd'.repeat(i % 50)}e singing `.repeat(10));
    const compiled = rules.map(compileRule);
    const one = executeRules(nerTask(10_000), compiled, texts);
    // Batches of ~1 ms of work, under a budget no pair can overrun even on a busy machine.
    const many = executeRules(nerTask(1000), compiled, texts, { sliceMs: 1 });
    expect(one.batches).toBe(1);
    expect(many.batches).toBeGreaterThan(5);
    expect(many.issues).toEqual([]);
    expect(many.spans).toEqual(one.spans);
    expect(many.docEntries).toEqual(one.docEntries);
    expect(many.entryRule).toEqual(one.entryRule);
    expect(many.ruleDocs).toEqual(one.ruleDocs);
  });
});

describe('execution', () => {
  test('a throwing rule is reported with the document and the others still run', () => {
    const good = compileRule(rule('good', 'x'));
    const broken: CompiledRule = {
      ...compileRule(rule('broken', 'y')),
      matcher: { ...good.matcher, automaton: { scan: () => { throw new Error('boom'); } } as unknown as AhoCorasick },
    };
    const out = executeRules(nerTask(), [broken, good], ['x', 'xx'], { ids: ['a', 'b'], docOffset: 10 });
    expect(out.issues.map((i) => [i.kind, i.rule_id, i.doc_index, i.doc_id])).toEqual([
      ['error', 'broken', 10, 'a'],
      ['error', 'broken', 11, 'b'],
    ]);
    expect(out.issues[0]!.message).toMatch(/boom/);
    expect([...out.ruleMatches]).toEqual([0, 3]);
  });

  test('outputs are sparse and doc-centric, with per-rule document lists', () => {
    const rules = [rule('a', 'a'), rule('b', 'b', 'Y')].map(compileRule);
    const out = executeRules(nerTask(), rules, ['ab', 'zz', 'bb', 'a']);
    expect([...out.docEntries]).toEqual([0, 2, 2, 3, 4]);
    expect([...out.entryRule]).toEqual([0, 1, 1, 0]);
    expect([...out.entrySpans]).toEqual([0, 2, 4, 8, 10]);
    expect([...out.spans]).toEqual([0, 1, 1, 2, 0, 1, 1, 2, 0, 1]);
    expect(out.ruleDocs.map((d) => [...d])).toEqual([[0, 3], [0, 2]]);
    expect([...out.ruleMatches]).toEqual([2, 3]);
  });

  test('classification keeps only the first span of each rule and document', () => {
    const out = executeRules(Task.parse({ name: 't', type: 'classification' }), [compileRule(rule('a', 'a'))], ['aaa']);
    expect([...out.spans]).toEqual([0, 1]);
  });

  test('no rules and no documents are fine', () => {
    expect(executeRules(nerTask(), [], ['x']).docEntries).toEqual(new Int32Array([0, 0]));
    expect(executeRules(nerTask(), [compileRule(rule('a', 'a'))], []).spans).toEqual(new Int32Array(0));
  });

  test('progress is reported between batches, never going back, and ends at every document', () => {
    // 1 ms slices over a few thousand documents: several batches, so several reports.
    const texts = Array.from({ length: 4000 }, (_, i) => `doc ${i} ${'word '.repeat(60)}`);
    const calls: [number, number][] = [];
    const out = executeRules(nerTask(), [compileRule(rule('w', '\\bw\\w+')), compileRule(rule('n', '\\d+'))], texts, {
      sliceMs: 1,
      onProgress: (done, total) => calls.push([done, total]),
    });
    expect(calls.at(-1)).toEqual([4000, 4000]);
    expect(calls.length).toBeGreaterThan(2);
    expect(calls.every(([d, t], i) => t === 4000 && d >= 0 && d <= t && (i === 0 || d >= calls[i - 1]![0]))).toBe(true);
    expect(calls.some(([d]) => d > 0 && d < 4000)).toBe(true);
    // Reporting does not change what is found.
    expect(out.spans).toEqual(executeRules(nerTask(), [compileRule(rule('w', '\\bw\\w+')), compileRule(rule('n', '\\d+'))], texts).spans);
  });
});
