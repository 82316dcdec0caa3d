import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { predict } from '../../../src/core/engine/predict.js';
import { RulewrightError } from '../../../src/core/errors.js';
import { importRuleset } from '../../../src/core/rulesets/import.js';
import { parseRuleset } from '../../../src/core/rulesets/parse.js';
import { readRulesetFile, writeRulesetFile } from '../../../src/core/rulesets/rulewright-file.js';
import { toRulechefRule } from '../../../src/core/rulesets/export-rulechef.js';
import { Rule } from '../../../src/core/schemas/rule.js';
import { Task } from '../../../src/core/schemas/task.js';
import { shared, sharedMissing } from '../../helpers/shared.js';

const rule = Rule.parse({ id: 'year', name: 'year', format: 'regex', pattern: '\\b\\d{4}\\b', output: { label: 'DATE' } });
const lex = Rule.parse({ id: 'lex', name: 'lex', format: 'lexicon', terms: ['Acme', 'C++'], output: { label: 'ORG' } });

describe('rulewright ruleset files', () => {
  test('write then read gives the same rules and task', () => {
    const task = Task.parse({ name: 'pii', type: 'ner' });
    const text = writeRulesetFile([rule, lex], task);
    expect(text.endsWith('\n')).toBe(true);
    const parsed = parseRuleset(text);
    expect(parsed).toMatchObject({ format: 'rulewright', taskType: 'ner', rules: [rule, lex] });
    expect(parsed.task).toEqual(task);
  });

  test('unknown keys are rejected, naming where', () => {
    expect(() => readRulesetFile({ rulewright: 1, rules: [], extra: true }, 'rules/x.json')).toThrow(/rules\/x\.json/);
    expect(() => parseRuleset('{"rulewright": 2, "rules": []}')).toThrow(RulewrightError);
  });

  test('text that is not JSON is bad input', () => {
    expect(() => parseRuleset('{nope', { where: 'a.json' })).toThrow(/a\.json: not valid JSON/);
  });
});

describe('export to RuleChef', () => {
  test('an edited imported rule keeps its other original keys', () => {
    const imported = parseRuleset([{ name: 'x', format: 'regex', content: 'a', priority: 3, trust: 0.9, output_template: { label: 'A' }, output_key: 'label' }]).rules[0]!;
    const edited = { ...imported, pattern: 'b', output: { label: 'B', group: '$0' } };
    expect(toRulechefRule(edited)).toEqual({ name: 'x', format: 'regex', content: 'b', priority: 3, trust: 0.9, output_template: { label: 'B' }, output_key: 'label' });
  });

  test('native rules get RuleChef templates; a lexicon becomes a regex Python can read', () => {
    expect(toRulechefRule(rule, 'ner')).toEqual({
      id: 'year',
      name: 'year',
      format: 'regex',
      // JS's ASCII \b and \d, spelled out for Python's Unicode-aware regex module.
      content: '(?:(?<=[A-Za-z0-9_])(?![A-Za-z0-9_])|(?<![A-Za-z0-9_])(?=[A-Za-z0-9_]))[0-9]{4}(?:(?<=[A-Za-z0-9_])(?![A-Za-z0-9_])|(?<![A-Za-z0-9_])(?=[A-Za-z0-9_]))',
      priority: 0,
      output_template: { text: '$0', start: '$start', end: '$end', type: 'DATE' },
      output_key: 'entities',
    });
    expect(toRulechefRule(rule, 'classification').output_template).toEqual({ label: 'DATE' });
    const asRegex = Rule.parse({ ...rule, id: 'as-regex', dialect: 'python', pattern: toRulechefRule(lex).content as string });
    const text = [{ id: 'd', text: 'ACME C++x aC++ Acmes acme' }];
    const spans = (r: Rule) => predict(Task.parse({ name: 't', type: 'ner' }), [r], text).predictions[0]!.spans!.map((s) => [s.start, s.end]);
    expect(spans(asRegex)).toEqual([[0, 4], [5, 8], [21, 25]]);
    expect(spans(lex)).toEqual(spans(asRegex));
  });
});

describe('importRuleset', () => {
  test('reports rejected and flagged rules and keeps every rule', async () => {
    const imported = await importRuleset(
      {
        rules: [
          { name: 'ok', content: 'card', output_template: { label: 'card' }, output_key: 'label' },
          { name: 'empty', content: '', priority: 5 },
          { name: 'everything', content: '(?s)^.{1,}$', output_template: { label: 'safe' }, output_key: 'label' },
          { name: 'evil', content: '(a+)+$', output_template: { label: 'a' }, output_key: 'label' },
        ],
      },
      { redos: 'thorough' },
    );
    expect(imported.rules.map((r) => [r.name, r.status])).toEqual([
      ['ok', 'active'],
      ['empty', 'rejected'],
      ['everything', 'rejected'],
      ['evil', 'rejected'],
    ]);
    expect(imported.rejected.map((r) => [r.name, r.problems.map((p) => p.code)])).toEqual([
      ['empty', ['empty_pattern']],
      ['everything', ['catch_all']],
      ['evil', ['redos']],
    ]);
    expect(imported.flagged).toEqual([]);
  });

  test.skipIf(!!sharedMissing)('RuleChef When2Call and AEGIS: the empty pattern and the catch-all are rejected', async () => {
    const w2c = await importRuleset(readFileSync(shared('rulechef-benchmarks/benchmarks/results/results_when2call_v2.json')!, 'utf8'), { redos: 'off' });
    expect(w2c.rejected.map((r) => [r.name, r.problems[0]!.code])).toEqual([['chess_tool_missing_rating', 'empty_pattern']]);
    expect(w2c.flagged.filter((f) => f.problems.some((p) => p.code === 'no_output_template'))).toHaveLength(88);
    const aegis = await importRuleset(readFileSync(shared('rulechef-benchmarks/benchmarks/results/results_aegis_kimi_v5_ensemble.json')!, 'utf8'), { redos: 'off' });
    expect(aegis.rejected.map((r) => [r.name, r.problems[0]!.code])).toEqual([['default_safe', 'catch_all']]);
  });
});
