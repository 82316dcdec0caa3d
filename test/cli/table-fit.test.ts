import { stripVTControlCharacters } from 'node:util';
import { describe, expect, test } from 'vitest';
import { type Column, Output } from '../../src/cli/output.js';
import { useTempDir } from '../helpers/temp.js';
import { DEMO } from '../tui/harness.js';
import { DEMO_RULES } from '../tui/fixtures.js';
import { runCliAt, testEnv, writeJsonl } from './helpers.js';

/** What a table prints at a width (COLUMNS), a TTY width, or piped; `wide` as with --wide. */
function draw<R extends object>(rows: R[], columns: Column<R>[], io: { columns?: string; tty?: number; wide?: boolean } = {}): string[] {
  let text = '';
  const out = new Output({
    stdout: { write: (s: string) => (text += s), isTTY: io.tty !== undefined, columns: io.tty },
    stderr: { write: () => true },
    env: { NO_COLOR: '1', ...(io.columns ? { COLUMNS: io.columns } : {}) },
    cwd: '/',
  });
  out.wide = !!io.wide;
  out.table(rows, columns);
  return text.trimEnd().split('\n');
}

const ROWS = [
  { id: 'ind-7b57cf1e8a0c', name: 'disposable_card_limits <- "disposable"', label: 'disposable_card_limits', f1: 1, support: 12345, note: 'a long free-text note that can go' },
  { id: 'ind-00aa', name: 'short', label: 'refund', f1: 0.5, support: 3, note: '' },
];
const COLUMNS: Column<(typeof ROWS)[number]>[] = [
  { key: 'id' },
  { key: 'name', fit: 'narrow', cut: 'middle', min: 12 },
  { key: 'label', fit: 'keep' },
  { key: 'f1', header: 'F1', format: (v) => (v as number).toFixed(3), fit: 'keep' },
  { key: 'support' },
  { key: 'note', max: 20 },
];
const width = (lines: string[]) => Math.max(...lines.map((l) => stripVTControlCharacters(l).length));

