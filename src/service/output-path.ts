import { realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { RulewrightError } from '../core/errors.js';
import type { DatasetContext } from './dataset-context.js';
import { linkTarget, writeFileAtomic, type WriteFileOptions } from './write-atomic.js';

/** A file a command reads, which its output must not replace; `what` names it in the refusal. */
export interface ReadFile {
  path: string;
  what: string;
}

/** A file as the kernel sees it: its real path, and its device and inode when it exists. */
interface FileIdentity {
  real: string;
  inode: string | null;
}

function identify(path: string): FileIdentity {
  const target = linkTarget(path);
  let real: string;
  try {
    real = realpathSync(target);
  } catch {
    // Not there yet: where it would be made.
    try {
      real = join(realpathSync(dirname(target)), basename(target));
    } catch {
      real = target;
    }
  }
  try {
    const st = statSync(target, { bigint: true });
    return { real, inode: `${st.dev}:${st.ino}` };
  } catch {
    return { real, inode: null };
  }
}

const sameFile = (a: FileIdentity, b: FileIdentity): boolean => a.real === b.real || (a.inode !== null && a.inode === b.inode);

/** SQLite's files beside a workspace: they belong to it as much as the file itself. */
const SIDE_FILES: readonly [suffix: string, what: string][] = [
  ['', 'the workspace'],
  ['-wal', "the workspace's write-ahead log"],
  ['-shm', "the workspace's shared-memory file"],
  ['-journal', "the workspace's rollback journal"],
];

/** Everything the command reads: the workspace and its side files, the matcher module, and `inputs`. */
function readFiles(ctx: DatasetContext, inputs: readonly ReadFile[]): ReadFile[] {
  const files = [...inputs];
  const ws = ctx.store.path;
  if (ws !== ':memory:') {
    // SQLite puts its side files beside the workspace's real path, not beside a link to it.
    const real = identify(ws).real;
    for (const base of new Set([ws, real])) for (const [suffix, what] of SIDE_FILES) files.push({ path: `${base}${suffix}`, what });
  }
  if (ctx.matchers?.module) files.push({ path: ctx.matchers.module.path, what: 'the matcher module (--matchers)' });
  return files;
}

/**
 * The absolute path of an output `path`, refused (exit 2) when it is a file the command reads:
 * the workspace, its `-wal`, `-shm` or `-journal`, or an input, by any name (a relative path, a
 * symbolic or hard link, an open descriptor). Writing there would destroy what is being written.
 */
export function checkOutputPath(ctx: DatasetContext, path: string, inputs: readonly ReadFile[] = []): string {
  const abs = resolve(ctx.cwd, path);
  const out = identify(abs);
  for (const f of readFiles(ctx, inputs)) {
    if (sameFile(out, identify(f.path))) {
      throw new RulewrightError('BAD_INPUT', `refusing to write ${path}: it is ${f.what} (${f.path}), which the output would replace; choose another output file`);
    }
  }
  return abs;
}

/**
 * Every file a command writes goes through here: the path is checked (checkOutputPath), then
 * written (writeFileAtomic). Returns the absolute path written.
 */
export function writeOutput(ctx: DatasetContext, path: string, text: string, opts: WriteFileOptions & { inputs?: readonly ReadFile[] } = {}): string {
  const abs = checkOutputPath(ctx, path, opts.inputs);
  writeFileAtomic(abs, text, opts, path);
  return abs;
}
