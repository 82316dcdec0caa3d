import type { Prediction } from '../schemas/prediction.js';
import { outputSpans, ruleLabelIds } from './candidates.js';
import { applyPolicy, keepCandidates, type Triples } from './conflicts.js';
import type { RuleOutputs } from './executor.js';

/** Rule positions left out of a resolution: a set, or a mask indexed by position (non-zero = out). */
export type RuleExclusion = ReadonlySet<number> | Uint8Array;

function isExcluded(ex: RuleExclusion | undefined, position: number): boolean {
  if (!ex) return false;
  return ex instanceof Uint8Array ? ex[position] !== 0 && ex[position] !== undefined : ex.has(position);
}

/**
 * The candidate spans of document `d` (local index) as triples (rule position, start, end) in
 * execution order, leaving out excluded rules; with `only`, just that rule's.
 */
export function candidateTriples(outputs: RuleOutputs, d: number, excluded?: RuleExclusion, only?: number): Triples {
  const out: Triples = [];
  const { docEntries, entryRule, entrySpans, spans } = outputs;
  for (let k = docEntries[d]!, end = docEntries[d + 1]!; k < end; k++) {
    const r = entryRule[k]!;
    if (only !== undefined ? r !== only : isExcluded(excluded, r)) continue;
    for (let i = entrySpans[k]!, e = entrySpans[k + 1]!; i < e; i += 2) out.push(r, spans[i]!, spans[i + 1]!);
  }
  return out;
}

/**
 * The first rule (in execution order, not excluded) that fired on document `d`: the winning
 * classification rule's position, or -1 (abstain). O(rules that fired on d).
 */
export function firstFiringRule(outputs: RuleOutputs, d: number, excluded?: RuleExclusion): number {
  const { docEntries, entryRule } = outputs;
  for (let k = docEntries[d]!, end = docEntries[d + 1]!; k < end; k++) {
    const r = entryRule[k]!;
    if (!isExcluded(excluded, r)) return r;
  }
  return -1;
}

// Scratch space of `resolveKept`, reused across calls (the engine is synchronous and not re-entrant).
const cand = {
  start: new Int32Array(64),
  end: new Int32Array(64),
  label: new Int32Array(64),
  rule: new Int32Array(64),
  sel: new Int32Array(64),
  kept: new Int32Array(64),
};

function growCandidates(n: number): void {
  if (cand.start.length >= n) return;
  const size = Math.max(n, 2 * cand.start.length);
  for (const k of ['start', 'end', 'label', 'rule', 'sel', 'kept'] as const) cand[k] = new Int32Array(size);
}

/**
 * Resolves document `d` of a span task into the scratch arrays: the candidates (not excluded; with
 * `only`, just that rule's) in `cand.start/end/rule`, and the kept ones' indices, in execution
 * order, in `cand.kept[0 .. returned count)`. Valid until the next call.
 */
function resolveKept(outputs: RuleOutputs, d: number, excluded: RuleExclusion | undefined, only: number | undefined): number {
  const { docEntries, entryRule, entrySpans, spans } = outputs;
  const k0 = docEntries[d]!;
  const k1 = docEntries[d + 1]!;
  growCandidates((entrySpans[k1]! - entrySpans[k0]!) >> 1);
  const labels = ruleLabelIds(outputs);
  const { start, end, label, rule, sel } = cand;
  let n = 0;
  for (let k = k0; k < k1; k++) {
    const r = entryRule[k]!;
    if (only !== undefined ? r !== only : isExcluded(excluded, r)) continue;
    const l = labels[r]!;
    for (let i = entrySpans[k]!, e = entrySpans[k + 1]!; i < e; i += 2, n++) {
      start[n] = spans[i]!;
      end[n] = spans[i + 1]!;
      label[n] = l;
      rule[n] = r;
      sel[n] = n;
    }
  }
  return keepCandidates(outputs.task.matching.conflict_policy, cand, sel, n, outputs.texts[d]!.length, cand.kept);
}

/**
 * The resolved spans of document `d` as triples in execution order, under the task's conflict
 * policy. Transformation tasks resolve each field (label) on its own, as each is its own output.
 */
