import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { useTempDir } from '../helpers/temp.js';
import { runBin, runCliAt, writeJsonl } from './helpers.js';

const ROWS = [
  ...['I want a refund', 'refund my order please', 'how do I get a refund'].map((text, i) => ({ id: `r${i}`, text, label: 'refund', split: 'train' })),
  ...['hello there', 'hi team', 'hello friends'].map((text, i) => ({ id: `g${i}`, text, label: 'greet', split: 'train' })),
  { id: 'dr', text: 'a refund now', label: 'refund', split: 'dev' },
  { id: 'dg', text: 'hello <b>you</b>', label: 'greet', split: 'dev' },
  { id: 'dx', text: 'refund hello', label: 'greet', split: 'dev' },
];

describe('rulewright report', () => {
  const tmp = useTempDir();

  async function setup(): Promise<string[]> {
    const db = ['--db', tmp.path('w.db')];
    writeJsonl(tmp.path('rows.jsonl'), ROWS);
    for (const args of [
      ['init', '--name', 'intents', '--type', 'classification'],
      ['import', tmp.path('rows.jsonl')],
      ['rules', 'add', '--name', 'refund', '--pattern', '\\brefund\\b', '--label', 'refund', '--flags', 'i'],
      ['rules', 'add', '--name', 'hello', '--pattern', '\\b(?:hello|hi)\\b', '--label', 'greet', '--flags', 'i'],
    ]) {
      const r = await runCliAt(tmp.dir(), [...args, ...db]);
      expect(r.code, r.stderr).toBe(0);
    }
    return db;
  }

  test('writes the HTML file and prints where it went (--json)', async () => {
    const db = await setup();
    // Through the real binary once: --out resolves against the folder the shell is in.
    const r = await runBin(['report', '--out', 'out/report.html', '--json', ...db], { cwd: tmp.dir() });
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(j.file).toBe(tmp.path('out/report.html'));
    expect(j).toMatchObject({ dataset: 'intents', split: 'dev', rules_split: 'dev', rules: 2, measured: 2, learn_run_id: null });
    expect(typeof j.elapsed_ms).toBe('number');
    const html = readFileSync(tmp.path('out/report.html'), 'utf8');
    expect(html).toContain('data-plot="precision-support"');
    // In a card (the cards are markup in a JSON block, opened on demand), escaped.
    expect(html).toContain('&lt;b&gt;you&lt;/b&gt;');
    expect(html).not.toContain('<b>you</b>');
  });

  test('says what it wrote, for people', async () => {
    const db = await setup();
    const r = await runCliAt(tmp.dir(), ['report', '--out', 'r.html', '--split', 'all', '--samples', '2', ...db]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Wrote .*r\.html \(\d+ KiB, \d+ ms\)/);
    expect(r.stdout).toMatch(/intents: F1 [\d.]+ \(macro [\d.]+\) on all \(9 examples\); 2 rules, 2 measured on all/);
    expect(r.stdout).toContain('(no learning run yet)');
  });

  test.each([
    [['report'], /required option '--out <file>'/],
    [['report', '--out', 'r.html', '--split', 'nope'], /--split <split>' argument 'nope' is invalid/],
    [['report', '--out', 'r.html', '--samples', 'many'], /--samples must be a whole number/],
  ])('rejects bad usage with exit 2: %j', async (args, message) => {
    const db = await setup();
    const r = await runCliAt(tmp.dir(), [...args, ...db]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(existsSync(tmp.path('r.html'))).toBe(false);
  });

  test('fails with exit 2 and a hint on a split the dataset does not have', async () => {
    const db = await setup();
    const r = await runCliAt(tmp.dir(), ['report', '--out', 'r.html', '--split', 'test', ...db]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no test examples/);
  });
});
