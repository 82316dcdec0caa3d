import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { loadRuleset } from '../../src/runtime/index.js';
import { Workspace } from '../../src/service/index.js';
import { useTempDir } from '../helpers/temp.js';

describe('rules service', () => {
  const tmp = useTempDir();
  const open = (db = 'w.db', type = 'ner', labels = ['PER', 'MONEY']) => {
    const ws = Workspace.open({ db: tmp.path(db), create: true });
    ws.createDataset({ name: 'd', type, labels });
    return ws;
  };

  test('add builds a checked rule from flags: id from the name, human provenance, version 1', async () => {
    const ws = open();
    const r = await ws.dataset().addRule({ name: 'Money amount', pattern: '\\$\\d+(?:\\.\\d\\d)?', label: 'MONEY', priority: 2 });
    expect(r.rule).toMatchObject({ id: 'money-amount', format: 'regex', provenance: 'human', version: 1, status: 'active', priority: 2, output: { label: 'MONEY', group: '$0' } });
    expect(r.warnings).toEqual([]);
    const again = await ws.dataset().addRule({ name: 'Money amount', pattern: 'USD \\d+', label: 'MONEY' });
    expect(again.rule.id).toBe('money-amount-2');
    const list = ws.dataset().listRules();
    expect(list.rules.map((x) => [x.id, x.label, x.status, x.provenance])).toEqual([
      ['money-amount', 'MONEY', 'active', 'human'],
      ['money-amount-2', 'MONEY', 'active', 'human'],
    ]);
    expect(list.ruleset_hash).toBe(ws.dataset().rulesetHash());
    ws.close();
  });

  test('list shows the rules in the order they run, whatever order they were added in', async () => {
    const ws = open('w.db', 'classification', ['ham', 'spam']);
    // A first-match list: where a rule sits decides what it labels, so the table reads top to bottom as it runs.
    for (const [name, priority] of [['fallback', 1], ['prize', 5], ['meeting', 3], ['winner', 5]] as const) await ws.dataset().addRule({ name, pattern: name, label: name === 'meeting' || name === 'fallback' ? 'ham' : 'spam', priority });
    expect(ws.dataset().listRules().rules.map((r) => [r.id, r.priority])).toEqual([
      ['prize', 5],
      ['winner', 5],
      ['meeting', 3],
      ['fallback', 1],
    ]);
    ws.close();
  });

  test('add takes lexicons from a list or a terms file, and a whole rule as JSON', async () => {
    const ws = open();
    const lex = await ws.dataset().addRule({ name: 'names', terms: ['Ann', 'Bob'], label: 'PER', case_sensitive: true });
    expect(lex.rule).toMatchObject({ format: 'lexicon', terms: ['Ann', 'Bob'], pattern: '', lexicon: { case_sensitive: true, word_boundary: true } });
    writeFileSync(tmp.path('terms.txt'), 'Oslo\n\n  Bergen  \r\n');
    const file = await ws.dataset().addRule({ name: 'cities', terms_file: tmp.path('terms.txt'), label: 'LOC', word_boundary: false });
    expect(file.rule).toMatchObject({ terms: ['Oslo', 'Bergen'], lexicon: { case_sensitive: false, word_boundary: false } });
    expect(file.warnings).toEqual(['label LOC is not among the task\'s labels (PER, MONEY)']);
    const json = await ws.dataset().addRule({ json: '{"id": "cents", "name": "cents", "pattern": "(\\\\d+)c", "output": {"label": "MONEY", "group": "$1"}, "dialect": "python"}' });
    expect(json.rule).toMatchObject({ id: 'cents', dialect: 'python', output: { group: '$1' } });
    ws.close();
  });

  test.each([
    [{ pattern: 'x', label: 'PER' }, 'USAGE', /needs --name/],
    [{ name: 'n', pattern: 'x' }, 'USAGE', /needs --label/],
    [{ name: 'n', label: 'PER' }, 'USAGE', /needs --pattern/],
    [{ name: 'n', label: 'PER', pattern: 'x', terms: ['y'] }, 'USAGE', /not both/],
    [{ name: 'n', label: 'PER', pattern: 'x', case_sensitive: true }, 'USAGE', /apply to lexicon rules/],
    [{ name: 'n', label: 'PER', pattern: 'x', confidence: 2 }, 'BAD_INPUT', /confidence/],
    [{ json: '{"name": "n", "pattern": "x", "output": {"label": "PER"}, "colour": 1}' }, 'BAD_INPUT', /colour/],
    [{ json: '[1]' }, 'BAD_INPUT', /JSON object/],
  ])('add %j is refused (%s)', async (spec, code, message) => {
    const ws = open();
    await expect(ws.dataset().addRule(spec)).rejects.toMatchObject({ code, message: expect.stringMatching(message) });
    expect(ws.dataset().listRules().rules).toEqual([]);
    ws.close();
  });

  test.each([
    ['(a+)+$', 'redos', /backtrack catastrophically/],
    ['.+', 'catch_all', /matches anything/],
    ['(x)', 'missing_group', /group/],
    ['(unclosed', 'invalid', /./],
  ])('a pattern that fails the checks is rejected with the reason: %s', async (pattern, code, message) => {
    const ws = open();
    const err = await ws.dataset().addRule({ name: 'bad', pattern, label: 'PER', ...(code === 'missing_group' ? { group: '$2' } : {}) }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'INVALID_RULE', exitCode: 2, message: expect.stringMatching(new RegExp(`^rule "bad" is rejected: ${code}: `)) });
    expect((err as Error).message).toMatch(message);
    expect(ws.dataset().listRules().counts.active).toBe(0);
    ws.close();
  });

  test('edit makes a new version with the changed fields; history shows every version with its diff', async () => {
    const ws = open();
    await ws.dataset().addRule({ name: 'money', pattern: '\\d+', label: 'MONEY' });
    const e1 = await ws.dataset().editRule('money', { pattern: '\\$\\d+\\.\\d\\d', note: 'require cents' });
    expect(e1.changes).toEqual([{ field: 'pattern', from: '\\d+', to: '\\$\\d+\\.\\d\\d' }]);
    const e2 = await ws.dataset().editRule('money', { priority: 3, label: 'PER' });
    expect(e2.rule.version).toBe(3);
    const unchanged = await ws.dataset().editRule('money', { priority: 3 });
    expect(unchanged).toMatchObject({ changes: [], rule: { version: 3 }, warnings: [expect.stringMatching(/nothing changed/)] });
    const h = ws.dataset().ruleHistory('money');
    expect(h.versions.map((v) => [v.version, v.note, v.changes.map((c) => c.field)])).toEqual([
      [1, 'created', []],
      [2, 'require cents', ['pattern']],
      [3, 'edited: output.label, priority', ['output.label', 'priority']],
    ]);
    await expect(ws.dataset().editRule('money', {})).rejects.toMatchObject({ code: 'USAGE' });
    await expect(ws.dataset().editRule('money', { id: 'other' })).rejects.toMatchObject({ code: 'USAGE', message: expect.stringMatching(/cannot change/) });
    await expect(ws.dataset().editRule('money', { json: '{"validated_precision": 0.9}' })).rejects.toMatchObject({ code: 'USAGE' });
    await expect(ws.dataset().editRule('money', { pattern: '(a+)+$' })).rejects.toMatchObject({ code: 'INVALID_RULE' });
    expect(ws.dataset().showRule('money').rule.version).toBe(3);
    ws.close();
  });

  test('edit can turn a regex into a lexicon and back', async () => {
    const ws = open();
    await ws.dataset().addRule({ name: 'who', pattern: 'Ann', label: 'PER' });
    const lex = await ws.dataset().editRule('who', { terms: ['Ann', 'Bob'] });
    expect(lex.rule).toMatchObject({ format: 'lexicon', pattern: '', terms: ['Ann', 'Bob'], lexicon: { case_sensitive: false } });
    const back = await ws.dataset().editRule('who', { pattern: 'Ann|Bob' });
    expect(back.rule.format).toBe('regex');
    expect(back.rule.terms).toBeUndefined();
    expect(back.rule.lexicon).toBeUndefined();
    ws.close();
  });

  test('delete takes a rule out but keeps it and its history; restore and re-adding continue it', async () => {
    const ws = open();
    await ws.dataset().addRule({ name: 'money', pattern: '\\d+', label: 'MONEY' });
    await ws.dataset().addRule({ name: 'keep', pattern: 'Ann', label: 'PER' });
    const before = ws.dataset().rulesetHash();
    const [gone] = ws.dataset().deleteRules(['money']);
    expect(gone!.ruleset_hash).not.toBe(before);
    expect(ws.dataset().listRules().rules.map((r) => r.id)).toEqual(['keep']);
    expect(ws.dataset().listRules({ deleted: true }).rules).toEqual([expect.objectContaining({ id: 'money', status: 'deleted' })]);
    expect(ws.dataset().showRule('money').deleted_at).not.toBeNull();
    expect(ws.dataset().ruleHistory('money')).toMatchObject({ deleted: true, versions: [{ note: 'created' }, { note: 'deleted', status: 'deleted' }] });
    await expect(ws.dataset().editRule('money', { priority: 1 })).rejects.toMatchObject({ code: 'NOT_FOUND', message: expect.stringMatching(/rules restore money/) });
    expect(() => ws.dataset().deleteRules(['keep', 'nope'])).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(ws.dataset().listRules().rules.map((r) => r.id)).toEqual(['keep']);

    const back = ws.dataset().restoreRule('money');
    expect(back.rule.version).toBe(3);
    expect(back.ruleset_hash).toBe(before);
    ws.dataset().deleteRules(['money']);
    const again = await ws.dataset().addRule({ id: 'money', name: 'money', pattern: '\\$\\d+', label: 'MONEY' });
    expect(again.rule.version).toBe(5);
    expect(ws.dataset().ruleHistory('money').versions.map((v) => v.note)).toEqual(['created', 'deleted', 'restored', 'deleted', 're-created after delete']);
    ws.close();
  });

  test('disable and enable change the status as a version; a rejected rule is checked before it is enabled', async () => {
    const ws = open();
    await ws.dataset().addRule({ name: 'money', pattern: '\\d+', label: 'MONEY' });
    const off = await ws.dataset().setRuleStatus('money', 'disabled');
    expect(off).toMatchObject({ rule: { status: 'disabled', version: 2 }, changes: [{ field: 'status', from: 'active', to: 'disabled' }] });
    expect(ws.dataset().rulesetHash()).toBe(ws.dataset().listRules().ruleset_hash);
    expect((await ws.dataset().setRuleStatus('money', 'disabled')).warnings).toEqual(['rule "money" is already disabled']);
    expect((await ws.dataset().setRuleStatus('money', 'active')).rule.status).toBe('active');

    writeFileSync(tmp.path('rc.json'), JSON.stringify({ rules: [{ name: 'all', content: '(?s).+', output_template: { text: '$0', type: 'PER', start: '$start', end: '$end' } }] }));
    await ws.dataset().importRules(tmp.path('rc.json'));
    const id = ws.dataset().listRules({ status: ['rejected'] }).rules[0]!.id;
    await expect(ws.dataset().setRuleStatus(id, 'active')).rejects.toMatchObject({ code: 'INVALID_RULE', message: expect.stringMatching(/catch_all/) });
    const fixed = await ws.dataset().editRule(id, { pattern: 'Ann' });
    expect(fixed.rule).toMatchObject({ status: 'active', pattern: 'Ann' });
    expect(fixed.rule.rejection).toBeUndefined();
    ws.close();
  });

  test('import stores catastrophic and broken rules rejected with reasons, all or nothing', async () => {
    const ws = open();
    writeFileSync(
      tmp.path('rc.json'),
      JSON.stringify({
        result: {
          rules: [
            { name: 'evil', content: '(a+)+$', priority: 7, output_template: { text: '$0', type: 'PER', start: '$start', end: '$end' }, output_key: 'entities' },
            { name: 'empty', content: '', output_template: { text: '$0', type: 'PER', start: '$start', end: '$end' }, output_key: 'entities' },
            { name: 'money', content: '\\d+', output_template: { text: '$0', type: 'MONEY', start: '$start', end: '$end' }, output_key: 'entities' },
          ],
        },
      }),
    );
    const r = await ws.dataset().importRules(tmp.path('rc.json'));
    expect(r).toMatchObject({ format: 'rulechef', shape: 'result.rules', rules: 3, added: 3, active: 1 });
    expect(r.flagged).toEqual([]);
    expect(r.rejected).toEqual([
      expect.objectContaining({ name: 'evil', problems: [expect.objectContaining({ code: 'redos' })] }),
      expect.objectContaining({ name: 'empty', problems: [expect.objectContaining({ code: 'empty_pattern' })] }),
    ]);
    const rows = ws.dataset().listRules().rules;
    expect(rows.map((x) => [x.name, x.status, x.dialect, x.provenance, x.flags])).toEqual([
      ['evil', 'rejected', 'python', 'imported', []],
      ['empty', 'rejected', 'python', 'imported', []],
      ['money', 'active', 'python', 'imported', []],
    ]);
    // again: every id conflicts, nothing changes; --replace skips unchanged rules
    await expect(ws.dataset().importRules(tmp.path('rc.json'))).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/3 rule ids are already.*--replace/) });
    expect(ws.dataset().listRules().rules).toHaveLength(3);
    const replaced = await ws.dataset().importRules(tmp.path('rc.json'), { replace: true });
    expect(replaced).toMatchObject({ added: 0, replaced: 0, unchanged: 3 });
    // a malformed file writes nothing
    writeFileSync(tmp.path('bad.json'), '{"rules": [{"name": "x", "content": "y"}, 3]}');
    await expect(ws.dataset().importRules(tmp.path('bad.json'))).rejects.toMatchObject({ code: 'BAD_INPUT' });
    expect(ws.dataset().listRules().rules).toHaveLength(3);
    ws.close();
  });

  test('export then import into a fresh workspace round-trips the rules and the ruleset hash', async () => {
    const ws = open();
    await ws.dataset().addRule({ name: 'money', pattern: '\\d+', label: 'MONEY' });
    await ws.dataset().addRule({ name: 'names', terms: ['Ann'], label: 'PER' });
    await ws.dataset().addRule({ name: 'off', pattern: 'Bob', label: 'PER' });
    await ws.dataset().setRuleStatus('off', 'disabled');
    const exp = ws.dataset().exportRules(tmp.path('rules/out.json'));
    expect(exp).toMatchObject({ format: 'rulewright', rules: 3, statuses: { active: 2, disabled: 1 }, ruleset_hash: ws.dataset().rulesetHash() });
    const file = JSON.parse(readFileSync(tmp.path('rules/out.json'), 'utf8'));
    expect(file).toMatchObject({ rulewright: 1, task: { type: 'ner' } });
    // the exported file runs standalone: rulewright/runtime runs its active rules only
    const standalone = loadRuleset(readFileSync(tmp.path('rules/out.json'), 'utf8'));
    expect(standalone.extract('Ann paid 12 to Bob').map((x) => [x.text, x.rule_id])).toEqual([
      ['Ann', 'names'],
      ['12', 'money'],
    ]);
    const fresh = open('fresh.db');
    const imp = await fresh.dataset().importRules(tmp.path('rules/out.json'));
    expect(imp).toMatchObject({ format: 'rulewright', added: 3, active: 2, rejected: [] });
    expect(imp.ruleset_hash).toBe(exp.ruleset_hash);
    expect(fresh.dataset().listRules().rules.map((r) => [r.id, r.status])).toEqual([
      ['money', 'active'],
      ['names', 'active'],
      ['off', 'disabled'],
    ]);
    const rc = ws.dataset().exportRulesText({ format: 'rulechef' });
    expect(rc.result).toMatchObject({ rules: 2, notes: [expect.stringMatching(/1 rule that are not active were left out/)] });
    expect(JSON.parse(rc.text).rules.map((r: { name: string }) => r.name)).toEqual(['money', 'names']);
    fresh.close();
    ws.close();
  });
});
