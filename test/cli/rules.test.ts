import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { useTempDir } from '../helpers/temp.js';
import { json, runCliAt, succeeding } from './helpers.js';

/** `rulewright rules …` through the real binary. */
describe('rules commands', () => {
  const tmp = useTempDir();
  const bin = (db: string, ...args: string[]) => runCliAt(tmp.dir(), [...args, '--db', tmp.path(db)]);
  const ok = succeeding(bin);

  test('a catastrophic pattern is rejected when added, with the ReDoS reason, exit 2', async () => {
    await ok('w.db', 'init', '--name', 'd', '--type', 'ner');
    const r = await bin('w.db', 'rules', 'add', '--name', 'evil', '--pattern', '(a+)+$', '--label', 'EVIL');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^rulewright: rule "evil" is rejected: redos: the pattern can backtrack catastrophically \(exponential\)/);
    expect(json(await bin('w.db', 'rules', 'list', '--json')).rules).toEqual([]);
  });

  test('add, two edits and history: three versions with what changed', async () => {
    await ok('w.db', 'init', '--name', 'd', '--type', 'ner', '--labels', 'MONEY');
    const added = await ok('w.db', 'rules', 'add', '--name', 'money', '--pattern', '\\$\\d+', '--label', 'MONEY');
    expect(added.stdout).toMatch(/^Added rule money \(money\) → MONEY, active, version 1/);
    await ok('w.db', 'rules', 'edit', 'money', '--pattern', '\\$\\d+\\.\\d\\d', '--note', 'cents');
    const e2 = json(await bin('w.db', 'rules', 'edit', 'money', '--priority', '4', '--json'));
    expect(e2).toMatchObject({ rule: { version: 3, priority: 4 }, changes: [{ field: 'priority', from: 0, to: 4 }] });
    const h = json<{ versions: { version: number; note: string; changes: { field: string }[] }[] }>(await bin('w.db', 'rules', 'history', 'money', '--json'));
    expect(h.versions.map((v) => [v.version, v.note, v.changes.map((c) => c.field)])).toEqual([
      [1, 'created', []],
      [2, 'cents', ['pattern']],
      [3, 'edited: priority', ['priority']],
    ]);
    const text = (await ok('w.db', 'rules', 'history', 'money')).stdout;
    expect(text).toMatch(/^money: 3 versions\n/);
    expect(text).toContain('pattern: \\$\\d+ → \\$\\d+\\.\\d\\d');
    const bad = await bin('w.db', 'rules', 'edit', 'money', '--confidence', 'high');
    expect(bad.code).toBe(2);
  });

  test('--json RULE_JSON adds a whole rule; list, delete, list --deleted and restore', async () => {
    await ok('w.db', 'init', '--name', 'd', '--type', 'ner');
    const r = json(await bin('w.db', 'rules', 'add', '--json', '{"name": "year", "pattern": "(\\\\d{4})", "output": {"label": "YEAR", "group": "$1"}}'));
    expect(r).toMatchObject({ rule: { id: 'year', output: { label: 'YEAR', group: '$1' }, provenance: 'human' } });
    await ok('w.db', 'rules', 'add', '--name', 'names', '--lexicon', 'Ann,Bob', '--label', 'PER', '--case-sensitive');
    const list = json<{ rules: Record<string, unknown>[] }>(await bin('w.db', 'rules', 'list', '--json'));
    // In the order they run: both at priority 0 with no validated precision, so by name.
    expect(list.rules.map((x) => [x.id, x.label, x.status, x.priority, x.provenance, x.flags])).toEqual([
      ['names', 'PER', 'active', 0, 'human', []],
      ['year', 'YEAR', 'active', 0, 'human', []],
    ]);
    const table = (await ok('w.db', 'rules', 'list')).stdout;
    expect(table.split('\n')[0]).toMatch(/^id\s+name\s+label\s+status\s+priority\s+provenance\s+flags\s+pattern$/);
    expect((await ok('w.db', 'rules', 'delete', 'names')).stdout).toMatch(/^Deleted rule names \(history kept/);
    expect(json(await bin('w.db', 'rules', 'list', '--deleted', '--json')).rules).toEqual([expect.objectContaining({ id: 'names', status: 'deleted' })]);
    await ok('w.db', 'rules', 'restore', 'names');
    expect(json<{ rules: unknown[] }>(await bin('w.db', 'rules', 'list', '--json')).rules).toHaveLength(2);
    const missing = await bin('w.db', 'rules', 'show', 'nope');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no rule "nope"/);
  });

  test('export then import into a fresh workspace round-trips the ruleset hash', async () => {
    await ok('a.db', 'init', '--name', 'd', '--type', 'ner');
    await ok('a.db', 'rules', 'add', '--name', 'money', '--pattern', '\\$\\d+', '--label', 'MONEY');
    await ok('a.db', 'rules', 'add', '--name', 'names', '--lexicon', 'Ann,Bob', '--label', 'PER');
    await ok('a.db', 'rules', 'disable', 'names');
    const exp = json(await bin('a.db', 'rules', 'export', 'rules/d.json', '--json'));
    expect(exp).toMatchObject({ rules: 2, format: 'rulewright', statuses: { active: 1, disabled: 1 } });
    expect(JSON.parse(readFileSync(tmp.path('rules/d.json'), 'utf8')).rulewright).toBe(1);
    await ok('b.db', 'init', '--name', 'd', '--type', 'ner');
    const imp = json(await bin('b.db', 'rules', 'import', 'rules/d.json', '--json'));
    expect(imp).toMatchObject({ added: 2, rejected: [], ruleset_hash: exp.ruleset_hash });
    expect(json(await bin('b.db', 'rules', 'list', '--json')).ruleset_hash).toBe(json(await bin('a.db', 'rules', 'list', '--json')).ruleset_hash);
    const stdout = await ok('a.db', 'rules', 'export', '-', '--format', 'rulechef');
    expect(JSON.parse(stdout.stdout).rules.map((r: { name: string }) => r.name)).toEqual(['money']);
  });

  test('import prints which rules it flagged or rejected and why', async () => {
    await ok('w.db', 'init', '--name', 'd', '--type', 'ner');
    const tpl = (type: string) => ({ text: '$0', type, start: '$start', end: '$end' });
    writeFileSync(
      tmp.path('rc.json'),
      JSON.stringify({
        meta: {
          rulechef: {
            rules: [
              { name: 'evil', content: '(a+)+$', output_template: tpl('EVIL') },
              { name: 'anything', content: '(?s).*\\S.*|\\s+', output_template: tpl('ANY') },
              { name: 'bang', content: '!', output_template: tpl('BANG') },
              { name: 'slow', content: 'a*a*b', output_template: tpl('SLOW') },
            ],
          },
        },
      }),
    );
    const r = await ok('w.db', 'rules', 'import', 'rc.json');
    expect(r.stdout).toMatch(/^Imported 4 rules from rc\.json \(rulechef, meta\.rulechef\.rules\) into d: 4 added; 2 active/);
    expect(r.stdout).toMatch(/rejected, kept with status rejected.*\(2\):\n {2}r-\w+ \(evil\): redos: the pattern can backtrack catastrophically.*rules import --allow-flagged keeps it active under the time budget\)\n {2}r-\w+ \(anything\): catch_all: /);
    expect(r.stdout).toMatch(/flagged, kept and run under the time budget \(1\):\n {2}r-\w+ \(slow\): redos: .*characters of it cost 100 ms/);
    await ok('v.db', 'init', '--name', 'd', '--type', 'ner');
    const allowed = await ok('v.db', 'rules', 'import', 'rc.json', '--allow-flagged');
    expect(allowed.stdout).toMatch(/4 added; 3 active/);
    expect(allowed.stdout).toMatch(/flagged, kept and run under the time budget \(2\):\n {2}r-\w+ \(evil\): redos: /);
    const again = await bin('w.db', 'rules', 'import', 'rc.json');
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/nothing was imported.*--replace/);
  });
});

