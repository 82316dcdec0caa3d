import { describe, expect, test } from 'vitest';
import { useTempDir } from '../helpers/temp.js';
import { json, runCliAt, testEnv, writeJsonl } from './helpers.js';

const EXAMPLES = [
  { id: 'ticket-1001', text: 'refund my card please', label: 'refund' },
  { id: 'ticket-1002', text: 'where is my card', label: 'track' },
  { id: 'order-77', text: 'refund the order', label: 'refund' },
];

describe('ids people can paste', () => {
  const tmp = useTempDir();

  /** A workspace with two rules whose ids share the start `refund-`. */
  async function workspace() {
    const run = (...args: string[]) => runCliAt(tmp.dir(), [...args, '--db', tmp.path('w.db')]);
    writeJsonl(tmp.path('d.jsonl'), EXAMPLES);
    expect((await run('import', 'd.jsonl', '--name', 'd', '--type', 'classification')).code).toBe(0);
    for (const [id, pattern] of [
      ['refund-words-7b57cf1e8a', '\\brefund\\b'],
      ['refund-card-7b60aa', '\\bcard\\b'],
      ['track-where-01', '\\bwhere\\b'],
    ] as const) {
      expect((await run('rules', 'add', '--id', id, '--name', id, '--pattern', pattern, '--label', id.startsWith('track') ? 'track' : 'refund')).code).toBe(0);
    }
    return run;
  }

  test.each<[string, string[], (out: Record<string, unknown>) => unknown, unknown]>([
    ['rules show', ['rules', 'show', 'refund-w'], (o) => (o.rule as { id: string }).id, 'refund-words-7b57cf1e8a'],
    ['rules history', ['rules', 'history', 'track'], (o) => o.rule_id ?? (o.versions as { rule_id?: string }[] | undefined)?.[0]?.rule_id ?? o.id, 'track-where-01'],
    ['rules disable', ['rules', 'disable', 'refund-c'], (o) => (o.rule as { id: string; status: string }).status, 'disabled'],
    ['examples show', ['examples', 'show', 'order'], (o) => o.id, 'order-77'],
    ['feedback --rule', ['feedback', 'too broad', '--rule', 'refund-w'], (o) => (o.feedback as { target_id: string }).target_id, 'refund-words-7b57cf1e8a'],
    ['feedback --example', ['feedback', 'mislabelled', '--example', 'ord'], (o) => (o.feedback as { target_id: string }).target_id, 'order-77'],
  ])('%s takes a unique start of an id', async (_, args, pick, want) => {
    const run = await workspace();
    expect(pick(json(await run(...args, '--json')))).toBe(want);
  });

  test('feedback dismiss and correct take unique starts of feedback and example ids', async () => {
    const run = await workspace();
    expect(json(await run('feedback', 'one', '--json'))).toMatchObject({ feedback: { id: 'fb-1' } });
    expect(json(await run('feedback', 'dismiss', 'fb', '--json'))).toMatchObject({ feedback: { id: 'fb-1', status: 'dismissed' } });
    const corrected = json(await run('correct', '--example', 'ord', '--expected-label', 'track', '--json'));
    expect(JSON.stringify(corrected)).toContain('order-77');
    const id = (json(await run('corrections', 'list', '--json')) as { corrections: { id: string }[] }).corrections[0]!.id;
    expect(json(await run('corrections', 'show', id.slice(0, -1), '--json'))).toMatchObject({ correction: { id } });
  });

  test.each([
    [['rules', 'show', 'refund-'], 'rule id "refund-" is ambiguous: matches refund-card-7b60aa, refund-words-7b57cf1e8a'],
    [['examples', 'show', 'ticket-100'], 'example id "ticket-100" is ambiguous: matches ticket-1001, ticket-1002'],
    [['rules', 'delete', 'r'], 'rule id "r" is ambiguous: matches refund-card-7b60aa, refund-words-7b57cf1e8a'],
  ])('%j is ambiguous: exit 2 naming the matches', async (args, message) => {
    const run = await workspace();
    const r = await run(...args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
  });

  test('a start of no id still says there is no such rule', async () => {
    const run = await workspace();
    const r = await run('rules', 'show', 'zzz');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/zzz/);
    expect(r.stderr).not.toMatch(/ambiguous/);
  });

  test.each(['80', '120'])('metrics and rank print ids whole at COLUMNS=%s', async (columns) => {
    await workspace();
    const env = testEnv({ COLUMNS: columns });
    for (const cmd of ['metrics', 'rank']) {
      const r = await runCliAt(tmp.dir(), [cmd, '--db', tmp.path('w.db')], env);
      expect(r.code).toBe(0);
      for (const id of ['refund-words-7b57cf1e8a', 'refund-card-7b60aa', 'track-where-01']) expect(r.stdout).toContain(id);
    }
  });
});
