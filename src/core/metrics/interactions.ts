import { candidateTriples } from '../engine/resolve.js';
import type { RuleOutputs } from '../engine/executor.js';
import type { Triples } from '../engine/conflicts.js';
import { foldLabel } from '../eval/score-classification.js';
import { PROGRESS_EVERY, type ProgressFn } from '../progress.js';
import { suppressors } from './suppression.js';

/**
 * How one rule meets the others on the examples.
 *
 * - overlap: examples where this rule and another both fire.
 * - conflict: examples where they disagree. Classification: both fire with different labels
 *   (compared trimmed and case-folded). Spans: a span of one overlaps a span of the other with a
 *   different label, or the conflict policy drops a span of one because of a span of the other
 *   (the suppressed rule and its suppressor both conflict). Transformation: the span rules per
 *   field, plus two rules giving different values for the same scalar field (only the first is
 *   output).
 * - suppressed: this rule's outputs dropped because of another rule (spans the policy dropped,
 *   losing classification labels when another rule with a different label won, scalar values
 *   shadowed), counted per output item.
 */
export interface RuleInteractions {
  overlap: number;
  conflict: number;
  suppressed: number;
  /** Partner position → examples shared / in conflict. */
  overlapWith: Map<number, number>;
  conflictWith: Map<number, number>;
}

/**
 * Overlap and conflict counts of every rule (indexed by position), from the shared outputs. Every
 * count is a sum over documents: given `into` (the counts of earlier documents, same rules), these
 * documents are added to it.
 */
export function ruleInteractions(outputs: RuleOutputs, onProgress?: ProgressFn, into?: RuleInteractions[]): RuleInteractions[] {
  const nRules = outputs.rules.length;
  const out: RuleInteractions[] =
    into ??
    outputs.rules.map(() => ({
      overlap: 0,
      conflict: 0,
      suppressed: 0,
      overlapWith: new Map(),
      conflictWith: new Map(),
    }));
  const type = outputs.task.type;
  const labels = outputs.rules.map((r) => r.label);
  const folded = labels.map(foldLabel);
  const labelOf = (p: number) => labels[p]!;
  const lists = new Set(outputs.task.list_fields);
  const policy = outputs.task.matching.conflict_policy;
  const inConflict = new Uint8Array(nRules);
  const { docEntries, entryRule } = outputs;
  const bump = (m: Map<number, number>, q: number) => m.set(q, (m.get(q) ?? 0) + 1);

  const nDocs = outputs.texts.length;
  for (let d = 0; d < nDocs; d++) {
    if (onProgress && d % PROGRESS_EVERY === 0 && d > 0) onProgress(d, nDocs);
    const k0 = docEntries[d]!;
    const k1 = docEntries[d + 1]!;
    if (k1 - k0 < 2) continue;
    const rules: number[] = [];
    for (let k = k0; k < k1; k++) rules.push(entryRule[k]!);
    for (const p of rules) out[p]!.overlap++;
    for (let i = 0; i < rules.length; i++)
      for (let j = i + 1; j < rules.length; j++) {
        bump(out[rules[i]!]!.overlapWith, rules[j]!);
        bump(out[rules[j]!]!.overlapWith, rules[i]!);
      }

    const pairs = new Set<number>();
    const pair = (p: number, q: number) => {
      if (p !== q) pairs.add(p < q ? p * nRules + q : q * nRules + p);
    };
    if (type === 'classification') {
      // Entries are in execution order: the first rule wins, a later one with another label loses its label.
      const winner = rules[0]!;
      for (let i = 0; i < rules.length; i++) {
        for (let j = i + 1; j < rules.length; j++) if (folded[rules[i]!] !== folded[rules[j]!]) pair(rules[i]!, rules[j]!);
        if (i > 0 && folded[rules[i]!] !== folded[winner]) out[rules[i]!]!.suppressed++;
      }
    } else {
      const t = candidateTriples(outputs, d);
      labelClashes(t, labelOf, pair);
      const byField = type === 'transformation' ? splitByLabel(t, labelOf) : [t];
      const text = outputs.texts[d]!;
      for (const group of byField) {
        const by = suppressors(policy, group, labelOf);
        let first = -1;
        for (let i = 0; i < by.length; i++) {
          const p = group[3 * i]!;
          const q = by[i]!;
          if (q >= 0 && q !== p) {
            out[p]!.suppressed++;
            pair(p, q);
          }
          if (q >= 0 || type !== 'transformation' || lists.has(labelOf(p))) continue;
          // A scalar field outputs its first kept value; a later, different value from another rule is shadowed.
          if (first < 0) first = i;
          else {
            const f = group[3 * first]!;
            if (f !== p && text.slice(group[3 * first + 1]!, group[3 * first + 2]!) !== text.slice(group[3 * i + 1]!, group[3 * i + 2]!)) {
              out[p]!.suppressed++;
              pair(p, f);
            }
          }
        }
      }
    }
    for (const key of pairs) {
      const p = Math.floor(key / nRules);
      const q = key - p * nRules;
      bump(out[p]!.conflictWith, q);
      bump(out[q]!.conflictWith, p);
      inConflict[p] = 1;
      inConflict[q] = 1;
    }
    for (const p of rules) {
      if (inConflict[p]) out[p]!.conflict++;
      inConflict[p] = 0;
    }
  }
  onProgress?.(nDocs, nDocs);
  return out;
}

/** Pairs of rules with overlapping spans of different labels (a sweep over spans sorted by start). */
function labelClashes(t: Triples, labelOf: (p: number) => string, pair: (p: number, q: number) => void): void {
  const n = t.length / 3;
  const idx = Array.from({ length: n }, (_, i) => i).sort((a, b) => t[3 * a + 1]! - t[3 * b + 1]!);
  for (let x = 0; x < n; x++) {
    const i = idx[x]!;
    const p = t[3 * i]!;
    const e = t[3 * i + 2]!;
    for (let y = x + 1; y < n; y++) {
      const j = idx[y]!;
      if (t[3 * j + 1]! >= e) break;
      const q = t[3 * j]!;
      if (q !== p && labelOf(q) !== labelOf(p)) pair(p, q);
    }
  }
}

function splitByLabel(t: Triples, labelOf: (p: number) => string): Triples[] {
  const groups = new Map<string, Triples>();
  for (let i = 0; i < t.length; i += 3) {
    const f = labelOf(t[i]!);
    let g = groups.get(f);
    if (!g) groups.set(f, (g = []));
    g.push(t[i]!, t[i + 1]!, t[i + 2]!);
  }
  return [...groups.values()];
}
