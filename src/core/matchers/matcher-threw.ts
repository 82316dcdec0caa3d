import { RulewrightError } from '../errors.js';

/** What is known when a user matcher throws: which matcher, from where, bound to which config entry, on what. */
export interface MatcherCall {
  name: string;
  /** The module file that registered it. */
  source: string;
  /** The config entry it is bound to, e.g. `task.matching.matchers.total`. */
  where: string;
  gold: unknown;
  predicted: unknown;
}

const shown = (v: unknown): string => {
  const s = typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  return s.length > 80 ? `${s.slice(0, 80)}…` : s;
};

/**
 * The error for a user matcher that threw: the user's code failed on their data, so it is their
 * input to fix (exit 2), and the message says which module, matcher and field, and on what values.
 */
export function matcherThrew(call: MatcherCall, e: unknown): RulewrightError {
  const why = e instanceof Error ? e.message : String(e);
  const field = /^task\.matching\.matchers\.(.+)$/.exec(call.where)?.[1];
  const fix = field
    ? `fix the module, or compare "${field}" with another matcher: \`rulewright task set --matcher ${field}=exact\``
    : 'fix the module, or choose another matcher in task.matching';
  return new RulewrightError(
    'BAD_INPUT',
    `${call.source}: matcher "${call.name}" threw on ${call.where} (gold ${shown(call.gold)}, predicted ${shown(call.predicted)}): ${why}; ${fix}`,
  );
}
