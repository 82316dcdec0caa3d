import { existsSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, test } from 'vitest';
import type { LearnResult } from '../../src/service/index.js';
import { Store } from '../../src/store/index.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { useTempDir } from '../helpers/temp.js';
import { scriptedReplies } from '../service/learn-fixtures.js';
import { json, runBin, runCli, startBin, testEnv, writeBigJsonl, writeJsonl } from './helpers.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('workspace safety under real processes', () => {
  const tmp = useTempDir();

  test('SIGKILL in the middle of a large import leaves the workspace as it was', async () => {
    const db = tmp.path('w.db');
    expect((await runCli(['init', '--name', 'big', '--type', 'classification', '--db', db])).code).toBe(0);
    const small = writeJsonl(tmp.path('small.jsonl'), Array.from({ length: 5 }, (_, i) => ({ id: `s${i}`, text: `hello ${i}`, label: 'greet' })));
    expect((await runCli(['import', small, '--db', db])).code).toBe(0);
    const before = Store.open(db);
    const hashBefore = before.examples.hash(before.datasets.getByName('big')!.id);
    before.close();

    const big = writeBigJsonl(tmp.path('big.jsonl'), 300_000);
    const child = startBin(['import', big, '--db', db]);
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    let done = false;
    void exited.then(() => (done = true));
    // The transaction is under way once uncommitted pages spill into the write-ahead log.
    const wal = `${db}-wal`;
    while (!done) {
      const walBytes = existsSync(wal) ? statSync(wal).size : 0;
      if (walBytes > 4 * 1024 * 1024) break;
      await sleep(10);
    }
    expect(done, 'the import finished before it could be killed').toBe(false);
    child.kill('SIGKILL');
    expect((await exited).signal).toBe('SIGKILL');

    const after = Store.open(db);
    expect(after.integrityCheck()).toBe('ok');
    const id = after.datasets.getByName('big')!.id;
    expect(after.examples.count(id)).toBe(5);
    expect(after.examples.hash(id)).toBe(hashBefore);
    after.close();
    // And the workspace still takes writes.
    const again = json(await runCli(['import', writeJsonl(tmp.path('more.jsonl'), [{ id: 'm1', text: 'x', label: 'greet' }]), '--db', db, '--json']));
    expect(again.examples_total).toBe(6);
  });

  test('two processes writing the same workspace both succeed', async () => {
    const db = tmp.path('w.db');
    // Two inits race on a workspace file that does not exist yet (creation and migration).
    const inits = await Promise.all([
      runBin(['init', '--name', 'one', '--type', 'classification', '--db', db]),
      runBin(['init', '--name', 'two', '--type', 'classification', '--db', db]),
    ]);
    expect(inits.map((r) => [r.code, r.stderr])).toEqual([
      [0, ''],
      [0, ''],
    ]);
    const a = writeBigJsonl(tmp.path('a.jsonl'), 60_000, 'a');
    const b = writeBigJsonl(tmp.path('b.jsonl'), 60_000, 'b');
    const runs = await Promise.all([
      runBin(['import', a, '--db', db, '--dataset', 'one']),
      runBin(['import', b, '--db', db, '--dataset', 'one']),
      runBin(['import', a, '--db', db, '--dataset', 'two']),
    ]);
    // Two imports into one dataset take turns: the one that waits says so.
    const quiet = (stderr: string) => stderr.replace(/^rulewright: warning: waiting for another import into "one" .*\n/, '');
    expect(runs.map((r) => [r.code, quiet(r.stderr)])).toEqual([
      [0, ''],
      [0, ''],
      [0, ''],
    ]);
    const s = Store.open(db);
    expect(s.examples.count(s.datasets.getByName('one')!.id)).toBe(120_000);
    expect(s.examples.count(s.datasets.getByName('two')!.id)).toBe(60_000);
    expect(s.integrityCheck()).toBe('ok');
    s.close();
  });
});

