/**
 * The cases built from draws of the shared sets (draws.ts), each learnt from the same rows by
 * every system and tested on the set's official test split:
 *
 * - learning curves `<set>@<n>`: n = 5, 10, 25, 50, 100 train examples per label from the
 *   official train split of Banking77 (77 classes), TREC fine (50 classes) and Restaurant-8k
 *   slots, with no dev rows (rulewright makes its own dev when there are enough examples);
 * - skewed binary `skew-<set>-<pct>`: one class group against the rest at 5, 13 and 30 %
 *   positives (Banking77: every class about cards; TREC: the HUM questions), train and test both
 *   at the rate; the figure to read is the positive class's F1;
 * - open-class spans `r8k-names`: Restaurant-8k with only first_name and last_name kept (names
 *   after fixed wording, no shape to go by); WNUT-17 is the case `wnut17`.
 */
import { Task } from '../../../src/core/schemas/task.js';
import type { Example } from '../../../src/core/schemas/example.js';
import { loadB77All, loadTrec } from './classification-sets.js';
import { atRate, perLabelClasses, perLabelSpans } from './draws.js';
import { loadRestaurant8k } from './span-sets.js';
import { BENCH_SEED, withSplit } from './splits.js';
import type { BenchCase } from './types.js';

const CURVE_SIZES = [5, 10, 25, 50, 100] as const;
const SKEW_RATES = [5, 13, 30] as const;
/** Train rows of a skewed set (fewer when the rarer side runs out). */
const SKEW_TRAIN = 1000;

const CURVE_BASES = { 'b77-77': loadB77All, trec50: () => loadTrec('fine'), r8k: loadRestaurant8k } satisfies Record<string, () => BenchCase>;

function curveCase(set: keyof typeof CURVE_BASES, n: number): BenchCase {
  const base = CURVE_BASES[set]();
  const pool = [...base.train, ...base.dev];
  const name = `${set}@${n}`;
  const draw = base.task.type === 'classification' ? perLabelClasses(pool, base.task.labels ?? [], n) : { train: perLabelSpans(pool, n), short: [] };
  const short = draw.short.length ? `; fewer than ${n} in train: ${draw.short.join(', ')}` : '';
  return {
    name,
    task: { ...base.task, name },
    train: draw.train,
    dev: [],
    test: base.test,
    notes: [`${name}: ${n} train rows per label drawn from the official train split (seed ${BENCH_SEED}), no dev rows; test = official test${short}`],
  };
}

const SKEW_GROUPS = {
  b77: { load: loadB77All, positive: 'card', isPositive: (l: string) => /card/.test(l), what: 'every Banking77 class whose name has "card"' },
  trec: { load: () => loadTrec('coarse'), positive: 'person', isPositive: (l: string) => l === 'HUM', what: 'TREC HUM questions' },
} as const;

function skewCase(set: keyof typeof SKEW_GROUPS, pct: number): BenchCase {
  const g = SKEW_GROUPS[set];
  const base = g.load();
  const names = { positive: g.positive, negative: 'other' };
  const split = (rows: readonly Example[], max?: number) => atRate(rows.filter((e) => g.isPositive(e.label!)), rows.filter((e) => !g.isPositive(e.label!)), pct / 100, names, max);
  const name = `skew-${set}-${String(pct).padStart(2, '0')}`;
  const train = withSplit(split([...base.train, ...base.dev], SKEW_TRAIN), 'train');
  const test = withSplit(split(base.test), 'test');
  const count = (es: Example[]) => `${es.filter((e) => e.label === g.positive).length}/${es.length}`;
  return {
    name,
    task: Task.parse({ name, type: 'classification', labels: [g.positive, 'other'] }),
    train,
    dev: [],
    test,
    positive: g.positive,
    notes: [`${name}: ${g.what} as "${g.positive}" against the rest at ${pct}% positive (seed ${BENCH_SEED}); train ${count(train)} and test ${count(test)} positive, test from the official test split; no dev rows`],
  };
}

const NAME_SLOTS = ['first_name', 'last_name'];

function restaurantNames(): BenchCase {
  const base = loadRestaurant8k();
  const keep = (es: readonly Example[]) => es.map((e) => ({ ...e, spans: (e.spans ?? []).filter((s) => NAME_SLOTS.includes(s.label)) }));
  const name = 'r8k-names';
  return {
    name,
    task: Task.parse({ ...base.task, name, labels: NAME_SLOTS }),
    train: keep(base.train),
    dev: keep(base.dev),
    test: keep(base.test),
    notes: [`${name}: Restaurant-8k with only ${NAME_SLOTS.join(' and ')} kept as gold (every text kept); splits as r8k; exact offsets`],
  };
}

/** Every drawn case by name, loaded when asked for. */
export const DRAWN_LOADERS: Record<string, () => BenchCase> = {
  ...Object.fromEntries((Object.keys(CURVE_BASES) as (keyof typeof CURVE_BASES)[]).flatMap((s) => CURVE_SIZES.map((n) => [`${s}@${n}`, () => curveCase(s, n)]))),
  ...Object.fromEntries((Object.keys(SKEW_GROUPS) as (keyof typeof SKEW_GROUPS)[]).flatMap((s) => SKEW_RATES.map((p) => [`skew-${s}-${String(p).padStart(2, '0')}`, () => skewCase(s, p)]))),
  'r8k-names': restaurantNames,
};

/** Names that stand for several cases: `curves`, `skewed`, `open-spans`, and `<set>@*` for one set's curve. */
export function caseGroups(all: readonly string[]): Record<string, string[]> {
  const groups: Record<string, string[]> = {
    curves: all.filter((c) => c.includes('@')),
    skewed: all.filter((c) => c.startsWith('skew-')),
    'open-spans': ['wnut17', 'r8k-names'],
  };
  for (const s of Object.keys(CURVE_BASES)) groups[`${s}@*`] = CURVE_SIZES.map((n) => `${s}@${n}`);
  return groups;
}
