export { compileRule, clearCompileCache, type CompiledRule, type Matcher } from './compile-rule.js';
export { collectMatches } from './collect.js';
export { DocCandidates, ruleLabelIds } from './candidates.js';
export { applyPolicy, keepCandidates, RULECHEF_IOU, type CandidateArrays, type Triples } from './conflicts.js';
export { executeRules, type ExecTask, type ExecuteOptions, type ExecutionIssue, type RuleOutputs } from './executor.js';
export { runGuarded, type GuardResult } from './guard.js';
export { IntBuffer } from './int-buffer.js';
export { casefold, compareCodePoints, compareRules, orderRules, ruleTrust } from './order.js';
export { predict, prepareRules, runRules, textOf, type PredictResult, type RunOptions, type RunTask } from './predict.js';
export {
  candidateTriples,
  firstFiringRule,
  resolveDocument,
  resolveRuleAlone,
  resolveTriples,
  type RuleExclusion,
} from './resolve.js';