/** The test environment with the fake LLM server configured, and nothing from the caller's shell. */
function llmEnv(url: string): NodeJS.ProcessEnv {
  const env = testEnv();
  for (const k of Object.keys(env)) if (k.startsWith('OPENAI_') || k.startsWith('RULEWRIGHT_')) delete env[k];
  return { ...env, OPENAI_BASE_URL: url, OPENAI_API_KEY: 'sk-test', RULEWRIGHT_MODEL: 'fake-model' };
}

/** A fake LLM that holds every request until `open()`; `asked` resolves at the first one. */
async function gatedLlm(): Promise<{ server: FakeOpenAiServer; asked: Promise<void>; open: () => void }> {
  let arrived!: () => void;
  let open!: () => void;
  const asked = new Promise<void>((r) => (arrived = r));
  const gate = new Promise<void>((r) => (open = r));
  const answer = scriptedReplies();
  const server = await startFakeOpenAiServer({
    fallback: async (req) => {
      arrived();
      await gate;
      return answer(req);
    },
  });
  return { server, asked, open };
}

/** A started binary, its exit, and its stderr so far. */
function started(args: string[], env?: NodeJS.ProcessEnv) {
  const child = startBin(args, env ? { env } : {});
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout!.resume();
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  let done = false;
  void exit.then(() => (done = true));
  return { child, exit, stderr: () => stderr, done: () => done };
}

/** Polls until `seen` holds or the process has exited; a kill timer, not a time limit on the work. */
async function until(seen: () => boolean, done: () => boolean): Promise<boolean> {
  while (!done()) {
    if (seen()) return true;
    await sleep(2);
  }
  return seen();
}

/** A query on the workspace as another process sees it while the command runs. */
function peek<T>(db: string, sql: string): T {
  const conn = new Database(db, { readonly: true });
  try {
    return conn.prepare(sql).pluck().get() as T;
  } finally {
    conn.close();
  }
}

const intents = (n: number) =>
  ['refund', 'greet', 'cancel'].flatMap((label) =>
    Array.from({ length: n }, (_, i) => ({ id: `${label}${i}`, text: `${label === 'greet' ? 'hello there' : `${label} my order`} number ${i}`, label })),
  );

