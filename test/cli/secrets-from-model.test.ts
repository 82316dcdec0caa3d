import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { reply, startFakeOpenAiServer, type FakeReply, type FakeRequest } from '../helpers/fake-openai-server.js';
import { INTENT_ROWS } from '../helpers/fixtures.js';
import { useTempDir } from '../helpers/temp.js';
import { draft, isPatch, synthesisLabel, userText } from '../service/learn-fixtures.js';
import { runCli, testEnv, writeJsonl, type CliRun } from './helpers.js';

/**
 * A model (here: an endpoint that echoes the request's Authorization header back) writes the API
 * key into every field it can: rule names, descriptions, patterns, terms, patch reasons and a
 * judge's note. None of it may reach the workspace file, an exported ruleset or the report.
 */

/** The key as the model echoes it: with and without `Bearer `, and its tail on its own. */
const echoes = (req: FakeRequest): { auth: string; bare: string; tail: string } => {
  const auth = req.authorization ?? '';
  const bare = auth.replace(/^Bearer /, '');
  return { auth, bare, tail: bare.slice(-8) };
};

function synthesis(req: FakeRequest, label: string): FakeReply {
  const { auth, bare, tail } = echoes(req);
  const word = { refund: 'refund', greet: 'hello', cancel: 'cancel' }[label] ?? label;
  return reply.json({
    rules: [
      { ...draft({ name: `${word} ${auth}`, pattern: `\\b${word}\\b`, label }), description: `found with ${bare} (…${tail})` },
      draft({ name: `${word} keyed`, pattern: `\\b${word}\\b|${bare}`, label }),
      draft({ name: `${word} terms`, terms: [word, bare], label }),
    ],
  });
}

function patch(req: FakeRequest): FakeReply {
  const { auth, bare } = echoes(req);
  return reply.json({
    rules: [{ ...draft({ name: `money back ${bare}`, pattern: '\\bmoney back\\b', label: 'refund', replaces: null }), description: auth }],
    remove: [{ id: 'no-such-rule', reason: `told by ${auth}` }],
  });
}

/** Answers synthesis, patches and the llm_rubric judge, each echoing the key. */
function echoingModel(req: FakeRequest): FakeReply {
  const label = synthesisLabel(req);
  if (label !== null) return synthesis(req, label);
  if (isPatch(req)) return patch(req);
  if (userText(req).startsWith('Criterion:')) return reply.json({ score: 1, reason: `graded with ${echoes(req).auth}` });
  return reply.error(400, 'unexpected request');
}

const KEYS = [
  ['an OpenAI-shaped key', `sk-proj-${'Q7vX2mK9pL4wR8tY1nB6'}${'cZ3dF5gH0jS'}`],
  ['a key of no known shape', 'gateway.secret.label-7q'],
] as const;

describe('secrets in a model answer', () => {
  const tmp = useTempDir();

  test.each(KEYS)('%s is redacted from names and notes, and a rule whose pattern holds it is left out, in learn, incremental learn and the judge', async (_what, key) => {
    const server = await startFakeOpenAiServer({ fallback: echoingModel });
    try {
      const db = tmp.path('w.db');
      const env = testEnv({ OPENAI_BASE_URL: server.url, OPENAI_API_KEY: key, RULEWRIGHT_MODEL: 'fake-model', RULEWRIGHT_LLM_MAX_RETRIES: '0' });
      const outputs: CliRun[] = [];
      const cli = async (...args: string[]) => {
        const r = await runCli([...args, '--db', db], { env });
        outputs.push(r);
        expect(r.code, r.stderr).toBe(0);
        return r;
      };
      await cli('init', '--name', 'intents', '--type', 'classification', '--labels', 'refund,greet,cancel');
      await cli('import', writeJsonl(tmp.path('i.jsonl'), INTENT_ROWS));
      const learned = await cli('learn', '--rounds', '1');
      await cli('feedback', 'money back means refund');
      await cli('learn', '--incremental', '--rounds', '1');
      // The judge of an llm_rubric field, in a second dataset.
      writeFileSync(tmp.path('t.jsonl'), `${JSON.stringify({ id: 'r1', input: { text: 'Shop: ACME' }, output: { company: 'Acme' } })}\n`);
      await cli('import', tmp.path('t.jsonl'), '--name', 'receipts');
      await cli('rules', 'add', '--dataset', 'receipts', '--name', 'company', '--pattern', 'Shop: (.+)', '--group', '$1', '--label', 'company');
      await cli('task', 'set', '--dataset', 'receipts', '--matcher', 'company={"name":"llm_rubric","options":{"criterion":"same business"}}');
      await cli('eval', '--dataset', 'receipts');
      await cli('rules', 'export', tmp.path('rules.json'), '--dataset', 'intents');
      await cli('report', '--out', tmp.path('report.html'), '--dataset', 'intents');

      // The model did echo the key, and was asked by every path.
      expect(server.chatRequests.every((r) => r.authorization === `Bearer ${key}`)).toBe(true);
      expect(server.chatRequests.some((r) => isPatch(r))).toBe(true);
      expect(server.chatRequests.some((r) => userText(r).startsWith('Criterion:'))).toBe(true);
      // The redacted rules were kept, the keyed patterns and terms left out, and the learn output says so.
      const list = await cli('rules', 'list', '--dataset', 'intents', '--json', '--status', 'active,disabled,proposed,rejected');
      expect(list.stdout).toMatch(/"name": "refund (Bearer )?\[redacted\]"/);
      expect(list.stdout).not.toContain('keyed');
      expect(list.stdout).not.toContain('terms');
      expect(learned.stdout + learned.stderr).toMatch(/synthesis for refund: 2 rules left out rather than stored with a key in them \(rules\.1: pattern held an API key or a string shaped like one \| rules\.2: terms\.1 held/);

      const files = ['w.db', 'w.db-wal', 'rules.json', 'report.html'].map((f) => tmp.path(f)).filter((f) => existsSync(f));
      expect(files.length).toBeGreaterThanOrEqual(3);
      const haystacks = [...files.map((f) => readFileSync(f).toString('latin1')), ...outputs.map((o) => o.stdout + o.stderr)];
      for (const needle of [key, key.slice(-8)]) expect(haystacks.filter((h) => h.includes(needle)).length, needle).toBe(0);
    } finally {
      await server.close();
    }
  });
});
