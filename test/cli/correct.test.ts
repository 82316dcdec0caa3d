import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { useTempDir } from '../helpers/temp.js';
import { BIN, json, runCli, testEnv, writeJsonl } from './helpers.js';
import { INTENT_ROWS } from '../helpers/fixtures.js';

describe('rulewright correct', () => {
  const tmp = useTempDir();

  async function workspace(type = 'classification', rows: object[] = INTENT_ROWS, labels = 'refund,greet,cancel'): Promise<string> {
    const db = tmp.path('w.db');
    expect((await runCli(['init', '--name', 'd', '--type', type, '--labels', labels, '--db', db])).code).toBe(0);
    expect((await runCli(['import', writeJsonl(tmp.path('rows.jsonl'), rows), '--db', db])).code).toBe(0);
    return db;
  }

  test('corrects an example by id and a text, printing what was produced and expected', async () => {
    const db = await workspace();
    const a = json<{ correction: { id: string; example_id: string; expected: unknown; note: string }; example_id: string }>(
      await runCli(['correct', '--example', 'rm1', '--expected-label', 'refund', '--note', 'money back', '--db', db, '--json']),
    );
    expect(a.correction).toMatchObject({ id: 'c1', example_id: 'rm1', expected: { label: 'refund' }, note: 'money back' });
    expect(a.example_id).toBe('correction-c1');
    const b = await runCli(['correct', '--text', 'hi, cancel it', '--expected-label', 'cancel', '--db', db]);
    expect(b.code).toBe(0);
    expect(b.stdout).toMatch(/^Recorded correction c2 in d; it trains as example correction-c2/);
    expect(b.stdout).toMatch(/produced: +\{"label":null\}/);
    expect(b.stdout).toMatch(/expected: +\{"label":"cancel"\}/);
    const ex = json<{ examples: { id: string; split: string; source: string }[] }>(await runCli(['examples', 'list', '--source', 'correction', '--db', db, '--json']));
    expect(ex.examples.map((e) => [e.id, e.split, e.source])).toEqual([
      ['correction-c1', 'train', 'correction'],
      ['correction-c2', 'train', 'correction'],
    ]);
  });

  test('a dev example is refused with exit 2 naming --move-to-train; the command in the message, pasted, moves it and records the correction', async () => {
    const db = await workspace();
    const refused = await runCli(['correct', '--example', 'd-r2', '--expected-label', 'refund', '--note', "it's money back", '--db', db]);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/example d-r2 is in dev, held out from training .* pass --move-to-train/);
    expect(json<{ total: number }>(await runCli(['corrections', 'list', '--db', db, '--json'])).total).toBe(0);

    const pasted = /`(rulewright correct [^`]+)`/.exec(refused.stderr)![1]!;
    // The hint as a user pastes it into a shell, `rulewright` being the real binary.
    const sh = await promisify(execFile)('sh', ['-c', `rulewright() { "${process.execPath}" "${BIN}" "$@"; }; ${pasted}`], { env: testEnv({ RULEWRIGHT_DB: db }) });
    expect(sh.stdout).toContain('Moved example d-r2 from dev to train: train 20 → 22, dev 7 → 6, test 1 → 1');
    const list = json<{ corrections: { id: string; example_id: string; note: string; moved_from: string }[] }>(await runCli(['corrections', 'list', '--db', db, '--json']));
    expect(list.corrections).toMatchObject([{ id: 'c1', example_id: 'd-r2', note: "it's money back", moved_from: 'dev' }]);
    const ex = json<{ split: string }>(await runCli(['examples', 'show', 'd-r2', '--db', db, '--json']));
    expect(ex.split).toBe('train');
  });

  test('a correction that contradicts the gold is stored flagged and warned about on stderr', async () => {
    const db = await workspace();
    const r = await runCli(['correct', '--example', 'r0', '--expected-label', 'cancel', '--db', db, '--json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^rulewright: warning: the expected output contradicts the gold of example r0 \(\{"label":"refund"\}\)/);
    expect(JSON.parse(r.stdout)).toMatchObject({ correction: { contradicts_gold: true }, warnings: [expect.stringContaining('contradicts the gold')] });
  });

  test('corrections list, show and delete say whether each correction holds under the current rules', async () => {
    const db = await workspace();
    expect((await runCli(['rules', 'add', '--name', 'hello', '--pattern', 'hello', '--label', 'greet', '--db', db])).code).toBe(0);
    expect((await runCli(['correct', '--text', 'hello, I want a refund', '--expected-label', 'refund', '--db', db])).code).toBe(0);
    expect((await runCli(['correct', '--text', 'hello you', '--expected-label', 'greet', '--db', db])).code).toBe(0);
    const list = json<{ holding: number; corrections: { id: string; holds: boolean; produced_now: { label: string | null } }[] }>(
      await runCli(['corrections', 'list', '--db', db, '--json']),
    );
    expect(list.holding).toBe(1);
    expect(list.corrections.map((c) => [c.id, c.holds, c.produced_now.label])).toEqual([
      ['c1', false, 'greet'],
      ['c2', true, 'greet'],
    ]);
    const human = await runCli(['corrections', 'list', '--db', db]);
    expect(human.stdout).toMatch(/c1\s+no\s+refund\s+greet/);
    expect(human.stdout).toContain('1 of 2 corrections hold under the current rules in d');
    const show = await runCli(['corrections', 'show', 'c1', '--db', db]);
    expect(show.stdout).toMatch(/^Correction c1: does not hold under the current rules/);
    expect(show.stdout).toMatch(/rules now: +greet/);
    expect(json<{ deleted: string }>(await runCli(['corrections', 'delete', 'c1', '--db', db, '--json'])).deleted).toBe('c1');
    expect(json<{ total: number }>(await runCli(['corrections', 'list', '--db', db, '--json'])).total).toBe(1);
    const missing = await runCli(['corrections', 'show', 'c1', '--db', db]);
    expect([missing.code, missing.stderr]).toEqual([2, `rulewright: no correction "c1" in dataset "d": see \`rulewright corrections list --db ${db}\`\n`]);
  });

  test('span corrections take JSON spans', async () => {
    const db = await workspace('ner', [{ id: 'a', text: 'Ann met Bob', spans: [{ start: 0, end: 3, label: 'PER' }] }], 'PER');
    const r = json<{ correction: { expected: { spans: unknown[] } } }>(
      await runCli(['correct', '--example', 'a', '--expected-spans', '[{"text":"Ann","label":"PER"},{"text":"Bob","label":"PER"}]', '--db', db, '--json']),
    );
    expect(r.correction.expected.spans).toEqual([
      { start: 0, end: 3, label: 'PER', text: 'Ann' },
      { start: 8, end: 11, label: 'PER', text: 'Bob' },
    ]);
  });

  test.each([
    [['correct', '--expected-label', 'refund'], 2, /say what to correct/],
    [['correct', '--example', 'r1', '--text', 'x', '--expected-label', 'refund'], 2, /say what to correct/],
    [['correct', '--example', 'nope', '--expected-label', 'refund'], 2, /no example "nope"/],
    [['correct', '--text', 'x', '--expected-spans', '[{'], 2, /--expected-spans is not valid JSON/],
    [['correct', '--text', 'x', '--expected-label', 'complaint'], 2, /not a label of task "d"/],
  ])('%j exits %i', async (args, code, message) => {
    const db = await workspace();
    const r = await runCli([...args, '--db', db]);
    expect(r.code).toBe(code);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });
});
