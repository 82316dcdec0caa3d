import { addCorrection, deleteCorrection, listCorrections, showCorrection } from './corrections.js';
import type { DatasetContext } from './dataset-context.js';
import { storedActiveRulesHash, datasetHash } from './dataset-hashes.js';
import { datasetSummary } from './dataset-summary.js';
import { evaluate } from './evaluate.js';
import { getExample, listExamples } from './examples.js';
import { exportFile, exportText } from './export-file.js';
import { exportPredictions } from './export-predictions.js';
import { rulesetFromWorkspace } from './extract.js';
import { addFeedback, dismissFeedback, listFeedback, reopenFeedback } from './feedback.js';
import { importIntoDataset } from './import-file.js';
import { learn } from './learn.js';
import { recordRuleMetrics } from './metrics.js';
import { nextExamples } from './next.js';
import { observeTraffic } from './observe.js';
import { runPipeline } from './pipeline.js';
import { prune } from './prune.js';
import { rank } from './rank.js';
import { writeReport } from './report.js';
import { rulesTableCsvOf } from './report-csv.js';
import { addRule, deleteRules, editRule, listRules, restoreRule, ruleHistory, setRuleStatus, showRule } from './rules.js';
import { exportRules, exportRulesText, importRules } from './rules-io.js';
import { listRuns, showRun } from './runs.js';
import { splitDataset } from './split.js';
import { datasetStats } from './stats.js';
import { acceptSuggestion, suggestRules } from './suggest.js';
import { showTask, updateTask } from './task.js';
import { undo } from './undo.js';
import { predictExample } from './views/example-prediction.js';
import { exampleMatches } from './views/example-matches.js';
import { exampleOutcomes } from './views/examples.js';
import { learningMode } from './views/learning-mode.js';
import { llmActivity } from './views/llm-activity.js';
import { measureNeed } from './views/measure-need.js';
import { storedRuleMetrics } from './views/rule-detail.js';
import { previewRuleEdit } from './views/rule-edit-preview.js';
import { rulesOverview } from './views/rules-overview.js';
import { getStoredMetrics } from './views/stored-metrics.js';

/**
 * How a dataset handle calls an area function. `plain`: with the dataset as stored now, at once
 * (a dataset that does not resolve throws). `plainAsync`: the same for a function that returns a
 * promise, so that failure rejects it instead. `scoring`: after the user's matcher module is
 * loaded (once per handle), for every call that scores outputs against gold.
 */
export type CallKind = 'plain' | 'plainAsync' | 'scoring';

/** An area function: a DatasetContext first, then what varies per call. */
type AreaFunction = (ctx: DatasetContext, ...args: never[]) => unknown;

export interface ApiRow<F extends AreaFunction = AreaFunction> {
  readonly fn: F;
  readonly kind: CallKind;
}

const plain = <F extends AreaFunction>(fn: F) => ({ fn, kind: 'plain' as const });
const plainAsync = <F extends (ctx: DatasetContext, ...args: never[]) => Promise<unknown>>(fn: F) => ({ fn, kind: 'plainAsync' as const });
const scoring = <F extends (ctx: DatasetContext, ...args: never[]) => Promise<unknown>>(fn: F) => ({ fn, kind: 'scoring' as const });

/**
 * The dataset-scoped API: every method of a DatasetHandle (dataset-handle.ts), named here once and
 * mapped to the area function it calls. To add an operation, write it in `src/service/<area>.ts`
 * taking a `DatasetContext` first (ids as a person types them, resolved with `resolveRef`), then
 * add its row here: the handle's method and its type follow from the row.
 */
