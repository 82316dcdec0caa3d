import Database from 'better-sqlite3';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { RulewrightError } from '../core/errors.js';
import type { Db } from './connection.js';
import { migrate, SCHEMA_VERSION, userVersion } from './migrations.js';
import { openReadOnly, readOnlyMessage, readOnlyReason } from './workspace-file.js';

// The store's modules name a connection from here, beside openDb.
export type { Db } from './connection.js';

/** How long a writer waits for another process's write transaction before giving up. */
export const BUSY_TIMEOUT_MS = 10_000;

export interface OpenDbOptions {
  /** Create the file (and its folder) when missing; otherwise a missing file is NOT_FOUND. */
  create?: boolean;
  readonly?: boolean;
}

/**
 * Opens (and migrates) a workspace file: WAL, foreign keys on, and a busy timeout so two
 * processes writing the same workspace wait for each other instead of failing.
 */
export function openDb(path: string, opts: OpenDbOptions = {}): Db {
  const isMemory = path === ':memory:';
  if (!isMemory && existsSync(path)) {
    const st = statSync(path);
    if (st.isDirectory()) {
      throw new RulewrightError('BAD_INPUT', `${path} is a directory, not a workspace file: pass the file inside it, e.g. --db ${join(path, 'rulewright.db')}`);
    }
    // SQLite would take a 0-byte file as an empty database and a read would turn it into a workspace.
    if (st.size === 0 && !opts.create) {
      throw new RulewrightError(
        'BAD_INPUT',
        `${path} is an empty file (0 bytes), not a rulewright workspace: pass the workspace with --db, or make this one with \`rulewright init --name NAME --type TYPE --db ${path}\``,
      );
    }
  }
  if (!isMemory && !existsSync(path)) {
    if (!opts.create) {
      throw new RulewrightError(
        'NOT_FOUND',
        `no workspace at ${path}: create one with \`rulewright init --name NAME --type TYPE\` or \`rulewright import FILE --name NAME\`, or pass --db PATH`,
      );
    }
    mkdirSync(dirname(path), { recursive: true });
  }
  // A workspace this process may not write is still read: the first write says what to change.
  const lockedOut = isMemory ? null : readOnlyReason(path);
  const readonly = !!opts.readonly || lockedOut !== null;
  let db: Db;
  try {
    db = lockedOut ? openReadOnly(path, lockedOut) : new Database(path, { readonly });
  } catch (e) {
    throw storeError(e, path);
  }
  try {
    // busy_timeout first: switching to WAL needs a lock another process may hold.
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    if (!readonly) {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
    }
    db.pragma('foreign_keys = ON');
    const version = checkVersion(db, path);
    if (version < SCHEMA_VERSION) {
      if (lockedOut) throw new RulewrightError('STORE', `${path} was made by an older rulewright (workspace schema ${version}) and upgrading it writes to it: ${lockedOut}`);
      if (opts.readonly) throw new RulewrightError('STORE', `${path} needs a schema upgrade: open it once without read-only mode`);
      migrateOrExplain(db, path);
    }
  } catch (e) {
    db.close();
    throw storeError(e, path);
  }
  return db;
}

const damagedMessage = (path: string, why: string): string =>
  `${path} is damaged (${why}): restore it from a backup, or pass another --db`;

/**
 * The workspace's schema version, refused when no rulewright made it: negative, newer than this
 * build, or 0 on a file that already holds tables of its own (a new workspace is 0 and empty).
 */
function checkVersion(db: Db, path: string): number {
  const version = userVersion(db);
  if (version > SCHEMA_VERSION) {
    throw new RulewrightError(
      'STORE',
      `${path} was made by a newer rulewright (workspace schema ${version}, newer than this rulewright understands: ${SCHEMA_VERSION}): upgrade rulewright`,
    );
  }
  const foreign = version === 0 && (db.prepare("SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'").pluck().get() as number) > 0;
  if (version < 0 || foreign) {
    throw new RulewrightError('STORE', `${path} is not a rulewright workspace (an SQLite file with schema version ${version}): pass the workspace with --db PATH`);
  }
  return version;
}

