import { describe, expect, test } from 'vitest';
import { hoistGlobalOptions } from '../../src/cli/global-options.js';
import { useTempDir } from '../helpers/temp.js';
import { json, runCliAt } from './helpers.js';

describe('global options before the command', () => {
  test.each<[string[], string[]]>([
    [['--db', 'x.db', 'rules', 'list'], ['rules', 'list', '--db', 'x.db']],
    [['--db=x.db', '--json', 'eval', '--split', 'test'], ['eval', '--split', 'test', '--db=x.db', '--json']],
    [['--dataset', 'd', 'examples', 'show', 'e1', '--', '-x'], ['examples', 'show', 'e1', '--dataset', 'd', '--', '-x']],
    [['rules', 'list', '--db', 'x.db'], ['rules', 'list', '--db', 'x.db']],
    [['--version'], ['--version']],
    [['--help'], ['--help']],
  ])('%j is read as %j', (argv, want) => {
    expect(hoistGlobalOptions(argv)).toEqual(want);
  });
});

describe('through the real binary', () => {
  const tmp = useTempDir();

  test('--db and --json before the command work as after it', async () => {
    const db = tmp.path('w.db');
    expect((await runCliAt(tmp.dir(), ['--db', db, 'init', '--name', 'd', '--type', 'ner'])).code).toBe(0);
    const before = await runCliAt(tmp.dir(), ['--db', db, '--json', 'rules', 'list']);
    const after = await runCliAt(tmp.dir(), ['rules', 'list', '--json', '--db', db]);
    expect(before.code).toBe(0);
    expect(json(before)).toEqual(json(after));
  });

  test('top-level help lists the global options and the environment', async () => {
    const r = await runCliAt(tmp.dir(), ['--help']);
    expect(r.stdout).toMatch(/Options of every command \(before or after the command\)/);
    for (const v of ['RULEWRIGHT_DB', 'OPENAI_API_KEY', 'NO_COLOR', 'NO_PROGRESS']) expect(r.stdout).toContain(v);
  });
});
