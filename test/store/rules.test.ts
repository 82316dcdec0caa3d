import { describe, expect, test } from 'vitest';
import { Rule } from '../../src/core/schemas/rule.js';
import { storeWithDataset } from '../helpers/store.js';
import { useTempDir } from '../helpers/temp.js';

describe('RulesRepo', () => {
  const tmp = useTempDir();
  const rule = Rule.parse({ id: 'r1', name: 'money', format: 'regex', pattern: '\\d+', output: { label: 'AMOUNT' } });
  const open = () => storeWithDataset(tmp.path('w.db'), 'ner');

  test('every edit is a new version with a note', () => {
    const { s, id } = open();
    s.rules.insert(id, rule);
    const edited = s.rules.update(id, { ...rule, pattern: '\\d+\\.\\d\\d' }, 'require cents');
    expect(edited.version).toBe(2);
    const disabled = s.rules.setStatus(id, 'r1', 'disabled');
    expect(disabled).toMatchObject({ version: 3, status: 'disabled', pattern: '\\d+\\.\\d\\d' });
    const history = s.rules.versions(id, 'r1');
    expect(history.map((v) => [v.version, v.note])).toEqual([
      [1, 'created'],
      [2, 'require cents'],
      [3, 'status → disabled'],
    ]);
    expect(history[0]!.rule.pattern).toBe('\\d+');
    expect(s.rules.get(id, 'r1')).toEqual(disabled);
    s.close();
  });

  test('lists by status in insertion order', () => {
    const { s, id } = open();
    s.rules.insert(id, { ...rule, id: 'z' });
    s.rules.insert(id, { ...rule, id: 'a', status: 'proposed' });
    s.rules.insert(id, { ...rule, id: 'm' });
    expect(s.rules.list(id).map((r) => r.id)).toEqual(['z', 'a', 'm']);
    expect(s.rules.list(id, { status: 'active' }).map((r) => r.id)).toEqual(['z', 'm']);
    expect(s.rules.list(id, { status: ['proposed', 'disabled'] }).map((r) => r.id)).toEqual(['a']);
    s.close();
  });

  test('rejects a second rule with the same id and edits of missing rules', () => {
    const { s, id } = open();
    s.rules.insert(id, rule);
    expect(() => s.rules.insert(id, rule)).toThrow(expect.objectContaining({ code: 'CONFLICT' }));
    expect(() => s.rules.update(id, { ...rule, id: 'nope' })).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    s.close();
  });

  test('delete removes the rule and its history', () => {
    const { s, id } = open();
    s.rules.insert(id, rule);
    s.rules.update(id, { ...rule, priority: 2 });
    expect(s.rules.delete(id, 'r1')).toBe(true);
    expect(s.rules.versions(id, 'r1')).toEqual([]);
    s.close();
  });

  test('a corrupt rule row is a STORE error', () => {
    const { s, id } = open();
    s.rules.insert(id, rule);
    s.db.prepare(`UPDATE rules SET body = '{"id":"r1"}'`).run();
    expect(() => s.rules.list(id)).toThrow(expect.objectContaining({ code: 'STORE', message: expect.stringMatching(/rule "r1"/) }));
    s.close();
  });
});