/** Migrates; a migration that fails on a workspace whose version says it needs it means the file was altered. */
function migrateOrExplain(db: Db, path: string): void {
  try {
    migrate(db);
  } catch (e) {
    if (e instanceof RulewrightError || isBusy(e)) throw e;
    const at = userVersion(db);
    throw new RulewrightError('STORE', damagedMessage(path, `its schema version says ${at}, but upgrading it to ${at + 1} failed: ${(e as Error).message}`));
  }
}

/** Maps SQLite failures to STORE errors that say what to do; RulewrightErrors pass through. */
export function storeError(e: unknown, path = 'workspace'): RulewrightError {
  if (e instanceof RulewrightError) return e;
  const code = (e as { code?: unknown }).code;
  const msg = (e as Error).message ?? String(e);
  if (typeof code === 'string') {
    if (isBusy(e)) {
      return new RulewrightError(
        'STORE',
        `${path} is busy: another process held it for more than ${BUSY_TIMEOUT_MS / 1000} s; try again when it has finished`,
      );
    }
    if (code === 'SQLITE_NOTADB') {
      return new RulewrightError('STORE', `${path} is not a rulewright workspace or is damaged (${msg}): pass another --db or restore the file`);
    }
    if (code.startsWith('SQLITE_CORRUPT')) return new RulewrightError('STORE', damagedMessage(path, msg));
    const lockedOut = code.startsWith('SQLITE_READONLY') ? readOnlyReason(path) : null;
    if (lockedOut) return new RulewrightError('STORE', readOnlyMessage(lockedOut));
    if (code.startsWith('SQLITE_CANTOPEN') || code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_IOERR')) {
      return new RulewrightError('STORE', `cannot write ${path} (${msg}): check the path and its permissions`);
    }
    if (code === 'SQLITE_FULL') return new RulewrightError('STORE', `disk full while writing ${path}: free some space and retry`);
  }
  return new RulewrightError('STORE', `${path}: ${msg}`);
}

/** Whether SQLite refused a row because its key is taken (a UNIQUE or PRIMARY KEY clash). */
export function isUniqueViolation(e: unknown): boolean {
  return (e as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * Runs an INSERT of a user-chosen id; a clash with an existing row becomes a CONFLICT that asks
 * for another id (`what` names the row, e.g. `feedback "fb-1"`). Other failures pass through.
 */
export function insertNew(what: string, insert: () => unknown): void {
  try {
    insert();
  } catch (e) {
    if (isUniqueViolation(e)) throw new RulewrightError('CONFLICT', `${what} already exists: give the new one another id`);
    throw e;
  }
}

/** Whether SQLite gave up waiting for another process's lock. */
export function isBusy(e: unknown): boolean {
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

/**
 * How long a write that has already done its work (a run record, a metrics cache) keeps retrying a
 * busy workspace, on top of each attempt's BUSY_TIMEOUT_MS: work computed for minutes is not
 * thrown away because another process held the lock for ten seconds.
 */
export const BUSY_RETRY_MS = 10 * 60_000;

/** Blocks the thread for `ms` (the store is synchronous, so is its waiting). */
export function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Runs one autocommit write (or a whole transaction that has not started) again while the
 * workspace is busy, up to BUSY_RETRY_MS. A busy error means nothing was written, so a retry is safe.
 * Inside a transaction it runs once: the enclosing transaction owns the retry.
 */
export function retryBusy<T>(db: Db, write: () => T, retryMs = BUSY_RETRY_MS): T {
  if (db.inTransaction) return write();
  const deadline = Date.now() + retryMs;
  for (;;) {
    try {
      return write();
    } catch (e) {
      if (!isBusy(e) || Date.now() >= deadline) throw e;
      sleepSync(50);
    }
  }
}
