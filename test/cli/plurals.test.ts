import { describe, expect, test } from 'vitest';
import { useTempDir } from '../helpers/temp.js';
import { runCliAt, testEnv, writeJsonl } from './helpers.js';

describe('counts of one read as one', () => {
  const tmp = useTempDir();

  test('a dataset of one example with one rule: no "1 examples", "1 labels" or "1 rules"', async () => {
    writeJsonl(tmp.path('d.jsonl'), [{ id: 'q1', text: 'refund my order', label: 'refund' }]);
    const run = async (...args: string[]) => {
      const r = await runCliAt(tmp.dir(), [...args, '--db', tmp.path('w.db')], testEnv());
      expect(r.code, r.stderr).toBe(0);
      return r.stdout;
    };
    await run('import', 'd.jsonl', '--name', 'one');
    await run('rules', 'add', '--name', 'refund', '--pattern', 'refund', '--label', 'refund');
    const said = [
      await run('stats'),
      await run('examples', 'list'),
      await run('export', 'out.jsonl'),
      await run('rules', 'export', 'rules.json'),
      await run('metrics'),
    ].join('\n');
    expect(said).toContain('one (classification): 1 example, 1 label');
    expect(said).toContain('Exported 1 example of one');
    expect(said).toContain('Wrote 1 rule (1 active)');
    expect(said).not.toMatch(/\b1 (examples|labels|rules|spans|corrections)\b/);
  });
});
