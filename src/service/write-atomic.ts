import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { RulewrightError } from '../core/errors.js';

/**
 * Writes a file atomically: a temporary file beside it, renamed into place, so a crash never
 * leaves half a file where a whole one was asked for.
 */
export function writeFileAtomic(path: string, text: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw new RulewrightError('BAD_INPUT', `cannot write ${path}: ${(e as Error).message}; check the folder exists and is writable`);
  }
}
