import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { Rule } from '../../src/core/schemas/rule.js';
import { exportedWorkspace } from '../helpers/python.js';
import { useTempDir } from '../helpers/temp.js';
import { runCli } from './helpers.js';

const rules = [
  Rule.parse({ id: 'r-ok', name: 'years', format: 'regex', pattern: '\\d{4}', output: { label: 'DATE' } }),
  Rule.parse({ id: 'r-ctl', name: 'control', format: 'regex', pattern: '\\cA', output: { label: 'X' } }),
];

describe('rules export --for python', () => {
  const tmp = useTempDir();

  test('writes the runtime file and names each refused rule with its reason', async () => {
    const { cli, file, exported } = await exportedWorkspace(tmp, { type: 'ner', rules });
    expect(exported).toMatchObject({ rules: 1, refused: [{ id: 'r-ctl', name: 'control' }] });
    const written = JSON.parse(readFileSync(file, 'utf8')) as { rulewright_python: number; rules: { id: string }[] };
    expect(written.rulewright_python).toBe(1);
    expect(written.rules.map((r) => r.id)).toEqual(['r-ok']);
    const human = await cli('rules', 'export', tmp.path('again.json'), '--for', 'python');
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/Wrote 1 rule .* in python format/);
    expect(human.stdout).toContain('refused r-ctl (control): ');
  });

  test.each([
    ['--format', 'rulechef'],
    ['--status', 'active'],
  ])('with %s is a usage error and writes nothing', async (flag, value) => {
    const { cli } = await exportedWorkspace(tmp, { type: 'ner', rules });
    const r = await cli('rules', 'export', tmp.path('x.json'), '--for', 'python', flag, value);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--for python');
    expect(() => readFileSync(tmp.path('x.json'))).toThrow();
  });

  test('its help shows an example', async () => {
    const r = await runCli(['rules', 'export', '--help']);
    expect(r.stdout).toContain('rulewright rules export rules/ner.python.json --for python');
  });
});
