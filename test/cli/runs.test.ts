import { describe, expect, test } from 'vitest';
import { useTempDir } from '../helpers/temp.js';
import { Workspace } from '../../src/service/index.js';
import { newRun } from '../helpers/runs.js';
import { json, runCli, runCliAt, writeJsonl } from './helpers.js';

describe('runs list and show', () => {
  const tmp = useTempDir();
  const bin = (...args: string[]) => runCliAt(tmp.dir(), [...args, '--db', tmp.path('w.db')]);

  test('every eval is listed with its split, F1 and hashes; show prints its config and report', async () => {
    writeJsonl(tmp.path('d.jsonl'), [
      { id: 'q1', text: 'refund my order', label: 'refund', split: 'test' },
      { id: 'q2', text: 'hello', label: 'greet', split: 'dev' },
    ]);
    expect((await bin('import', 'd.jsonl', '--name', 'intents')).code).toBe(0);
    expect((await bin('rules', 'add', '--name', 'refund', '--pattern', 'refund', '--label', 'refund')).code).toBe(0);
    const a = json<{ run_id: number; micro: { f1: number } }>(await bin('eval', '--json'));
    const b = json<{ run_id: number }>(await bin('eval', '--split', 'all', '--json'));

    const runs = json<{ dataset: string; runs: { id: number; kind: string; split: string; n: number; f1: number | null; ruleset_hash: string }[] }>(await bin('runs', 'list', '--json'));
    expect(runs.dataset).toBe('intents');
    expect(runs.runs.map((x) => [x.id, x.kind, x.split, x.n, x.f1])).toEqual([
      [b.run_id, 'eval', 'all', 2, 2 / 3],
      [a.run_id, 'eval', 'test', 1, 1],
    ]);
    const table = (await bin('runs', 'list')).stdout.split('\n');
    expect(table[0]).toMatch(/^id\s+kind\s+when\s+split\s+mode\s+n\s+F1\s+macro F1\s+data\s+rules\s+ms$/);
    expect(table).toHaveLength(4);

    const shown = json<{ id: number; config: { split: string; mode: string }; result: { report: { micro: { f1: number } }; outcomes?: unknown }; outcomes_n: number }>(
      await bin('runs', 'show', String(a.run_id), '--json'),
    );
    expect(shown).toMatchObject({ id: a.run_id, config: { split: 'test', mode: 'text' }, outcomes_n: 1, result: { report: { micro: { f1: 1 } } } });
    expect(shown.result.outcomes).toBeUndefined();
    const withOutcomes = json<{ result: { outcomes: unknown[] } }>(await bin('runs', 'show', String(a.run_id), '--outcomes', '--json'));
    expect(withOutcomes.result.outcomes).toEqual([['q1', 1, 0, 0, 1, expect.stringMatching(/^[0-9a-f]{12}$/)]]);
    expect((await bin('runs', 'show', 'last')).stdout).toMatch(/^run:\s+\d+ \(eval\) on intents\n[\s\S]*config: split all, mode text\n\neval {2}split all/);
    const missing = await bin('runs', 'show', '42');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no run 42 in dataset "intents"/);
  });
});

