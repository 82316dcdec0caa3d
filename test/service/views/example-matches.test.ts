import { describe, expect, test } from 'vitest';
import { demoWorkspace } from '../../tui/fixtures.js';
import { useTemplateWorkspace } from '../../tui/harness.js';

describe('exampleMatches', () => {
  const tmp = useTemplateWorkspace((ws) => demoWorkspace(ws));

  test('gives each rule its raw match offsets on classification text, every match not only the first', async () => {
    const ws = tmp.open();
    const d = ws.dataset(ws.dataset().summary().name);
    const [e] = d.exampleMatches({ exampleIds: ['train-293'] });
    expect(e!.text.slice(e!.matches[0]!.start, e!.matches[0]!.end)).toBe('money');
    expect(e!.matches.map((m) => m.rule_id)).toEqual(['any-money']);
    expect(e!.prediction.label).toBe('exchange_rate');
  });

  test('a disabled rule asked for shows its matches but takes no part in the prediction', async () => {
    const ws = tmp.open();
    const d = ws.dataset(ws.dataset().summary().name);
    await d.setRuleStatus('any-money', 'disabled');
    const [e] = d.exampleMatches({ exampleIds: ['train-293', 'no-such-example'], include: ['any-money'] });
    expect(e!.matches.map((m) => m.rule_id)).toEqual(['any-money']);
    expect(e!.prediction.label ?? null).toBeNull();
    expect(d.exampleMatches({ exampleIds: ['no-such-example'] })).toEqual([]);
  });
});
