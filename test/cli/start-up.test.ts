import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { MANIFEST } from '../../scripts/bundle.js';
import { repoRoot } from '../helpers/shared.js';
import { useTempDir } from '../helpers/temp.js';
import { BIN, testEnv, writeJsonl } from './helpers.js';

/** A loader hook that names every ES module a process loads, on stderr. */
const HOOK = `data:text/javascript,${encodeURIComponent(`
import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent('export async function load(url, ctx, next) { process.stderr.write("LOADED " + url + "\\\\n"); return next(url, ctx); }'));
`)}`;

const BUNDLE = join(repoRoot, 'dist', 'bundle');

/** The source modules in each chunk of the bundle the binary runs, as the build recorded them. */
const chunks = (): Record<string, string[]> => JSON.parse(readFileSync(join(BUNDLE, MANIFEST), 'utf8')) as Record<string, string[]>;

/**
 * Runs the real binary and returns what it printed and the repo-relative paths of the modules it
 * loaded: each bundle chunk it loaded stands for the source modules it holds.
 */
function loaded(args: string[], cwd: string): { code: number | null; stdout: string; modules: string[]; files: string[] } {
  const r = spawnSync(process.execPath, ['--import', HOOK, BIN, ...args], { cwd, env: testEnv(), encoding: 'utf8' });
  const files = [...r.stderr.matchAll(/^LOADED file:\/\/(.*)$/gm)].map((m) => m[1]!);
  const inBundle = chunks();
  const modules = files.flatMap((f) => (dirname(f) === BUNDLE ? (inBundle[basename(f)] ?? [`unknown chunk ${f}`]) : [f.replace(`${repoRoot}/`, '')]));
  return { code: r.status, stdout: r.stdout, modules, files };
}

describe('start-up loads what the command needs', () => {
  test('the binary runs the bundle, whose chunks together hold the whole CLI', () => {
    const all = Object.values(chunks()).flat();
    expect(all).toEqual(expect.arrayContaining(['dist/src/cli/main.js', 'dist/src/service/workspace.js', 'dist/tui/jobs/worker.js', 'dist/src/service/pipeline-worker-thread.js', 'node_modules/zod/v4/classic/schemas.js']));
    expect(all.filter((m) => /node_modules\/(better-sqlite3|ink|react|openai|xregexp|recheck)\//.test(m))).toEqual([]);
  });

  const tmp = useTempDir();

  test('--version loads no command, no service, no schemas and no database driver', () => {
    const r = loaded(['--version'], tmp.dir());
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    expect(r.modules).toContain('dist/src/cli/main.js');
    expect(r.files.filter((f) => dirname(f) !== BUNDLE && !f.endsWith('/bin/rulewright.js'))).toEqual([]);
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
