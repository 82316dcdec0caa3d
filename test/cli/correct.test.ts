import { describe, expect, test } from 'vitest';
import { useTempDir } from '../helpers/temp.js';
import { INTENT_ROWS } from '../service/learn-fixtures.js';
import { json, runCli, writeJsonl } from './helpers.js';

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
      await runCli(['correct', '--example', 'd-r2', '--expected-label', 'refund', '--note', 'money back', '--db', db, '--json']),
    );
    expect(a.correction).toMatchObject({ id: 'c1', example_id: 'd-r2', expected: { label: 'refund' }, note: 'money back' });
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
