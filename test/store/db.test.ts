import Database from 'better-sqlite3';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { BUSY_TIMEOUT_MS, openDb } from '../../src/store/db.js';
import { MIGRATIONS, migrate, SCHEMA_VERSION, userVersion } from '../../src/store/migrations.js';
import { Store } from '../../src/store/index.js';
import { makeTask, useTempDir } from '../helpers/temp.js';

describe('openDb', () => {
  const tmp = useTempDir();

  test('creates a WAL workspace with foreign keys and a busy timeout', () => {
    const db = openDb(tmp.path('w.db'), { create: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(BUSY_TIMEOUT_MS);
    expect(userVersion(db)).toBe(SCHEMA_VERSION);
    db.close();
  });

  test('creates the folder of a new workspace', () => {
    const db = openDb(tmp.path('a/b/w.db'), { create: true });
    expect(userVersion(db)).toBe(MIGRATIONS.length);
    db.close();
  });

  test('migrations are idempotent: reopening and migrating again changes nothing', () => {
    const path = tmp.path('w.db');
    const s = Store.open(path, { create: true });
    s.datasets.insert(makeTask({ name: 'keep', type: 'ner' }));
    s.close();
    const db = openDb(path);
    expect(migrate(db)).toEqual({ from: SCHEMA_VERSION, to: SCHEMA_VERSION });
    const tables = db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table'").pluck().get();
    db.close();
    const again = Store.open(path);
    expect(again.datasets.names()).toEqual(['keep']);
    expect(again.db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table'").pluck().get()).toBe(tables);
    again.close();
  });

  test('has every table the workspace needs', () => {
    const db = openDb(tmp.path('w.db'), { create: true });
    const names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all();
    expect(names).toEqual(
      expect.arrayContaining(['datasets', 'examples', 'rules', 'rule_versions', 'corrections', 'feedback', 'runs', 'llm_calls', 'rule_metrics', 'prune_ops']),
    );
    db.close();
  });

  test('a missing workspace is NOT_FOUND unless created', () => {
    expect(() => openDb(tmp.path('none.db'))).toThrow(expect.objectContaining({ code: 'NOT_FOUND', message: expect.stringMatching(/rulewright init/) }));
  });

  test('a file that is not SQLite is a STORE error', () => {
    const path = tmp.path('junk.db');
    writeFileSync(path, 'this is not a database, just some text that is long enough to look like a header '.repeat(20));
    expect(() => openDb(path)).toThrow(expect.objectContaining({ code: 'STORE', message: expect.stringMatching(/not a rulewright workspace/) }));
  });

  test('a workspace from a newer rulewright is refused', () => {
    const path = tmp.path('new.db');
    const raw = new Database(path);
    raw.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    raw.close();
    expect(() => openDb(path)).toThrow(/newer than this rulewright/);
  });

  test('deleting a dataset cascades to its examples and rules', () => {
    const s = Store.open(tmp.path('w.db'), { create: true });
    const d = s.datasets.insert(makeTask({ name: 'x', type: 'classification' }));
    s.transaction(() => s.examples.insertMany(d.id, [{ id: 'a', text: 't', label: 'L', split: 'train', source: 'gold' }]));
    s.rules.insert(d.id, { ...ruleStub, id: 'r1' });
    expect(s.datasets.delete(d.id)).toBe(true);
    expect(s.db.prepare('SELECT count(*) FROM examples').pluck().get()).toBe(0);
    expect(s.db.prepare('SELECT count(*) FROM rule_versions').pluck().get()).toBe(0);
    s.close();
  });
});

const ruleStub = {
  id: 'r',
  name: 'r',
  description: '',
  format: 'regex' as const,
  pattern: 'x',
  flags: '',
  dialect: 'js' as const,
  output: { label: 'L', group: '$0' },
  priority: 0,
  confidence: 0.5,
  status: 'active' as const,
  provenance: 'human' as const,
  validated_precision: null,
  validated_support: 0,
  version: 1,
  flagged: [],
};

describe('what --db points at', () => {
  const tmp = useTempDir();

  test('a directory says it is a directory', () => {
    expect(() => openDb(tmp.dir())).toThrow(expect.objectContaining({ code: 'BAD_INPUT', message: expect.stringMatching(/ is a directory, not a workspace file: pass the file inside it, e\.g\. --db .*rulewright\.db$/) }));
  });

  test('a 0-byte file is not turned into a workspace by a command that only reads', () => {
    const path = tmp.path('zero.db');
    writeFileSync(path, '');
    expect(() => openDb(path)).toThrow(expect.objectContaining({ code: 'BAD_INPUT', message: expect.stringContaining('is an empty file (0 bytes), not a rulewright workspace') }));
    expect(readFileSync(path).length).toBe(0);
    // init (create) may make it one
    const db = openDb(path, { create: true });
    expect(userVersion(db)).toBe(SCHEMA_VERSION);
    db.close();
  });
});
