import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { repoRoot } from '../helpers/shared.js';
import { useTempDir } from '../helpers/temp.js';
import { BIN, testEnv, writeJsonl } from './helpers.js';

/** A loader hook that names every ES module a process loads, on stderr. */
const HOOK = `data:text/javascript,${encodeURIComponent(`
import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent('export async function load(url, ctx, next) { process.stderr.write("LOADED " + url + "\\\\n"); return next(url, ctx); }'));
`)}`;

/** Runs the real binary and returns what it printed and the repo-relative paths of the modules it loaded. */
function loaded(args: string[], cwd: string): { code: number | null; stdout: string; modules: string[] } {
  const r = spawnSync(process.execPath, ['--import', HOOK, BIN, ...args], { cwd, env: testEnv(), encoding: 'utf8' });
  const modules = [...r.stderr.matchAll(/^LOADED file:\/\/(.*)$/gm)].map((m) => m[1]!.replace(`${repoRoot}/`, ''));
  return { code: r.status, stdout: r.stdout, modules };
}

describe('start-up loads what the command needs', () => {
  const tmp = useTempDir();

  test('--version loads no command, no service, no schemas and no database driver', () => {
    const r = loaded(['--version'], tmp.dir());
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    expect(r.modules).toContain('dist/src/cli/main.js');
    expect(r.modules.filter((m) => /^dist\/src\/(service|store|core\/schemas)\/|^dist\/src\/cli\/commands\/(?!index\.js)|node_modules\/(zod|better-sqlite3)\//.test(m))).toEqual([]);
  });

  test('--help still lists every command', () => {
    const r = loaded(['--help'], tmp.dir());
    expect(r.code).toBe(0);
    for (const c of COMMANDS) expect(r.stdout).toMatch(new RegExp(`^  ${c.name}\\b`, 'm'));
  });

  test('extract --rules runs without loading the workspace layer', () => {
    const file = tmp.path('ruleset.json');
    writeFileSync(file, JSON.stringify([{ name: 'year', content: '\\b\\d{4}\\b', output_template: { text: '$0', type: 'YEAR' }, output_key: 'entities' }]));
    const input = writeJsonl(tmp.path('in.jsonl'), [{ id: 'a', text: 'born in 1970' }]);
    const r = loaded(['extract', '--rules', file, '--input', input], tmp.dir());
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).spans).toEqual([expect.objectContaining({ start: 8, end: 12, label: 'YEAR' })]);
    expect(r.modules).toContain('dist/src/service/extract.js');
    expect(r.modules.filter((m) => /^dist\/src\/(service\/(workspace|pipeline)|learn\/|report\/)/.test(m))).toEqual([]);
  });
});
