import { runRules } from '../../core/engine/predict.js';
import type { Answer, Example } from '../../core/schemas/example.js';
import type { Feedback } from '../../core/schemas/feedback.js';
import type { Rule } from '../../core/schemas/rule.js';
import type { Task } from '../../core/schemas/task.js';

/** A correction as targeting sees it. */
export interface CorrectionTarget {
  id: string;
  /** The example it corrects (if any) and the training example it became. */
  example_ids: readonly string[];
  text?: string;
  input?: Record<string, unknown>;
  produced: Answer;
  expected: Answer;
}

/** Why something is targeted. */
export interface TargetReason {
  source: 'feedback' | 'correction';
  id: string;
  rules: string[];
  labels: string[];
  note?: string;
}

/** What incremental learning may change. */
export interface Targets {
  /** Rules a patch may rewrite or remove. */
  rules: Set<string>;
  /** Labels new rules may be added for. */
  labels: Set<string>;
  /** Examples feedback and corrections point at (their failures are always in scope). */
  examples: Set<string>;
  /** Feedback used to choose targets. */
  feedback: string[];
  reasons: TargetReason[];
}

/** The labels an answer mentions: its class, span labels, or filled output fields. */
export function labelsOfAnswer(a: Answer): string[] {
  const out = new Set<string>();
  if (a.label != null && a.label !== '') out.add(a.label);
  for (const s of a.spans ?? []) out.add(s.label);
  for (const [k, v] of Object.entries(a.output ?? {})) if (v !== null && v !== undefined && v !== '') out.add(k);
  return [...out];
}

/**
 * What feedback and corrections point at, for `learn --incremental`: rule-level feedback targets
 * that rule; example-level feedback and corrections target the rules that fired on that text and
 * the rules of the labels it should have (those that should have fired), and those labels, so
 * new rules may be added for them. Everything else stays as it is.
 */
export function computeTargets(
  task: Task,
  active: readonly Rule[],
  feedback: readonly Feedback[],
  corrections: readonly CorrectionTarget[],
  exampleOf: (id: string) => Example | undefined,
): Targets {
  const t: Targets = { rules: new Set(), labels: new Set(), examples: new Set(), feedback: [], reasons: [] };
  const byId = new Map(active.map((r) => [r.id, r]));
  const rulesOfLabel = (labels: readonly string[]) => active.filter((r) => labels.includes(r.output.label)).map((r) => r.id);
  const firedOn = (e: Pick<Example, 'id' | 'text' | 'input' | 'meta'>): string[] => {
    const out = runRules(task, active, [e]);
    return out.rules.filter((_, p) => (out.ruleDocs[p]?.length ?? 0) > 0).map((r) => r.id);
  };
  const add = (reason: TargetReason) => {
    for (const r of reason.rules) t.rules.add(r);
    for (const l of reason.labels) t.labels.add(l);
    t.reasons.push(reason);
  };
  for (const f of feedback) {
    if (f.level === 'rule' && f.target_id) {
      const rule = byId.get(f.target_id);
      if (!rule) {
        t.reasons.push({ source: 'feedback', id: f.id, rules: [], labels: [], note: `rule "${f.target_id}" is not active` });
        continue;
      }
      t.feedback.push(f.id);
      add({ source: 'feedback', id: f.id, rules: [rule.id], labels: [rule.output.label] });
    } else if (f.level === 'example' && f.target_id) {
      const e = exampleOf(f.target_id);
      if (!e) {
        t.reasons.push({ source: 'feedback', id: f.id, rules: [], labels: [], note: `example "${f.target_id}" does not exist` });
        continue;
      }
      t.feedback.push(f.id);
      t.examples.add(e.id);
      const labels = labelsOfAnswer({ label: e.label, spans: e.spans, output: e.output });
      add({ source: 'feedback', id: f.id, rules: [...new Set([...firedOn(e), ...rulesOfLabel(labels)])], labels });
    }
  }
  for (const c of corrections) {
    for (const id of c.example_ids) t.examples.add(id);
    const labels = [...new Set([...labelsOfAnswer(c.expected), ...labelsOfAnswer(c.produced)])];
    const fired = firedOn({ id: c.id, ...(c.text !== undefined ? { text: c.text } : {}), ...(c.input ? { input: c.input } : {}) });
    add({ source: 'correction', id: c.id, rules: [...new Set([...fired, ...rulesOfLabel(labelsOfAnswer(c.expected))])], labels });
  }
  return t;
}

/** Nothing to do: no rule, label or example is targeted. */
export function isEmptyTargets(t: Targets): boolean {
  return t.rules.size === 0 && t.labels.size === 0 && t.examples.size === 0;
}
