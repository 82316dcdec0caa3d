import { writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { Rule } from '../../src/core/schemas/rule.js';
import { Task, type TaskInput } from '../../src/core/schemas/task.js';
import { extractStream, type ExtractRuleset, parseExtractLine, rulesetFromFile } from '../../src/service/extract.js';
import { prepareRules } from '../../src/core/engine/predict.js';
import { useTempDir } from '../helpers/temp.js';
import { rule } from '../helpers/rules.js';

const ner = Task.parse({ name: 't', type: 'ner' });

function ruleset(task: TaskInput, rules: Rule[]): ExtractRuleset {
  const t = Task.parse(task);
  const { compiled, issues } = prepareRules(t, rules);
  return { source: 'test', task: t, rules, compiled, invalid: issues };
}

async function run(rs: ExtractRuleset, lines: string[], batchDocs = 256) {
  let out = '';
  const issues: string[] = [];
  const summary = await extractStream(rs, lines, (s) => void (out += s), { batchDocs, onIssue: (m) => issues.push(m) });
  return { rows: out.trim() ? out.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>) : [], issues, summary, out };
}

describe('parseExtractLine', () => {
  test.each([
    ['{"id": "a", "text": "hi"}', { line: 1, id: 'a', text: 'hi' }],
    ['{"id": 7, "text": "hi"}', { line: 1, id: '7', text: 'hi' }],
    ['{"text": "hi", "spans": [], "split": "test"}', { line: 1, text: 'hi' }],
    ['{"input": {"text": "from input"}}', { line: 1, text: 'from input' }],
    ['"a JSON string"', { line: 1, text: 'a JSON string' }],
    ['plain text, not JSON: {kept}', { line: 1, text: 'plain text, not JSON: {kept}' }],
    ['plain text with CR\r', { line: 1, text: 'plain text with CR' }],
    ['   ', null],
    ['', null],
  ])('%j → %j', (raw, want) => {
    expect(parseExtractLine(raw, 1, ner)).toEqual(want);
  });

  test.each([
    ['{"id": "a", "txt": "typo"}', /^stdin:3: unknown key "txt"/],
    ['{"text": "unclosed"', /^stdin:3: not valid JSON/],
    ['[1, 2]', /^stdin:3: expected a JSON object/],
    ['{"id": "a"}', /^stdin:3: no "text"/],
    ['{"text": 5}', /^stdin:3: "text" must be a string/],
    ['{"input": {"body": "x"}}', /^stdin:3: "input" has no string field "text"/],
    ['{"text": "x", "meta": ["time"]}', /^stdin:3: "meta" must be an object/],
  ])('%j is a BAD_INPUT error naming the line', (raw, message) => {
    expect(() => parseExtractLine(raw, 3, ner)).toThrow(expect.objectContaining({ code: 'BAD_INPUT', message: expect.stringMatching(message) }));
  });

  test('a row keeps its meta, which conditional rules test', async () => {
    expect(parseExtractLine('{"text": "7", "meta": {"requested_slots": ["time"]}}', 1, ner)).toEqual({ line: 1, text: '7', meta: { requested_slots: ['time'] } });
    const when = Rule.parse({ id: 't', name: 't', format: 'regex', pattern: '\\d+', output: { label: 'time' }, when: { meta: { requested_slots: 'time' } } });
    const { rows } = await run(ruleset({ name: 't', type: 'ner' }, [when]), ['{"text": "7", "meta": {"requested_slots": ["time"]}}', '{"text": "7"}']);
    expect(rows.map((r) => (r.spans as unknown[]).length)).toEqual([1, 0]);
  });

  test('transformation tasks read the task text field of input', () => {
    const t = Task.parse({ name: 't', type: 'transformation', text_field: 'body' });
    expect(parseExtractLine('{"id": "r", "input": {"body": "receipt", "n": 1}}', 1, t)).toEqual({ line: 1, id: 'r', text: 'receipt' });
  });
});

