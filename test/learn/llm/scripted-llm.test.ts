import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { RulewrightError } from '../../../src/core/errors.js';
import { MemoryRecorder } from '../../../src/learn/llm/client.js';
import { ScriptedLlm } from '../../../src/learn/llm/scripted-llm.js';

const schema = { name: 'labels', schema: z.strictObject({ labels: z.array(z.string().min(1)) }) };
const messages = [{ role: 'user' as const, content: 'Label PER please' }];

describe('ScriptedLlm', () => {
  test('replays answers in order through the same parsing as a real endpoint', async () => {
    const recorder = new MemoryRecorder();
    const llm = new ScriptedLlm(
      [
        { json: { labels: ['a', ''] } },
        '```json\n{"labels": ["b"]}\n```',
        (req) => ({ json: { labels: [req.messages[0]!.content.split(' ')[1]!] } }),
        '{"labels": ["c", "d", "e',
      ],
      { recorder, runId: 3, prices: { prompt_per_million: 1, completion_per_million: 2 } },
    );
    const a = await llm.complete({ purpose: 'one', messages, schema });
    expect(a.parsed).toEqual({ labels: ['a'] });
    expect(a.invalid).toEqual([{ path: 'labels.1', value: '', issues: expect.stringMatching(/>=1/) }]);
    expect((await llm.complete({ purpose: 'two', messages, schema })).parsed).toEqual({ labels: ['b'] });
    expect((await llm.complete({ purpose: 'three', messages, schema })).parsed).toEqual({ labels: ['PER'] });
    const d = await llm.complete({ purpose: 'four', messages, schema });
    expect(d).toMatchObject({ parsed: { labels: ['c', 'd'] }, truncated: true, finishReason: 'length' });

    expect(llm.requests.map((r) => r.purpose)).toEqual(['one', 'two', 'three', 'four']);
    expect(recorder.calls.map((c) => [c.purpose, c.run_id])).toEqual([['one', 3], ['two', 3], ['three', 3], ['four', 3]]);
    expect(recorder.calls[0]!.cost_usd).toBeGreaterThan(0);
    expect(llm.remaining).toBe(0);
  });

  test('fails like a real client on a scripted error, and records it', async () => {
    const recorder = new MemoryRecorder();
    const llm = new ScriptedLlm([new Error('HTTP 500 boom')], { recorder });
    await expect(llm.complete({ purpose: 'p', messages })).rejects.toThrow(RulewrightError);
    expect(recorder.calls[0]).toMatchObject({ error: 'HTTP 500 boom', response: null, cost_usd: null });
  });

  test('says which request found the script empty', async () => {
    const llm = new ScriptedLlm().push('ok');
    await llm.complete({ purpose: 'first', messages });
    await expect(llm.complete({ purpose: 'second', messages })).rejects.toThrow(/request #2 \("second"\)/);
  });

  test('answers from the fallback once the script is used up', async () => {
    const llm = new ScriptedLlm([], { fallback: { json: { labels: ['x'] } } });
    expect((await llm.complete({ purpose: 'p', messages, schema })).parsed).toEqual({ labels: ['x'] });
    expect((await llm.complete({ purpose: 'p', messages, schema })).parsed).toEqual({ labels: ['x'] });
  });
});
