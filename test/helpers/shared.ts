import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is test/helpers/shared.ts). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The shared public datasets: `$RULEWRIGHT_SHARED_DATASETS`, else `../shared/datasets` beside the
 * checkout, else `/work/shared/datasets` (so a clone in a temporary folder still finds them).
 */
const sharedDir: string | undefined = [
  process.env.RULEWRIGHT_SHARED_DATASETS,
  resolve(repoRoot, '../shared/datasets'),
  '/work/shared/datasets',
].find((p): p is string => !!p && existsSync(p));

/** Path of a file under the shared datasets, or undefined when they are not on this machine. */
export function shared(rel: string): string | undefined {
  return sharedDir ? resolve(sharedDir, rel) : undefined;
}

/** A message for `test.skipIf` users: why a shared-data test did not run. */
export const sharedMissing = sharedDir
  ? undefined
  : 'shared datasets not found: set RULEWRIGHT_SHARED_DATASETS to the folder holding tab/, banking77/, …';
