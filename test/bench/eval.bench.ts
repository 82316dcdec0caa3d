/**
 * Evaluation throughput against executing the rules, in the same process and run:
 * TAB (127 long documents, 22 span rules, `text` mode and `semeval:partial`) and Banking77 train
 * (10,003 queries, 126 classification rules). "exec" is a minimal local executor (native RegExp,
 * rules in priority order, RuleChef's exact-offset skip); it stands in for src/core/engine, whose
 * real executor does more work, so the ratio here is an upper bound of the evaluation overhead.
 * "score" is compileScorer + score for every example (with drill-down outcomes, then without)
 * plus buildEvalReport. Target: (exec + score) / exec under 1.3.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parse } from 'csv-parse/sync';
import { buildEvalReport } from '../../src/core/eval/report.js';
import { compileScorer } from '../../src/core/eval/scorer.js';
import type { Example } from '../../src/core/schemas/example.js';
import type { Prediction } from '../../src/core/schemas/prediction.js';
import type { OutputSpan } from '../../src/core/schemas/span.js';
import { Task, type MatchMode } from '../../src/core/schemas/task.js';
import { benchSharedDir, median } from './bench-support.js';
import type { BenchResult } from './run-all.js';

const REPEATS = 7;
const WARMUP = 2;

function time<T>(fn: () => T): { ms: number; value: T } {
  let value!: T;
  const runs: number[] = [];
  for (let i = 0; i < WARMUP; i++) fn();
  for (let i = 0; i < REPEATS; i++) {
    const t0 = performance.now();
    value = fn();
    runs.push(performance.now() - t0);
  }
  return { ms: median(runs), value };
}

interface RcRule {
  name: string;
  content: string;
  priority?: number;
  validated_precision?: number | null;
  confidence?: number;
  output_template: Record<string, unknown>;
}

interface LocalRule {
  id: string;
  re: RegExp;
  label: string;
  group: number;
}

/** RuleChef's order: priority, then precision (or confidence), then case-folded name, then position. */
function compileRules(rules: RcRule[]): LocalRule[] {
  const key = (r: RcRule) => r.validated_precision ?? r.confidence ?? 0.5;
  return rules
    .map((r, i) => ({ r, i }))
    .sort(
      (a, b) =>
        (b.r.priority ?? 5) - (a.r.priority ?? 5) ||
        key(b.r) - key(a.r) ||
        (a.r.name.toLowerCase() < b.r.name.toLowerCase() ? -1 : a.r.name.toLowerCase() > b.r.name.toLowerCase() ? 1 : 0) ||
        a.i - b.i,
    )
    .map(({ r, i }) => {
      let src = r.content;
      let flags = 'gd';
      if (src.startsWith('(?i)')) {
        src = src.slice(4);
        flags += 'i';
      }
      const t = r.output_template;
      return {
        id: `r${String(i).padStart(3, '0')}`,
        re: new RegExp(src, flags),
        label: String(t.label ?? t.type ?? ''),
        group: t.text === '$1' ? 1 : 0,
      };
    });
}

function execSpans(rules: LocalRule[], text: string): Prediction {
  const spans: OutputSpan[] = [];
  const seen = new Set<number>();
  for (const r of rules) {
    r.re.lastIndex = 0;
    for (const m of text.matchAll(r.re)) {
      const ix = m.indices?.[r.group];
      if (!ix || ix[0] === ix[1]) continue;
      const k = ix[0] * 1_000_003 + ix[1];
      if (seen.has(k)) continue;
      seen.add(k);
      spans.push({ start: ix[0], end: ix[1], label: r.label, text: text.slice(ix[0], ix[1]), rule_id: r.id });
    }
  }
  return { spans };
}

function execLabel(rules: LocalRule[], text: string): Prediction {
  for (const r of rules) {
    r.re.lastIndex = 0;
    if (r.re.test(text) && r.label.trim()) return { label: r.label.trim(), rule_id: r.id };
  }
  return {};
}

function caseRows(
  name: string,
  task: Task,
  examples: Example[],
  exec: () => Prediction[],
  modes: MatchMode[],
): Record<string, string | number>[] {
  const e = time(exec);
  const preds = e.value;
  const rows: Record<string, string | number>[] = [];
  for (const mode of modes) {
    for (const outcomes of [true, false]) {
      const s = time(() => {
        const scorer = compileScorer(task, { mode, outcomes });
        const scores = examples.map((x, i) => scorer.score(x, preds[i]));
        return buildEvalReport(task, examples, scores, { mode });
      });
      rows.push({
        case: `${name} ${mode}${outcomes ? '' : ' (no outcomes)'}`,
        examples: examples.length,
        'exec ms': e.ms,
        'score ms': s.ms,
        'µs/example': (s.ms * 1000) / examples.length,
        '(exec+score)/exec': (e.ms + s.ms) / e.ms,
        'micro F1': s.value.micro.f1 === null ? '-' : s.value.micro.f1.toFixed(4),
      });
    }
  }
  return rows;
}

export async function run(): Promise<BenchResult> {
  const shared = benchSharedDir('rulechef-benchmarks');
  if (!shared) return { name: 'eval: scoring vs executing rules', rows: [], notes: ['skipped: shared datasets not found'] };
  const rc = join(shared, 'rulechef-benchmarks');
  const rows: Record<string, string | number>[] = [];

  const tabRules = compileRules(JSON.parse(readFileSync(join(rc, 'benchmarks/results/results_extract_tab.ckpt_rulechef.json'), 'utf8')).result.rules);
  const tab: Example[] = readFileSync(join(rc, 'reference/tab_gold.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => ({ ...JSON.parse(l), split: 'test', source: 'gold' }));
  const ner = Task.parse({ name: 'tab', type: 'ner' });
  rows.push(...caseRows('TAB 127 docs × 22 rules', ner, tab, () => tab.map((d) => execSpans(tabRules, d.text!)), ['text', 'semeval:partial']));

  const b77Rules = compileRules(JSON.parse(readFileSync(join(rc, 'benchmarks/results/results_banking77_new.json'), 'utf8')).rules);
  const csv = parse(readFileSync(join(shared, 'banking77/train.csv'), 'utf8'), { columns: true }) as { text: string; category: string }[];
  const b77: Example[] = csv.map((r, i) => ({ id: `t${i}`, text: r.text, label: r.category, split: 'train', source: 'gold' }));
  const cls = Task.parse({ name: 'b77', type: 'classification' });
  rows.push(...caseRows('Banking77 train × 126 rules', cls, b77, () => b77.map((d) => execLabel(b77Rules, d.text!)), ['text']));

  return {
    name: 'eval: scoring vs executing rules (median of 7 after 2 warm-up runs)',
    rows,
    notes: [
      'exec: a minimal local executor (native RegExp, priority order, exact-offset skip), a lower bound of the real engine\'s time',
      'target: (exec + score) / exec < 1.3',
    ],
  };
}
