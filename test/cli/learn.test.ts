import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { LearnResult } from '../../src/service/index.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { repoRoot } from '../helpers/shared.js';
import { useTempDir } from '../helpers/temp.js';
import { scriptedReplies } from '../service/learn-fixtures.js';
import { json, runBin, runBinWithin, runCli, testEnv, writeJsonl } from './helpers.js';
import { INTENT_ROWS } from '../helpers/fixtures.js';

/** The test environment with no LLM configured, whatever the caller's shell has. */
function offlineEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = testEnv();
  for (const k of Object.keys(env)) if (k.startsWith('OPENAI_') || k.startsWith('RULEWRIGHT_')) delete env[k];
  return { ...env, ...extra };
}

describe('rulewright learn', () => {
  const tmp = useTempDir();

  test('learn on the bundled Banking77 demo works end to end through the binary with no API key', async () => {
    const cwd = tmp.dir();
    const env = offlineEnv();
    expect((await runBin(['init', '--name', 'banking', '--type', 'classification'], { cwd, env })).code).toBe(0);
    expect((await runBin(['import', join(repoRoot, 'datasets/banking77-5.jsonl')], { cwd, env })).code).toBe(0);
    const r = json<LearnResult>(await runBin(['learn', '--json'], { cwd, env }));
    expect(r.proposer).toBe('offline');
    expect(r.model).toBeNull();
    // 300 examples of 5 labels: a fifth as dev (60) would be too few to judge, so none is made and
    // the inducer learns from all 300; the note's command makes one when pasted.
    const made = r.notes.find((n) => n.startsWith('no dev split was made'));
    expect(made).toMatch(/dev has 60 examples, too few to judge on its own .*all 300 train examples were learned from/);
    expect(r.notes).toEqual(
      expect.arrayContaining([expect.stringMatching(/^no refinement rounds: with no dev split/), expect.stringMatching(/^no pruning: with no dev split/), expect.stringMatching(/no LLM is configured/)]),
    );
    expect(r.split).toMatchObject({ judged_on: 'train', train: 300, dev: 0, created: null });
    expect(r.rounds_run).toBe(0);
    expect(r.stages[0]).toMatchObject({ stage: 'before', rules: 0 });
    // Nothing is pruned on the train the rules were learned from: synthesis is the last stage.
    expect(r.stages.at(-1)!.stage).toBe('synthesis');
    expect(r.stages.some((s) => s.stage === 'pruning')).toBe(false);
    const last = r.stages.at(-1)!;
    expect(last.rules).toBeGreaterThan(5);
    expect(last.f1!).toBeGreaterThan(0.8);
    expect(r.stages.every((s) => s.llm_calls === 0 && s.cost_usd === 0)).toBe(true);
    expect(r.llm.calls).toBe(0);
    expect(r.rules.active).toBe(last.rules);
    expect(json<{ splits: Record<string, number> }>(await runBin(['stats', '--json'], { cwd, env })).splits).toEqual({ train: 300, dev: 0, test: 200 });

    const hint = /`rulewright (split [^`]+)`/.exec(made!)![1]!.split(' ');
    expect((await runBin(hint, { cwd, env })).code).toBe(0);
    const again = json<LearnResult>(await runBin(['learn', '--json'], { cwd, env }));
    expect(again.split).toMatchObject({ judged_on: 'dev', train: 240, dev: 60, created: null });
    // Its 60 examples are still too few to prune or refine on (cross-validation chose), and it says so.
    expect(again.rounds).toBe(0);
    expect(again.notes).toEqual(expect.arrayContaining([expect.stringMatching(/^no pruning or refinement rounds: dev has 60 examples, too few to judge on its own .*give --rounds N/)]));
    expect(json<{ splits: Record<string, number> }>(await runBin(['stats', '--json'], { cwd, env })).splits).toEqual({ train: 240, dev: 60, test: 200 });
  }, 120_000);

  test('--offline uses the inducer even when an LLM is configured, and prints the ablation table', async () => {
    const db = tmp.path('w.db');
    const env = offlineEnv({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' });
    await runCli(['init', '--name', 'intents', '--type', 'classification', '--labels', 'refund,greet,cancel', '--db', db], { env });
    await runCli(['import', writeJsonl(tmp.path('i.jsonl'), INTENT_ROWS), '--db', db], { env });
    await runCli(['feedback', 'money back means refund', '--db', db], { env });
    const r = await runCli(['learn', '--offline', '--db', db], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Learned rules for intents with the offline inducer/);
    expect(r.stdout).toMatch(/stage +rules +P +R +F1 +LLM calls +tokens +cost \$/);
    expect(r.stdout).toMatch(/\nbefore +0 /);
    expect(r.stdout).toMatch(/\nsynthesis +\d+ /);
    // Dev's 7 examples are too few to prune on: cross-validation chose the list, and the summary does not claim dev judged.
    expect(r.stdout).toMatch(/\ntrain 20 examples; stages scored on dev \(7 examples, too few to judge changes on: cross-validation chose, and nothing was pruned\)\n/);
    expect(r.stdout).not.toMatch(/\npruning +\d+ /);
    expect(r.stdout).toMatch(/note: no pruning or refinement rounds: dev has 7 examples, too few to judge on its own/);
    expect(r.stdout).toMatch(/rules in use: \d+ \(/);
    // The inducer cannot read English: task feedback stays open for an LLM run, and says so.
    expect(r.stdout).toMatch(/note: the offline inducer cannot read plain-English feedback/);
    expect(json<{ total: number }>(await runCli(['feedback', 'list', '--status', 'open', '--json', '--db', db], { env })).total).toBe(1);
  });

  test('the summary prints rules per label, which --max-rules-per-label caps; --help shows it with an example', async () => {
    const db = tmp.path('w.db');
    const env = offlineEnv();
    await runCli(['init', '--name', 'intents', '--type', 'classification', '--labels', 'refund,greet,cancel', '--db', db], { env });
    await runCli(['import', writeJsonl(tmp.path('i.jsonl'), INTENT_ROWS), '--db', db], { env });
    const r = await runCli(['learn', '--offline', '--max-rules-per-label', '1', '--db', db], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\nrules per label: median [01](\.5)?, max 1 over 3 labels; most: (refund|greet|cancel) 1/);
    const help = await runCli(['learn', '--help'], { env });
    expect(help.stdout).toMatch(/--max-rules-per-label <n> +offline: at most this many rules of one label/);
    expect(help.stdout).toContain('rulewright learn --offline --max-rules-per-label 10');
  });

  test('uses the configured LLM and reports calls and tokens', async () => {
    const server: FakeOpenAiServer = await startFakeOpenAiServer({ fallback: scriptedReplies() });
    try {
      const db = tmp.path('w.db');
      const env = offlineEnv({ OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'sk-cli', RULEWRIGHT_MODEL: 'fake-model' });
      await runCli(['init', '--name', 'intents', '--type', 'classification', '--labels', 'refund,greet,cancel', '--db', db], { env });
      await runCli(['import', writeJsonl(tmp.path('i.jsonl'), INTENT_ROWS), '--db', db], { env });
      const r = json<LearnResult>(await runCli(['learn', '--rounds', '1', '--json', '--db', db], { env }));
      expect(r.proposer).toBe('llm');
      expect(r.model).toBe('fake-model');
      expect(r.llm.calls).toBe(4);
      expect(r.stages.find((s) => s.stage === 'synthesis')!.llm_calls).toBe(3);
      const human = await runCli(['learn', '--db', db, '--rounds', '0'], { env });
      expect(human.stdout).toMatch(/with the LLM \(fake-model\)/);
      expect(human.stdout).toMatch(/LLM: 3 calls, [\d,]+ tokens, cost unknown/);
    } finally {
      await server.close();
    }
  });

  test('an unreachable LLM fails with a clear message and exit 1', async () => {
    const db = tmp.path('w.db');
    const env = offlineEnv({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', RULEWRIGHT_LLM_MAX_RETRIES: '0' });
    await runCli(['init', '--name', 'intents', '--type', 'classification', '--labels', 'refund,greet,cancel', '--db', db], { env });
    await runCli(['import', writeJsonl(tmp.path('i.jsonl'), INTENT_ROWS), '--db', db], { env });
    const r = await runCli(['learn', '--db', db], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^rulewright: learning failed: every synthesis request failed.*connection failed.*Is the server running/s);
  });

  test('--matchers: learning scores with the custom matchers the task names; without the module it stops before writing anything', async () => {
    const cwd = tmp.dir();
    const env = offlineEnv();
    const db = tmp.path('w.db');
    const cents = (i: number) => `${10 + i}.${i % 2 ? '50' : '05'}`;
    const rows = Array.from({ length: 40 }, (_, i) => ({ id: `r${i}`, input: { text: `Shop ${i} TOTAL ${cents(i)} thanks` }, output: { total: cents(i) } }));
    expect((await runCli(['import', writeJsonl(tmp.path('r.jsonl'), rows), '--name', 'receipts', '--db', db], { cwd, env })).code).toBe(0);
    writeFileSync(
      tmp.path('m.mjs'),
      'export const matchers = {\n' +
        '  same_number: (g, p) => ({ score: 1, passed: Number(g) === Number(p), reason: "as numbers" }),\n' +
        '  never: () => ({ score: 0, passed: false, reason: "accepts nothing" }),\n' +
        '};\n',
    );
    expect((await runCli(['task', 'set', '--matcher', 'total=same_number', '--db', db], { cwd, env })).code).toBe(0);

    const without = await runCli(['learn', '--db', db], { cwd, env });
    expect(without.code).toBe(2);
    expect(without.stderr).toMatch(/unknown matcher "same_number".*--matchers/);
    const untouched = json<{ splits: Record<string, number> }>(await runCli(['stats', '--json', '--db', db], { cwd, env }));
    expect(untouched.splits).toMatchObject({ train: 40, dev: 0 });
    expect(json<{ runs: unknown[] }>(await runCli(['runs', 'list', '--json', '--db', db], { cwd, env })).runs).toEqual([]);

    const r = json<LearnResult & { config?: unknown }>(await runCli(['learn', '--matchers', './m.mjs', '--json', '--db', db], { cwd, env }));
    expect(r.stages.at(-1)!.f1!).toBeGreaterThan(0.9);
    expect(r.rules.active).toBeGreaterThan(0);
    // The same data under a matcher that accepts nothing: no rule can raise dev F1, so none is kept.
    const db2 = tmp.path('w2.db');
    await runCli(['import', tmp.path('r.jsonl'), '--name', 'receipts', '--db', db2], { cwd, env });
    await runCli(['task', 'set', '--matcher', 'total=never', '--db', db2], { cwd, env });
    const none = json<LearnResult>(await runCli(['learn', '--matchers', './m.mjs', '--json', '--db', db2], { cwd, env }));
    expect(none.rules.active).toBe(0);
  });

  test.each([
    [['learn', '--rounds', 'two'], /--rounds must be a whole number/],
    [['learn', '--rounds', '50'], /--rounds must be at most 20/],
  ])('%j is a usage error (exit 2)', async (args, message) => {
    const r = await runCli([...args, '--db', tmp.path('w.db')], { env: offlineEnv() });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});

describe('rulewright learn with a catastrophic pattern in the data', () => {
  const tmp = useTempDir();

  const binWithin = (ms: number, args: string[], env: NodeJS.ProcessEnv) => runBinWithin(ms, [...args, '--db', tmp.path('w.db')], { cwd: tmp.dir(), env });

  test('a gold value `(a+)+$` used as a regex matcher pattern is refused during learn, which finishes and names example and field', async () => {
    const env = offlineEnv();
    const db = tmp.path('w.db');
    const rows = [
      { id: 'r1', input: { text: `code: ${'a'.repeat(32)}!` }, output: { code: '(a+)+$' } },
      { id: 'r2', input: { text: 'code: aa!' }, output: { code: 'a+!' } },
    ];
    for (const args of [
      ['import', writeJsonl(tmp.path('c.jsonl'), rows), '--name', 'codes', '--type', 'transformation'],
      ['rules', 'add', '--name', 'code', '--pattern', 'a+!', '--label', 'code'],
      ['task', 'set', '--matcher', 'code={"name":"regex"}'],
    ])
      expect((await runCli([...args, '--db', db], { env })).code).toBe(0);
    const r = await binWithin(60_000, ['learn', '--offline', '--json'], env);
    expect(r.killed).toBe(false);
    expect(r.code, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout) as LearnResult;
    expect(result.notes).toContainEqual(expect.stringMatching(/^the regex matcher was refused by the ReDoS screen on 1 value \(example r1, field code\)/));
  }, 90_000);

  test('a correction rule that would take over texts of other labels is refused, and both correct and learn name those texts', async () => {
    const db = tmp.path('support.db');
    const run = (...args: string[]) => runCli([...args, '--db', db], { env: offlineEnv() });
    await run('init', '--name', 'support', '--type', 'classification');
    await run('import', join(repoRoot, 'datasets', 'support-tickets.jsonl'));
    await run('split', '--dev', '0.2', '--test', '0.2', '--seed', '42');
    await run('learn', '--offline');
    // The very words of t7, a shipping ticket in train, said to be billing.
    const c = await run('correct', '--text', 'Why did my package not arrive yet?', '--expected-label', 'billing');
    expect(c.stdout).toMatch(/note: its rule billing <- .* would also catch 1 train text of other labels \(t7 \(shipping\) "Why did my package not arrive yet\?"\): learning will keep it proposed/);
    const human = await run('learn', '--incremental');
    expect(human.stdout).toMatch(/correction rule (\S+) \(billing <- .*\) not added: fires on 1 train text of billing and 1 of other labels, which it would take over:\n {2}t7 \(shipping\) "Why did my package not arrive yet\?"\n {2}kept as proposed; `rulewright rules enable \1 --db [^`]+` adds it anyway/);
    expect(human.stdout).toMatch(/corrections holding: 0 of 1/);
    const r = json<LearnResult>(await run('runs', 'show', 'last', '--json')) as unknown as { result: LearnResult };
    const [k] = r.result.correction_rules;
    expect(k).toMatchObject({ example_id: 'correction-c1', kept: false, catches: [{ id: 't7', label: 'shipping', text: 'Why did my package not arrive yet?' }] });
    expect(json<{ rule: { status: string } }>(await run('rules', 'show', k!.rule_id, '--json')).rule.status).toBe('proposed');
    // Said about the correction too: why it does not hold.
    expect(r.result.corrections.open[0]!.reason).toMatch(/its rule \S+ \(billing <- .*\) was not added: it also fires on 1 train text of other labels: t7 \(shipping\)/);
    // The next run refuses the same rule again, without proposing a second copy.
    const again = json<LearnResult>(await run('learn', '--incremental', '--json'));
    expect(again.correction_rules).toMatchObject([{ rule_id: k!.rule_id, kept: false }]);
    expect(json<{ counts: { proposed: number } }>(await run('rules', 'list', '--json')).counts.proposed).toBe(1);
  }, 120_000);
});
