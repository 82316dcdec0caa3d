import Database from 'better-sqlite3';
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { RulewrightError } from '../core/errors.js';
import { shellQuote } from '../formats/decode-text.js';

/**
 * What the workspace file allows: a file or a folder this process may not write is opened for
 * reading only, so commands that only read still work on a workspace shipped read-only (a
 * mounted archive, a checked-in file), and a write says which of the two to make writable.
 */

const writable = (p: string): boolean => {
  try {
    accessSync(p, constants.W_OK);
    return true;
  } catch {
    return false;
  }
};

/** What a read-only workspace still serves, said when a write is refused. */
const STILL_WORKS = 'stats, rules list, rules show, examples list, runs list and report only read it and work as it is; eval works and records no run';

/**
 * Why `path` cannot be written, as a sentence with a fix to paste, or null when it can. SQLite
 * keeps its -wal and -shm files beside the workspace, so a read-only folder counts too unless
 * both already exist and are writable.
 */
export function readOnlyReason(path: string): string | null {
  if (!existsSync(path)) return null;
  // A read-only connection leaves -wal and -shm files as read-only as the workspace itself.
  const locked = [path, `${path}-wal`, `${path}-shm`].filter((f) => existsSync(f) && !writable(f));
  if (locked.length) {
    const [are, them] = locked.length === 1 ? ['is', 'it'] : ['are', 'them'];
    return `${locked.join(' and ')} ${are} read-only: make ${them} writable with \`chmod u+w ${locked.map(shellQuote).join(' ')}\``;
  }
  const dir = dirname(path);
  if (writable(dir) || [`${path}-wal`, `${path}-shm`].every((f) => existsSync(f) && writable(f))) return null;
  return (
    `the folder ${dir} holding ${path} is read-only (SQLite writes its -wal and -shm files beside the workspace): ` +
    `make it writable with \`chmod u+w ${shellQuote(dir)}\``
  );
}

/** The message of a write refused by a read-only workspace. */
export function readOnlyMessage(reason: string): string {
  return `${reason}; this command writes to the workspace (${STILL_WORKS})`;
}

/**
 * Opens `path` for reading only. In a folder it may not write, SQLite cannot make the shared
 * memory file a WAL workspace needs, so the file is read into memory instead (marked as a
 * rollback-journal database, which SQLite can open from memory; the file itself is untouched).
 */
export function openReadOnly(path: string, reason: string): Database.Database {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    return db;
  } catch (e) {
    db.close();
    const code = (e as { code?: string }).code ?? '';
    if (code !== 'SQLITE_READONLY_DIRECTORY' && !code.startsWith('SQLITE_CANTOPEN')) throw e;
  }
  const wal = `${path}-wal`;
  // A log with committed pages not yet copied into the file: reading the file alone would miss them.
  if (existsSync(wal) && statSync(wal).size > 0) throw new RulewrightError('STORE', `${reason}; until then ${wal} cannot be read beside it`);
  const image = readFileSync(path);
  // Bytes 18 and 19 are the write and read format versions: 2 means WAL, 1 rollback journal.
  if (image.length > 19 && image[18] === 2 && image[19] === 2) image[18] = image[19] = 1;
  return new Database(image, { readonly: true });
}