describe('extractStream', () => {
  const tmp = useTempDir();

  test('spans with rule ids, one output line per document, in order across batches', async () => {
    const rs = ruleset({ name: 't', type: 'ner' }, [rule('per', 'Ann|Bob', 'PER'), rule('year', '(\\d{4})', 'YEAR', { group: '$1' })]);
    const { rows, summary } = await run(rs, ['{"id": "a", "text": "Ann 1999"}', '', 'Bob', 'nobody', '{"text": "2001"}'], 2);
    expect(rows).toEqual([
      { id: 'a', line: 1, spans: [{ start: 0, end: 3, label: 'PER', text: 'Ann', rule_id: 'per' }, { start: 4, end: 8, label: 'YEAR', text: '1999', rule_id: 'year' }] },
      { line: 3, spans: [{ start: 0, end: 3, label: 'PER', text: 'Bob', rule_id: 'per' }] },
      { line: 4, spans: [] },
      { line: 5, spans: [{ start: 0, end: 4, label: 'YEAR', text: '2001', rule_id: 'year' }] },
    ]);
    expect(summary).toMatchObject({ documents: 4, outputs: 4, issues: 0, rules: 2 });
  });

  test('classification gives label and rule id; transformation gives output and output rules', async () => {
    const cls = ruleset({ name: 't', type: 'classification' }, [rule('refund', 'refund', 'refund')]);
    expect((await run(cls, ['refund me', 'hello'])).rows).toEqual([
      { line: 1, label: 'refund', rule_id: 'refund' },
      { line: 2, label: null, rule_id: null },
    ]);
    const tr = ruleset({ name: 't', type: 'transformation' }, [rule('total', 'TOTAL (\\d+\\.\\d\\d)', 'total', { group: '$1' })]);
    expect((await run(tr, ['{"id": "r1", "input": {"text": "TOTAL 9.00"}}'])).rows).toEqual([
      { id: 'r1', line: 1, output: { total: '9.00' }, output_rules: { total: ['total'] } },
    ]);
  });

  test('a malformed line stops with stdin:LINE after writing every line before it', async () => {
    const rs = ruleset({ name: 't', type: 'ner' }, [rule('per', 'Ann', 'PER')]);
    let out = '';
    const err = await extractStream(rs, ['Ann', 'Ann', '{"txt": "x"}', 'Ann'], (s) => void (out += s), { batchDocs: 1 }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'BAD_INPUT', message: expect.stringMatching(/^stdin:3: unknown key "txt"/) });
    expect(out.trim().split('\n').map((l) => JSON.parse(l).line)).toEqual([1, 2]);
  });

  test('a catastrophic rule is stopped within its budget and reported with the line and id; the other rules still output', async () => {
    const rs = ruleset({ name: 't', type: 'ner', matching: { rule_budget_ms: 50 } }, [rule('evil', '(a+)+$', 'EVIL'), rule('bang', '!', 'BANG'), rule('broken', '(x', 'X')]);
    const t0 = performance.now();
    const { rows, issues, summary } = await run(rs, [JSON.stringify({ id: 'big', text: `${'a'.repeat(10_000)}!` }), 'aaa']);
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(rows[0]).toEqual({ id: 'big', line: 1, spans: [{ start: 10_000, end: 10_001, label: 'BANG', text: '!', rule_id: 'bang' }] });
    expect(rows[1]).toEqual({ line: 2, spans: [{ start: 0, end: 3, label: 'EVIL', text: 'aaa', rule_id: 'evil' }] });
    expect(issues).toEqual([
      expect.stringMatching(/^rule broken is skipped: /),
      expect.stringMatching(/^stdin:1 \(big\): rule evil exceeded its 50 ms budget and was stopped after \d+ ms; its matches in this document were dropped$/),
    ]);
    expect(summary.issues).toBe(2);
  });

  test('rulesetFromFile reads RuleChef and rulewright files; --type overrides the inferred type', () => {
    writeFileSync(
      tmp.path('rc.json'),
      JSON.stringify([{ name: 'yes', content: '(?i)yes', output_template: { label: 'affirm' }, output_key: 'label' }]),
    );
    const rc = rulesetFromFile(tmp.path('rc.json'));
    expect(rc.task.type).toBe('classification');
    expect(rc.compiled.map((c) => c.rule.dialect)).toEqual(['python']);
    expect(rulesetFromFile(tmp.path('rc.json'), { type: 'ner' }).task.type).toBe('ner');
    expect(() => rulesetFromFile(tmp.path('rc.json'), { type: 'nope' })).toThrow(expect.objectContaining({ code: 'USAGE' }));
    expect(() => rulesetFromFile(tmp.path('missing.json'))).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    writeFileSync(tmp.path('rw.json'), JSON.stringify({ rulewright: 1, task: { name: 'x', type: 'transformation', text_field: 'body' }, rules: [rule('a', 'a', 'f')] }));
    const rw = rulesetFromFile(tmp.path('rw.json'));
    expect(rw.task).toMatchObject({ type: 'transformation', text_field: 'body' });
  });
});
