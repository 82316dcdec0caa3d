import { predict } from '../core/engine/predict.js';
import { wilsonLower } from '../core/ratio.js';
import type { Example } from '../core/schemas/example.js';
import type { RulesOnTrain } from '../learn/induce/next.js';
import type { SpanDocOnTrain } from '../learn/induce/spans/next-span.js';
import { trimmedLabel } from '../learn/induce/learners.js';
import { TUNING } from '../learn/induce/tuning.js';
import type { DatasetContext } from './dataset-context.js';

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

/** Span tasks: each train text's gold spans and the spans the active rules extract, with the rule's name. */
export function spansOnTrain(ctx: DatasetContext, train: readonly Example[]): SpanDocOnTrain[] {
  const { store, dataset: d } = ctx;
  const rules = store.rules.list(d.id, { status: 'active' });
  const names = new Map(rules.map((r) => [r.id, r.name]));
  const { predictions } = predict(d.task, rules, train);
  return train.map((e, i) => ({
    text: e.text ?? '',
    gold: (e.spans ?? []).map((s) => ({ start: s.start, end: s.end, label: s.label })),
    predicted: (predictions[i]!.spans ?? []).map((s) => ({ start: s.start, end: s.end, label: s.label, rule: names.get(s.rule_id) ?? s.rule_id })),
  }));
}

/** Classification: the label the active rules give each of the train texts `docs` (null: none fires); only those texts are run. */
export function classesOnDocs(ctx: DatasetContext, train: readonly Example[], docs: Iterable<number>): Map<number, string | null> {
  const { store, dataset: d } = ctx;
  const which = [...new Set(docs)];
  const rules = store.rules.list(d.id, { status: 'active' });
  const { predictions } = predict(d.task, rules, which.map((i) => train[i]!));
  return new Map(which.map((doc, k) => [doc, trimmedLabel(predictions[k]!.label)]));
}
