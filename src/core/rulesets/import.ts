import { RulewrightError } from '../errors.js';
import { screenRules, type CheckOptions, type ScreenReport } from '../safety/check-rule.js';
import { ruleLimitIssue } from '../safety/pattern-limits.js';
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
 * pattern, one that does not compile, or a catch-all is kept with status `rejected`. A pattern
 * past PATTERN_LIMITS refuses the whole file before anything analyses it (BAD_INPUT).
 */
export async function importRuleset(
  input: unknown,
  options: RulechefParseOptions & { where?: string } & Omit<CheckOptions, 'mode'> & { onProgress?: (done: number, total: number) => void } = {},
): Promise<ImportedRuleset> {
  const parsed = parseRuleset(input, options);
  refuseOversized(parsed.rules, options.where ?? 'ruleset');
  const screened = await screenRules(parsed.rules, { ...options, mode: 'import' });
  return { ...parsed, rules: screened.rules, rejected: screened.rejected, flagged: screened.flagged };
}

function refuseOversized(rules: ParsedRuleset['rules'], where: string): void {
  rules.forEach((rule, i) => {
    // A rule the parser already rejected (an unsupported RuleChef format) is never analysed.
    const issue = rule.status === 'rejected' ? undefined : ruleLimitIssue(rule);
    if (issue) throw new RulewrightError('BAD_INPUT', `${where}: rule ${i + 1} (${rule.name}): ${issue}; nothing was imported`);
  });
}
