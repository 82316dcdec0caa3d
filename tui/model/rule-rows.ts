import type { RuleStatus } from '../../src/core/schemas/rule.js';
import { ruleSource } from '../../src/core/schemas/rule-card.js';
import type { RuleFigures, RuleOverviewRow } from '../../src/service/index.js';

/** One line of the rules table: the service's overview row as it is (null metrics: not measured yet). */
export type RuleRow = RuleOverviewRow;

/** The figures the table has a column for, by their stored names. */
export type RuleMetricKey = 'fired' | 'tp' | 'fp' | 'fn' | 'precision' | 'wilson_lower' | 'f1' | 'label_recall' | 'label_f1' | 'marginal_f1';

/** A column, or `run`: the order the rules run in (the service lists them so), which no column shows. */
export type RuleSortKey = 'run' | 'name' | 'label' | 'status' | RuleMetricKey | 'badges';

/** Sortable columns in table order (what `s`, `<` and `>` step through). */
export const SORT_KEYS: readonly RuleSortKey[] = [
  'name',
  'label',
  'status',
  'fired',
  'tp',
  'fp',
  'fn',
  'precision',
  'wilson_lower',
  'f1',
  'label_recall',
  'label_f1',
  'marginal_f1',
  'badges',
];

export interface RuleSort {
  readonly key: RuleSortKey;
  readonly desc: boolean;
}

/** Numbers sort high first by default (the best rules on top); text sorts A to Z, and run order first to run on top. */
export function defaultDesc(key: RuleSortKey): boolean {
  return !(key === 'run' || key === 'name' || key === 'label' || key === 'status');
}

/** A figure of the row's stored metrics, null when the rule was not measured. */
const figure = (r: RuleRow, key: RuleMetricKey): RuleFigures[RuleMetricKey] | null => r.metrics?.[key] ?? null;

export type StatusFilter = 'all' | RuleStatus;
export const STATUS_FILTERS: readonly StatusFilter[] = ['all', 'active', 'disabled', 'proposed', 'rejected'];

export type BadgeFilter = 'any' | 'dead' | 'harmful' | 'stale' | 'timed-out';
export const BADGE_FILTERS: readonly BadgeFilter[] = ['any', 'dead', 'harmful', 'stale', 'timed-out'];

export interface RuleFilter {
  readonly text: string;
  readonly status: StatusFilter;
  readonly badge: BadgeFilter;
}

/** The row flag each badge filter keeps rows by. */
const FLAGS = {
  dead: (r: RuleRow) => r.metrics?.dead ?? false,
  harmful: (r: RuleRow) => r.metrics?.harmful ?? false,
  stale: (r: RuleRow) => r.stale,
  'timed-out': (r: RuleRow) => r.timed_out,
} satisfies Record<Exclude<BadgeFilter, 'any'>, (r: RuleRow) => boolean>;

/** The badges of a row, as letters (D H S T) or words. */
export function badges(r: RuleRow, words: boolean): string {
  const out: string[] = [];
  if (FLAGS.dead(r)) out.push(words ? 'dead' : 'D');
  if (FLAGS.harmful(r)) out.push(words ? 'harmful' : 'H');
  if (r.stale) out.push(words ? 'stale' : 'S');
  if (r.timed_out) out.push(words ? 'timeout' : 'T');
  return out.join(words ? ',' : '');
}

const badgeRank = (r: RuleRow) => (FLAGS.harmful(r) ? 8 : 0) + (FLAGS.dead(r) ? 4 : 0) + (r.timed_out ? 2 : 0) + (r.stale ? 1 : 0);

/** The row's value for `key`; `at` is its place in the rows as the service gave them (run order). */
function sortValue(r: RuleRow, key: RuleSortKey, at: number): number | string | null {
  switch (key) {
    case 'run':
      return at;
    case 'name':
      return r.rule.name.toLowerCase();
    case 'label':
      return r.rule.output.label.toLowerCase();
    case 'status':
      return r.rule.status;
    case 'badges':
      return badgeRank(r);
    default:
      return figure(r, key);
  }
}

/**
 * Rows sorted by a column. Unmeasured values (null) always go last, whichever the direction;
 * ties keep name order, so the order is stable and predictable.
 */
export function sortRows(rows: readonly RuleRow[], sort: RuleSort): RuleRow[] {
  const dir = sort.desc ? -1 : 1;
  const keyed = rows.map((r, i) => ({ r, v: sortValue(r, sort.key, i), n: r.rule.name.toLowerCase() }));
  keyed.sort((a, b) => {
    if (a.v === null || b.v === null) {
      if (a.v !== b.v) return a.v === null ? 1 : -1;
    } else if (a.v !== b.v) return (a.v < b.v ? -1 : 1) * dir;
    return a.n < b.n ? -1 : a.n > b.n ? 1 : a.r.rule.id < b.r.rule.id ? -1 : a.r.rule.id > b.r.rule.id ? 1 : 0;
  });
  return keyed.map((k) => k.r);
}

/** Rows matching the text (name, id, label, pattern; case-insensitive), the status and the badge filter. */
export function filterRows(rows: readonly RuleRow[], f: RuleFilter): RuleRow[] {
  const q = f.text.trim().toLowerCase();
  return rows.filter((r) => {
    const { rule } = r;
    if (f.status !== 'all' && rule.status !== f.status) return false;
    if (f.badge !== 'any' && !FLAGS[f.badge](r)) return false;
    if (!q) return true;
    return [rule.name, rule.id, rule.output.label, ruleSource(rule)].some((s) => s.toLowerCase().includes(q));
  });
}

/** The next value of a cycle (for keys that step through filter values). */
export function nextOf<T>(values: readonly T[], current: T, step = 1): T {
  const i = values.indexOf(current);
  return values[(i + step + values.length) % values.length]!;
}

/**
 * The rule's name without its label in front (`card_arrival <- card | arrive` shows as
 * `card | arrive`): the label has its own column, and at 80 columns the repeat would push out
 * what tells the rules apart. A name that is nothing but the label stays as it is.
 */
export function shownName(rule: Pick<RuleRow['rule'], 'name' | 'output'>): string {
  const { name } = rule;
  const label = rule.output.label;
  if (!label || !name.toLowerCase().startsWith(label.toLowerCase())) return name;
  const after = name.slice(label.length);
  // Only a whole label: `PER names` loses `PER`, `PERSON names` keeps its name.
  if (!/^(?:\s|:|<-|←|->|-|·)/.test(after)) return name;
  return after.replace(/^\s*(?:<-|←|->|:|-|·)?\s*/, '') || name;
}
