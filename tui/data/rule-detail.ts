import type { Rule } from '../../src/core/schemas/index.js';
import type { RuleMetrics } from '../../src/core/schemas/rule-metrics.js';
import type { Workspace } from '../../src/service/index.js';

/** One entry of a rule's history. */
export interface VersionView {
  readonly version: number;
  readonly rule: Rule;
  readonly note: string;
  readonly created_at: string;
}

/** What the rule screen shows: the rule, its history, and its stored metrics. */
export interface RuleDetail {
  readonly rule: Rule;
  readonly versions: readonly VersionView[];
  /** Stored metrics, or null when the rule was never measured. */
  readonly metrics: RuleMetrics | null;
  readonly stale: boolean;
  readonly split: string | null;
  readonly taskType: string;
}

/** Metrics before and after a pattern edit, from the `preview` job. */
export interface PatternPreview {
  readonly valid: boolean;
  readonly error?: string;
  readonly before: PreviewFigures;
  readonly after: PreviewFigures | null;
  readonly split: string;
}

export interface PreviewFigures {
  readonly tp: number;
  readonly fp: number;
  readonly fn: number;
  readonly precision: number | null;
  readonly recall: number | null;
  readonly f1: number | null;
  /** Micro F1 of the whole ruleset with this version of the rule. */
  readonly ensemble_f1: number | null;
}

export function loadRuleDetail(_ws: Workspace, _dataset: string | undefined, _id: string): RuleDetail {
  throw new Error('rule service not available yet');
}

export function saveRulePattern(_ws: Workspace, _dataset: string | undefined, _id: string, _pattern: string): Rule {
  throw new Error('rule service not available yet');
}

export function deleteRule(_ws: Workspace, _dataset: string | undefined, _id: string): void {
  throw new Error('rule service not available yet');
}
