import type { ScoreContext } from '../core/eval/types.js';
import type { ExecutionIssue } from '../core/engine/executor.js';
import type { MeasureRunConfig, RecordedExecutionIssue } from '../core/schemas/run.js';
import type { MatchMode } from '../core/schemas/task.js';
import type { MatcherModuleInfo } from './matchers-module.js';
import { issueNotes, matcherIssueNotes, type MatcherIssueRecord } from './pipeline-issues.js';
import type { PipelineSetup, SplitChoice } from './pipeline-setup.js';
import type { Progress } from './types.js';

// What the measuring commands (metrics, rank, prune) share: what they are asked, what every result
// of theirs says, the config their runs are recorded with, and the notes on what was measured.

/** What metrics, rank and prune are asked for beyond their dataset context: the split, mostly. */
export interface MeasureRequest {
  /** Default: dev when the dataset has a dev split, else all examples (said in `notes`). */
  split?: SplitChoice;
  /** Judge and embedder for `llm_rubric` / `semantic_similarity`. */
  context?: Omit<ScoreContext, 'registry'>;
  /** Told how far the rules have run, for a progress bar. */
  onProgress?: (p: Progress) => void;
}

/**
 * What `metrics`, `rank` and `prune` results all say besides their own figures: what was measured
 * (dataset, split, size, matching mode), what to know about it, and the run that was recorded.
 */
export interface MeasuredRunView {
  dataset: string;
  split: SplitChoice;
  n: number;
  mode: string;
  notes: string[];
  issues: RecordedExecutionIssue[];
  dataset_hash: string;
  ruleset_hash: string;
  run_id: number;
  elapsed_ms: number;
}

/** The config recorded with a metrics, rank or prune run (prune adds its options). */
export const measureRunConfig = (
  setup: Pick<PipelineSetup, 'split' | 'task'>,
  mode: MatchMode,
  module: MatcherModuleInfo | null,
  extra: object = {},
): MeasureRunConfig => ({
  split: setup.split.label,
  mode,
  matching: { ...setup.task.matching, mode },
  matchers_module: module,
  ...extra,
});

/** What to know about a measurement: the split it fell back to, what did not run or could not be judged, and a train or empty ruleset. */
export function measureNotes(run: Pick<PipelineSetup, 'split' | 'rules'> & { issues: readonly ExecutionIssue[]; matcher_issues: readonly MatcherIssueRecord[] }): string[] {
  const notes = [...(run.split.note ? [run.split.note] : []), ...issueNotes(run.issues), ...matcherIssueNotes(run.matcher_issues)];
  if (run.split.label === 'train') notes.push('measured on train, the data rules are learned from: these figures flatter the rules; use dev to judge them');
  if (!run.rules.length) notes.push('the ruleset is empty: add rules with `rulewright rules add` or `rulewright rules import FILE`');
  return notes;
}
