import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DEFAULT_MODEL } from '../../src/learn/llm/config.js';
import { hoistGlobalOptions, whereFromArgv } from '../../src/cli/global-options.js';
import { pasteable } from '../../src/cli/hint.js';
import { repoRoot } from '../helpers/shared.js';
import { useTempDir } from '../helpers/temp.js';
import { json, runCliAt, writeJsonl } from './helpers.js';

describe('global options before the command', () => {
  test.each<[string[], string[]]>([
    [['--db', 'x.db', 'rules', 'list'], ['rules', 'list', '--db', 'x.db']],
    [['--db=x.db', '--json', 'eval', '--split', 'test'], ['eval', '--split', 'test', '--db=x.db', '--json']],
    [['--dataset', 'd', 'examples', 'show', 'e1', '--', '-x'], ['examples', 'show', 'e1', '--dataset', 'd', '--', '-x']],
    [['rules', 'list', '--db', 'x.db'], ['rules', 'list', '--db', 'x.db']],
    [['rules', '--db', 'x.db', 'show', 'r1'], ['rules', 'show', 'r1', '--db', 'x.db']],
    [['examples', '--json', 'list', '--limit', '2'], ['examples', 'list', '--limit', '2', '--json']],
    [['--db', 'x.db', 'runs', '--dataset=d', 'show', '3', '--', '--json'], ['runs', 'show', '3', '--db', 'x.db', '--dataset=d', '--', '--json']],
    [['rules', 'add', '--json', '{"name":"n"}', '--db', 'x.db'], ['rules', 'add', '--json', '{"name":"n"}', '--db', 'x.db']],
    [['--db', 'x.db', 'rules', 'add', '--json', '{"name":"n"}'], ['rules', 'add', '--json', '{"name":"n"}', '--db', 'x.db']],
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

  test.each<[string, string[]]>([
    ['examples list', ['examples', 'list']],
    ['examples show', ['examples', 'show', 'e1']],
    ['runs list', ['runs', 'list']],
    ['rules list', ['rules', 'list']],
  ])('%s reads --db and --json before the command and between its words', async (_, words) => {
    const db = tmp.path('w.db');
    writeJsonl(tmp.path('d.jsonl'), [{ id: 'e1', text: 'refund my card', label: 'refund' }]);
    expect((await runCliAt(tmp.dir(), ['--db', db, 'import', 'd.jsonl', '--name', 'd', '--type', 'classification'])).code).toBe(0);
    const after = json(await runCliAt(tmp.dir(), [...words, '--json', '--db', db]));
    expect(json(await runCliAt(tmp.dir(), ['--db', db, '--json', ...words]))).toEqual(after);
    expect(json(await runCliAt(tmp.dir(), [words[0]!, '--db', db, '--json', ...words.slice(1)]))).toEqual(after);
  });

  test('top-level help lists the global options and the environment', async () => {
    const r = await runCliAt(tmp.dir(), ['--help']);
    expect(r.stdout).toMatch(/Options of every command \(before or after the command\)/);
    for (const v of ['RULEWRIGHT_DB', 'OPENAI_API_KEY', 'NO_COLOR', 'NO_PROGRESS']) expect(r.stdout).toContain(v);
  });

  test('help and the README name the model variables the code reads, in the same order', async () => {
    const help = (await runCliAt(tmp.dir(), ['--help'])).stdout;
    expect(help).toMatch(/RULEWRIGHT_MODEL +the model \(else \$OPENAI_MODEL, else gpt-4o-mini\)/);
    expect(help).toContain(DEFAULT_MODEL);
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    expect(readme).toMatch(/export RULEWRIGHT_MODEL=\S+ +# the model \(else \$OPENAI_MODEL, else gpt-4o-mini\)/);
  });
});

describe('hints quoted in messages repeat the workspace and dataset given', () => {
  test.each<[string, { db?: string; dataset?: string }, string]>([
    ['run `rulewright metrics` first', { db: 'w.db', dataset: 'd' }, 'run `rulewright metrics --db w.db --dataset d` first'],
    ['see `rulewright rules list --db w.db`', { db: 'w.db' }, 'see `rulewright rules list --db w.db`'],
    ['make one: `rulewright init --name NAME --type TYPE`', { db: 'my db.db', dataset: 'd' }, "make one: `rulewright init --name NAME --type TYPE --db 'my db.db'`"],
    ['nothing to add to `rulewright rules list`', {}, 'nothing to add to `rulewright rules list`'],
  ])('%j with %j', (message, where, want) => {
    expect(pasteable(message, where)).toBe(want);
  });

  test('argv names them wherever they are written', () => {
    expect(whereFromArgv(['rules', 'list', '--db', 'x.db', '--dataset=d'])).toEqual({ db: 'x.db', dataset: 'd' });
    expect(whereFromArgv(['extract', '--', '--db', 'x'])).toEqual({});
  });
});

describe('a pasted hint runs on the same workspace', () => {
  const tmp = useTempDir();

  test('the hint of a refused command, pasted as printed, finds the workspace', async () => {
    const db = tmp.path('w.db');
    await runCliAt(tmp.dir(), ['init', '--name', 'd', '--type', 'ner', '--db', db]);
    const shown = await runCliAt(tmp.dir(), ['rules', 'show', 'nope', '--db', db]);
    expect(shown.code).toBe(2);
    const hint = /`(rulewright [^`]*)`/.exec(shown.stderr)?.[1];
    expect(hint).toContain(`--db ${db}`);
    const again = await runCliAt(tmp.dir(), hint!.split(' ').slice(1));
    expect(again.code).toBe(0);
  });
});