describe('rules with a metadata condition', () => {
  const tmp = useTempDir();
  const bin = (...args: string[]) => runCliAt(tmp.dir(), [...args, '--db', tmp.path('w.db')]);
  const ok = succeeding((_db: string, ...args: string[]) => bin(...args));

  test('import, show and eval a rule that runs only when the slot was asked for', async () => {
    const rows = [
      { id: 'a', text: '7', spans: [{ start: 0, end: 1, label: 'time' }], meta: { requested_slots: ['time'] } },
      { id: 'b', text: '7', spans: [{ start: 0, end: 1, label: 'people' }], meta: { requested_slots: ['people'] } },
    ];
    writeFileSync(tmp.path('d.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n'));
    await ok('w.db', 'import', tmp.path('d.jsonl'), '--name', 'slots', '--type', 'extraction');
    const when = (slot: string) => ({ id: slot, name: slot, format: 'regex', pattern: '^\\d+$', output: { label: slot }, when: { meta: { requested_slots: slot } } });
    writeFileSync(tmp.path('r.json'), JSON.stringify({ rulewright: 1, rules: [when('time'), when('people')] }));
    await ok('w.db', 'rules', 'import', tmp.path('r.json'));
    expect((await ok('w.db', 'rules', 'show', 'time')).stdout).toContain('only when meta requested_slots = time');
    const ev = json<{ micro: { tp: number; fp: number } }>(await ok('w.db', 'eval', '--json'));
    expect(ev.micro).toMatchObject({ tp: 2, fp: 0 });
    const exp = await bin('rules', 'export', tmp.path('out.json'), '--format', 'rulechef');
    expect(exp.code).toBe(2);
    expect(exp.stderr).toMatch(/applies only when requested_slots = (time|people)/);
  });
});
