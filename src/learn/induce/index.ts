/**
 * The offline inducer: learns readable regex and lexicon rules from the train split alone, with no
 * model and no external resources, for every task type. Candidates come from the train split
 * (class trigger words, stems, phrases and conjunctions; gold surface forms, span shapes and
 * context anchors; field values and the label words before them); each is run through the real
 * engine and scored with the task's own scorer and matching mode; a decision list is built greedily
 * on train and, when a dev split is given, candidates are accepted only if they raise dev F1 (or
 * raise precision with recall within a tolerance) and rules that hurt dev are pruned. Every emitted
 * rule passes the engine's safety checks.
 *
 * `induceRules` proposes a ruleset from scratch; `inducePatch` proposes additions to a current
 * ruleset for its failures on train, and which current rules to disable.
 */
import type { Example } from '../../core/schemas/example.js';
import type { Rule } from '../../core/schemas/rule.js';
import type { Task } from '../../core/schemas/task.js';
import { induce } from './induce.js';
import { patch } from './patch.js';
import type { InduceOptions, InduceResult } from './types.js';

export type { Candidate, DropReason, InduceOptions, InduceReport, InduceResult, SplitScore, StageReport } from './types.js';

/**
 * Learns rules for `task` from `train` (only its `train`-split role matters: pass the examples to
 * learn from; `options.dev` are held out for acceptance). Emitted rules have provenance `induced`,
 * status `options.status` (default `proposed`), distinct priorities that encode the decision-list
 * order (higher first), and no validation stamps (`metrics` stamps those). Asynchronous because
 * the safety checks screen regexes for ReDoS in recheck's agent process.
 */
export async function induceRules(task: Task, train: readonly Example[], options: InduceOptions = {}): Promise<InduceResult> {
  return induce(task, train, options);
}

/**
 * For a refinement round: proposes rules that fix `current`'s failures on `train` (missed and
 * wrong outputs) and ids of current rules whose removal improves dev (or train without dev).
 * New rules are placed above or below the current ones (by priority) wherever they help more;
 * current rules are never edited. Apply by adding `rules` and disabling `remove`.
 */
export async function inducePatch(task: Task, train: readonly Example[], current: readonly Rule[], options: InduceOptions = {}): Promise<InduceResult> {
  return patch(task, train, current, options);
}
