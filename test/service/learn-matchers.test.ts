import { writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { PatternScreen } from '../../src/core/matchers/pattern-screen.js';
import type { Judge } from '../../src/core/matchers/types.js';
import { Workspace } from '../../src/service/index.js';
import { useTempDir } from '../helpers/temp.js';

const amount = (i: number) => `${10 + i}.${i % 2 ? '50' : '05'}`;
const ROWS = Array.from({ length: 40 }, (_, i) => ({ id: `r${i}`, input: { text: `Shop ${i} TOTAL ${amount(i)} thanks` }, output: { total: amount(i) } }));

describe('learning under the task’s own matchers', () => {
  const tmp = useTempDir();

  test('an llm_rubric field: the judge grades each pair once per run, pruning still runs, and the inducer says what it searched with', async () => {
    const ws = Workspace.open({ db: tmp.path('w.db'), create: true });
    writeFileSync(tmp.path('r.jsonl'), ROWS.map((r) => JSON.stringify(r)).join('\n'));
    ws.importFile(tmp.path('r.jsonl'), { create: { name: 'receipts' } });
    ws.dataset().updateTask({ matchers: { total: '{"name": "llm_rubric", "options": {"criterion": "the same amount"}}' } });
    // Pruning judges on dev: with no dev split the inducer's rules are not pruned on the train they were learned from.
    ws.dataset().split({ dev: 0.5, seed: 1 });
    const asked: string[] = [];
    const judge: Judge = {
      async grade(_criterion, gold, predicted) {
        asked.push(JSON.stringify([gold, predicted]));
        return { score: Number(gold) === Number(predicted) ? 1 : 0, reason: 'compared as numbers' };
      },
    };
    const r = await ws.dataset(undefined, { env: {} }).learn({ offline: true, context: { judge } });
    expect(asked.length).toBeGreaterThan(0);
    expect(new Set(asked).size).toBe(asked.length);
    expect(r.stages.at(-1)).toMatchObject({ stage: 'pruning', f1: 1 });
    expect(r.decisions.some((d) => /pruning skipped/.test(d.reason))).toBe(false);
    expect(r.notes).toContainEqual(expect.stringMatching(/offline inducer searched with the default comparison for total/));
    ws.close();
  });

  test('a matcher module that does not load fails the run before anything is written', async () => {
    const ws = Workspace.open({ db: tmp.path('w.db'), create: true });
    writeFileSync(tmp.path('r.jsonl'), ROWS.map((r) => JSON.stringify(r)).join('\n'));
    ws.importFile(tmp.path('r.jsonl'), { create: { name: 'receipts' } });
    await expect(ws.dataset(undefined, { env: {}, matchers: tmp.path('missing.mjs') }).learn({ offline: true })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const d = ws.dataset('receipts');
    expect(ws.store.examples.count(d.id, { split: 'dev' })).toBe(0);
    expect(ws.store.runs.list(d.id)).toEqual([]);
    ws.close();
  });
});

describe('learning with a regex matcher whose pattern comes from the data', () => {
  const tmp = useTempDir();
  // The repro: gold `(a+)+$` used as the pattern of the rule's output "aaa…a!" backtracks forever unscreened.
  const rows = [
    { id: 'r1', input: { text: `code: ${'a'.repeat(32)}!` }, output: { code: '(a+)+$' } },
    { id: 'r2', input: { text: 'code: aa!' }, output: { code: 'a+!' } },
  ];
  const setup = async () => {
    const ws = Workspace.open({ db: tmp.path('w.db'), create: true });
    writeFileSync(tmp.path('c.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n'));
    ws.importFile(tmp.path('c.jsonl'), { create: { name: 'codes', type: 'transformation' } });
    await ws.dataset().addRule({ name: 'code', pattern: 'a+!', label: 'code' });
    ws.dataset().updateTask({ matchers: { code: 'regex' } });
    return ws;
  };

  test('the pattern is refused by the ReDoS screen, screened once for the run, and the run names the example and field', async () => {
    const ws = await setup();
    const patterns = new PatternScreen();
    const r = await ws.dataset(undefined, { env: {} }).learn({ offline: true, context: { patterns } });
    expect(r.notes).toContainEqual(
      expect.stringMatching(/^the regex matcher was refused by the ReDoS screen on 1 value \(example r1, field code\); counted as not matching: pattern .* was not run: the ReDoS screen found exponential backtracking/),
    );
    expect(patterns.lookup('^(?:(a+)+$)$', '')).toMatchObject({ refused: true });
    ws.close();
  });

  test('an incremental run checks corrections under the screen too, naming the example the correction became and the field', async () => {
    const ws = await setup();
    // The expected value `(a+)+!` would match the rules' "aaaa!" at once if it ran: only the screen stops it.
    ws.dataset().correct({ input: { text: 'code: aaaa!' }, expectedOutput: { code: '(a+)+!' } });
    const r = await ws.dataset(undefined, { env: {} }).learn({ offline: true, incremental: true });
    const id = ws.dataset().listCorrections().corrections[0]!.id;
    expect(r.notes).toContainEqual(expect.stringMatching(new RegExp(`refused by the ReDoS screen on 2 values \\(example correction-${id}, field code; example r1, field code\\)`)));
    expect(r.corrections).toMatchObject({ total: 1, holding: 0 });
    ws.close();
  });
});
