import { runRules, textOf } from '../../core/engine/predict.js';
import { resolveDocument } from '../../core/engine/resolve.js';
import type { Example } from '../../core/schemas/example.js';
import type { Prediction } from '../../core/schemas/prediction.js';
import type { Rule } from '../../core/schemas/rule.js';
import type { DatasetContext } from '../dataset-context.js';

/** One raw match of one rule on an example's text (before conflicts are resolved). */
export interface RuleMatch {
  rule_id: string;
  name: string;
  label: string;
  start: number;
  end: number;
}

/** An example's text with every rule's raw matches on it, and what the rules predict. */
export interface ExampleMatches {
  id: string;
  text: string;
  split: Example['split'];
  /** Gold: a label, spans, or an output object (as stored). */
  gold: Pick<Example, 'label' | 'spans' | 'output'>;
  /** Sorted by start, then by end. */
  matches: RuleMatch[];
  prediction: Prediction;
}

export interface ExampleMatchesRequest {
  exampleIds: readonly string[];
  /** Run these rules only (any status); default: the active rules plus `include`. */
  ruleIds?: readonly string[];
  /** Rules to run even when not active (the rule a screen is about). */
  include?: readonly string[];
}

/**
 * Where each rule matched on a few stored examples: what "why did it fire" shows. Classification
 * included, so the trigger words are known rather than the whole sentence. Unknown example ids
 * are skipped (a sample can outlive its example). Nothing is recorded.
 */
export function exampleMatches(ctx: DatasetContext, req: ExampleMatchesRequest): ExampleMatches[] {
  const { store, dataset: d } = ctx;
  const examples = req.exampleIds.map((id) => store.examples.get(d.id, id)).filter((e): e is Example => e !== undefined);
  let rules: Rule[];
  if (req.ruleIds) rules = req.ruleIds.map((id) => store.rules.get(d.id, id)).filter((r): r is Rule => r !== undefined);
  else {
    rules = store.rules.list(d.id, { status: 'active' });
    for (const id of req.include ?? []) {
      const r = store.rules.get(d.id, id);
      if (r && r.status !== 'active') rules.push(r);
    }
  }
  if (!examples.length) return [];
  const outputs = runRules(d.task, rules, examples, { statuses: ['active', 'disabled', 'proposed', 'rejected'], firstMatchOnly: false });
  // The prediction is the active rules' alone, whatever else ran to show its matches.
  const inactive = new Set(outputs.rules.flatMap((r, p) => (r.rule.status === 'active' ? [] : [p])));
  return examples.map((e, doc) => {
    const matches: RuleMatch[] = [];
    for (let k = outputs.docEntries[doc]!; k < outputs.docEntries[doc + 1]!; k++) {
      const rule = outputs.rules[outputs.entryRule[k]!]!.rule;
      for (let i = outputs.entrySpans[k]!; i < outputs.entrySpans[k + 1]!; i += 2)
        matches.push({ rule_id: rule.id, name: rule.name, label: rule.output.label, start: outputs.spans[i]!, end: outputs.spans[i + 1]! });
    }
    matches.sort((a, b) => a.start - b.start || a.end - b.end);
    return {
      id: e.id,
      text: textOf(d.task, e),
      split: e.split,
      gold: { ...(e.label !== undefined ? { label: e.label } : {}), ...(e.spans ? { spans: e.spans } : {}), ...(e.output ? { output: e.output } : {}) },
      matches,
      prediction: resolveDocument(outputs, doc, inactive),
    };
  });
}
