import Database from 'better-sqlite3';
import { describe, expect, test } from 'vitest';
import type { CachedTranslation } from '../../src/core/schemas/translation.js';
import { Store } from '../../src/store/index.js';
import { useTempDir } from '../helpers/temp.js';

const T: CachedTranslation = {
  ascii_source: '(?<![0-9A-Z_a-z])card',
  narrowed: true,
  group_count: 0,
  group_names: [null],
  group_index: [0],
  inexact_groups: [],
  can_match_empty: false,
};

describe('kept regex translations', () => {
  const tmp = useTempDir();

  test('what is put under a revision comes back for the pairs asked for, and only under that revision', () => {
    const store = Store.open(tmp.path('w.db'), { create: true });
    expect(store.translations.put('r1', [{ pattern: '\\bcard', flags: '', translation: T }, { pattern: '\\bcard', flags: 'i', translation: { ...T, ascii_source: 'x' } }])).toBe(true);
    expect(store.translations.get('r1', [{ pattern: '\\bcard', flags: 'i' }, { pattern: 'other', flags: '' }])).toEqual([
      { pattern: '\\bcard', flags: 'i', translation: { ...T, ascii_source: 'x' } },
    ]);
    expect(store.translations.get('r2', [{ pattern: '\\bcard', flags: '' }])).toEqual([]);
    store.close();
  });

  test('a new revision drops what older translators kept', () => {
    const store = Store.open(tmp.path('w.db'), { create: true });
    store.translations.put('r1', [{ pattern: 'a', flags: '', translation: T }]);
    store.translations.put('r2', [{ pattern: 'b', flags: '', translation: T }]);
    const raw = new Database(tmp.path('w.db'), { readonly: true });
    expect(raw.prepare('SELECT revision, pattern FROM regex_translations').all()).toEqual([{ revision: 'r2', pattern: 'b' }]);
    raw.close();
    store.close();
  });

  test('a row that does not decode is skipped, not an error', () => {
    const store = Store.open(tmp.path('w.db'), { create: true });
    store.translations.put('r1', [{ pattern: 'a', flags: '', translation: T }, { pattern: 'b', flags: '', translation: T }]);
    const raw = new Database(tmp.path('w.db'));
    raw.prepare("UPDATE regex_translations SET translation = '{\"ascii_source\": 3}' WHERE pattern = 'a'").run();
    raw.prepare("UPDATE regex_translations SET translation = 'not json' WHERE pattern = 'b'").run();
    raw.close();
    expect(store.translations.get('r1', [{ pattern: 'a', flags: '' }, { pattern: 'b', flags: '' }])).toEqual([]);
    store.close();
  });

  test('a workspace another process is writing is not waited for: nothing is kept', () => {
    const store = Store.open(tmp.path('w.db'), { create: true });
    const other = new Database(tmp.path('w.db'));
    other.prepare('BEGIN IMMEDIATE').run();
    expect(store.translations.put('r1', [{ pattern: 'a', flags: '', translation: T }])).toBe(false);
    other.prepare('ROLLBACK').run();
    other.close();
    expect(store.translations.get('r1', [{ pattern: 'a', flags: '' }])).toEqual([]);
    // The workspace's own busy timeout is back for everything else.
    expect(store.db.pragma('busy_timeout', { simple: true })).toBeGreaterThan(0);
    store.close();
  });
});
