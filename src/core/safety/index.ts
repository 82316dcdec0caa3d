export { checkRule, checkRuleStatic, screenRules, type CheckMode, type CheckOptions, type ProblemCode, type RuleCheck, type RuleProblem, type ScreenReport } from './check-rule.js';
export { BROAD_SHARE, CATCH_ALL_PROBES } from './probes.js';
export { attackCost, searchSteps, STEPS_PER_100_MS, type AttackCost } from './redos-cost.js';
export { REALISTIC_ATTACK_LENGTH, screenRedos, screenRedosStatic, type RedosEffort, type RedosOptions, type RedosVerdict } from './redos.js';