describe('kill -9 leaves no half-done work visible', () => {
  const tmp = useTempDir();

  async function intentsWorkspace(n: number): Promise<string> {
    const db = tmp.path('w.db');
    expect((await runCli(['init', '--name', 'intents', '--type', 'classification', '--labels', 'refund,greet,cancel', '--db', db])).code).toBe(0);
    expect((await runCli(['import', writeJsonl(tmp.path('i.jsonl'), intents(n)), '--db', db])).code).toBe(0);
    return db;
  }

  test('metrics killed the moment validated precision shows: the run that measured it is recorded with it', async () => {
    const db = await intentsWorkspace(20_000);
    expect((await runCli(['split', '--dev', '0.5', '--db', db])).code).toBe(0);
    for (const [name, pattern, label] of [['order', 'order', 'refund'], ['refund', 'refund', 'refund'], ['number', 'number', 'greet']]) {
      expect((await runCli(['rules', 'add', '--name', name!, '--pattern', pattern!, '--label', label!, '--db', db])).code).toBe(0);
    }
    const stamped = "SELECT count(*) FROM rules WHERE json_extract(body, '$.validated_support') > 0";
    const m = started(['metrics', '--db', db]);
    expect(await until(() => peek<number>(db, stamped) > 0, m.done), m.stderr()).toBe(true);
    m.child.kill('SIGKILL');
    await m.exit;
    const s = Store.open(db);
    expect(s.integrityCheck()).toBe('ok');
    expect(s.db.prepare("SELECT count(*) FROM runs WHERE kind = 'metrics'").pluck().get()).toBe(1);
    s.close();
  }, 120_000);

  test('learn killed after it chose a dev split leaves the dataset unsplit, and the next learn works', async () => {
    const db = await intentsWorkspace(40);
    const llm = await gatedLlm();
    try {
      const learn = started(['learn', '--rounds', '0', '--db', db], llmEnv(llm.server.url));
      await llm.asked;
      learn.child.kill('SIGKILL');
      expect((await learn.exit).signal).toBe('SIGKILL');
      const s = Store.open(db);
      expect(s.integrityCheck()).toBe('ok');
      expect(s.db.prepare("SELECT split, count(*) FROM examples GROUP BY split").raw().all()).toEqual([['train', 120]]);
      expect(s.db.prepare("SELECT count(*) FROM runs WHERE kind = 'learn'").pluck().get()).toBe(0);
      s.close();
      llm.open();
      const again = json<LearnResult>(await runBin(['learn', '--rounds', '0', '--json', '--db', db], { env: llmEnv(llm.server.url) }));
      expect(again.split.created).toMatchObject({ splits: { train: 96, dev: 24, test: 0 } });
    } finally {
      llm.open();
      await llm.server.close();
    }
  }, 120_000);

  test('a killed import --name X does not hold X: init --name X and import --name X just work', async () => {
    const db = tmp.path('w.db');
    expect((await runCli(['init', '--name', 'other', '--type', 'classification', '--db', db])).code).toBe(0);
    const imp = started(['import', writeBigJsonl(tmp.path('big.jsonl'), 300_000), '--name', 'big', '--db', db]);
    expect(await until(() => peek<number>(db, 'SELECT count(*) FROM examples WHERE import_id IS NOT NULL') > 0, imp.done), imp.stderr()).toBe(true);
    imp.child.kill('SIGKILL');
    expect((await imp.exit).signal).toBe('SIGKILL');
    const stats = await runBin(['stats', '--json', '--dataset', 'other', '--db', db]);
    expect(stats.code, stats.stderr).toBe(0);
    const init = await runBin(['init', '--name', 'big', '--type', 'classification', '--db', db]);
    expect([init.code, init.stderr]).toEqual([0, '']);
    const s = Store.open(db);
    expect(s.integrityCheck()).toBe('ok');
    expect(s.db.prepare('SELECT count(*) FROM imports').pluck().get()).toBe(0);
    expect(s.db.prepare('SELECT count(*) FROM examples').pluck().get()).toBe(0);
    s.close();
    const more = await runBin(['import', writeJsonl(tmp.path('one.jsonl'), [{ id: 'a', text: 'x', label: 'y' }]), '--name', 'big', '--db', db]);
    expect(more.code, more.stderr).toBe(0);
  }, 120_000);

  test('a second learn on the dataset waits for the first, says so, then learns: both runs are kept', async () => {
    const db = await intentsWorkspace(40);
    const llm = await gatedLlm();
    try {
      const env = llmEnv(llm.server.url);
      const first = started(['learn', '--rounds', '0', '--db', db], env);
      await llm.asked;
      const second = started(['learn', '--rounds', '0', '--db', db], env);
      const waiting = `rulewright: warning: waiting for the learn of pid ${first.child.pid} on "intents"`;
      expect(await until(() => second.stderr().includes(waiting), second.done), second.stderr()).toBe(true);
      llm.open();
      expect(await first.exit).toEqual({ code: 0, signal: null });
      expect(await second.exit).toEqual({ code: 0, signal: null });
      expect(first.stderr()).toBe('');
      const s = Store.open(db);
      expect(s.integrityCheck()).toBe('ok');
      expect(s.db.prepare("SELECT count(*) FROM runs WHERE kind = 'learn'").pluck().get()).toBe(2);
      expect(s.db.prepare('SELECT count(*) FROM locks').pluck().get()).toBe(0);
      s.close();
    } finally {
      llm.open();
      await llm.server.close();
    }
  }, 120_000);
});
