/**
 * Rows to choose learning changes on without touching test: a case's train and dev rows only,
 * divided into rows to learn from and rows to score on. Two protocols:
 * - `draw`: `perLabel` rows of each label (seeded), no dev, scored on the rest (up to `maxHeld`);
 *   the learning curves' setting, where cross-validation on train chooses;
 * - `split`: 60 % to learn from, 20 % as dev, 20 % to score on; the full sets' setting.
 * Rows are sorted by id before the seeded shuffle, so a draw does not depend on file order.
 */
import { mulberry32, shuffle } from '../../../src/core/random.js';
import type { Example } from '../../../src/core/schemas/example.js';
import { byId } from './draws.js';
import { withSplit } from './splits.js';

/** Rows to learn from (`dev` empty in a draw) and rows to score on, all from train + dev. */
export interface HeldOut {
  train: Example[];
  dev: Example[];
  held: Example[];
}

/**
 * `split` with `group`: rows of one group (windows of one document) go to one part together, or
 * text shared across parts would score rows the rules were learned from.
 */
export type Protocol = { kind: 'draw'; perLabel: number; maxHeld?: number } | { kind: 'split'; group?: (e: Example) => string };

/** The share of the pool learned from, and the share after it used as dev, in a `split`. */
const SPLIT = { train: 0.6, dev: 0.2 } as const;
/** Most rows a draw scores on: enough to tell .01 apart, few enough to score in seconds. */
const MAX_HELD = 3000;

/** Divides `pool` (a case's train and dev rows) by `protocol`, seeded by `seed`. */
export function heldOut(pool: readonly Example[], protocol: Protocol, seed: number): HeldOut {
  const rnd = mulberry32(seed);
  if (protocol.kind === 'split') {
    const group = protocol.group ?? ((e: Example) => e.id);
    const keys = shuffle([...new Set(pool.map(group))].sort(), rnd);
    const a = Math.floor(keys.length * SPLIT.train);
    const b = Math.floor(keys.length * (SPLIT.train + SPLIT.dev));
    const part = new Map(keys.map((k, i) => [k, i < a ? 0 : i < b ? 1 : 2]));
    const rows = shuffle(byId(pool), rnd);
    const of = (p: number) => rows.filter((e) => part.get(group(e)) === p);
    return { train: withSplit(of(0), 'train'), dev: withSplit(of(1), 'dev'), held: of(2) };
  }
  const labels = [...new Set(pool.map((e) => e.label ?? ''))].sort();
  const train: Example[] = [];
  const rest: Example[] = [];
  for (const label of labels) {
    const rows = shuffle(byId(pool.filter((e) => (e.label ?? '') === label)), rnd);
    train.push(...rows.slice(0, protocol.perLabel));
    rest.push(...rows.slice(protocol.perLabel));
  }
  return { train: withSplit(train, 'train'), dev: [], held: shuffle(rest, rnd).slice(0, protocol.maxHeld ?? MAX_HELD) };
}

/**
 * Sets TUNING values for one experiment from `path=value` pairs (`covering.maxLiterals=4`): each
 * path must name an existing number, so a typo fails rather than tuning nothing. Returns what puts
 * the old values back.
 */
export function overrideTuning(table: object, pairs: readonly string[]): () => void {
  const undo: (() => void)[] = [];
  const restore = () => undo.reverse().forEach((u) => u());
  try {
    for (const pair of pairs) undo.push(setNumber(table, pair));
  } catch (e) {
    restore();
    throw e;
  }
  return restore;
}

/** Sets one `path=number` pair in `table`; returns what puts the old value back. */
function setNumber(table: object, pair: string): () => void {
  const m = /^([\w.]+)=(-?[\d.]+(?:e-?\d+)?)$/.exec(pair);
  if (!m) throw new Error(`--tune ${pair}: write path=number, e.g. covering.maxLiterals=4`);
  const path = m[1]!.split('.');
  let at: Record<string, unknown> = table as Record<string, unknown>;
  for (const key of path.slice(0, -1)) {
    const next = at[key];
    if (typeof next !== 'object' || next === null) throw new Error(`--tune ${pair}: TUNING has no ${path.join('.')}`);
    at = next as Record<string, unknown>;
  }
  const last = path.at(-1)!;
  const was = at[last];
  if (was === undefined) throw new Error(`--tune ${pair}: TUNING has no ${path.join('.')}`);
  if (typeof was !== 'number') throw new Error(`--tune ${pair}: TUNING.${path.join('.')} is not a number`);
  const target = at;
  target[last] = Number(m[2]);
  return () => (target[last] = was);
}
