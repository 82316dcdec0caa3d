import type { DatasetHandle, RulesOverview } from '../../src/service/index.js';
import type { Summary } from '../components/SummaryBar.js';
import type { RuleRow } from '../model/rule-rows.js';

/** The rules table: one row per rule, and the ensemble summary. */
export interface RulesView {
  readonly rows: readonly RuleRow[];
  readonly summary: Summary;
  readonly staleReasons: readonly string[];
}

/** The overview as table rows; `timedOut` adds rules a background metrics run saw time out. */
export function toRulesView(o: RulesOverview, timedOut: ReadonlySet<string> = new Set()): RulesView {
  const rows: RuleRow[] = o.rules.map((r) => (!r.timed_out && timedOut.has(r.rule.id) ? { ...r, timed_out: true } : r));
  return {
    rows,
    summary: {
      precision: o.ensemble?.precision ?? null,
      recall: o.ensemble?.recall ?? null,
      f1: o.ensemble?.f1 ?? null,
      split: o.computed_at ? o.split : null,
      mode: o.mode,
      rules: rows.length,
      active: rows.filter((r) => r.rule.status === 'active').length,
      stale: rows.filter((r) => r.stale).length,
      measuredAt: o.computed_at,
    },
    staleReasons: o.stale_reasons,
  };
}

/** Reads the rules table from the store (stored metrics; nothing is recomputed). */
export function loadRulesView(d: DatasetHandle, timedOut?: ReadonlySet<string>): RulesView {
  return toRulesView(d.rulesOverview(), timedOut);
}

/** Enables or disables a rule (a new version; the service re-checks a rule it enables). */
export async function setRuleStatus(d: DatasetHandle, id: string, status: 'active' | 'disabled'): Promise<void> {
  await d.setRuleStatus(id, status);
}
