import { makeTask } from '../../helpers/temp.js';
import { SCHEMA_VERSION } from '../../../src/store/migrations.js';
import { Store } from '../../../src/store/index.js';
import type { BadInput } from './types.js';

/**
 * A workspace file's bytes, made in memory: a dataset of a few hundred examples, so its pages
 * span the file. `version` overwrites its schema version; `damaged` overwrites every page from the
 * second to the middle of the file, as a disk or a stray write would.
 */
function workspaceImage(opts: { version?: number; damaged?: boolean } = {}): Buffer {
  const store = Store.open(':memory:');
  const d = store.datasets.insert(makeTask({ name: 'd', type: 'classification' }));
  const rows = Array.from({ length: 400 }, (_, i) => ({ id: `e${i}`, text: `card number ${i} was lost`, label: 'card', split: 'train' as const, source: 'gold' as const }));
  store.transaction(() => store.examples.insertMany(d.id, rows));
  if (opts.version !== undefined) store.db.pragma(`user_version = ${opts.version}`);
  const image = store.db.serialize();
  store.close();
  if (opts.damaged) {
    const page = image.readUInt16BE(16);
    for (let at = page; at < image.length / 2; at += 4) image.writeUInt32BE(0xdeadbeef, at);
  }
  return image;
}

/** An SQLite file another program made: tables of its own, schema version 0. */
function foreignImage(): Buffer {
  const store = Store.open(':memory:');
  store.db.pragma('user_version = 0');
  for (const t of store.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[]) store.db.exec(`DROP TABLE "${t}"`);
  store.db.exec('CREATE TABLE contacts (name TEXT, phone TEXT)');
  const image = store.db.serialize();
  store.close();
  return image;
}

const addRule = ['rules', 'add', '--name', 'c', '--pattern', 'card', '--label', 'card'];

/**
 * Workspace files that are damaged or were not made by this rulewright. (A read-only workspace
 * needs a process that file permissions bind, so its classes are in read-only-workspace.test.ts.)
 */
export const WORKSPACE_CLASSES: BadInput[] = [
  { what: 'a workspace with damaged pages', bin: true, files: { 'bad.db': workspaceImage({ damaged: true }) }, args: ['stats', '--db', 'bad.db'], code: 1, fragment: 'bad.db is damaged (database disk image is malformed): restore it from a backup, or pass another --db' },
  { what: 'a workspace with damaged pages, to a command that writes', files: { 'bad.db': workspaceImage({ damaged: true }) }, args: [...addRule, '--db', 'bad.db'], code: 1, fragment: 'bad.db is damaged (database disk image is malformed)' },
  { what: 'a workspace from a newer rulewright', bin: true, files: { 'new.db': workspaceImage({ version: SCHEMA_VERSION + 1 }) }, args: ['stats', '--db', 'new.db'], code: 1, fragment: `new.db was made by a newer rulewright (workspace schema ${SCHEMA_VERSION + 1}, newer than this rulewright understands: ${SCHEMA_VERSION}): upgrade rulewright` },
  { what: 'a workspace whose schema version was set back', files: { 'old.db': workspaceImage({ version: 4 }) }, args: ['stats', '--db', 'old.db'], code: 1, fragment: 'old.db is damaged (its schema version says 4, but upgrading it to 5 failed: table regex_translations already exists): restore it from a backup' },
  { what: 'a workspace of schema version 0', files: { 'zero-version.db': workspaceImage({ version: 0 }) }, args: ['stats', '--db', 'zero-version.db'], code: 1, fragment: 'zero-version.db is not a rulewright workspace (an SQLite file with schema version 0): pass the workspace with --db PATH' },
  { what: 'a workspace of schema version -1', files: { 'minus.db': workspaceImage({ version: -1 }) }, args: [...addRule, '--db', 'minus.db'], code: 1, fragment: 'minus.db is not a rulewright workspace (an SQLite file with schema version -1)' },
  { what: "another program's SQLite file, to a command that only reads", files: { 'contacts.db': foreignImage() }, args: ['stats', '--db', 'contacts.db'], code: 1, fragment: 'contacts.db is not a rulewright workspace (an SQLite file with schema version 0)' },
];