describe('runs show --outcomes: why a matcher said no', () => {
  const tmp = useTempDir();
  const bin = (...args: string[]) => runCliAt(tmp.dir(), [...args, '--db', tmp.path('w.db')]);

  test('each example lists its matcher verdicts with the reason; a lexical semantic_similarity is flagged on each', async () => {
    writeJsonl(tmp.path('r.jsonl'), [
      { id: 'r1', input: { text: 'TOTAL 9.50 on 24/12/2018 at Tesco Stores' }, output: { total: '9.00', date: '25/12/2018', shop: 'Tesco Stores' } },
    ]);
    expect((await bin('import', 'r.jsonl', '--name', 'receipts', '--type', 'transformation')).code).toBe(0);
    for (const [name, pattern] of [
      ['total', 'TOTAL (\\d+\\.\\d\\d)'],
      ['date', '(\\d\\d/\\d\\d/\\d{4})'],
      ['shop', 'at (.+)$'],
    ] as const)
      expect((await bin('rules', 'add', '--name', name, '--pattern', pattern, '--group', '$1', '--label', name)).code).toBe(0);
    const set = await bin('task', 'set', '--matcher', 'total={"name":"numeric_tolerance","options":{"abs":0.1}}', '--matcher', 'date=date', '--matcher', 'shop=semantic_similarity');
    expect(set.code).toBe(0);
    const run = json<{ run_id: number }>(await bin('eval', '--json'));

    type Shown = { result: { verdicts?: { example_id: string; field: string; passed: boolean; reason: string; lexical_fallback?: boolean }[]; verdict_count?: number } };
    const shown = json<Shown>(await bin('runs', 'show', String(run.run_id), '--outcomes', '--json'));
    expect(shown.result.verdict_count).toBe(3);
    expect(shown.result.verdicts).toEqual([
      expect.objectContaining({ example_id: 'r1', field: 'total', passed: false, reason: '9.5 differs from 9 by 0.5 (allowed 0.1)' }),
      expect.objectContaining({ example_id: 'r1', field: 'date', passed: false, reason: 'predicted "24/12/2018" reads as 2018-12-24, gold "25/12/2018" as 2018-12-25' }),
      expect.objectContaining({ example_id: 'r1', field: 'shop', passed: true, lexical_fallback: true, reason: expect.stringMatching(/^lexical similarity 1\.000/) }),
    ]);
    expect(json<Shown>(await bin('runs', 'show', String(run.run_id), '--json')).result.verdicts).toBeUndefined();

    const text = (await bin('runs', 'show', String(run.run_id), '--outcomes')).stdout;
    expect(text).toContain('outcomes (1 example)');
    expect(text).toMatch(/\n {2}r1 {2}tp 1 fp 2 fn 2 {2}wrong\n/);
    expect(text).toMatch(/\n {6}total {2}failed {2}gold "9\.00" {2}predicted "9\.50"\n {8}why: 9\.5 differs from 9 by 0\.5 \(allowed 0\.1\)\n/);
    expect(text).toMatch(/\n {6}shop {2}passed {2}gold "Tesco Stores" {2}predicted "Tesco Stores" {2}\[lexical, not semantic\]\n {8}why: lexical similarity/);
  });

  test('a run recorded by another version is listed and shown as unreadable, and the list still prints', async () => {
    const ws = Workspace.open({ db: tmp.path('w.db'), create: true });
    ws.createDataset({ name: 'd', type: 'classification' });
    const old = ws.store.runs.insert(ws.dataset().id, newRun('eval'));
    const fine = ws.store.runs.insert(ws.dataset().id, newRun('rank'));
    ws.store.db.prepare('UPDATE runs SET config = ? WHERE id = ?').run('{"split":"dev"}', old.id);
    ws.close();
    const cli = (...args: string[]) => runCli([...args, '--db', tmp.path('w.db')], { cwd: tmp.dir() });
    const list = await cli('runs', 'list');
    expect(list.code).toBe(0);
    const lines = list.stdout.split('\n').map((l) => l.trimStart());
    expect(lines.find((l) => l.startsWith(`${fine.id} `))).toMatch(/ rank /);
    expect(lines.find((l) => l.startsWith(`${old.id} `))).toContain(`unreadable run (eval, ${old.id})`);
    expect(list.stdout).toMatch(new RegExp(`unreadable run \\(eval, ${old.id}\\): .*config`));
    const shown = await cli('runs', 'show', String(old.id));
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(new RegExp(`^run:\\s+unreadable run \\(eval, ${old.id}\\) on d\n[\\s\\S]*recorded by another version and cannot be read: `));
  });
});
