import { writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { Workspace } from '../../src/service/index.js';
import { INTENT_ROWS } from '../helpers/fixtures.js';
import { useTempDir } from '../helpers/temp.js';

describe('editing a measured rule', () => {
  const tmp = useTempDir();

  /** The intents with two measured rules: one an inducer named from its pattern, one a person named. */
  async function measured(): Promise<Workspace> {
    const ws = Workspace.open({ db: tmp.path('w.db'), create: true });
    writeFileSync(tmp.path('d.jsonl'), INTENT_ROWS.map((r) => JSON.stringify(r)).join('\n') + '\n');
    ws.importFile(tmp.path('d.jsonl'), { create: { name: 'intents', type: 'classification' } });
    await ws.dataset().addRule({ json: { id: 'i-1', name: 'refund <- "refund"', pattern: '\\brefund', output: { label: 'refund' }, provenance: 'induced' } });
    await ws.dataset().addRule({ json: { id: 'h-1', name: 'asks to cancel', pattern: '\\bcancel', output: { label: 'cancel' }, provenance: 'induced' } });
    await ws.dataset().metrics();
    expect(ws.dataset().showRule('i-1').rule.validated_precision).toBe(1);
    return ws;
  }

  test('a new pattern is unmeasured until measured, and history shows only what the edit changed', async () => {
    const ws = await measured();
    const edit = await ws.dataset().editRule('i-1', { pattern: '\\b(?:refund|money back)' });
    expect(edit.rule).toMatchObject({ validated_precision: null, validated_support: 0 });
    const v2 = ws.dataset().ruleHistory('i-1').versions.at(-1)!;
    expect(v2.changes.map((c) => c.field).sort()).toEqual(['name', 'pattern']);
    await ws.dataset().metrics();
    expect(ws.dataset().showRule('i-1').rule.validated_precision).toBe(1);
    // A priority edit keeps the measurement (the rule alone matches the same) and history never lists it.
    const prio = await ws.dataset().editRule('i-1', { priority: 3 });
    expect(prio.rule.validated_precision).toBe(1);
    expect(ws.dataset().ruleHistory('i-1').versions.at(-1)!.changes.map((c) => c.field)).toEqual(['priority']);
    ws.close();
  });

  test.each([
    ['a name made from the pattern is made again from the new one', 'i-1', { pattern: 'money back' }, 'refund <- /money back/'],
    ['a new label renames it too', 'i-1', { label: 'cancel' }, 'cancel <- /\\brefund/'],
    ['a name a person gave stays', 'h-1', { pattern: 'cancel+' }, 'asks to cancel'],
    ['a name given with the edit wins', 'i-1', { pattern: 'money back', name: 'money back' }, 'money back'],
  ])('%s', async (_what, id, spec, name) => {
    const ws = await measured();
    expect((await ws.dataset().editRule(id, spec)).rule.name).toBe(name);
    ws.close();
  });
});
