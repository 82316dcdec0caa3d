import type { RuleOutputs } from '../../core/engine/executor.js';
import type { ExampleScore } from '../../core/eval/types.js';
import { ratio } from '../../core/ratio.js';
import type { Rule } from '../../core/schemas/rule.js';
import type { RuleView } from '../prompts/views.js';

/**
 * Each rule's share of the ensemble's outputs on the scored examples: outputs it produced that
 * matched (tp) or were wrong (fp), and the documents it fired on before conflicts were resolved.
 * Cheap (read off one scored run); the per-rule metrics of `metrics` score each rule alone.
 */
export function ruleViews(rules: readonly Rule[], outputs: RuleOutputs, scores: readonly ExampleScore[], editable: (rule: Rule) => boolean): RuleView[] {
  const tp = new Map<string, number>();
  const fp = new Map<string, number>();
  for (const s of scores)
    for (const o of s.outcomes ?? []) {
      const id = o.pred?.rule_id;
      if (!id) continue;
      const into = o.kind === 'match' ? tp : fp;
      into.set(id, (into.get(id) ?? 0) + 1);
    }
  const fired = new Map<string, number>();
  outputs.rules.forEach((r, p) => fired.set(r.id, outputs.ruleDocs[p]?.length ?? 0));
  return rules.map((rule) => {
    const t = tp.get(rule.id) ?? 0;
    const f = fp.get(rule.id) ?? 0;
    return { rule, tp: t, fp: f, precision: ratio(t, t + f), fired: fired.get(rule.id) ?? 0, editable: editable(rule) };
  });
}
