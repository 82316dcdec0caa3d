import { RulewrightError } from '../../src/core/errors.js';
import type { Prediction } from '../../src/core/schemas/prediction.js';
import type { Rule } from '../../src/core/schemas/rule.js';
import type { RuleMetrics } from '../../src/core/schemas/rule-metrics.js';
import type { DatasetHandle, ExampleMatches, RuleEditPreview } from '../../src/service/index.js';

/** One field a version changed. */
export interface FieldChangeView {
  readonly field: string;
  readonly from: unknown;
  readonly to: unknown;
}

/** One entry of a rule's history, with what it changed from the version before. */
export interface VersionView {
  readonly version: number;
  readonly note: string;
  readonly created_at: string;
  readonly status: string;
  readonly changes: readonly FieldChangeView[];
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
  /** Each sampled example's whole text and where this rule matched on it (by example id): what its items highlight. */
  readonly matches: ReadonlyMap<string, ExampleMatches>;
  /** What the active rules together produce on each missed (FN) example, by example id. */
  readonly ensemble: ReadonlyMap<string, Prediction>;
}

export type PatternPreview = RuleEditPreview;

/** Reads a rule, its history and its stored metrics (with samples) from the store. */
export function loadRuleDetail(d: DatasetHandle, id: string): RuleDetail {
  const shown = d.showRule(id);
  const history = d.ruleHistory(id);
  const stored = d.storedRuleMetrics({ ruleId: id });
  const samples = stored.metrics?.samples;
  const sampled = samples ? [...new Set([...samples.tp, ...samples.fp, ...samples.fn].map((s) => s.example_id))] : [];
  // Only this rule runs, on the few sampled examples: cheap enough for a first render.
  const matches = new Map<string, ExampleMatches>();
  if (sampled.length) for (const e of d.exampleMatches({ exampleIds: sampled, ruleIds: [id] })) matches.set(e.id, e);
  // Another rule may get a missed example right: the item says what the ensemble made of it.
  const missed = [...new Set((samples?.fn ?? []).map((s) => s.example_id))];
  const ensemble = new Map<string, Prediction>();
  if (missed.length) for (const e of d.exampleMatches({ exampleIds: missed })) ensemble.set(e.id, e.prediction);
  return {
    rule: shown.rule,
    versions: history.versions,
    metrics: stored.metrics,
    stale: stored.stale,
    split: stored.computed ? stored.split : null,
    taskType: d.task.type,
    matches,
    ensemble,
  };
}

/** Saves a new pattern as a new version of the rule (checked as `rules edit` checks it). */
export async function saveRulePattern(d: DatasetHandle, id: string, pattern: string): Promise<Rule> {
  return (await d.editRule(id, { pattern, note: 'pattern edited in the terminal UI' })).rule;
}

/** Takes the rule out of the ruleset (its history is kept; `rules restore` brings it back). */
export function deleteRule(d: DatasetHandle, id: string): void {
  d.deleteRules([id]);
}

/** One example with every rule's matches on it (the rule in question included even when not active). */
export function loadExampleMatches(d: DatasetHandle, exampleId: string, ruleId?: string): ExampleMatches {
  const [found] = d.exampleMatches({ exampleIds: [exampleId], ...(ruleId ? { include: [ruleId] } : {}) });
  if (!found) throw new RulewrightError('NOT_FOUND', `no example "${exampleId}" in this dataset (it may have been deleted): esc goes back`);
  return found;
}
