import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { writeRulesetFile } from '../../src/core/rulesets/rulewright-file.js';
import { Rule } from '../../src/core/schemas/rule.js';
import { Task } from '../../src/core/schemas/task.js';
import { loadRuleset } from '../../src/runtime/index.js';
import { shared, sharedMissing } from '../helpers/shared.js';

const rules = [
  Rule.parse({ id: 'title', name: 'title', format: 'regex', pattern: '\\b(?:Mr|Ms)\\.? ([A-Z]\\w+)', output: { label: 'PER', group: '$1' }, priority: 2 }),
  Rule.parse({ id: 'date', name: 'date', format: 'regex', pattern: '\\b\\d{1,2} (?:March|May) \\d{4}\\b', output: { label: 'DATE' } }),
  Rule.parse({ id: 'off', name: 'off', format: 'regex', pattern: 'born', output: { label: 'X' }, status: 'disabled' }),
];

describe('rulewright/runtime', () => {
  test('loads an exported ruleset from JSON text and extracts spans with rule ids', () => {
    const rs = loadRuleset(writeRulesetFile(rules, Task.parse({ name: 'pii', type: 'ner' })));
    expect(rs.task.type).toBe('ner');
    expect(rs.extract('Mr Smith was born on 3 March 1970.')).toEqual([
      { start: 3, end: 8, label: 'PER', text: 'Smith', rule_id: 'title' },
      { start: 21, end: 33, label: 'DATE', text: '3 March 1970', rule_id: 'date' },
    ]);
    expect(rs.rules.map((r) => r.id)).toEqual(['title', 'date', 'off']);
  });

  test('classify returns the first rule that fires, or null', () => {
    const rs = loadRuleset({ rulewright: 1, rules });
    expect(rs.classify('on 3 May 2001 Ms Jones')).toEqual({ label: 'PER', rule_id: 'title' });
    expect(rs.classify('nothing')).toEqual({ label: null, rule_id: null });
  });

  test('run takes many inputs and reports problems with the document', () => {
    const evil = Rule.parse({ id: 'evil', name: 'evil', format: 'regex', pattern: '(a+)+$', output: { label: 'A' }, priority: 9 });
    const rs = loadRuleset({ rulewright: 1, task: { name: 't', type: 'ner', matching: { rule_budget_ms: 50 } }, rules: [...rules, evil] });
    const { predictions, issues } = rs.run(['Mr Smith', { id: 'long', text: `${'a'.repeat(5000)}!` }]);
    expect(predictions[0]!.spans!.map((s) => s.text)).toEqual(['Smith']);
    expect(predictions[1]!.spans).toEqual([]);
    expect(issues.map((i) => [i.kind, i.rule_id, i.doc_id])).toEqual([['timeout', 'evil', 'long']]);
  });

  test('transformation inputs read the task text field', () => {
    const rs = loadRuleset({
      rulewright: 1,
      task: { name: 't', type: 'transformation', text_field: 'body', list_fields: ['people'] },
      rules: [{ ...rules[0]!, output: { label: 'people', group: '$1' } }],
    });
    expect(rs.run([{ input: { body: 'Mr Smith and Ms Jones' } }]).predictions[0]).toEqual({
      output: { people: ['Smith', 'Jones'] },
      output_rules: { people: ['title'] },
    });
  });

  test('a malformed file is bad input', () => {
    expect(() => loadRuleset('{"rulewright": 1, "rules": [{"id": "x"}]}')).toThrow(/ruleset/);
  });

  test.skipIf(!!sharedMissing)('runs a RuleChef ruleset file unchanged', () => {
    const rs = loadRuleset(readFileSync(shared('rulechef-benchmarks/benchmarks/results/results_banking77_new.json')!, 'utf8'));
    expect(rs.task.type).toBe('classification');
    expect(rs.classify('What are your international exchange rates?').label).toBe('exchange_rate');
  });
});
