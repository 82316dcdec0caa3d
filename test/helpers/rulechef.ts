/**
 * RuleChef's published benchmark files in the shared datasets, which the parity tests compare
 * against: per case, the ruleset RuleChef learned, the gold file it was scored on, and RuleChef's
 * own figures for it. Read them only under `describe.skipIf(sharedMissing)`.
 */
import { readFileSync } from 'node:fs';
import { parseRuleset } from '../../src/core/rulesets/parse.js';
import { Example } from '../../src/core/schemas/example.js';
import type { Rule } from '../../src/core/schemas/rule.js';
import { shared } from './shared.js';

/** Paths under the shared datasets of each case's ruleset, gold file and reference figures. */
export const RULECHEF_FILES = {
  banking77: {
    rules: 'rulechef-benchmarks/benchmarks/results/results_banking77_new.json',
    gold: 'rulechef-benchmarks/reference/banking77_gold.jsonl',
    ref: 'rulechef-benchmarks/reference/rc_banking77.json',
  },
  tab: {
    rules: 'rulechef-benchmarks/benchmarks/results/results_extract_tab.ckpt_rulechef.json',
    gold: 'rulechef-benchmarks/reference/tab_gold.jsonl',
    ref: 'rulechef-benchmarks/reference/rc_tab.json',
  },
} as const;

/** One rule in RuleChef's reference figures (`rules` of reference/rc_*.json, in ruleset file order). */
export interface RcRule {
  id: string;
  name: string;
  tp: number;
  fp: number;
  matches: number;
  precision: number;
  recall: number;
  f1: number;
  wilson_lb: number;
  marginal_f1: number;
  marginal_f1_nostamp: number;
}

/** RuleChef's reference figures of a case (reference/rc_*.json). */
export interface RcReference {
  evaluate: { per_class: Record<string, { tp: number; fp: number; fn: number; f1: number }> };
  ranking: { ensemble_f1: number };
  rules: RcRule[];
}

/** A ruleset file under the shared datasets, parsed as `rules import` parses it. */
export function readSharedRules(rel: string): Rule[] {
  return parseRuleset(readFileSync(shared(rel)!, 'utf8')).rules;
}

/** A JSONL file of examples under the shared datasets, validated. */
export function readSharedExamples(rel: string): Example[] {
  return readFileSync(shared(rel)!, 'utf8')
    .trim()
    .split('\n')
    .map((l) => Example.parse(JSON.parse(l)));
}

/** RuleChef's reference figures at `rel` (one of `RULECHEF_FILES[case].ref`). */
export function readReference(rel: string): RcReference {
  return JSON.parse(readFileSync(shared(rel)!, 'utf8')) as RcReference;
}
