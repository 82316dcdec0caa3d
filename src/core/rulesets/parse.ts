import type { Rule } from '../schemas/rule.js';
import type { TaskType } from '../schemas/task.js';
import { parseRulechef, type RulechefParseOptions, type RulechefShape } from './rulechef.js';
import { isRulewrightFile, parseJsonText, readRulesetFile } from './rulewright-file.js';

/** A ruleset read from a file: rulewright's own format or any of RuleChef's shapes. */
export interface ParsedRuleset {
  format: 'rulewright' | 'rulechef';
  /** RuleChef: where the rules were found. */
  shape?: RulechefShape;
  rules: Rule[];
  /** rulewright files may carry their task. */
  task?: Record<string, unknown>;
  /** The task type the rules imply (RuleChef `output_key`s, or the file's task). */
  taskType?: TaskType;
  notes: string[];
}

/**
 * Reads a ruleset from JSON text or an already parsed value. A value with a `rulewright` key is
 * rulewright's format (validated strictly); anything else is read as RuleChef's.
 */
export function parseRuleset(input: unknown, options: RulechefParseOptions & { where?: string } = {}): ParsedRuleset {
  const where = options.where ?? 'ruleset';
  const value = typeof input === 'string' ? parseJsonText(input, where) : input;
  if (isRulewrightFile(value)) {
    const file = readRulesetFile(value, where);
    const type = file.task?.type;
    const out: ParsedRuleset = { format: 'rulewright', rules: file.rules, notes: [] };
    if (file.task) out.task = file.task;
    if (typeof type === 'string' && ['extraction', 'ner', 'classification', 'transformation'].includes(type)) out.taskType = type as TaskType;
    return out;
  }
  const parsed = parseRulechef(value, options);
  const out: ParsedRuleset = { format: 'rulechef', shape: parsed.shape, rules: parsed.rules, notes: parsed.notes };
  if (parsed.taskType) out.taskType = parsed.taskType;
  return out;
}
