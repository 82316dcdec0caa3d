import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { Store } from '../../src/store/index.js';
import { useTempDir } from '../helpers/temp.js';
import { json, runCli, writeJsonl } from './helpers.js';

const nerRows = [
  { id: 'd1', text: 'Ann met Bob in Oslo', spans: [{ start: 0, end: 3, label: 'PER' }, { start: 8, end: 11, label: 'PER' }, { start: 15, end: 19, label: 'LOC' }] },
  { id: 'd2', text: 'Oslo is cold', spans: [{ start: 0, end: 4, label: 'LOC' }], split: 'test' },
  { id: 'd3', text: 'nothing', spans: [] },
];

describe('dataset commands', () => {
  const tmp = useTempDir();
  const cli = (...args: string[]) => runCli([...args, '--db', tmp.path('w.db')], { cwd: tmp.dir() });

  test('init creates a dataset and reports it', async () => {
    const r = json(await cli('init', '--name', 'pii', '--type', 'ner', '--labels', 'PER, LOC', '--description', 'people', '--mode', 'overlap', '--json'));
    expect(r).toMatchObject({ name: 'pii', type: 'ner', labels: ['PER', 'LOC'], description: 'people', examples: 0 });
    const again = await cli('init', '--name', 'pii', '--type', 'ner');
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^rulewright: dataset "pii" already exists/);
  });

  test('import, stats, examples and export work end to end with --json', async () => {
    const file = writeJsonl(tmp.path('a.jsonl'), nerRows);
    const imp = json(await cli('import', file, '--name', 'pii', '--json'));
    expect(imp).toMatchObject({ dataset: 'pii', created: true, imported: 3, spans: 4, splits: { train: 2, dev: 0, test: 1 } });

    const stats = json(await cli('stats', '--json'));
    expect(stats).toMatchObject({ examples: 3, spans: 4, splits: { train: 2, dev: 0, test: 1 }, labels: { PER: 2, LOC: 2 } });

    const list = json(await cli('examples', 'list', '--label', 'LOC', '--json'));
    expect(list).toMatchObject({ total: 2, examples: [{ id: 'd1' }, { id: 'd2' }] });
    const shown = json(await cli('examples', 'show', 'd2', '--json'));
    expect(shown).toEqual({ ...nerRows[1], source: 'gold' });

    const out = tmp.path('out.jsonl');
    const exp = json(await cli('export', out, '--json'));
    expect(exp).toMatchObject({ examples: 3, format: 'jsonl', dataset_hash: stats.dataset_hash });
    expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(3);
    const csv = json(await cli('export', tmp.path('out.csv'), '--json'));
    expect(csv.format).toBe('csv');
    const conll = json(await cli('export', tmp.path('out.conll'), '--json'));
    expect(conll.format).toBe('conll');
    expect(readFileSync(tmp.path('out.conll'), 'utf8')).toMatch(/^Ann\tB-PER\n/);
  });

  test('export then import into a new dataset gives the same dataset hash', async () => {
    await cli('import', writeJsonl(tmp.path('a.jsonl'), nerRows), '--name', 'pii');
    await cli('split', '--dev', '0.34', '--test', '0.33', '--seed', '9');
    const out = tmp.path('round.jsonl');
    const exp = json(await cli('export', out, '--json'));
    const imp = json(await cli('import', out, '--name', 'copy', '--json'));
    expect(imp.dataset_hash).toBe(exp.dataset_hash);
  });

  test('export to stdout writes the data only', async () => {
    await cli('import', writeJsonl(tmp.path('a.jsonl'), nerRows), '--name', 'pii');
    const r = await cli('export', '-', '--split', 'test');
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n').map((l) => JSON.parse(l).id)).toEqual(['d2']);
  });

  test('a malformed row exits 2 with FILE:LINE and writes nothing', async () => {
    await cli('init', '--name', 'pii', '--type', 'ner');
    const file = tmp.path('bad.jsonl');
    writeFileSync(file, `${JSON.stringify(nerRows[0])}\n${JSON.stringify(nerRows[1])}\n{"id": "d9", "txt": "typo"}\n`);
    const r = await cli('import', file);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^rulewright: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3: `));
    expect(r.stdout).toBe('');
    const s = Store.open(tmp.path('w.db'));
    expect(s.db.prepare('SELECT count(*) FROM examples').pluck().get()).toBe(0);
    s.close();
  });

  test('a failed import that was to create the workspace leaves no workspace file behind', async () => {
    const file = tmp.path('bad.jsonl');
    writeFileSync(file, `${JSON.stringify(nerRows[0])}\n{"id": "d9", "txt": "typo"}\n`);
    const r = await cli('import', file, '--name', 'pii', '--type', 'ner');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${file}:2: `);
    expect(existsSync(tmp.path('w.db'))).toBe(false);
    expect(existsSync(tmp.path('w.db-wal'))).toBe(false);
  });

  test('duplicate ids against existing rows are rejected with FILE:LINE', async () => {
    await cli('import', writeJsonl(tmp.path('a.jsonl'), nerRows), '--name', 'pii');
    const r = await cli('import', writeJsonl(tmp.path('b.jsonl'), [{ id: 'fresh', text: 'x', spans: [] }, nerRows[2]!]));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${tmp.path('b.jsonl')}:2: duplicate id "d3"`);
    expect(json(await cli('stats', '--json')).examples).toBe(3);
  });

  test('--source observed marks imported rows as observed', async () => {
    const r = json(await cli('import', writeJsonl(tmp.path('o.jsonl'), [{ id: 'o1', text: 'x', label: 'a' }]), '--name', 'obs', '--source', 'observed', '--json'));
    expect(r.imported).toBe(1);
    expect(json(await cli('stats', '--json')).sources).toEqual({ gold: 0, correction: 0, observed: 1 });
  });

  test('split prints counts and is deterministic for a seed', async () => {
    const rows = Array.from({ length: 100 }, (_, i) => ({ id: `q${i}`, text: `t ${i}`, label: ['a', 'b', 'c'][i % 3] }));
    await cli('import', writeJsonl(tmp.path('c.jsonl'), rows), '--name', 'c');
    const first = json(await cli('split', '--dev', '0.2', '--test', '0.1', '--seed', '5', '--json'));
    expect(first).toMatchObject({ seed: 5, splits: { train: 70, dev: 20, test: 10 } });
    const dev1 = json<{ examples: { id: string }[] }>(await cli('examples', 'list', '--split', 'dev', '--limit', '0', '--json')).examples.map((e) => e.id);
    await cli('split', '--dev', '0.2', '--test', '0.1', '--seed', '6');
    const other = json(await cli('split', '--dev', '0.2', '--test', '0.1', '--seed', '5', '--json'));
    expect(other.dataset_hash).toBe(first.dataset_hash);
    const dev2 = json<{ examples: { id: string }[] }>(await cli('examples', 'list', '--split', 'dev', '--limit', '0', '--json')).examples.map((e) => e.id);
    expect(dev2).toEqual(dev1);
    const human = await cli('split', '--dev', '0.2');
    expect(human.stdout).toMatch(/train\s+dev\s+test/);
  });

  test('a dataset must be chosen with several datasets and none current, and the error names them', async () => {
    const file = writeJsonl(tmp.path('a.jsonl'), nerRows);
    await cli('import', file, '--name', 'a');
    await cli('import', file, '--name', 'b');
    const r = await cli('stats');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/2 datasets \(a, b\): make one current with `rulewright use a --db .*w\.db`, or pass --dataset NAME/);
    expect(json(await cli('stats', '--dataset', 'b', '--json')).dataset).toBe('b');
  });

  test('human tables are aligned', async () => {
    await cli('import', writeJsonl(tmp.path('a.jsonl'), nerRows), '--name', 'pii');
    const r = await cli('stats');
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    const header = lines.find((l) => l.startsWith('label'))!;
    const per = lines.find((l) => l.startsWith('PER'))!;
    // Right-aligned number columns end at the same place as their header.
    expect(per.indexOf('2') + 1).toBe(header.indexOf('spans') + 'spans'.length);
    const list = await cli('examples', 'list');
    expect(list.stdout).toMatch(/^id\s+split\s+source\s+answer\s+input\nd1\s+train\s+gold\s+PER PER LOC\s+Ann met Bob in Oslo/);
    const show = await cli('examples', 'show', 'd1');
    expect(show.stdout).toContain('[Ann]PER met [Bob]PER in [Oslo]LOC');
  });

  test('import --json keeps warnings inside the document and off stderr', async () => {
    await cli('init', '--name', 'c', '--type', 'classification', '--labels', 'a');
    const r = await cli('import', writeJsonl(tmp.path('c.jsonl'), [{ id: 'q', text: 't', label: 'zzz' }]), '--json');
    expect(json(r).warnings).toEqual([expect.stringMatching(/zzz/)]);
    expect(r.stderr).toBe('');
  });
});
