import { RulewrightError } from '../errors.js';
import type { Example } from '../schemas/example.js';
import type { Prediction } from '../schemas/prediction.js';
import type { Rule, RuleStatus } from '../schemas/rule.js';
import type { Task } from '../schemas/task.js';
import { compileRule, type CompiledRule } from './compile-rule.js';
import { executeRules, type ExecTask, type ExecuteOptions, type ExecutionIssue, type RuleOutputs } from './executor.js';
import { orderRules } from './order.js';
import { resolveDocument } from './resolve.js';

/** The parts of a task that running rules reads. */
export type RunTask = ExecTask & { text_field: string; matching: ExecTask['matching'] & { wilson_z: number } };

/**
 * The text rules read from an example: `text`, or for transformation `input[task.text_field]`.
 * When that field is not a string, the longest string value of `input` (RuleChef's fallback),
 * else the empty string.
 */
export function textOf(task: Pick<Task, 'type' | 'text_field'>, example: Pick<Example, 'text' | 'input'>): string {
  if (task.type !== 'transformation' || !example.input) return example.text ?? '';
  const input = example.input;
  const v = input[task.text_field];
  if (typeof v === 'string') return v;
  let best = '';
  let found = false;
  for (const value of Object.values(input))
    if (typeof value === 'string' && (!found || value.length > best.length)) {
      best = value;
      found = true;
    }
  return best;
}

export interface PrepareOptions {
  /** Which statuses run; default only `active`. */
  statuses?: readonly RuleStatus[];
}

/**
 * Orders the rules that run and compiles each once. A rule that does not compile is left out and
 * reported as an `invalid` issue (never silently skipped).
 */
export function prepareRules(
  task: RunTask,
  rules: readonly Rule[],
  options: PrepareOptions = {},
): { compiled: CompiledRule[]; issues: ExecutionIssue[] } {
  const statuses = new Set(options.statuses ?? ['active']);
  const compiled: CompiledRule[] = [];
  const issues: ExecutionIssue[] = [];
  for (const rule of orderRules(rules.filter((r) => statuses.has(r.status)), task.matching.wilson_z)) {
    try {
      compiled.push(compileRule(rule));
    } catch (e) {
      const message = e instanceof RulewrightError ? e.message : `rule ${rule.id} does not compile: ${(e as Error).message}`;
      issues.push({ kind: 'invalid', rule_id: rule.id, rule_position: null, doc_index: null, doc_id: null, elapsed_ms: null, message });
    }
  }
  return { compiled, issues };
}

export type RunOptions = PrepareOptions & Omit<ExecuteOptions, 'ids'>;

/**
 * Orders, compiles and executes the rules over the examples: the raw, sparse outputs that
 * `resolveDocument` (and leave-one-out ranking) work from. Compile problems are in `issues`.
 */
export function runRules(task: RunTask, rules: readonly Rule[], examples: readonly Pick<Example, 'id' | 'text' | 'input' | 'meta'>[], options: RunOptions = {}): RuleOutputs {
  const { compiled, issues } = prepareRules(task, rules, options);
  const texts = examples.map((e) => textOf(task, e));
  const outputs = executeRules(task, compiled, texts, { ...options, ids: examples.map((e) => e.id), meta: examples.map((e) => e.meta) });
  outputs.issues.unshift(...issues);
  return outputs;
}

/** Predictions for every example, and every problem met on the way (timeouts, errors, invalid rules). */
export interface PredictResult {
  predictions: Prediction[];
  issues: ExecutionIssue[];
  outputs: RuleOutputs;
}

/** Runs a ruleset over examples: the simple API (one prediction per example, in order). */
export function predict(task: RunTask, rules: readonly Rule[], examples: readonly Pick<Example, 'id' | 'text' | 'input' | 'meta'>[], options: RunOptions = {}): PredictResult {
  const outputs = runRules(task, rules, examples, options);
  const predictions: Prediction[] = new Array(examples.length);
  for (let d = 0; d < examples.length; d++) predictions[d] = resolveDocument(outputs, d);
  return { predictions, issues: outputs.issues, outputs };
}
