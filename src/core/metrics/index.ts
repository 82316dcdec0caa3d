export { wilsonLower } from './wilson.js';
export { addInto, allExcluded, countsAt, type CountsVec, f1Of, outputSize, type ScoredRun } from './scored-run.js';
export {
  accumulateRank,
  emptyPartial,
  finishRank,
  mergeRankPartials,
  rankRules,
  type RankedRule,
  type RankPartial,
  type RankResult,
  type RuleRef,
} from './rank.js';
export { naiveCounts, naiveRank, type NaiveRankedRule } from './naive-rank.js';
export { DEFAULT_PRUNE_TOLERANCE, pruneRules, type PruneOptions, type PruneReason, type PruneResult, type PruneStep } from './prune.js';
export { duplicateGroups, duplicateKey } from './duplicates.js';
export { suppressors } from './suppression.js';
export { ruleInteractions, type RuleInteractions } from './interactions.js';
export { ruleSamples, type RuleSamples, type SampleOptions } from './samples.js';
export { computeRuleMetrics, RuleMetricsAccumulator, type RuleMetricsOptions, type RuleMetricsResult } from './rule-metrics.js';