describe('tables that fit the terminal', () => {
  test.each([[62], [80], [100]])('at COLUMNS=%d every line fits and the id, label and F1 stay whole', (w) => {
    const lines = draw(ROWS, COLUMNS, { columns: String(w) });
    expect(width(lines)).toBeLessThanOrEqual(w);
    expect(lines[1]).toContain('ind-7b57cf1e8a0c');
    expect(lines[1]).toContain('disposable_card_limits ');
    expect(lines[1]).toContain('1.000');
  });

  test('the least important columns go first, and a cut name keeps both ends', () => {
    const lines = draw(ROWS, COLUMNS, { columns: '70' });
    expect(lines[0]).not.toContain('note');
    expect(lines[0]).toContain('support');
    expect(lines[1]).toMatch(/dispos\S*…\S*able"/);
  });

  test('the terminal width counts when COLUMNS is not set', () => {
    expect(width(draw(ROWS, COLUMNS, { tty: 60 }))).toBeLessThanOrEqual(60);
  });

  test('piped output and --wide keep every cell whole, capped ones too', () => {
    const piped = draw(ROWS, COLUMNS);
    expect(piped[1]).toContain('disposable_card_limits <- "disposable"');
    expect(piped[1]).toContain('12,345');
    expect(piped[1]).toContain('a long free-text note that can go');
    expect(draw(ROWS, COLUMNS, { columns: '60', wide: true })[1]).toContain('a long free-text note that can go');
  });

  test('a capped cell gets back the width the table leaves unused', () => {
    const lines = draw(ROWS, COLUMNS, { columns: '200' });
    expect(lines[1]).toContain('a long free-text note that can go');
  });

  test.each([
    ['a drop order goes before position', [{ key: 'id' }, { key: 'support', dropOrder: 1 }, { key: 'note' }], ['id', 'note']],
    ['without one, the rightmost goes first', [{ key: 'id' }, { key: 'support' }, { key: 'note' }], ['id', 'support']],
  ] as const)('%s', (_what, columns, kept) => {
    const [head] = draw(ROWS, columns as unknown as Column<(typeof ROWS)[number]>[], { columns: '30' });
    expect(head!.split(/\s+/)).toEqual(kept);
  });
});

describe('the demo intents at a terminal width', () => {
  const tmp = useTempDir();
  const LONG = 'card_arrival <- "still waiting" | "hasn\'t arrived" | "come in the mail"';

  async function demo(): Promise<(args: string[], env?: NodeJS.ProcessEnv) => Promise<{ code: number; stdout: string }>> {
    const db = tmp.path('w.db');
    const run = (args: string[], env = testEnv()) => runCliAt(tmp.dir(), [...args, '--db', db], env);
    expect((await run(['import', DEMO, '--name', 'bank'])).code).toBe(0);
    expect((await run(['split', '--dev', '0.3', '--test', '0.2', '--seed', '42'])).code).toBe(0);
    for (const r of DEMO_RULES) {
      const name = r.id === 'card-arrival' ? LONG : r.name;
      expect((await run(['rules', 'add', '--id', r.id, '--name', name, '--pattern', r.pattern, '--label', r.label, '--flags', 'i'])).code).toBe(0);
    }
    return run;
  }

  test('metrics at 80 columns keeps the figures the terminal UI keeps: TP, FP, P, label F1 and marginal', async () => {
    const run = await demo();
    const r = await run(['metrics'], testEnv({ COLUMNS: '80' }));
    const lines = r.stdout.split('\n');
    const head = lines.find((l) => l.startsWith('id '))!.split(/\s{2,}/);
    expect(head, r.stdout).toEqual(['id', 'name', 'label', 'tp', 'fp', 'P', 'label F1', 'marginal', 'flags']);
    const at = lines.findIndex((l) => l.startsWith('id '));
    const table = lines.slice(at, lines.indexOf('', at));
    expect(table).toHaveLength(DEMO_RULES.length + 1);
    expect(width(table)).toBeLessThanOrEqual(80);
  });

  test("eval's confusion matrix of 5 classes fits 80 columns, numbered with a legend", async () => {
    const run = await demo();
    const r = await run(['eval'], testEnv({ COLUMNS: '80' }));
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    const start = lines.indexOf('confusion (rows gold, columns predicted); columns numbered:');
    expect(start).toBeGreaterThan(0);
    const matrix = lines.slice(start, lines.indexOf('', start));
    expect(matrix.length).toBeGreaterThanOrEqual(8);
    expect(width(matrix)).toBeLessThanOrEqual(80);
    expect(r.stdout).toMatch(/^\s+1\s+2\s+3\s+4\s+5\s+6$/m);
    expect(r.stdout).toMatch(/^2 card_arrival\s+0\s+\d+/m);
    expect(r.stdout).toContain('1 beneficiary_not_allowed · 2 card_arrival');
    expect(r.stdout).toContain('6 (abstain)');
    // Wide enough, the labels head the columns.
    expect((await run(['eval'], testEnv({ COLUMNS: '200' }))).stdout).toMatch(/^\s+beneficiary_n…\s+card_arrival\s+/m);
  });

  test('piped rules list keeps names, labels and patterns whole; at 200 columns spare width goes to the cut ones', async () => {
    const run = await demo();
    const piped = (await run(['rules', 'list'])).stdout;
    expect(piped).toContain(LONG);
    expect(piped).toContain(DEMO_RULES[0].pattern);
    expect(piped).toContain('pending_cash_withdrawal');
    const wide = (await run(['rules', 'list'], testEnv({ COLUMNS: '200' }))).stdout.split('\n');
    expect(wide.join('\n')).toContain(LONG);
    expect(width(wide)).toBeLessThanOrEqual(200);
    const narrow = (await run(['rules', 'list'], testEnv({ COLUMNS: '100' }))).stdout.split('\n');
    // Cut names and patterns use the whole width.
    expect(width(narrow)).toBe(100);
  });
});

describe('metrics, rank and rules list at 80 and 120 columns', () => {
  const tmp = useTempDir();

  test.each(['80', '120'])('COLUMNS=%s', async (columns) => {
    const labels = ['card_arrival', 'exchange_rate', 'pending_cash_withdrawal'];
    const words = ['arrive', 'rate', 'withdrawal'];
    writeJsonl(
      tmp.path('d.jsonl'),
      Array.from({ length: 30 }, (_, i) => ({ id: `e${i}`, text: `when will my ${words[i % 3]} thing ${i} show`, label: labels[i % 3], split: i % 5 === 0 ? 'dev' : 'train' })),
    );
    const db = tmp.path('w.db');
    const run = (args: string[], env = testEnv()) => runCliAt(tmp.dir(), [...args, '--db', db], env);
    expect((await run(['import', 'd.jsonl', '--name', 'bank', '--type', 'classification'])).code).toBe(0);
    for (const [i, w] of words.entries()) {
      const id = `ind-${'7b57cf1e8a0c'.slice(i)}${i}`;
      expect((await run(['rules', 'add', '--id', id, '--name', `${labels[i]} <- "${w}*"`, '--pattern', `\\b${w}`, '--label', labels[i]!])).code).toBe(0);
    }
    const env = testEnv({ COLUMNS: columns });
    const shown: string[] = [];
    for (const cmd of [['metrics'], ['rank'], ['rules', 'list']]) {
      const r = await run(cmd, env);
      expect(r.code).toBe(0);
      // The table only: the lines around it carry timings and run numbers.
      const table = r.stdout.split('\n').filter((l) => /^\s*(id|rank|ind-|\d+\s+ind-)/.test(l));
      expect(width(table)).toBeLessThanOrEqual(Number(columns));
      shown.push(`$ rulewright ${cmd.join(' ')}`, ...table);
    }
    expect(shown.join('\n')).toMatchSnapshot();
  });
});
