import { parse } from 'csv-parse/sync';
import { describe, expect, test } from 'vitest';
import { RULES_TABLE_COLUMNS } from '../../src/report/rules-table.js';
import { cardWorkspace, EVAL_ROWS } from '../helpers/fixtures.js';
import { useTempDir } from '../helpers/temp.js';
import { json, runCli } from './helpers.js';

interface MetricsJson {
  n: number;
  rules: { id: string; name: string; tp: number; fp: number; precision: number | null; marginal_f1: number | null; label_recall: number | null; f1: number | null; dead: boolean }[];
}

describe('metrics and rank --format csv: the report\'s rules table', () => {
  const tmp = useTempDir();
  const setup = () => {
    const db = tmp.path('w.db');
    cardWorkspace(db, EVAL_ROWS).close();
    return (...args: string[]) => runCli([...args, '--db', db], { cwd: tmp.dir() });
  };
  const rows = (csv: string) => parse(csv, { columns: true }) as Record<string, string>[];
  const num = (s: string | undefined) => (s === undefined || s === '' ? null : Number(s));

  test('metrics --format csv has the rules table\'s columns and the figures metrics --json prints', async () => {
    const cli = setup();
    const m = json<MetricsJson>(await cli('metrics', '--split', 'all', '--json'));
    const run = await cli('metrics', '--split', 'all', '--format', 'csv');
    expect(run.code).toBe(0);
    expect(run.stdout.split('\r\n')[0]).toBe(RULES_TABLE_COLUMNS.join(','));
    const r = rows(run.stdout);
    expect(r.map((x) => x.id)).toEqual(m.rules.map((x) => x.id));
    for (const [i, x] of m.rules.entries()) {
      const row = r[i]!;
      expect([row.name, num(row.tp), num(row.fp), num(row.precision), num(row.marginal_f1), num(row.label_recall), num(row.solo_f1), row.dead]).toEqual([
        x.name, x.tp, x.fp, x.precision, x.marginal_f1, x.label_recall, x.f1, String(x.dead),
      ]);
      expect(row.status).toBe('active');
      expect(row.pattern).not.toBe('');
    }
  });

  test('rank --format csv lists the rules in rank order, with the same columns', async () => {
    const cli = setup();
    const ranked = json<{ rules: { id: string; marginal_f1: number | null }[] }>(await cli('rank', '--split', 'all', '--json'));
    const run = await cli('rank', '--split', 'all', '--format', 'csv');
    expect(run.code).toBe(0);
    const r = rows(run.stdout);
    expect(Object.keys(r[0]!)).toEqual([...RULES_TABLE_COLUMNS]);
    expect(r.map((x) => x.id)).toEqual(ranked.rules.map((x) => x.id));
    expect(r.map((x) => num(x.marginal_f1))).toEqual(ranked.rules.map((x) => x.marginal_f1));
  });

  test.each([['metrics'], ['rank']])('%s refuses --json with --format csv (both write stdout)', async (cmd) => {
    const cli = setup();
    const run = await cli(cmd, '--format', 'csv', '--json');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--json and --format csv');
  });
});
