import { describe, expect, test } from 'vitest';
import { useTempDir } from '../helpers/temp.js';
import { json, runBin, runCli } from './helpers.js';
import { cardWorkspace } from '../helpers/fixtures.js';

describe('rank command', () => {
  const tmp = useTempDir();

  test('--json has the documented keys: f1, elapsed_ms, rules [{id, name, solo_f1, marginal_f1}], best first', async () => {
    cardWorkspace(tmp.path('w.db')).close();
    const r = json<{ f1: number; elapsed_ms: number; split: string; rules: Record<string, unknown>[] }>(await runCli(['rank', '--json', '--db', tmp.path('w.db')]));
    expect(r.f1).toBe(0.4);
    expect(r.split).toBe('dev');
    expect(typeof r.elapsed_ms).toBe('number');
    for (const x of r.rules) expect(Object.keys(x)).toEqual(expect.arrayContaining(['id', 'name', 'solo_f1', 'marginal_f1']));
    expect(r.rules.map((x) => x.id)).toEqual(['refund', 'lost', 'refund-copy', 'never', 'card']);
    expect(r.rules.at(-1)).toMatchObject({ id: 'card', harmful: true });
  });

  test('the real binary prints the ranking and points at prune when a rule is harmful', async () => {
    cardWorkspace(tmp.path('w.db')).close();
    const r = await runBin(['rank', '--split', 'all', '--db', tmp.path('w.db')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/intents: ensemble F1 0\.\d+ on all \(8 examples, text matching\)/);
    expect(r.stdout).toMatch(/\n\s*5\s+card\s+card\s+refund\s.*-0\.\d{4}\s.*harmful/);
    expect(r.stdout).toContain(`Next: rulewright prune --split all --db ${tmp.path('w.db')} shows what removing them gains`);
  });

  test('an unknown dataset is an input error (exit 2)', async () => {
    cardWorkspace(tmp.path('w.db')).close();
    const r = await runCli(['rank', '--dataset', 'nope', '--db', tmp.path('w.db')]);
    expect(r.code).toBe(2);
  });
});
