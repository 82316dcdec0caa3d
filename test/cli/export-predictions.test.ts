import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { cardWorkspace, EVAL_ROWS } from '../helpers/fixtures.js';
import { useTempDir } from '../helpers/temp.js';
import { json, runCli } from './helpers.js';

describe('export --predictions', () => {
  const tmp = useTempDir();
  const setup = () => {
    const db = tmp.path('w.db');
    cardWorkspace(db, EVAL_ROWS).close();
    return (...args: string[]) => runCli([...args, '--db', db], { cwd: tmp.dir() });
  };

  test.each([
    ['labelstudio', 'review.json'],
    ['doccano', 'review.jsonl'],
  ])('writes the rules\' predictions for %s, one entry per example', async (format, name) => {
    const cli = setup();
    const r = json<{ file: string; examples: number; with_output: number; format: string }>(await cli('export', name, '--predictions', '--format', format, '--json'));
    expect(r).toMatchObject({ file: tmp.path(name), examples: EVAL_ROWS.length, format });
    expect(r.with_output).toBeGreaterThan(0);
    const text = readFileSync(r.file, 'utf8');
    const entries = format === 'labelstudio' ? (JSON.parse(text) as unknown[]) : text.trim().split('\n');
    expect(entries).toHaveLength(EVAL_ROWS.length);
    expect(text).toContain('refund my order');
  });

  test.each([
    [['--format', 'labelstudio'], 'add --predictions'],
    [['--predictions'], '--predictions needs --format labelstudio or --format doccano'],
    [['--predictions', '--format', 'csv'], '--predictions needs --format labelstudio'],
  ])('refuses %j with a hint', async (args, message) => {
    const cli = setup();
    const run = await cli('export', 'out.json', ...args);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });
});
