import { describe, expect, test } from 'vitest';
import { useTempDir } from '../helpers/temp.js';
import { json, runCli, testEnv } from './helpers.js';

describe('main', () => {
  const tmp = useTempDir();

  test.each([
    [['--help'], 0, /Usage: rulewright/],
    [['--version'], 0, /^\d+\.\d+\.\d+/],
    [['stats', '--help'], 0, /--db <path>[\s\S]*--dataset <name>[\s\S]*--json/],
    [['examples', 'list', '--help'], 0, /--limit/],
    [['help', 'rules'], 0, /^Usage: rulewright rules \[options\] \[command\]/],
    [['help', 'rules', 'list'], 0, /^Usage: rulewright rules list \[options\]/],
    [['help', 'examples', 'list'], 0, /--limit/],
  ])('%j prints help or version on stdout and exits 0', async (args, code, out) => {
    const r = await runCli(args);
    expect(r.code).toBe(code);
    expect(r.stdout).toMatch(out);
  });

  test.each([
    [['frobnicate'], /unknown command 'frobnicate'/],
    [['stats', '--bogus'], /unknown option '--bogus'/],
    [['import'], /missing required argument 'file'/],
    [['init', '--name', 'x'], /required option '--type <type>'/],
    [['init', '--name', 'x', '--type', 'regex'], /argument 'regex' is invalid/],
    [['split', '--dev', 'half'], /--dev must be a fraction/],
    [['examples', 'list', '--limit', '-3'], /--limit must be a whole number/],
    [['import', 'x.jsonl', '--type', 'ner'], /--type describes a new dataset: pass it with --name NAME/],
    [[], /Usage: rulewright/],
  ])('usage error %j exits 2 with a message on stderr', async (args, message) => {
    const r = await runCli(args, { cwd: tmp.dir() });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });

  test('a RulewrightError is printed as "rulewright: <message>" with its exit code', async () => {
    const r = await runCli(['stats'], { cwd: tmp.dir() });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^rulewright: no workspace at .*rulewright\.db: create one with `rulewright init/);
  });

  test('a workspace that is not SQLite fails with exit 1', async () => {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(tmp.path('junk.db'), 'x'.repeat(4096));
    const r = await runCli(['datasets', '--db', tmp.path('junk.db')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^rulewright: .*not a rulewright workspace/);
  });

  test('--db, RULEWRIGHT_DB and ./rulewright.db choose the workspace in that order', async () => {
    const cwd = tmp.dir();
    await runCli(['init', '--name', 'here', '--type', 'ner'], { cwd });
    await runCli(['init', '--name', 'env', '--type', 'ner'], { cwd, env: testEnv({ RULEWRIGHT_DB: tmp.path('env.db') }) });
    await runCli(['init', '--name', 'flag', '--type', 'ner', '--db', 'flag.db'], { cwd, env: testEnv({ RULEWRIGHT_DB: tmp.path('env.db') }) });
    const names = async (args: string[], env?: NodeJS.ProcessEnv) =>
      json<{ datasets: { name: string }[] }>(await runCli(['datasets', '--json', ...args], { cwd, ...(env ? { env } : {}) })).datasets.map((d) => d.name);
    expect(await names([])).toEqual(['here']);
    expect(await names([], testEnv({ RULEWRIGHT_DB: tmp.path('env.db') }))).toEqual(['env']);
    expect(await names(['--db', tmp.path('flag.db')])).toEqual(['flag']);
  });

  test('human output has no colour codes under NO_COLOR and colour with FORCE_COLOR', async () => {
    const cwd = tmp.dir();
    await runCli(['init', '--name', 'x', '--type', 'ner'], { cwd });
    const plain = await runCli(['datasets'], { cwd });
    expect(plain.stdout).toMatch(/^name\s+type\s+examples/);
    expect(plain.stdout).not.toContain('\u001b[');
    const env = testEnv({ FORCE_COLOR: '1' });
    delete env.NO_COLOR;
    expect((await runCli(['datasets'], { cwd, env })).stdout).toContain('\u001b[1m');
  });
});
