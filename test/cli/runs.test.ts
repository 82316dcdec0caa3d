import { describe, expect, test } from 'vitest';
import { useTempDir } from '../helpers/temp.js';
import { json, runBin, writeJsonl } from './helpers.js';

describe('runs list and show', () => {
  const tmp = useTempDir();
  const bin = (...args: string[]) => runBin([...args, '--db', tmp.path('w.db')], { cwd: tmp.dir() });

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
