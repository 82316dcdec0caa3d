import { defaultDesc, type RuleSort, type RuleSortKey, SORT_KEYS } from './rule-rows.js';

/** A command typed on the `:` line. */
export type Command =
  | { readonly kind: 'rule'; readonly id: string }
  | { readonly kind: 'filter'; readonly text: string }
  | { readonly kind: 'sort'; readonly sort: RuleSort }
  | { readonly kind: 'quit' }
  | { readonly kind: 'error'; readonly message: string };

/** Column names the `:sort` command takes besides the stored keys (the table's titles). */
const SORT_ALIASES: Readonly<Record<string, RuleSortKey>> = {
  st: 'status',
  p: 'precision',
  wlb: 'wilson_lower',
  lr: 'label_recall',
  lf1: 'label_f1',
  'δf1': 'marginal_f1',
  df1: 'marginal_f1',
  marginal: 'marginal_f1',
  bdg: 'badges',
};

const USAGE = 'the commands are :rule ID, :filter TEXT, :sort COLUMN [asc|desc] and :q';

/** Parses what was typed after `:` (the command name may be shortened to its first letter). */
export function parseCommand(line: string): Command {
  const [word = '', ...rest] = line.trim().split(/\s+/);
  const arg = rest.join(' ');
  const name = word.toLowerCase();
  const is = (full: string) => name !== '' && full.startsWith(name);
  // As in vi: :q, :q!, :quit (and :wq, since everything is saved as it happens).
  if (['q', 'q!', 'wq', 'x'].includes(name) || (name.length > 1 && is('quit'))) return { kind: 'quit' };
  if (is('rule')) return arg ? { kind: 'rule', id: arg } : { kind: 'error', message: 'which rule? type :rule ID (a unique start of the id is enough)' };
  if (is('filter')) return { kind: 'filter', text: arg };
  if (is('sort')) {
    const [col = '', dir] = rest;
    const c = col.toLowerCase();
    const key = (SORT_KEYS as readonly string[]).includes(c) ? (c as RuleSortKey) : SORT_ALIASES[c];
    if (!key) return { kind: 'error', message: `no column "${col}" to sort by: the columns are ${SORT_KEYS.join(', ')}` };
    if (dir !== undefined && dir !== 'asc' && dir !== 'desc') return { kind: 'error', message: `sort direction "${dir}": use asc or desc` };
    return { kind: 'sort', sort: { key, desc: dir === undefined ? defaultDesc(key) : dir === 'desc' } };
  }
  return { kind: 'error', message: name ? `no command "${word}": ${USAGE}` : USAGE };
}
