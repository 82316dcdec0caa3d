import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { RulewrightError } from '../../../src/core/errors.js';
import { contentId, findRulechefRules, NO_TEMPLATE_LABEL, parseRulechef } from '../../../src/core/rulesets/rulechef.js';
import { toRulechefRule } from '../../../src/core/rulesets/export-rulechef.js';
import { shared, sharedMissing } from '../../helpers/shared.js';

const r1 = { name: 'exchange', format: 'regex', content: '(?i)\\bexchange\\s+rates?\\b', priority: 10, output_template: { label: 'exchange_rate' }, output_key: 'label' };
const r2 = {
  name: 'case_no',
  format: 'regex',
  content: 'no\\. (\\d+/\\d+)',
  priority: 8,
  validated_precision: 0.9,
  validated_support: 20,
  output_template: { text: '$1', start: '$start', end: '$end', type: 'CODE' },
  output_key: 'entities',
};

describe('RuleChef container shapes', () => {
  test.each<[string, unknown, string]>([
    ['a bare list', [r1, r2], 'list'],
    ['{rules}', { rules: [r1, r2], other: 1 }, 'rules'],
    ['{result: {rules}}', { fingerprint: 'x', result: { rules: [r1, r2] } }, 'result.rules'],
    ['{meta: {rulechef: {rules}}}', { config: {}, meta: { rulechef: { rules: [r1, r2] } } }, 'meta.rulechef.rules'],
    ['one rule list nested anywhere', { cells: { best: { rules: [r1, r2], f1: 0.5 } } }, 'path:cells.best.rules'],
  ])('%s', (_t, data, shape) => {
    const parsed = parseRulechef(data);
    expect(parsed.shape).toBe(shape);
    expect(parsed.rules.map((r) => r.name)).toEqual(['exchange', 'case_no']);
  });

  test('several nested rule lists need a path', () => {
    const data = { cells: { a: { rules: [r1] }, b: { rules: [r2] } } };
    expect(() => findRulechefRules(data)).toThrow(/cells\.a\.rules, cells\.b\.rules/);
    expect(parseRulechef(data, { path: 'cells.b.rules' }).rules.map((r) => r.name)).toEqual(['case_no']);
  });

  test('a file with no rules is bad input', () => {
    expect(() => parseRulechef({ accuracy: 0.9 })).toThrow(RulewrightError);
  });
});

describe('RuleChef rules to rulewright rules', () => {
  test('fields, templates and validated stats are kept; the dialect is python', () => {
    const [a, b] = parseRulechef([r1, r2]).rules;
    expect(a).toMatchObject({
      name: 'exchange',
      format: 'regex',
      pattern: '(?i)\\bexchange\\s+rates?\\b',
      dialect: 'python',
      provenance: 'imported',
      status: 'active',
      priority: 10,
      confidence: 0.5,
      validated_precision: null,
      validated_support: 0,
      output: { label: 'exchange_rate', group: '$0' },
      origin: r1,
    });
    expect(b).toMatchObject({ output: { label: 'CODE', group: '$1' }, validated_precision: 0.9, validated_support: 20, priority: 8 });
  });

  test('a rule without an id gets a stable content id; identical duplicates a deterministic suffix', () => {
    const first = parseRulechef([r1, r2, r1]).rules.map((r) => r.id);
    const again = parseRulechef([r1, r2, r1]).rules.map((r) => r.id);
    expect(first).toEqual(again);
    expect(first[0]).toMatch(/^r-[0-9a-f]{10}$/);
    expect(first[0]).toBe(contentId(r1));
    expect(first[2]).toBe(`${first[0]}-2`);
    expect(parseRulechef([{ ...r1, id: 'given' }]).rules[0]!.id).toBe('given');
  });

  test('a rule without an output_template gets the _NONE label and a flag', () => {
    const rule = parseRulechef([{ name: 'x', format: 'regex', content: 'x', priority: 5 }]).rules[0]!;
    expect(rule.output).toEqual({ label: NO_TEMPLATE_LABEL, group: '$0' });
    expect(rule.flagged.map((f) => f.code)).toEqual(['no_output_template']);
    expect(parseRulechef([{ name: 'x', content: 'x' }], { defaultLabel: 'cannot_answer' }).rules[0]!.output.label).toBe('cannot_answer');
  });

  test('a non-regex RuleChef rule is kept as rejected', () => {
    const parsed = parseRulechef([{ name: 'code', format: 'code', content: 'def f(): pass' }]);
    expect(parsed.rules[0]).toMatchObject({ status: 'rejected' });
    expect(parsed.notes[0]).toMatch(/format code is not supported/);
  });

  test('the task type follows the output keys', () => {
    expect(parseRulechef([r1]).taskType).toBe('classification');
    expect(parseRulechef([r2]).taskType).toBe('ner');
    expect(parseRulechef([r1, r2]).taskType).toBeUndefined();
  });
});

/** Every JSON file RuleChef published, and how many rules each holds (0: none). */
const EXPECTED: Record<string, number> = {
  'results_banking77.json': 108,
  'results/results_banking77_new.json': 126,
  'results/results_extract_tab.ckpt_rulechef.json': 22,
  'results/results_extract_tab.json': 22,
  'results/results_when2call_v2.json': 89,
  'results/results_aegis_kimi_v5_ensemble.json': 9,
  'results/results_ablation_extract_tab.json': 7,
};

describe.skipIf(!!sharedMissing)(`every published RuleChef file ${sharedMissing ?? ''}`, () => {
  const dir = shared('rulechef-benchmarks/benchmarks')!;
  const files = sharedMissing
    ? []
    : [...readdirSync(dir).filter((f) => f.endsWith('.json')), ...readdirSync(join(dir, 'results')).filter((f) => f.endsWith('.json')).map((f) => `results/${f}`)];

  test('the folder holds the expected files', () => {
    expect(files.length).toBe(14);
  });

  test.each(files)('%s loads (or has no rules) and round-trips to RuleChef unchanged', (file) => {
    const data = JSON.parse(readFileSync(join(dir, file), 'utf8')) as unknown;
    const want = EXPECTED[file] ?? 0;
    if (!want) {
      expect(() => parseRulechef(data)).toThrow(/no rules found/);
      return;
    }
    const parsed = parseRulechef(data);
    expect(parsed.rules).toHaveLength(want);
    const { list } = findRulechefRules(data);
    expect(parsed.rules.map((r) => toRulechefRule(r))).toEqual(list);
    expect(new Set(parsed.rules.map((r) => r.id)).size).toBe(want);
  });
});
