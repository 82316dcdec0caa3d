export { toRulechefRule, toRulechefRuleset } from './export-rulechef.js';
export { importRuleset, type ImportedRuleset } from './import.js';
export { parseRuleset, type ParsedRuleset } from './parse.js';
export {
  contentId,
  findRulechefRules,
  NO_TEMPLATE_LABEL,
  parseRulechef,
  type ParsedRulechef,
  type RulechefParseOptions,
  type RulechefShape,
} from './rulechef.js';
export { isRulewrightFile, parseJsonText, readRulesetFile, toRulesetFile, writeRulesetFile } from './rulewright-file.js';
