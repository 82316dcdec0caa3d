import { writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { shared, sharedMissing } from '../helpers/shared.js';
import { useTempDir } from '../helpers/temp.js';
import { json, runBin, runBinWithin, runCliAt, succeeding, writeJsonl } from './helpers.js';
import { EVAL_ROWS } from '../helpers/fixtures.js';

interface Report {
  n: number;
  split: string;
  mode: string;
  micro: { precision: number | null; recall: number | null; f1: number | null; tp: number; fp: number; fn: number };
  macro_f1: number | null;
  exact_match: number | null;
  coverage: number | null;
  per_class: Record<string, { precision: number | null; recall: number | null; f1: number | null; tp: number; fp: number; fn: number }>;
  notes: string[];
  dataset_hash: string;
  ruleset_hash: string;
  elapsed_ms: number;
  run_id: number;
  compare?: {
    changed: { data: boolean; rules: boolean; config: boolean };
    examples: { improved: string[]; regressed: string[]; changed: string[] };
    example_changes: { id: string; change: string }[];
  };
}

const DESIGN_KEYS = ['n', 'split', 'mode', 'micro', 'macro_f1', 'exact_match', 'coverage', 'per_class', 'errors', 'notes', 'dataset_hash', 'ruleset_hash'];

describe('eval', () => {
  const tmp = useTempDir();
  const bin = (...args: string[]) => runCliAt(tmp.dir(), [...args, '--db', tmp.path('w.db')]);
  const ok = succeeding(bin);

  test('eval --json has the documented keys; the text table; --compare after disabling a rule', async () => {
    writeJsonl(tmp.path('d.jsonl'), EVAL_ROWS);
    await ok('import', 'd.jsonl', '--name', 'intents');
    await ok('rules', 'add', '--name', 'refund', '--pattern', 'refund', '--label', 'refund');
    await ok('rules', 'add', '--name', 'cancel', '--pattern', 'cancel', '--label', 'cancel');
    const r = json<Report>(await bin('eval', '--json'));
    for (const k of [...DESIGN_KEYS, 'elapsed_ms', 'confusion', 'run_id']) expect(r).toHaveProperty(k);
    expect(r).toMatchObject({ n: 4, split: 'test', mode: 'text', micro: { tp: 3, fp: 0, fn: 1, precision: 1, recall: 0.75 }, coverage: 0.75 });
    const text = (await ok('eval')).stdout;
    expect(text).toMatch(/^eval {2}split test {2}mode text {2}n 4\n/);
    expect(text).toMatch(/\nmicro\s+1\.000\s+0\.750\s+0\.857\s+3\s+0\s+1\n/);
    expect(text).toMatch(/\nrun \d+ recorded/);

    await ok('rules', 'disable', 'refund');
    const c = json<Report>(await bin('eval', '--compare', 'last', '--json'));
    expect(c.compare).toMatchObject({ changed: { data: false, rules: true, config: false }, examples: { regressed: ['q1', 'q2'] } });
    const ctext = (await ok('eval', '--compare', String(r.run_id))).stdout;
    expect(ctext).toMatch(new RegExp(`compared with run ${r.run_id}\\nthe rules changed; the data and config did not\\n`));
    expect(ctext).toContain('regressed 2: q1, q2');

  });

  test('--matchers loads a user module; task set names matchers per field', async () => {
    writeJsonl(tmp.path('r.jsonl'), [
      { id: 'r1', input: { text: 'TOTAL 9.00 on 25/12/2018' }, output: { total: '9', date: '2018-12-25' } },
      { id: 'r2', input: { text: 'TOTAL 4.50' }, output: { total: '4.5' } },
    ]);
    await ok('import', 'r.jsonl', '--name', 'receipts');
    await ok('rules', 'add', '--name', 'total', '--pattern', 'TOTAL (\\d+\\.\\d\\d)', '--group', '$1', '--label', 'total');
    await ok('rules', 'add', '--name', 'date', '--pattern', '\\b(\\d\\d/\\d\\d/\\d{4})\\b', '--group', '$1', '--label', 'date');
    writeFileSync(tmp.path('m.mjs'), 'export const matchers = { same_number: (g, p) => ({ score: 1, passed: Number(g) === Number(p), reason: "as numbers" }) };\n');
    const set = await bin('task', 'set', '--matcher', 'total=same_number', '--matcher', 'date=date');
    expect(set.code).toBe(0);
    expect(set.stderr).toMatch(/"same_number" is not a built-in matcher/);
    const without = await bin('eval', '--json');
    expect(without.code).toBe(2);
    expect(without.stderr).toMatch(/unknown matcher "same_number"/);
    const r = json<Report>(await bin('eval', '--matchers', './m.mjs', '--json'));
    expect(r.split).toBe('all');
    expect(r.per_class).toMatchObject({ total: { tp: 2, fp: 0, fn: 0 }, date: { tp: 1, fp: 0, fn: 0 } });
    const show = json<{ task: { matching: { matchers: Record<string, unknown> } } }>(await bin('task', 'show', '--json'));
    expect(show.task.matching.matchers).toEqual({ total: 'same_number', date: 'date' });
  });
});

describe('eval with a regex matcher whose pattern is the gold value', () => {
  const tmp = useTempDir();
  const bin = (...args: string[]) => runBin([...args, '--db', tmp.path('w.db')], { cwd: tmp.dir() });
  const ok = succeeding(bin);

  const binWithin = (ms: number, ...args: string[]) => runBinWithin(ms, [...args, '--db', tmp.path('w.db')], { cwd: tmp.dir() });

  test('a catastrophic gold pattern does not hang eval: it is refused and the run names example and field', async () => {
    writeJsonl(tmp.path('c.jsonl'), [
      { id: 'r1', input: { text: `code: ${'a'.repeat(32)}!` }, output: { code: '(a+)+$' } },
      { id: 'r2', input: { text: 'code: aa!' }, output: { code: 'a+!' } },
    ]);
    await ok('import', 'c.jsonl', '--name', 'codes', '--type', 'transformation');
    await ok('rules', 'add', '--name', 'code', '--pattern', 'a+!', '--label', 'code');
    await ok('task', 'set', '--matcher', 'code={"name":"regex"}');
    const r = await binWithin(30_000, 'eval', '--json');
    expect(r.killed).toBe(false);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as Report & { issues: Record<string, unknown>[] };
    expect(report.per_class.code).toMatchObject({ tp: 1, fp: 1, fn: 1 });
    expect(report.issues).toContainEqual(expect.objectContaining({ kind: 'matcher_refused', doc_id: 'r1', field: 'code', matcher: 'regex' }));
    expect(report.notes).toContainEqual(expect.stringMatching(/regex matcher .*\(example r1, field code\)/));
    const text = await binWithin(30_000, 'eval');
    expect(text.stdout).toMatch(/regex matcher on example r1, field code: pattern .* was not run/);
  }, 90_000);
});

describe.skipIf(sharedMissing)('eval acceptance on the shared data', () => {
  const tmp = useTempDir();
  const bin = (...args: string[]) => runCliAt(tmp.dir(), [...args, '--db', tmp.path('w.db')]);
  const R = 'rulechef-benchmarks/';

  test('Banking77: the 126 RuleChef rules give its text-mode numbers; the import rejects none', async () => {
    expect((await bin('init', '--name', 'b77', '--type', 'classification')).code).toBe(0);
    expect((await bin('import', shared(`${R}reference/banking77_gold.jsonl`)!)).code).toBe(0);
    const imp = json<{ rules: number; rejected: unknown[]; active: number }>(await bin('rules', 'import', shared(`${R}benchmarks/results/results_banking77_new.json`)!, '--json'));
    expect(imp).toMatchObject({ rules: 126, active: 126, rejected: [] });
    const r = json<Report>(await bin('eval', '--json', '--mode', 'text'));
    expect(r).toMatchObject({ n: 200, split: 'all', mode: 'text', micro: { tp: 122, fp: 3, fn: 78 } });
    for (const [got, want] of [
      [r.micro.precision, 0.976],
      [r.micro.recall, 0.61],
      [r.micro.f1, 0.7508],
      [r.macro_f1, 0.72],
      [r.exact_match, 0.61],
      [r.coverage, 0.625],
    ] as const)
      expect(Math.abs(got! - want)).toBeLessThan(1e-4);
    expect(r.elapsed_ms).toBeGreaterThan(0);
  }, 240_000);

  test('TAB: the 22 rules on the 127 documents', async () => {
    expect((await bin('import', shared(`${R}reference/tab_gold.jsonl`)!, '--name', 'tab', '--split', 'test')).code).toBe(0);
    const imp = json<{ rules: number; active: number; rejected: unknown[]; flagged: { problems: { code: string }[] }[] }>(
      await bin('rules', 'import', shared(`${R}benchmarks/results/results_extract_tab.ckpt_rulechef.json`)!, '--json'),
    );
    expect(imp).toMatchObject({ rules: 22, active: 22, rejected: [] });
    expect(imp.flagged.flatMap((f) => f.problems.map((p) => p.code)).every((c) => c === 'redos' || c === 'redos_unknown')).toBe(true);
    const r = json<Report>(await bin('eval', '--json'));
    expect(r).toMatchObject({ n: 127, split: 'test', mode: 'text' });
    expect(Object.keys(r.per_class).sort()).toEqual(['CODE', 'DATETIME', 'DEM', 'LOC', 'MISC', 'ORG', 'PERSON', 'QUANTITY']);
    expect(r.micro.tp).toBeGreaterThan(3000);
  }, 120_000);

  test('SROIE: field rules and per-field matchers give per-field results', async () => {
    expect((await bin('import', shared('sroie')!, '--name', 'sroie')).code).toBe(0);
    expect((await bin('rules', 'add', '--name', 'date', '--pattern', '\\b(\\d{1,2}[/.-]\\d{1,2}[/.-]\\d{2,4})\\b', '--group', '$1', '--label', 'date')).code).toBe(0);
    expect((await bin('rules', 'add', '--name', 'total', '--pattern', '(?i)\\btotal\\b[^\\n\\d]*(\\d+\\.\\d{2})', '--group', '$1', '--label', 'total')).code).toBe(0);
    expect((await bin('rules', 'add', '--name', 'company', '--pattern', '(?m)^(.*\\b(?:SDN\\.?\\s*BHD|ENTERPRISE|TRADING)\\b.*)$', '--dialect', 'python', '--group', '$1', '--label', 'company')).code).toBe(0);
    const set = await bin(
      'task', 'set',
      '--matcher', 'total={"name":"numeric_tolerance","options":{"abs":0.005}}',
      '--matcher', 'date=date',
      '--matcher', 'company=normalized',
      '--matcher', 'address=normalized',
    );
    expect(set.code).toBe(0);
    const r = json<Report>(await bin('eval', '--json'));
    expect(r).toMatchObject({ n: 626, split: 'all' });
    expect(Object.keys(r.per_class)).toEqual(['address', 'company', 'date', 'total']);
    expect(r.per_class.date!.f1).toBeGreaterThan(0.85);
    expect(r.per_class.company!.tp).toBeGreaterThan(0);
    expect(r.per_class.address).toMatchObject({ tp: 0, fp: 0, precision: null });
    expect(r.notes).toContain('values compare with matchers: total=numeric_tolerance, date=date, company=normalized, address=normalized');
    // the date matcher is what makes most dates count: compared field by field as exact strings, fewer match
    expect((await bin('task', 'set', '--unset-matcher', 'date')).code).toBe(0);
    const exact = json<Report>(await bin('eval', '--json', '--compare', 'last'));
    expect(exact.compare!.changed).toEqual({ data: false, rules: false, config: true });
    expect(exact.per_class.date!.tp).toBeLessThan(r.per_class.date!.tp);
  }, 120_000);
});