export function resolveTriples(outputs: RuleOutputs, d: number, excluded?: RuleExclusion, only?: number): Triples {
  if (outputs.task.type !== 'transformation') {
    const k = resolveKept(outputs, d, excluded, only);
    const out: Triples = new Array(3 * k);
    for (let a = 0; a < k; a++) {
      const i = cand.kept[a]!;
      out[3 * a] = cand.rule[i]!;
      out[3 * a + 1] = cand.start[i]!;
      out[3 * a + 2] = cand.end[i]!;
    }
    return out;
  }
  const triples = candidateTriples(outputs, d, excluded, only);
  const policy = outputs.task.matching.conflict_policy;
  const labelOf = (p: number) => outputs.rules[p]!.label;
  const len = outputs.texts[d]!.length;
  const byField = new Map<string, Triples>();
  for (let i = 0; i < triples.length; i += 3) {
    const f = labelOf(triples[i]!);
    let list = byField.get(f);
    if (!list) byField.set(f, (list = []));
    list.push(triples[i]!, triples[i + 1]!, triples[i + 2]!);
  }
  // A rule feeds one field, so a stable sort by rule position restores execution order.
  const groups: number[][] = [];
  for (const list of byField.values()) {
    const res = applyPolicy(policy, list, labelOf, len);
    for (let i = 0; i < res.length; i += 3) groups.push([res[i]!, res[i + 1]!, res[i + 2]!]);
  }
  groups.sort((x, y) => x[0]! - y[0]!);
  return groups.flat();
}

/** Whether two resolutions of a document keep the same spans: equal triples, equal output. */
export function sameTriples(a: Triples, b: Triples): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * What the ruleset outputs for document `d` (local index) with the `excluded` rule positions left
 * out: the cheap re-resolution leave-one-out ranking runs on the documents a rule fired on.
 * Classification: the first rule that fired wins (none: `label: null`). Spans: the conflict
 * policy's survivors sorted by (start, end, rule order), each with its text and rule id.
 * Transformation: per field, the first value (scalar fields) or all values (`list_fields`), with
 * the rules behind each field in `output_rules`.
 */
export function resolveDocument(outputs: RuleOutputs, d: number, excluded?: RuleExclusion): Prediction {
  return toPrediction(outputs, d, excluded, undefined);
}

/** What one rule alone outputs for document `d` (per-rule metrics). */
export function resolveRuleAlone(outputs: RuleOutputs, d: number, position: number): Prediction {
  return toPrediction(outputs, d, undefined, position);
}

function toPrediction(outputs: RuleOutputs, d: number, excluded: RuleExclusion | undefined, only: number | undefined): Prediction {
  const type = outputs.task.type;
  if (type === 'classification') {
    let r: number;
    if (only === undefined) r = firstFiringRule(outputs, d, excluded);
    else r = candidateTriples(outputs, d, undefined, only).length ? only : -1;
    return labelPrediction(outputs, r);
  }
  const text = outputs.texts[d]!;
  if (type === 'transformation') return toOutput(outputs, resolveTriples(outputs, d, excluded, only), text);
  const k = resolveKept(outputs, d, excluded, only);
  return { spans: outputSpans(outputs, text, cand, cand.kept, k) };
}

/**
 * What `resolveDocument` gives for a resolution already made under the same exclusion: the
 * winning rule's position (classification, -1 for none, as `firstFiringRule` gives it) or the kept
 * triples (as `resolveTriples` gives them). Spares resolving a document twice when its triples are
 * compared with an earlier resolution first.
 */
export function predictionOf(outputs: RuleOutputs, d: number, resolved: number | Triples): Prediction {
  if (typeof resolved === 'number') return labelPrediction(outputs, resolved);
  const text = outputs.texts[d]!;
  if (outputs.task.type === 'transformation') return toOutput(outputs, resolved, text);
  const k = resolved.length / 3;
  growCandidates(k);
  for (let a = 0; a < k; a++) {
    cand.rule[a] = resolved[3 * a]!;
    cand.start[a] = resolved[3 * a + 1]!;
    cand.end[a] = resolved[3 * a + 2]!;
    cand.kept[a] = a;
  }
  return { spans: outputSpans(outputs, text, cand, cand.kept, k) };
}

function labelPrediction(outputs: RuleOutputs, r: number): Prediction {
  return r < 0 ? { label: null, rule_id: null } : { label: outputs.rules[r]!.label, rule_id: outputs.rules[r]!.id };
}

function toOutput(outputs: RuleOutputs, triples: Triples, text: string): Prediction {
  const lists = new Set(outputs.task.list_fields);
  const output: Record<string, unknown> = {};
  const outputRules: Record<string, string[]> = {};
  for (let i = 0; i < triples.length; i += 3) {
    const rule = outputs.rules[triples[i]!]!;
    const field = rule.label;
    const value = text.slice(triples[i + 1]!, triples[i + 2]!);
    if (lists.has(field)) {
      const list = (output[field] as string[] | undefined) ?? [];
      list.push(value);
      output[field] = list;
    } else if (field in output) continue;
    else output[field] = value;
    const ids = (outputRules[field] ??= []);
    if (!ids.includes(rule.id)) ids.push(rule.id);
  }
  return { output, output_rules: outputRules };
}
