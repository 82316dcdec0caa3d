import type { RuleWhen, WhenValue } from '../schemas/rule.js';

/** Example metadata as rules see it. */
export type DocMeta = Readonly<Record<string, unknown>> | undefined;

const holds = (field: unknown, want: WhenValue): boolean => (Array.isArray(field) ? field.includes(want) : field === want);

/** A rule's condition as a test of one document's metadata; `null` when the rule has none (it always applies). */
export function compileWhen(when: RuleWhen | undefined): ((meta: DocMeta) => boolean) | null {
  if (!when) return null;
  const entries = Object.entries(when.meta);
  return (meta) => meta !== undefined && entries.every(([k, v]) => holds(meta[k], v));
}

/** How a condition reads in a rule's name or a table: `requested_slots = time`. */
export function describeWhen(when: RuleWhen): string {
  return Object.entries(when.meta)
    .map(([k, v]) => `${k} = ${String(v)}`)
    .join(' and ');
}
