import { parseAt, RulewrightError } from '../errors.js';
import { RulesetFile, type Rule } from '../schemas/rule.js';
import type { Task } from '../schemas/task.js';

/** Parses JSON text, naming the source and the position on failure. */
export function parseJsonText(text: string, where: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new RulewrightError('BAD_INPUT', `${where}: not valid JSON (${(e as Error).message})`);
  }
}

/** Whether a parsed value is a rulewright ruleset file (rather than a RuleChef one). */
export function isRulewrightFile(value: unknown): boolean {
  return !!value && typeof value === 'object' && !Array.isArray(value) && 'rulewright' in value;
}

/** Reads rulewright's own ruleset format `{rulewright: 1, task?, rules}` (strict: unknown keys fail). */
export function readRulesetFile(value: unknown, where = 'ruleset'): RulesetFile {
  return parseAt(RulesetFile, value, where);
}

/** The ruleset file for rules (and optionally the task they belong to), ready for `JSON.stringify`. */
function toRulesetFile(rules: readonly Rule[], task?: Task): RulesetFile {
  const file: RulesetFile = { rulewright: 1, rules: [...rules] };
  if (task) file.task = { ...task };
  return file;
}

/** The ruleset file as JSON text: two-space indent, newline at the end. */
export function writeRulesetFile(rules: readonly Rule[], task?: Task): string {
  return `${JSON.stringify(toRulesetFile(rules, task), null, 2)}\n`;
}
