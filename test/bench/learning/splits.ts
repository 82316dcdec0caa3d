/** Split helpers shared by the loaders: the project's own seeded, stratified splitter. */
import { assignSplits, stratumOf } from '../../../src/core/split.js';
import type { Example, Split } from '../../../src/core/schemas/example.js';

/** The seed of every split the benchmark makes itself. */
export const BENCH_SEED = 42;

/** A copy of each example with its split set. */
export const withSplit = (es: readonly Example[], split: Split): Example[] => es.map((e) => ({ ...e, split }));

/**
 * Divides `pool` with src/core/split.ts (stratified by label set, seed 42): `dev` and `test` are
 * shares of the pool, the rest is train. Used where a set has no official dev (or test) split.
 */
export function carve(pool: readonly Example[], dev: number, test = 0): { train: Example[]; dev: Example[]; test: Example[] } {
  const assigned = assignSplits(
    pool.map((e) => ({ id: e.id, stratum: stratumOf(e) })),
    { dev, test, seed: BENCH_SEED },
  );
  const out = { train: [] as Example[], dev: [] as Example[], test: [] as Example[] };
  for (const e of pool) {
    const s = assigned.get(e.id)!;
    out[s].push({ ...e, split: s });
  }
  return out;
}
