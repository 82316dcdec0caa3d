import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { main } from '../../src/cli/main.js';
import { useTempDir } from '../helpers/temp.js';
import { BIN, type CliRun, json, runCliAt, testEnv } from './helpers.js';

const ROWS = [
  { id: 'e1', text: 'refund my card', label: 'refund' },
  { id: 'e2', text: 'where is my card', label: 'track' },
];
const JSONL = ROWS.map((r) => JSON.stringify(r)).join('\n') + '\n';

/** Runs `main` in `cwd` with `input` on stdin. */
async function withInput(cwd: string, args: string[], input: string): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const back = process.cwd();
  process.chdir(cwd);
  try {
    const code = await main(args, {
      stdout: { write: (s: string) => (stdout += s) },
      stderr: { write: (s: string) => (stderr += s) },
      stdin: Readable.from([input]),
      env: testEnv(),
      cwd,
    });
    return { code, stdout, stderr };
  } finally {
    process.chdir(back);
  }
}

describe('- means stdin or stdout', () => {
  const tmp = useTempDir();
  const db = () => tmp.path('w.db');

  test('import - reads the examples from stdin', async () => {
    const r = await withInput(tmp.dir(), ['import', '-', '--name', 'd', '--type', 'classification', '--db', db(), '--json'], JSONL);
    expect(json(r)).toMatchObject({ imported: 2, file: '-' });
    expect(existsSync(tmp.path('-'))).toBe(false);
  });

  test('import - names stdin in a bad line error', async () => {
    const r = await withInput(tmp.dir(), ['import', '-', '--name', 'd', '--type', 'classification', '--db', db()], `${JSONL}{"id": "e3", "text": 5}\n`);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/stdin:3/);
    expect(r.stderr).not.toMatch(/rulewright-std-/);
  });

  test('export - and rules export - write to stdout; rules import - reads them back', async () => {
    expect((await withInput(tmp.dir(), ['import', '-', '--name', 'd', '--type', 'classification', '--db', db()], JSONL)).code).toBe(0);
    const exported = await runCliAt(tmp.dir(), ['export', '-', '--db', db()]);
    expect(exported.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { id: string }).id)).toEqual(['e1', 'e2']);
    expect((await runCliAt(tmp.dir(), ['rules', 'add', '--id', 'r1', '--name', 'refund', '--pattern', '\\brefund\\b', '--label', 'refund', '--db', db()])).code).toBe(0);
    const rules = await runCliAt(tmp.dir(), ['rules', 'export', '-', '--db', db()]);
    expect(rules.stdout).toContain('"r1"');
    expect((await runCliAt(tmp.dir(), ['rules', 'delete', 'r1', '--db', db()])).code).toBe(0);
    const back = await withInput(tmp.dir(), ['rules', 'import', '-', '--replace', '--db', db(), '--json'], rules.stdout);
    expect(back.code).toBe(0);
    expect(json(await runCliAt(tmp.dir(), ['rules', 'list', '--json', '--db', db()]))).toMatchObject({ rules: [{ id: 'r1' }] });
  });

  test('report --out - writes the HTML alone to stdout, and no file named -', async () => {
    expect((await withInput(tmp.dir(), ['import', '-', '--name', 'd', '--type', 'classification', '--db', db()], JSONL)).code).toBe(0);
    const r = await runCliAt(tmp.dir(), ['report', '--out', '-', '--db', db()]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^<!doctype html>/i);
    expect(r.stdout.trimEnd()).toMatch(/<\/html>$/i);
    expect(existsSync(tmp.path('-'))).toBe(false);
    expect((await runCliAt(tmp.dir(), ['report', '--out', '-', '--json', '--db', db()])).code).toBe(2);
  });

  test('the real binary reads import - from its stdin', async () => {
    const child = spawn(process.execPath, [BIN, 'import', '-', '--name', 'd', '--type', 'classification', '--db', db(), '--json'], { cwd: tmp.dir(), env: testEnv() });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stdin.end(JSONL);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ imported: 2 });
  });
});
