import type { RuleStatus } from '../../src/core/schemas/index.js';

/** One line of the rules table: a rule with its stored metrics (null: not measured yet). */
export interface RuleRow {
  readonly id: string;
  readonly name: string;
  readonly label: string;
  readonly status: RuleStatus;
  /** What the text filter searches besides name, id and label (the pattern or the terms). */
  readonly source: string;
  readonly fired: number | null;
  readonly tp: number | null;
  readonly fp: number | null;
  readonly fn: number | null;
  readonly precision: number | null;
  readonly wilson: number | null;
  readonly f1: number | null;
  /** Recall and F1 against the gold of the rule's own label (`f1`: against all gold, as RuleChef). */
  readonly labelRecall: number | null;
  readonly labelF1: number | null;
  readonly marginal: number | null;
  readonly dead: boolean;
  readonly harmful: boolean;
  readonly stale: boolean;
  readonly timedOut: boolean;
}

export type RuleSortKey =
  | 'name'
  | 'label'
  | 'status'
  | 'fired'
  | 'tp'
  | 'fp'
  | 'fn'
  | 'precision'
  | 'wilson'
  | 'f1'
  | 'labelRecall'
  | 'labelF1'
  | 'marginal'
  | 'badges';

/** Sortable columns in table order (what `s`, `<` and `>` step through). */
export const SORT_KEYS: readonly RuleSortKey[] = ['name', 'label', 'status', 'fired', 'tp', 'fp', 'fn', 'precision', 'wilson', 'f1', 'labelRecall', 'labelF1', 'marginal', 'badges'];

export interface RuleSort {
  readonly key: RuleSortKey;
  readonly desc: boolean;
}

/** Numbers sort high first by default (the best rules on top); text sorts A to Z. */
export function defaultDesc(key: RuleSortKey): boolean {
  return !(key === 'name' || key === 'label' || key === 'status');
}

export type StatusFilter = 'all' | RuleStatus;
export const STATUS_FILTERS: readonly StatusFilter[] = ['all', 'active', 'disabled', 'proposed', 'rejected'];

export type BadgeFilter = 'any' | 'dead' | 'harmful' | 'stale' | 'timed-out';
export const BADGE_FILTERS: readonly BadgeFilter[] = ['any', 'dead', 'harmful', 'stale', 'timed-out'];

export interface RuleFilter {
  readonly text: string;
  readonly status: StatusFilter;
  readonly badge: BadgeFilter;
}

/** The badges of a row, as letters (D H S T) or words. */
export function badges(r: RuleRow, words: boolean): string {
  const out: string[] = [];
  if (r.dead) out.push(words ? 'dead' : 'D');
  if (r.harmful) out.push(words ? 'harmful' : 'H');
  if (r.stale) out.push(words ? 'stale' : 'S');
  if (r.timedOut) out.push(words ? 'timeout' : 'T');
  return out.join(words ? ',' : '');
}

const badgeRank = (r: RuleRow) => (r.harmful ? 8 : 0) + (r.dead ? 4 : 0) + (r.timedOut ? 2 : 0) + (r.stale ? 1 : 0);

function sortValue(r: RuleRow, key: RuleSortKey): number | string | null {
  switch (key) {
    case 'name':
      return r.name.toLowerCase();
    case 'label':
      return r.label.toLowerCase();
    case 'status':
      return r.status;
    case 'badges':
      return badgeRank(r);
    default:
      return r[key];
  }
}

/**
 * Rows sorted by a column. Unmeasured values (null) always go last, whichever the direction;
 * ties keep name order, so the order is stable and predictable.
 */
export function sortRows(rows: readonly RuleRow[], sort: RuleSort): RuleRow[] {
  const dir = sort.desc ? -1 : 1;
  const keyed = rows.map((r) => ({ r, v: sortValue(r, sort.key), n: r.name.toLowerCase() }));
  keyed.sort((a, b) => {
    if (a.v === null || b.v === null) {
      if (a.v !== b.v) return a.v === null ? 1 : -1;
    } else if (a.v !== b.v) return (a.v < b.v ? -1 : 1) * dir;
    return a.n < b.n ? -1 : a.n > b.n ? 1 : a.r.id < b.r.id ? -1 : a.r.id > b.r.id ? 1 : 0;
  });
  return keyed.map((k) => k.r);
}

/** The row flag each badge filter keeps rows by. */
const BADGE_FLAG: Record<Exclude<BadgeFilter, 'any'>, 'dead' | 'harmful' | 'stale' | 'timedOut'> = {
  dead: 'dead',
  harmful: 'harmful',
  stale: 'stale',
  'timed-out': 'timedOut',
};

/** Rows matching the text (name, id, label, pattern; case-insensitive), the status and the badge filter. */
export function filterRows(rows: readonly RuleRow[], f: RuleFilter): RuleRow[] {
  const q = f.text.trim().toLowerCase();
  return rows.filter((r) => {
    if (f.status !== 'all' && r.status !== f.status) return false;
    if (f.badge !== 'any' && !r[BADGE_FLAG[f.badge]]) return false;
    if (!q) return true;
    return r.name.toLowerCase().includes(q) || r.id.toLowerCase().includes(q) || r.label.toLowerCase().includes(q) || r.source.toLowerCase().includes(q);
  });
}

/** The next value of a cycle (for keys that step through filter values). */
export function nextOf<T>(values: readonly T[], current: T, step = 1): T {
  const i = values.indexOf(current);
  return values[(i + step + values.length) % values.length]!;
}
