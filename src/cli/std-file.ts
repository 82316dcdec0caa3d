import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RulewrightError } from '../core/errors.js';
import { MAX_WHOLE_BYTES } from '../service/index.js';
import type { CliIo } from './output.js';

/** Every byte of `stream` (stdin, for a FILE argument given as `-`), up to the bound on a stream read whole. */
async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of stream) {
    const b = typeof c === 'string' ? Buffer.from(c) : c;
    size += b.length;
    if (size > MAX_WHOLE_BYTES) {
      throw new RulewrightError('BAD_INPUT', `stdin: longer than ${MAX_WHOLE_BYTES} bytes (${MAX_WHOLE_BYTES / 2 ** 20} MiB), the most read from a stream whole: save it to a file and pass the file`);
    }
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}

/** Writes all of `stream` to a file `stdin` in `dir` (a file named as errors are to name it). */
async function spool(dir: string, stream: NodeJS.ReadableStream): Promise<string> {
  const path = join(dir, 'stdin');
  writeFileSync(path, await readAll(stream));
  return path;
}

/**
 * Runs `fn` with the descriptor a FILE argument `-` reads: none (the process's own stdin, read
 * as it comes) unless the CLI was given another stdin stream (when run in-process), which is
 * then held in a private file first.
 */
export async function withStdinFd<T>(io: CliIo, fn: (fd: number | undefined) => T | Promise<T>): Promise<T> {
  const given = io.stdin;
  if (!given) return fn(undefined);
  return inTempDir(async (dir) => {
    const fd = openSync(await spool(dir, given), 'r');
    try {
      return await fn(fd);
    } finally {
      closeSync(fd);
    }
  });
}

/** A private folder for a file that stands in for stdin or stdout, removed after `fn`. */
async function inTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'rulewright-std-'));
  try {
    return await fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs `fn` on a file holding all of stdin: the service reads files by path (formats are detected
 * from the bytes, errors name FILE:LINE), so stdin is spooled to one and errors name it `stdin`.
 */
export function withStdinFile<T>(io: CliIo, fn: (path: string) => T | Promise<T>): Promise<T> {
  return inTempDir(async (dir) => {
    const path = await spool(dir, io.stdin ?? process.stdin);
    try {
      return named(await fn(path), path);
    } catch (e) {
      if (e instanceof RulewrightError && e.message.includes(path)) throw new RulewrightError(e.code, e.message.replaceAll(path, 'stdin'), e.details);
      throw e;
    }
  });
}

/** `result`, with a `file` that is the spooled stdin shown as `-`, as the user wrote it. */
function named<T>(result: T, path: string): T {
  if (result && typeof result === 'object' && 'file' in result && result.file === path) return { ...result, file: '-' };
  return result;
}

/** Runs `fn` writing to a file named `name`, then prints what it wrote on stdout (FILE `-`). */
export function withStdoutFile<T>(io: CliIo, name: string, fn: (path: string) => T | Promise<T>): Promise<T> {
  return inTempDir(async (dir) => {
    const path = join(dir, name);
    const result = await fn(path);
    io.stdout.write(readFileSync(path, 'utf8'));
    return result;
  });
}
