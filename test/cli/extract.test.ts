import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { shared, sharedMissing } from '../helpers/shared.js';
import { useTempDir } from '../helpers/temp.js';
import { BIN, type CliRun, json, runBin, runCli, testEnv } from './helpers.js';

/** Runs the real binary with `input` on its stdin. */
function runWithStdin(args: string[], input: string, cwd: string): Promise<CliRun & { ms: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: testEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr, ms: performance.now() - t0 }));
    child.stdin.end(input);
  });
}

const lines = (s: string) => s.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
const tpl = (type: string) => ({ text: '$0', type, start: '$start', end: '$end' });

describe('extract', () => {
  const tmp = useTempDir();

  test('--rules FILE runs a ruleset with no workspace: spans with rule ids, plain-text lines, no db file', async () => {
    writeFileSync(tmp.path('rules.json'), JSON.stringify({ rules: [{ name: 'per', content: 'Ann|Bob', output_template: tpl('PER'), output_key: 'entities' }] }));
    const r = await runWithStdin(['extract', '--rules', 'rules.json'], '{"id": "a", "text": "Ann met Bob"}\nBob alone\n\n', tmp.dir());
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(lines(r.stdout)).toEqual([
      { id: 'a', line: 1, spans: [{ start: 0, end: 3, label: 'PER', text: 'Ann', rule_id: expect.stringMatching(/^r-/) }, { start: 8, end: 11, label: 'PER', text: 'Bob', rule_id: expect.stringMatching(/^r-/) }] },
      { line: 2, spans: [{ start: 0, end: 3, label: 'PER', text: 'Bob', rule_id: expect.stringMatching(/^r-/) }] },
    ]);
    expect(readdirSync(tmp.dir()).sort()).toEqual(['rules.json']);
  });

  test('a catastrophic rule kept with --allow-flagged is stopped within its budget and reported; the other rules still output', async () => {
    writeFileSync(
      tmp.path('rules.json'),
      JSON.stringify({ rules: [{ name: 'evil', content: '(a+)+$', output_template: tpl('EVIL') }, { name: 'bang', content: '!', output_template: tpl('BANG') }] }),
    );
    await runCli(['init', '--name', 'd', '--type', 'ner', '--db', tmp.path('w.db')]);
    const imp = json<{ flagged: { name: string; problems: { code: string }[] }[] }>(await runCli(['rules', 'import', tmp.path('rules.json'), '--db', tmp.path('w.db'), '--json', '--allow-flagged']));
    expect(imp.flagged).toEqual([expect.objectContaining({ name: 'evil', problems: [expect.objectContaining({ code: 'redos' })] })]);
    const input = `${JSON.stringify({ id: 'long-doc', text: `${'a'.repeat(10_000)}!` })}\n{"id": "short", "text": "aaa"}\n`;
    for (const args of [['--db', tmp.path('w.db')], ['--rules', 'rules.json', '--allow-flagged']]) {
      const r = await runWithStdin(['extract', ...args], input, tmp.dir());
      expect(r.code).toBe(0);
      // process start-up and compiling included; the budget is 100 ms per rule and document
      expect(r.ms).toBeLessThan(5000);
      expect(r.stderr).toMatch(/^rulewright: warning: stdin:1 \(long-doc\): rule r-\w+ exceeded its 100 ms budget and was stopped after \d+ ms; its matches in this document were dropped\n$/);
      const out = lines(r.stdout);
      expect(out[0]).toEqual({ id: 'long-doc', line: 1, spans: [expect.objectContaining({ start: 10_000, end: 10_001, label: 'BANG' })] });
      expect(out[1]).toEqual({ id: 'short', line: 2, spans: [expect.objectContaining({ start: 0, end: 3, label: 'EVIL' })] });
    }
  });

  test('without --rules the workspace dataset runs as its task; a bad line stops at stdin:LINE after the lines before it', async () => {
    const db = tmp.path('w.db');
    await runCli(['init', '--name', 'd', '--type', 'classification', '--db', db]);
    await runCli(['rules', 'add', '--name', 'refund', '--pattern', 'refund', '--label', 'refund', '--db', db]);
    const r = await runWithStdin(['extract', '--db', db], 'refund me\nhello\n{"txt": "typo"}\nrefund\n', tmp.dir());
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^rulewright: stdin:3: unknown key "txt"/);
    expect(lines(r.stdout)).toEqual([
      { line: 1, label: 'refund', rule_id: 'refund' },
      { line: 2, label: null, rule_id: null },
    ]);
    writeFileSync(tmp.path('in.jsonl'), 'refund please\n');
    const file = await runBin(['extract', '--db', db, '--input', tmp.path('in.jsonl')]);
    expect(lines(file.stdout)).toEqual([{ line: 1, label: 'refund', rule_id: 'refund' }]);
  });
});

describe.skipIf(sharedMissing)('extract with the TAB rules (shared data)', () => {
  const tmp = useTempDir();

  test('a couple of documents: spans with rule ids, and no workspace file is created', async () => {
    const docs = readFileSync(shared('rulechef-benchmarks/reference/tab_gold.jsonl')!, 'utf8')
      .split('\n')
      .slice(0, 2)
      .map((l) => JSON.parse(l) as { id: string; text: string });
    const input = docs.map((d) => JSON.stringify({ id: d.id, text: d.text })).join('\n') + '\n';
    const rules = shared('rulechef-benchmarks/benchmarks/results/results_extract_tab.ckpt_rulechef.json')!;
    const r = await runWithStdin(['extract', '--rules', rules], input, tmp.dir());
    // A rule stopped at its 100 ms budget is the machine's load (suites run side by side), not an error.
    expect(r.stderr.replace(/^rulewright: warning: .* exceeded its \d+ ms budget .*\n/gm, '')).toBe('');
    expect(r.code).toBe(0);
    const out = lines(r.stdout);
    expect(out.map((o) => o.id)).toEqual(docs.map((d) => d.id));
    for (const [i, o] of out.entries()) {
      const spans = o.spans as { start: number; end: number; text: string; label: string; rule_id: string }[];
      expect(spans.length).toBeGreaterThan(5);
      for (const s of spans) {
        expect(s.rule_id).toMatch(/^r-[0-9a-f]{10}$/);
        expect(s.text).toBe(docs[i]!.text.slice(s.start, s.end));
      }
    }
    expect(readdirSync(tmp.dir())).toEqual([]);
  });
});

describe('extract --rules and catastrophic rules', () => {
  const tmp = useTempDir();

  test('a rule that can backtrack catastrophically is skipped with a warning on stderr unless --allow-flagged', async () => {
    writeFileSync(
      tmp.path('rules.json'),
      JSON.stringify({
        rules: [
          { name: 'per', content: 'Ann', output_template: tpl('PER'), output_key: 'entities' },
          { name: 'evil', content: '(a+)+b', output_template: tpl('X'), output_key: 'entities' },
        ],
      }),
    );
    const r = await runWithStdin(['extract', '--rules', 'rules.json'], 'Ann aab\n', tmp.dir());
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/warning: rule r-\w+ \(evil\) is skipped: it can backtrack catastrophically.*--allow-flagged/);
    expect(lines(r.stdout)[0]!.spans).toEqual([expect.objectContaining({ label: 'PER', text: 'Ann' })]);
    const allowed = await runWithStdin(['extract', '--rules', 'rules.json', '--allow-flagged'], 'Ann aab\n', tmp.dir());
    expect(allowed.stderr).toBe('');
    expect((lines(allowed.stdout)[0]!.spans as { label: string }[]).map((s) => s.label)).toEqual(['PER', 'X']);
  });
});
