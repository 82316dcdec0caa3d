import { randomBytes } from 'node:crypto';
import { closeSync, fchmodSync, fstatSync, fsyncSync, lstatSync, mkdirSync, openSync, readlinkSync, realpathSync, renameSync, rmSync, type Stats, statSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { RulewrightError } from '../core/errors.js';

export interface WriteFileOptions {
  /** Create the file's folder when it is missing (`rules export`, `report --out`). */
  createFolder?: boolean;
}

/** `/dev/fd/N`, `/proc/self/fd/N`, `/dev/stdout`: a file this process already has open. */
const FD_PATH = /^\/(?:dev\/fd|proc\/(?:self|thread-self|\d+)\/fd)\/(\d+)$|^\/dev\/(stdout|stderr)$/;

/** The descriptor of ours a path names (`/dev/fd/3` is 3), or undefined. */
function ownFd(path: string): number | undefined {
  const m = FD_PATH.exec(path);
  if (!m) return undefined;
  if (m[2]) return m[2] === 'stdout' ? 1 : 2;
  const pid = /^\/proc\/(\d+)\//.exec(path)?.[1];
  return pid && Number(pid) !== process.pid ? undefined : Number(m[1]);
}

/** `path`'s folder with its symbolic links resolved, when it exists. */
function realFolder(path: string): string {
  try {
    return realpathSync(dirname(path));
  } catch {
    return dirname(path);
  }
}

/**
 * The file a write to `path` lands on: a symbolic link is followed (a dangling one to the file it
 * would create) so the link is kept and its target written. A descriptor path is not followed:
 * its link names a pipe or an open file, not a path to replace.
 */
export function linkTarget(path: string): string {
  let p = path;
  for (let hops = 0; hops < 40; hops++) {
    if (FD_PATH.test(p)) return p;
    let st: Stats;
    try {
      st = lstatSync(p);
    } catch {
      return p;
    }
    if (!st.isSymbolicLink()) return p;
    p = resolve(realFolder(p), readlinkSync(p));
  }
  throw new RulewrightError('BAD_INPUT', `cannot write ${path}: too many symbolic links (a loop?); pass the file they should lead to`);
}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

/** Every byte of `data` to `fd` (a write may take less than it was given). */
function writeAll(fd: number, data: Buffer): void {
  for (let at = 0; at < data.length; ) at += writeSync(fd, data, at, data.length - at);
}

/**
 * A regular file (or a new one) is written beside itself and renamed into place, so a crash or a
 * full disk never leaves half a file, or an empty one, where a whole one was asked for.
 */
function replaceFile(path: string, data: Buffer, existing: Stats | null): void {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  const fd = openSync(tmp, 'wx');
  try {
    if (existing) fchmodSync(fd, existing.mode & 0o7777);
    writeAll(fd, data);
    fsyncSync(fd);
    closeSync(fd);
    renameSync(tmp, path);
  } catch (e) {
    try {
      closeSync(fd);
    } catch {
      // already closed
    }
    rmSync(tmp, { force: true });
    throw e;
  }
}

/**
 * A FIFO, a character device or a descriptor is written in place: renaming a file over it would
 * replace the device node or leave the reader waiting. A regular file behind one of our own
 * descriptors (`/dev/stdout > out.jsonl`) is written through that descriptor, at its offset.
 */
function writeInPlace(path: string, data: Buffer): void {
  const own = ownFd(path);
  if (own !== undefined && fstatSync(own).isFile()) return writeAll(own, data);
  // A reopened pipe is a new description, so it blocks as a write should (ours may not).
  const fd = openSync(path, 'w');
  try {
    writeAll(fd, data);
  } finally {
    closeSync(fd);
  }
}

/** What the message says a failed write needs, by errno (the temporary file is not named: it is gone). */
function writeFailure(shown: string, target: string, e: NodeJS.ErrnoException, bytes: number): RulewrightError {
  switch (e.code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return new RulewrightError('STORE', `cannot write ${shown}: no space left on the device (${e.code}); free some space or write to another disk`);
    case 'EPIPE':
      return new RulewrightError('STORE', `cannot write ${shown}: the reader closed the pipe before all ${bytes} bytes were written`);
    case 'ENOENT':
    case 'ENOTDIR':
      return new RulewrightError('BAD_INPUT', `cannot write ${shown}: the folder ${dirname(target)} does not exist; create it or choose another path`);
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return new RulewrightError('BAD_INPUT', `cannot write ${shown}: permission denied (${e.code}); choose a path you can write to`);
    default:
      return new RulewrightError('STORE', `cannot write ${shown}: ${e.message}`);
  }
}

/** Refuses what is no file to write: a folder, a block device, a socket, a descriptor of another kind. */
function checkKind(shown: string, st: Stats | null): void {
  if (!st || st.isFile() || st.isFIFO() || st.isCharacterDevice()) return;
  const kind = st.isDirectory() ? 'a folder' : st.isBlockDevice() ? 'a block device' : st.isSocket() ? 'a socket' : 'neither a file, a FIFO nor a device';
  throw new RulewrightError(
    'BAD_INPUT',
    `cannot write ${shown}: it is ${kind}; pass a file path (a new or regular file, a FIFO, a character device such as /dev/null, or /dev/fd/N)`,
  );
}

/**
 * Writes `text` to `path` (`shown` in messages: the path as the user gave it). A regular file or a
 * new path is replaced atomically (see replaceFile), through any symbolic link; FIFOs, character
 * devices and `/dev/fd/N` are written in place (see writeInPlace). Errors say what failed: exit 2
 * for a path the user can change, exit 1 for a device that failed (a full disk).
 */
export function writeFileAtomic(path: string, text: string, opts: WriteFileOptions = {}, shown = path): void {
  const target = linkTarget(path);
  const st = statOrNull(target);
  checkKind(shown, st);
  if (!st && FD_PATH.test(target)) throw new RulewrightError('BAD_INPUT', `cannot write ${shown}: no such open file descriptor; /dev/fd/N names one the shell opened for this command, e.g. with >(gzip > out.gz)`);
  const data = Buffer.from(text, 'utf8');
  try {
    if (!st && opts.createFolder) mkdirSync(dirname(target), { recursive: true });
    if (!st || (st.isFile() && !FD_PATH.test(target))) replaceFile(target, data, st);
    else writeInPlace(target, data);
  } catch (e) {
    if (e instanceof RulewrightError) throw e;
    throw writeFailure(shown, target, e as NodeJS.ErrnoException, data.length);
  }
}
