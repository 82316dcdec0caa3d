import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { FeedbackList, LearnResult } from '../../src/service/index.js';
import { repoRoot } from '../helpers/shared.js';
import { useTempDir } from '../helpers/temp.js';
import { json, runCli, testEnv, writeJsonl } from './helpers.js';
import { INTENT_ROWS } from '../helpers/fixtures.js';

describe('rulewright feedback', () => {
  const tmp = useTempDir();

  async function workspace(): Promise<string> {
    const db = tmp.path('w.db');
    await runCli(['init', '--name', 'd', '--type', 'classification', '--labels', 'refund,greet,cancel', '--db', db]);
    await runCli(['import', writeJsonl(tmp.path('rows.jsonl'), INTENT_ROWS), '--db', db]);
    return db;
  }

  test('adds feedback on the task and an example, lists it with status, and dismisses it', async () => {
    const db = await workspace();
    const a = await runCli(['feedback', 'money back', 'means', 'refund', '--db', db]);
    expect(a.code).toBe(0);
    expect(a.stdout).toMatch(/^Recorded feedback fb-1 on the task in d/);
    const b = json<{ feedback: { id: string; level: string; target_id: string } }>(await runCli(['feedback', 'this is a greeting', '--example', 'g1', '--db', db, '--json']));
    expect(b.feedback).toMatchObject({ id: 'fb-2', level: 'example', target_id: 'g1' });
    expect((await runCli(['feedback', 'dismiss', 'fb-1', '--db', db])).stdout).toMatch(/^Dismissed feedback fb-1/);
    const open = json<FeedbackList>(await runCli(['feedback', 'list', '--status', 'open', '--db', db, '--json']));
    expect(open.feedback.map((f) => f.id)).toEqual(['fb-2']);
    expect(open.counts).toEqual({ open: 1, applied: 0, dismissed: 1 });
    const human = await runCli(['feedback', 'list', '--db', db]);
    expect(human.stdout).toMatch(/fb-1 +dismissed +task +– +money back means refund/);
    expect(human.stdout).toMatch(/fb-2 +open +example g1/);
    expect(human.stdout).toMatch(/1 open, 0 applied, 1 dismissed/);
    expect((await runCli(['feedback', 'reopen', 'fb-1', '--db', db])).stdout).toMatch(/^Reopened feedback fb-1 in d: the next `learn` reads it/);
    const reopened = json<FeedbackList>(await runCli(['feedback', 'list', '--status', 'open', '--db', db, '--json']));
    expect(reopened.feedback.map((f) => f.id)).toEqual(['fb-1', 'fb-2']);
  });

  test.each([
    [['feedback'], /give the feedback text/],
    [['feedback', 'x', '--rule', 'r', '--example', 'g1'], /not both/],
    [['feedback', 'x', '--rule', 'nope'], /no rule "nope"/],
    [['feedback', 'list', '--status', 'done'], /Allowed choices are open, applied, dismissed/],
    [['feedback', 'dismiss', 'fb-9'], /no feedback "fb-9"/],
    [['feedback', 'reopen', 'fb-9'], /no feedback "fb-9"/],
  ])('%j is refused with exit 2', async (args, message) => {
    const db = await workspace();
    const r = await runCli([...args, '--db', db]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  test('an offline run that accepts a rule for a correction leaves rule feedback open, and says the offline learner cannot read it', async () => {
    const env = testEnv();
    for (const k of Object.keys(env)) if (k.startsWith('OPENAI_')) delete env[k];
    const db = tmp.path('support.db');
    const run = (...args: string[]) => runCli([...args, '--db', db], { env });
    await run('init', '--name', 'support', '--type', 'classification');
    await run('import', join(repoRoot, 'datasets', 'support-tickets.jsonl'));
    await run('split', '--dev', '0.2', '--test', '0.2', '--seed', '42');
    await run('learn', '--offline');
    const rule = json<{ rules: { id: string }[] }>(await run('rules', 'list', '--json')).rules[0]!.id;
    expect((await run('feedback', '--rule', rule, 'this rule is too broad')).code).toBe(0);
    // The learned rules call this billing ticket shipping ("…my order").
    expect((await run('correct', '--text', 'The coupon code was not applied to my order total.', '--expected-label', 'billing')).code).toBe(0);
    const human = await run('learn', '--incremental');
    expect(human.code).toBe(0);
    // The run did accept a change (a rule for the correction), but nothing the feedback prompted.
    expect(human.stdout).toMatch(/rules in use: \d+ \([1-9]\d* added/);
    expect(human.stdout).not.toMatch(/feedback applied/);
    expect(human.stdout).toContain('feedback fb-1 stays open: the offline learner cannot read plain-English feedback; configure an LLM');
    const list = json<FeedbackList>(await run('feedback', 'list', '--json'));
    expect(list.feedback[0]).toMatchObject({ id: 'fb-1', status: 'open', applied_run_id: null, not_applied: { reason: expect.stringMatching(/^the offline learner cannot read/) } });
    const again = json<LearnResult>(await run('learn', '--incremental', '--json'));
    expect(again.feedback_applied).toEqual([]);
    expect(again.feedback_open.map((f) => f.id)).toEqual(['fb-1']);
  }, 120_000);
});
