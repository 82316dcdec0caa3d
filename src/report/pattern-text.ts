import type { RuleCard } from '../core/schemas/rule-card.js';

// Its own module because the rules table and the version diff both print it, and the diff's data
// is part of the report types the table reads: from rules-table.ts it closed an import cycle.

/** What a rule matches, as one line: the regex with its flags, or the terms of a lexicon rule. */
export function patternText(r: RuleCard): string {
  if (r.format === 'lexicon') return (r.terms ?? []).join(' | ');
  return r.flags ? `/${r.pattern}/${r.flags}` : r.pattern;
}
