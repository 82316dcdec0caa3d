import Database from 'better-sqlite3';
import { describe, expect, test } from 'vitest';
import { MIGRATIONS } from '../../src/store/migrations.js';
import { Store } from '../../src/store/index.js';
import { makeTask, useTempDir } from '../helpers/temp.js';

describe('the current dataset', () => {
  const tmp = useTempDir();

  test('a workspace from before it existed upgrades, keeps its datasets and has none current', () => {
    const path = tmp.path('old.db');
    const raw = new Database(path);
    raw.pragma('journal_mode = WAL');
    MIGRATIONS.slice(0, 6).forEach((m) => raw.exec(m));
    raw.pragma('user_version = 6');
    raw.prepare("INSERT INTO datasets (name, task, created_at, updated_at) VALUES ('old', ?, 'x', 'x')").run(JSON.stringify(makeTask({ name: 'old', type: 'ner' })));
    raw.close();
    const s = Store.open(path);
    expect(s.datasets.names()).toEqual(['old']);
    expect(s.datasets.current()).toBeUndefined();
    s.datasets.setCurrent(s.datasets.getByName('old')!.id);
    expect(s.datasets.current()?.name).toBe('old');
    s.close();
  });

  test('is replaced by the next one set, and goes when its dataset is deleted', () => {
    const s = Store.open(tmp.path('w.db'), { create: true });
    const a = s.datasets.insert(makeTask({ name: 'a', type: 'ner' }));
    const b = s.datasets.insert(makeTask({ name: 'b', type: 'ner' }));
    s.datasets.setCurrent(a.id);
    s.datasets.setCurrent(b.id);
    expect(s.datasets.current()?.name).toBe('b');
    s.datasets.delete(b.id);
    expect(s.datasets.current()).toBeUndefined();
    s.close();
  });
});
