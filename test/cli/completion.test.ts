import { chmodSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { Command } from 'commander';
import { describe, expect, test } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { CliContext } from '../../src/cli/context.js';
import { useTempDir } from '../helpers/temp.js';
import { BIN, runBin, runCliAt, testEnv, writeJsonl } from './helpers.js';

/** Every command path people type (`rules show`, `eval`, …), as `--help` lists them. */
async function commandPaths(): Promise<string[][]> {
  const program = new Command('rulewright');
  const ctx = new CliContext({ stdout: { write: () => true }, stderr: { write: () => true }, env: {}, cwd: process.cwd() });
  for (const c of COMMANDS) (await c.load()).register(program, ctx);
  const paths: string[][] = [];
  const walk = (cmd: Command, path: string[]) => {
    for (const sub of cmd.commands) {
      if (sub.name().startsWith('__')) continue;
      paths.push([...path, sub.name()]);
      walk(sub, [...path, sub.name()]);
    }
  };
  walk(program, []);
  return paths;
}

describe('shell completion', () => {
  const tmp = useTempDir();

  async function workspace(): Promise<string> {
    writeJsonl(tmp.path('d.jsonl'), [{ id: 'e1', text: 'refund my card', label: 'refund' }]);
    const run = (...args: string[]) => runCliAt(tmp.dir(), [...args, '--db', 'w.db']);
    expect((await run('import', 'd.jsonl', '--name', 'support', '--type', 'classification')).code).toBe(0);
    expect((await run('rules', 'add', '--id', 'ind-7b57cf1e8a', '--name', 'refund', '--pattern', 'refund', '--label', 'refund')).code).toBe(0);
    return tmp.dir();
  }

  const complete = async (words: string[]) => {
    const r = await runCliAt(tmp.dir(), ['__complete', '--', 'rulewright', ...words]);
    expect(r.code).toBe(0);
    return r.stdout.trim().split('\n');
  };

  test.each<[string[], string[]]>([
    [[], ['init', 'rules', 'eval', 'completion']],
    [['rules'], ['list', 'show', 'disable']],
    [['eval'], ['--split', '--mode', '--db', '--json']],
    [['eval', '--mode'], ['text', 'exact', 'overlap']],
    [['completion'], ['bash', 'zsh', 'fish']],
    [['--db', 'w.db', 'metrics', '--dataset'], ['support']],
    [['rules', 'show', '--db', 'w.db'], ['ind-7b57cf1e8a']],
    [['feedback', '--db', 'w.db', '--rule'], ['ind-7b57cf1e8a']],
    [['--db', 'w.db', '--dataset'], ['support']],
    [['use', '--db', 'w.db'], ['support', '--json']],
  ])('after %j it offers %j', async (words, want) => {
    await workspace();
    expect(await complete(words)).toEqual(expect.arrayContaining(want));
  });

  test('the hidden helper is not offered, and a missing workspace offers nothing', async () => {
    expect(await complete([])).not.toContain('__complete');
    expect(await complete(['--db', 'none.db', 'eval', '--dataset'])).toEqual(['']);
  });

  test('the bash script completes commands and rule ids through the real binary', async () => {
    const dir = await workspace();
    const shim = tmp.path('rulewright');
    writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    chmodSync(shim, 0o755);
    const script = (await runBin(['completion', 'bash'])).stdout;
    const complete = (line: string) =>
      execFileSync('bash', ['-c', `${script}\nCOMP_WORDS=(${line}); COMP_CWORD=$((\${#COMP_WORDS[@]}-1)); _rulewright; printf '%s\\n' "\${COMPREPLY[@]}"`], {
        cwd: dir,
        env: testEnv({ PATH: `${dir}:${process.env.PATH}` }),
        encoding: 'utf8',
      }).trim().split('\n');
    expect(complete('rulewright ru')).toEqual(['rules', 'runs']);
    expect(complete("rulewright rules show --db w.db ''")).toContain('ind-7b57cf1e8a');
    expect(complete("rulewright --db w.db --dataset ''")).toEqual(['support']);
    expect(complete("rulewright import ''")).toEqual(expect.arrayContaining(['--split', 'd.jsonl']));
    expect(complete('rulewright import d.')).toEqual(['d.jsonl']);
    expect(complete('rulewright import --sp')).toEqual(['--split', '--spans']);
    expect(complete("rulewright import d.jsonl ''")).not.toContain('d.jsonl');
  });

  test('only the bash script is told where a file goes; the others complete files themselves', async () => {
    expect(await complete(['import'])).not.toContain(':files');
    const marked = await runCliAt(tmp.dir(), ['__complete', '--mark-files', '--', 'rulewright', 'import']);
    expect(marked.stdout.split('\n')).toContain(':files');
  });

  test.each(['zsh', 'fish'])('completion %s prints a script that asks __complete', async (shell) => {
    const r = await runCliAt(tmp.dir(), ['completion', shell]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('rulewright __complete --');
  });

  test('an unknown shell is a usage error naming the shells', async () => {
    const r = await runCliAt(tmp.dir(), ['completion', 'tcsh']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('bash, zsh, fish');
  });

  test.each(['-v', '-V', '--version'])('%s prints the version', async (flag) => {
    const r = await runCliAt(tmp.dir(), [flag]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  test('every command has an Examples section in its --help', async () => {
    const missing: string[] = [];
    for (const path of await commandPaths()) {
      const r = await runCliAt(tmp.dir(), [...path, '--help']);
      if ((r.stdout.match(/\nExamples:\n {2}\S/g) ?? []).length !== 1) missing.push(path.join(' '));
    }
    expect(missing).toEqual([]);
  });
});
