import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../helpers/shared.js';
import { useTempDir } from '../helpers/temp.js';

describe('npm run demo', () => {
  const tmp = useTempDir();

  test('imports the bundled dataset into ./demo and prints stats, with no API key', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
    delete env.OPENAI_API_KEY;
    delete env.OPENAI_BASE_URL;
    const r = spawnSync(process.execPath, [join(repoRoot, 'dist/scripts/demo.js')], { cwd: tmp.dir(), env, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/Imported 500 examples into banking77/);
    expect(r.stdout).toMatch(/banking77 \(classification\): 500 examples, 5 labels/);
    expect(r.stdout).toMatch(/train\s+240\s+0\ndev\s+60\s+0\ntest\s+200\s+0/);
    expect(existsSync(tmp.path('demo/rulewright.db'))).toBe(true);
  });
});
