import { screenRules, type CheckOptions, type ScreenReport } from '../safety/check-rule.js';
import { parseRuleset, type ParsedRuleset } from './parse.js';
import type { RulechefParseOptions } from './rulechef.js';

/** An imported ruleset: parsed, then every rule checked (rejected and flagged rules reported, none dropped). */
export interface ImportedRuleset extends ParsedRuleset {
  rejected: ScreenReport['rejected'];
  flagged: ScreenReport['flagged'];
}

/**
 * Parses and screens a ruleset for `rules import`: each rule is checked in `import` mode, so a
 * ReDoS-vulnerable pattern is kept but flagged (it runs under the time budget), while an empty
 * pattern, one that does not compile, or a catch-all is kept with status `rejected`.
 */
export async function importRuleset(
  input: unknown,
  options: RulechefParseOptions & { where?: string } & Omit<CheckOptions, 'mode'> & { onProgress?: (done: number, total: number) => void } = {},
): Promise<ImportedRuleset> {
  const parsed = parseRuleset(input, options);
  const screened = await screenRules(parsed.rules, { ...options, mode: 'import' });
  return { ...parsed, rules: screened.rules, rejected: screened.rejected, flagged: screened.flagged };
}
