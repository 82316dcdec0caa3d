import { expect } from 'vitest';
import { MatchingConfig } from '../../src/core/schemas/task.js';
import type { NewRun, Run, RunKind, StoredRun } from '../../src/core/schemas/run.js';

type NewRunOf<K extends RunKind> = Extract<NewRun, { kind: K }>;

const matching = MatchingConfig.parse({});
const measureConfig = { split: 'dev' as const, mode: 'text' as const, matching, matchers_module: null };
const counts = { tp: 0, fp: 0, fn: 0 };
const micro = { precision: null, recall: null, f1: null, tp: 0, fp: 0, fn: 0 };
const errors = { wrong_label: 0, wrong_boundary: 0, missing: 0, spurious: 0 };
const llm = { calls: 0, prompt_tokens: 0, completion_tokens: 0, cost_usd: 0 };

/** The smallest valid run of each kind, as a writer would record it. */
const MINIMAL: { [K in RunKind]: Pick<NewRunOf<K>, 'config' | 'result'> } = {
  eval: {
    config: { ...measureConfig, rules: 'active' },
    result: {
      report: { n: 0, split: 'dev', mode: 'text', micro, macro_f1: null, exact_match: null, coverage: null, per_class: {}, errors, notes: [], dataset_hash: 'd', ruleset_hash: 'r' },
      outcomes: [],
      verdicts: [],
      verdict_count: 0,
      issues: [],
      issue_count: 0,
    },
  },
  metrics: { config: measureConfig, result: { n: 0, f1: null, counts, stamped: 0, notes: [], rules: [], issues: [], issue_count: 0 } },
  rank: { config: measureConfig, result: { n: 0, f1: null, counts, notes: [], rules: [] } },
  prune: {
    config: { ...measureConfig, tolerance: 0, dead: false, duplicates: false, apply: false },
    result: { n: 0, f1_before: null, f1_after: null, removed: [], steps: [], applied: false, notes: [] },
  },
  learn: {
    config: { rounds: 0, incremental: false, offline: true, proposer: 'offline', seed: 1, judged_on: 'dev', llm: {}, matchers_module: null },
    result: { status: 'failed', error: 'test', llm, notes: [] },
  },
  undo: { config: { op_id: 1 }, result: { op_id: 1, restored: [], skipped: [] } },
};

/**
 * A valid run of `kind` to insert (`store.runs.insert`), with `over` replacing any part; `config`
 * and `result` are merged one level deep, so a test names only the figures it is about.
 */
export function newRun<K extends RunKind>(
  kind: K,
  over: { config?: Partial<NewRunOf<K>['config']>; result?: Partial<NewRunOf<K>['result']> } & Partial<Omit<NewRunOf<K>, 'kind' | 'config' | 'result'>> = {},
): NewRunOf<K> {
  const base = MINIMAL[kind];
  const { config, result, ...rest } = over;
  return {
    kind,
    dataset_hash: 'd',
    ruleset_hash: 'r',
    elapsed_ms: 1,
    ...rest,
    config: { ...base.config, ...config },
    // A learn result of the other status replaces the base one whole (the two shapes share no figures).
    result: result && 'status' in result ? result : { ...base.result, ...result },
  } as unknown as NewRunOf<K>;
}

/** The run, asserted readable (a test that reads a run's config or result). */
export function readable<R extends StoredRun | undefined>(run: R): Extract<R, Run> {
  expect(run && 'unreadable' in run ? run.unreadable : undefined).toBeUndefined();
  expect(run).toBeDefined();
  return run as Extract<R, Run>;
}
