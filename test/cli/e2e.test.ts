import { writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { useTempDir } from '../helpers/temp.js';
import { json, runBin, writeJsonl } from './helpers.js';

describe('the rulewright binary', () => {
  const tmp = useTempDir();

  test('prints help and exits 0', async () => {
    const r = await runBin(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Usage: rulewright[\s\S]*import/);
  });

  test('exits 2 on a usage error', async () => {
    const r = await runBin(['import']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^rulewright: missing required argument 'file'/);
  });

  test('init, import and stats --json in a fresh folder using ./rulewright.db', async () => {
    const cwd = tmp.dir();
    expect((await runBin(['init', '--name', 'intents', '--type', 'classification'], { cwd })).code).toBe(0);
    const file = writeJsonl(tmp.path('q.jsonl'), [
      { id: 'q1', text: 'I want my money back', label: 'refund' },
      { id: 'q2', text: 'hello there', label: 'greet' },
      { id: 'q3', text: 'refund please', label: 'refund', split: 'test' },
    ]);
    expect((await runBin(['import', file], { cwd })).code).toBe(0);
    const stats = json(await runBin(['stats', '--json'], { cwd }));
    expect(stats).toMatchObject({ dataset: 'intents', examples: 3, splits: { train: 2, dev: 0, test: 1 }, labels: { refund: 2, greet: 1 } });
  });

  test('a malformed row exits 2 naming FILE:LINE, and nothing is written', async () => {
    const db = tmp.path('w.db');
    await runBin(['init', '--name', 'n', '--type', 'ner', '--db', db]);
    const file = tmp.path('bad.jsonl');
    writeFileSync(file, '{"id":"a","text":"Ann","spans":[{"start":0,"end":3,"label":"PER"}]}\n{"id":"b","text":"Bo","spans":[{"start":0,"end":5,"label":"PER"}]}\n');
    const r = await runBin(['import', file, '--db', db]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^rulewright: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2: .+`));
    expect(json(await runBin(['stats', '--db', db, '--json'])).examples).toBe(0);
  });
});
