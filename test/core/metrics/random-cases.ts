import { runRules } from '../../../src/core/engine/predict.js';
import { compileScorer } from '../../../src/core/eval/scorer.js';
import type { ScoredRun } from '../../../src/core/metrics/scored-run.js';
import type { Example } from '../../../src/core/schemas/example.js';
import { Rule } from '../../../src/core/schemas/rule.js';
import { mulberry32 } from '../../../src/core/random.js';
import { type MatchMode, Task, type TaskType } from '../../../src/core/schemas/task.js';

/** A random case's task type, matching mode and conflict policy. */
export type CaseCombo = [TaskType, MatchMode, 'rulechef' | 'non_overlapping'];

/** The task types, modes and policies the ensemble's incremental scorers are checked on. */
export const CASE_COMBOS: readonly CaseCombo[] = [
  ['classification', 'text', 'rulechef'],
  ['ner', 'text', 'rulechef'],
  ['ner', 'exact', 'non_overlapping'],
  ['ner', 'semeval:partial', 'rulechef'],
  ['ner', 'overlap', 'non_overlapping'],
  ['transformation', 'text', 'rulechef'],
];

const WORDS = ['foo', 'bar', 'baz', 'qux', 'Foo', 'zap', '12', '7', 'foobar'];
const LABELS = ['A', 'B', 'C'];

export interface RandomCase {
  seed: number;
  task: Task;
  rules: Rule[];
  examples: Example[];
}

/**
 * A random task, ruleset and examples. Rules are word alternations (some with a capture group as
 * the span, some exact duplicates of another), with random priorities, confidences and validated
 * precision, so execution order, conflicts and dedup all get exercised. Gold is partly copied
 * from what rules match (so there are TPs) and partly random.
 */
export function randomCase(seed: number, type: TaskType, mode: MatchMode, policy: 'rulechef' | 'non_overlapping'): RandomCase {
  const r = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
  const task = Task.parse({
    name: `case${seed}`,
    type,
    ...(type === 'transformation' ? { list_fields: ['A'] } : {}),
    matching: { mode, conflict_policy: policy, iou_threshold: pick([0.3, 0.5]) },
  });

  const nRules = int(1, 9);
  const rules: Rule[] = [];
  for (let i = 0; i < nRules; i++) {
    if (i > 0 && r() < 0.12) {
      const copy = rules[int(0, i - 1)]!;
      rules.push({ ...copy, id: `r${i}`, name: `rule ${i}` });
      continue;
    }
    const alts = Array.from({ length: int(1, 3) }, () => pick(WORDS));
    const grouped = r() < 0.3;
    const tail = r() < 0.4 ? ` ${pick(WORDS)}` : '';
    const pattern = grouped ? `(${alts.join('|')})${tail}` : `\\b(?:${alts.join('|')})${tail}\\b`;
    rules.push(
      Rule.parse({
        id: `r${i}`,
        name: `rule ${pick(['a', 'b', 'B', ''])}${i}`,
        format: 'regex',
        pattern,
        flags: r() < 0.2 ? 'i' : '',
        output: { label: type === 'classification' && r() < 0.15 ? pick(LABELS).toLowerCase() : pick(LABELS), group: grouped ? '$1' : '$0' },
        priority: int(0, 2),
        confidence: pick([0.3, 0.5, 0.8]),
        validated_precision: r() < 0.5 ? null : pick([0, 0.5, 0.9, 1]),
        validated_support: int(0, 20),
      }),
    );
  }

  const nDocs = int(1, 14);
  const examples: Example[] = [];
  for (let d = 0; d < nDocs; d++) {
    const text = Array.from({ length: int(0, 12) }, () => pick(WORDS)).join(pick([' ', ' ', ', ']));
    const ex: Example = { id: `d${d}`, text, split: 'dev', source: 'gold' };
    if (type === 'transformation') {
      // Field A is a list, B and C scalars; values are words of the text (or not).
      const words = text.split(/[ ,]+/).filter(Boolean);
      const word = () => (words.length && r() < 0.8 ? pick(words) : pick(WORDS));
      delete ex.text;
      ex.input = { text };
      ex.output = {};
      if (r() < 0.7) ex.output.A = Array.from({ length: int(0, 3) }, word);
      if (r() < 0.6) ex.output.B = word();
      if (r() < 0.4) ex.output.C = word();
    } else if (type === 'classification') {
      ex.label = r() < 0.1 ? null : pick(LABELS);
    } else {
      const spans: Example['spans'] = [];
      // Word spans, some at the offsets a rule would give, some shifted or with another label.
      const re = /\S+/g;
      let m: RegExpExecArray | null;
      while ((m = re.exec(text)) !== null) {
        if (r() < 0.35) {
          const start = m.index;
          let end = m.index + m[0].length;
          if (r() < 0.2) end = Math.min(text.length, end + int(1, 4));
          spans.push({ start, end, label: pick(LABELS) });
        }
      }
      ex.spans = spans;
    }
    if (r() < 0.1) ex.annotated = [pick(LABELS)];
    examples.push(ex);
  }
  return { seed, task, rules, examples };
}

/** The case's outputs computed once, with a quiet scorer. */
export function scoredRun(c: RandomCase): ScoredRun {
  return { outputs: runRules(c.task, c.rules, c.examples), examples: c.examples, scorer: compileScorer(c.task, { outcomes: false }) };
}
