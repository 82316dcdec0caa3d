/**
 * The shared-data cases of the ranking benchmark (Banking77: 126 rules on 200 queries; TAB: 22
 * rules on 127 documents), loaded the same way in the main thread and in worker threads.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseRuleset } from '../../src/core/rulesets/parse.js';
import { Example } from '../../src/core/schemas/example.js';
import type { Rule } from '../../src/core/schemas/rule.js';
import { Task } from '../../src/core/schemas/task.js';
import { benchSharedDir } from './bench-support.js';

export type SharedCase = 'banking77' | 'tab';

export interface LoadedCase {
  name: SharedCase;
  task: Task;
  rules: Rule[];
  examples: Example[];
  /** RuleChef's own rank time on this machine (reference/rc_*.json timings), seconds. */
  rulechefRankS: number;
}

const FILES: Record<SharedCase, { rules: string; gold: string; ref: string; type: 'classification' | 'ner' }> = {
  banking77: {
    rules: 'benchmarks/results/results_banking77_new.json',
    gold: 'reference/banking77_gold.jsonl',
    ref: 'reference/rc_banking77.json',
    type: 'classification',
  },
  tab: { rules: 'benchmarks/results/results_extract_tab.ckpt_rulechef.json', gold: 'reference/tab_gold.jsonl', ref: 'reference/rc_tab.json', type: 'ner' },
};

/** Loads a case from the shared datasets, or undefined when they are not on this machine. */
export function loadCase(name: SharedCase): LoadedCase | undefined {
  const dir = benchSharedDir('rulechef-benchmarks');
  if (!dir) return undefined;
  const f = FILES[name];
  const at = (rel: string) => join(dir, 'rulechef-benchmarks', rel);
  const rules = parseRuleset(readFileSync(at(f.rules), 'utf8')).rules;
  const examples = readFileSync(at(f.gold), 'utf8')
    .trim()
    .split('\n')
    .map((l) => Example.parse(JSON.parse(l)));
  const ref = JSON.parse(readFileSync(at(f.ref), 'utf8')) as { timings_s: { rank: number } };
  return { name, task: Task.parse({ name, type: f.type }), rules, examples, rulechefRankS: ref.timings_s.rank };
}
