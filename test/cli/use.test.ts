import { describe, expect, test } from 'vitest';
import { useTempDir } from '../helpers/temp.js';
import { json, runCli, writeJsonl } from './helpers.js';

const rows = [
  { id: 'a1', text: 'refund please', label: 'refund' },
  { id: 'a2', text: 'where is my parcel', label: 'track' },
];

describe('use: the current dataset', () => {
  const tmp = useTempDir();
  const cli = (...args: string[]) => runCli([...args, '--db', tmp.path('w.db')], { cwd: tmp.dir() });
  const twoImported = async () => {
    const file = writeJsonl(tmp.path('a.jsonl'), rows);
    await cli('import', file, '--name', 'alpha');
    await cli('import', file, '--name', 'beta');
  };

  test('commands without --dataset work on the dataset made current', async () => {
    await twoImported();
    const used = await cli('use', 'beta');
    expect(used.code).toBe(0);
    expect(used.stdout).toContain('Now using beta');
    expect(json(await cli('stats', '--json')).dataset).toBe('beta');
    expect(json(await cli('stats', '--dataset', 'alpha', '--json')).dataset).toBe('alpha');
    await cli('use', 'alpha');
    expect(json(await cli('stats', '--json')).dataset).toBe('alpha');
  });

  test('without a name it shows the current dataset and lists them all', async () => {
    await twoImported();
    const none = await cli('use');
    expect(none.code).toBe(0);
    expect(none.stdout).toMatch(/No current dataset: choose one with rulewright use alpha --db /);
    expect(none.stdout).toMatch(/alpha\s+classification\s+2/);
    await cli('use', 'beta');
    const shown = await cli('use');
    expect(shown.stdout).toMatch(/^Using beta/);
    expect(shown.stdout).toMatch(/\*\s+beta/);
    expect(json(await cli('use', '--json'))).toMatchObject({ current: 'beta', datasets: [{ name: 'alpha' }, { name: 'beta' }] });
  });

  test('an unknown name exits 2, lists the datasets and changes nothing', async () => {
    await twoImported();
    await cli('use', 'alpha');
    const r = await cli('use', 'gamma');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no dataset "gamma" in .*: the datasets are alpha, beta/);
    expect(json(await cli('use', '--json')).current).toBe('alpha');
  });

  test('the hint of the "has 2 datasets" error works when pasted', async () => {
    await twoImported();
    const r = await cli('stats');
    expect(r.code).toBe(2);
    const hint = /`rulewright (use [^`]*)`/.exec(r.stderr)?.[1];
    expect(hint).toMatch(/^use alpha --db /);
    const words = hint!.split(' ');
    expect((await runCli(words, { cwd: tmp.dir() })).code).toBe(0);
    expect((await cli('stats')).code).toBe(0);
  });

  test('init makes the new dataset current', async () => {
    await cli('init', '--name', 'one', '--type', 'ner');
    await cli('init', '--name', 'two', '--type', 'classification');
    expect(json(await cli('stats', '--json')).dataset).toBe('two');
    expect(json(await cli('use', '--json')).current).toBe('two');
  });

  test.each([
    ['rules', 'list'],
    ['stats'],
    ['examples', 'list'],
  ])('with several datasets, the human table of %s names its dataset; --json does not', async (...command) => {
    await twoImported();
    await cli('use', 'beta');
    await cli('rules', 'add', '--name', 'refund', '--pattern', 'refund', '--label', 'refund');
    const human = await cli(...command);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/^dataset: beta$/m);
    expect(json(await cli(...command, '--json'))).not.toHaveProperty('title');
  });

  test('with one dataset, tables start with their header as before', async () => {
    await cli('import', writeJsonl(tmp.path('a.jsonl'), rows), '--name', 'alpha');
    expect((await cli('stats')).stdout).not.toContain('dataset: alpha');
  });
});
