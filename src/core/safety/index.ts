export { checkRule, screenRules, type CheckMode, type CheckOptions, type ProblemCode, type RuleCheck, type RuleProblem, type ScreenReport } from './check-rule.js';
export { BROAD_SHARE, CATCH_ALL_PROBES } from './probes.js';
export { screenRedos, type RedosEffort, type RedosOptions, type RedosVerdict } from './redos.js';
