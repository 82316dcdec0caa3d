import { writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { useTempDir } from '../../helpers/temp.js';
import { runCliAt, succeeding } from '../helpers.js';

describe('rules import output', () => {
  const tmp = useTempDir();

  test('a megabyte rule name in the file is echoed by its first 200 characters', async () => {
    const dir = tmp.dir();
    const cli = succeeding((...args: string[]) => runCliAt(dir, [...args, '--db', 'w.db']));
    await cli('init', '--name', 'd', '--type', 'classification');
    const huge = 'n'.repeat(1_000_000);
    writeFileSync(
      `${dir}/r.json`,
      JSON.stringify([{ name: huge, content: '(a+)+$', format: 'regex', output_template: { label: 'card' } }]),
    );
    const r = await cli('rules', 'import', 'r.json');
    expect(r.stdout.length).toBeLessThan(3000);
    expect(r.stdout).toMatch(/\(n{190,200}… \(\d{6} more characters\)/);
    expect(r.stdout).toContain('rejected, kept with status rejected');
  });
});
