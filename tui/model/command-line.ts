import { defaultDesc, type RuleSort, type RuleSortKey, SORT_KEYS } from './rule-rows.js';

/** A command typed on the `:` line. */
export type Command =
  | { readonly kind: 'rule'; readonly id: string }
  | { readonly kind: 'filter'; readonly text: string }
  | { readonly kind: 'sort'; readonly sort: RuleSort }
  | { readonly kind: 'dataset'; readonly name: string }
  | { readonly kind: 'quit' }
  | { readonly kind: 'error'; readonly message: string };

/** Names the `:sort` command takes besides the stored keys: the table's titles, and run (the order the rules run in). */
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
  run: 'run',
  order: 'run',
};

const USAGE = 'the commands are :rule ID, :filter TEXT, :sort COLUMN [asc|desc], :dataset NAME and :q';

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
  if (is('dataset')) return arg ? { kind: 'dataset', name: arg } : { kind: 'error', message: 'which dataset? type :dataset NAME (tab completes the names)' };
  if (is('sort')) {
    const [col = '', dir] = rest;
    const c = col.toLowerCase();
    const key = (SORT_KEYS as readonly string[]).includes(c) ? (c as RuleSortKey) : SORT_ALIASES[c];
    if (!key) return { kind: 'error', message: `no column "${col}" to sort by: the columns are ${SORT_KEYS.join(', ')}, or run (the order the rules run in)` };
    if (dir !== undefined && dir !== 'asc' && dir !== 'desc') return { kind: 'error', message: `sort direction "${dir}": use asc or desc` };
    return { kind: 'sort', sort: { key, desc: dir === undefined ? defaultDesc(key) : dir === 'desc' } };
  }
  return { kind: 'error', message: name ? `no command "${word}": ${USAGE}` : USAGE };
}

/** What tab offers for each word of the `:` line: the command, then what the command takes. */
function candidatesFor(words: readonly string[], datasets: readonly string[]): readonly string[] {
  if (words.length === 1) return ['rule', 'filter', 'sort', 'dataset', 'quit'];
  const name = words[0]!.toLowerCase();
  if (name !== '' && 'dataset'.startsWith(name)) return words.length === 2 ? datasets : [];
  if (name === '' || !'sort'.startsWith(name)) return [];
  if (words.length === 2) return [...SORT_KEYS, 'run'];
  return words.length === 3 ? ['asc', 'desc'] : [];
}

/**
 * The `:` line after tab: its last word completed as far as the candidates agree (a command
 * name, a column after `:sort`, a direction, a dataset after `:dataset`), with a space after a word that is complete.
 */
export function completeCommand(line: string, datasets: readonly string[] = []): string {
  const words = line.trimStart().split(/\s+/);
  const last = words.at(-1)!;
  const matches = candidatesFor(words, datasets).filter((c) => c.toLowerCase().startsWith(last.toLowerCase()));
  if (!matches.length) return line;
  if (matches.length === 1) return `${line.slice(0, line.length - last.length)}${matches[0]} `;
  let common = matches[0]!;
  for (const m of matches) while (!m.startsWith(common)) common = common.slice(0, -1);
  return common.length > last.length ? line.slice(0, line.length - last.length) + common : line;
}
