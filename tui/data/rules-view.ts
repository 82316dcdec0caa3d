import type { RuleStatus } from '../../src/core/schemas/index.js';
import type { Workspace } from '../../src/service/index.js';
import type { Summary } from '../components/SummaryBar.js';
import type { RuleRow } from '../model/rule-rows.js';

/** The rules table: one row per rule, and the ensemble summary. */
export interface RulesView {
  readonly rows: readonly RuleRow[];
  readonly summary: Summary;
}

export function loadRulesView(_ws: Workspace, _dataset: string | undefined): RulesView {
  throw new Error('rule service not available yet');
}

export function setRuleStatus(_ws: Workspace, _dataset: string | undefined, _id: string, _status: RuleStatus): void {
  throw new Error('rule service not available yet');
}
