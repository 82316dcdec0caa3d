import { RulewrightError } from '../core/errors.js';
import type { IdTable } from '../store/id-prefix.js';
import type { Store } from '../store/index.js';
import type { DatasetContext } from './dataset-context.js';

const NOUN: Record<IdTable, string> = { examples: 'example', rules: 'rule', corrections: 'correction', feedback: 'feedback' };

/** How many matches an ambiguous prefix's message names. */
const SHOWN = 5;

/**
 * The id `ref` names: itself when it is an id as written, else the one id it is the start of
 * (git-style short ids, so an id cut to fit a table can be pasted). A prefix of no id comes back
 * unchanged, so the caller's "no such rule" error, with its hint, still says what to do; a prefix
 * of several is BAD_INPUT naming them.
 */
function resolveId(store: Store, table: IdTable, datasetId: number, ref: string): string {
  if (ref === '' || store.ids.has(table, datasetId, ref)) return ref;
  const found = store.ids.startingWith(table, datasetId, ref, SHOWN + 1);
  if (found.length <= 1) return found[0] ?? ref;
  const named = found.slice(0, SHOWN).join(', ') + (found.length > SHOWN ? ', …' : '');
  throw new RulewrightError('BAD_INPUT', `${NOUN[table]} id "${ref}" is ambiguous: matches ${named}; type more of the id`);
}

/**
 * `resolveId` in the context's dataset. Area functions that take an id take what a person typed
 * and resolve it here, so every caller (the CLI, the TUI, a script) accepts the same short ids.
 */
export function resolveRef(ctx: DatasetContext, table: IdTable, ref: string): string {
  return resolveId(ctx.store, table, ctx.dataset.id, ref);
}
