/** What the benchmarks share: where the shared datasets are, and how repeated timings are summed up. */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The shared datasets folder that holds `marker` (e.g. `banking77`), found from the source or the
 * compiled location (dist/test/bench sits deeper): `$RULEWRIGHT_SHARED_DATASETS`, else
 * `shared/datasets` beside any of the five folders above this one, else `/work/shared/datasets`.
 */
export function benchSharedDir(marker: string): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  const candidates = [process.env.RULEWRIGHT_SHARED_DATASETS];
  for (let i = 0; i < 5; i++, dir = dirname(dir)) candidates.push(resolve(dir, '../shared/datasets'));
  candidates.push('/work/shared/datasets');
  return candidates.find((p): p is string => !!p && existsSync(join(p, marker)));
}

/** The median of repeated timings (of an even count, the upper of the two middle ones). */
export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
