import type { Workspace } from '../../src/service/index.js';
import type { RulesOverview } from '../../src/service/tui-rules.js';
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
  const rows: RuleRow[] = o.rules.map((r) => {
    const m = r.metrics;
    return {
      id: r.id,
      name: r.name,
      label: r.label,
      status: r.status,
      source: r.pattern,
      fired: m?.fired ?? null,
      tp: m?.tp ?? null,
      fp: m?.fp ?? null,
      fn: m?.fn ?? null,
      precision: m?.precision ?? null,
      wilson: m?.wilson_lower ?? null,
      f1: m?.f1 ?? null,
      labelRecall: m?.label_recall ?? null,
      labelF1: m?.label_f1 ?? null,
      marginal: m?.marginal_f1 ?? null,
      dead: m?.dead ?? false,
      harmful: m?.harmful ?? false,
      stale: r.stale,
      timedOut: r.timed_out || timedOut.has(r.id),
    };
  });
  return {
    rows,
    summary: {
      precision: o.ensemble?.precision ?? null,
      recall: o.ensemble?.recall ?? null,
      f1: o.ensemble?.f1 ?? null,
      split: o.computed_at ? o.split : null,
      mode: o.mode,
      rules: rows.length,
      active: rows.filter((r) => r.status === 'active').length,
      stale: rows.filter((r) => r.stale).length,
      measuredAt: o.computed_at,
    },
    staleReasons: o.stale_reasons,
  };
}

/** Reads the rules table from the store (stored metrics; nothing is recomputed). */
export function loadRulesView(ws: Workspace, dataset: string | undefined, timedOut?: ReadonlySet<string>): RulesView {
  return toRulesView(ws.rulesOverview({ ...(dataset ? { dataset } : {}) }), timedOut);
}

/** Enables or disables a rule (a new version; the service re-checks a rule it enables). */
export async function setRuleStatus(ws: Workspace, dataset: string | undefined, id: string, status: 'active' | 'disabled'): Promise<void> {
  await ws.setRuleStatus(id, status, dataset);
}
