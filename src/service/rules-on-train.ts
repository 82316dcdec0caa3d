import { predict } from '../core/engine/predict.js';
import { wilsonLower } from '../core/ratio.js';
import type { Example } from '../core/schemas/example.js';
import type { Rule } from '../core/schemas/rule.js';
import type { RulesOnTrain } from '../learn/induce/next.js';
import type { SpanDocOnTrain } from '../learn/induce/spans/next-span.js';
import { trimmedLabel } from '../learn/induce/learners.js';
import { TUNING } from '../learn/induce/tuning.js';
import type { DatasetContext } from './dataset-context.js';
import { activePredictions, type SplitRows } from './split-predictions.js';

/** Classification: what the active rules do on train: each text's answer, every label that fires, the winner's train bound. */
export function classesOnTrain(ctx: DatasetContext, train: readonly Example[]): RulesOnTrain {
  const { store, dataset: d } = ctx;
  const rules = store.rules.list(d.id, { status: 'active' });
  const { predictions, outputs } = predict(d.task, rules, train);
  const fired: string[][] = train.map(() => []);
  const byId = new Map<string, { name: string; bound: number }>();
  for (const [p, docs] of outputs.ruleDocs.entries()) {
    const r = outputs.rules[p]!;
    let tp = 0;
    for (const doc of docs) {
      fired[doc]!.push(r.label);
      if ((trimmedLabel(train[doc]!.label) ?? '').toLowerCase() === r.label.trim().toLowerCase()) tp++;
    }
    byId.set(r.id, { name: r.rule.name, bound: docs.length ? wilsonLower(tp / docs.length, docs.length, TUNING.covering.z) : 0 });
  }
  return {
    predicted: predictions.map((x) => trimmedLabel(x.label)),
    fired,
    winner: predictions.map((x) => (x.rule_id ? (byId.get(x.rule_id) ?? null) : null)),
  };
}

/** Span tasks: each train text's gold spans and the spans the active rules extract (kept per ruleset, see `activePredictions`), with the rule's name. */
export function spansOnTrain(ctx: DatasetContext, train: SplitRows, active: readonly Rule[]): SpanDocOnTrain[] {
  const names = new Map(active.map((r) => [r.id, r.name]));
  const predictions = activePredictions(ctx, train, active);
  return train.examples.map((e, i) => ({
    text: e.text ?? '',
    gold: (e.spans ?? []).map((s) => ({ start: s.start, end: s.end, label: s.label })),
    predicted: (predictions[i]!.spans ?? []).map((s) => ({ start: s.start, end: s.end, label: s.label, rule: names.get(s.rule_id) ?? s.rule_id })),
  }));
}

/** Classification: the label the active rules give each train text (null: none fires), kept per ruleset (see `activePredictions`). */
export function classesOf(ctx: DatasetContext, train: SplitRows, active: readonly Rule[]): (string | null)[] {
  return activePredictions(ctx, train, active).map((p) => trimmedLabel(p.label));
}