export const DATASET_API = {
  // Data

  /** The dataset's name, type, description, labels and example count. */
  summary: plain(datasetSummary),
  /** Imports a file into this dataset, all or nothing (see importFile). */
  importFile: plain(importIntoDataset),
  exportFile: plain(exportFile),
  /** The examples as the text of an export format, with what a file export would report. */
  exportText: plain(exportText),
  /** The rules' predictions in Label Studio's or Doccano's import format, for review there. */
  exportPredictions: scoring(exportPredictions),
  /** Seeded, stratified train/dev(/test) split. */
  split: plain(splitDataset),
  stats: plain(datasetStats),
  listExamples: plain(listExamples),
  getExample: plain(getExample),
  /** The gold hash of the dataset (or one split): stable and order-independent. */
  datasetHash: plain(datasetHash),

  // Task

  /** The task and its matching config. */
  showTask: plain(showTask),
  /** Changes the matching config (mode, matchers per label or field, …) and the description. */
  updateTask: plain(updateTask),

  // Rules

  listRules: plain(listRules),
  showRule: plain(showRule),
  /** Adds a rule after the safety checks (INVALID_RULE with the reason when it fails one). */
  addRule: plainAsync(addRule),
  /** Edits a rule as a new version, re-checked. */
  editRule: plainAsync(editRule),
  setRuleStatus: plainAsync(setRuleStatus),
  /** Takes rules out of the ruleset, keeping them and their history; all or none. */
  deleteRules: plain(deleteRules),
  restoreRule: plain(restoreRule),
  ruleHistory: plain(ruleHistory),
  /** Imports a ruleset file (rulewright or RuleChef), all or nothing, every rule checked. */
  importRules: plainAsync(importRules),
  exportRules: plain(exportRules),
  exportRulesText: plain(exportRulesText),
  /** The active rules, compiled for `extract`. */
  extractRuleset: plain(rulesetFromWorkspace),
  /** The hash of the active rules (order-independent, volatile fields left out). */
  rulesetHash: plain(storedActiveRulesHash),

  // Corrections and feedback

  /** Records a correction (by example id or by text); it becomes a training example. */
  correct: plain(addCorrection),
  /** Ranked rules made from a train example's own words that would give it its label, or extract a span of it. */
  suggest: plainAsync(suggestRules),
  /** Adds the `rank`-th suggestion for an example as an active human rule above the others. */
  acceptSuggestion: plainAsync(acceptSuggestion),
  /** Train examples whose fix would help most under the active rules, each with why. */
  next: plain(nextExamples),
  /** Corrections, each with whether it holds under the active rules. */
  listCorrections: plain(listCorrections),
  showCorrection: plain(showCorrection),
  /** Deletes a correction and the training example it became. */
  deleteCorrection: plain(deleteCorrection),
  /** Adds plain-English feedback on the task, a rule or an example. */
  addFeedback: plain(addFeedback),
  listFeedback: plain(listFeedback),
  dismissFeedback: plain(dismissFeedback),
  /** Opens dismissed or applied feedback again, for the next learning run. */
  reopenFeedback: plain(reopenFeedback),

  // Scoring

  /** The shared evaluation pipeline (see pipeline.ts); a registry in the request replaces the handle's matchers. */
  pipeline: scoring(runPipeline),
  /** `eval`: evaluates the active rules, records the run, optionally compares with an earlier run. */
  evaluate: scoring(evaluate),
  /** `metrics`: per-rule metrics; stamps validated precision from dev, caches the metrics, records the run. */
  metrics: scoring(recordRuleMetrics),
  /** `rank`: solo and exact leave-one-out marginal F1 of every active rule. */
  rank: scoring(rank),
  /** `prune`: the greedy pruning plan (dry run), or applied with `apply`. */
  prune: scoring(prune),
  /** Synthesizes and refines rules (LLM when configured, else the offline inducer); see learn.ts. */
  learn: scoring(learn),
  /** `report`: writes the self-contained HTML report to `req.out`; changes nothing. */
  report: scoring(writeReport),
  /** The report's rules table as CSV for measured rules (`metrics --format csv`). */
  rulesTableCsv: plain(rulesTableCsvOf),
  /** Every example with gold, prediction and error kinds (the terminal UI's Examples screen). */
  exampleOutcomes: scoring(exampleOutcomes),
  /** What a pattern edit would do to a rule and to the ruleset, before saving. */
  previewRuleEdit: scoring(previewRuleEdit),
  /** Coverage and agreement of the rules on observed traffic, and accuracy against its gold. */
  observe: plainAsync(observeTraffic),

  // Runs and stored figures

  listRuns: plain(listRuns),
  showRun: plain(showRun),
  /** `undo`: reverses the last applied prune (or the op given). */
  undo: plain(undo),
  /** The cached per-rule metrics of the last `metrics` run, with a `stale` flag; runs nothing. */
  storedMetrics: plain(getStoredMetrics),
  /** Every rule with its stored metrics, stale flags and the ensemble figures (the terminal UI's rules table). */
  rulesOverview: plain(rulesOverview),
  /** Whether the stored metrics are missing or old, and the size of measuring them again; runs no rule. */
  measureNeed: plain(measureNeed),
  /** What the active rules produce for one example. */
  predictExample: plain(predictExample),
  /** One rule's stored metrics with samples and a stale flag. */
  storedRuleMetrics: plain(storedRuleMetrics),
  /** Where each rule matched on a few stored examples (why a rule fired). */
  exampleMatches: plain(exampleMatches),
  /** Whether `learn` would read plain-English feedback now (only an LLM does). */
  learningMode: plain(learningMode),
  /** LLM calls recorded since a given call, counted without reading them. */
  llmActivity: plain(llmActivity),
} satisfies Record<string, ApiRow>;

type MethodOf<R> = R extends { fn: (ctx: DatasetContext, ...args: infer A) => infer T } ? (...args: A) => T : never;

/** The handle's methods, as the table declares them: each area function without its context. */
export type DatasetMethods = { [K in keyof typeof DATASET_API]: MethodOf<(typeof DATASET_API)[K]> };
