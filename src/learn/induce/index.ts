/**
 * The offline inducer: learns readable regex and lexicon rules from the train split alone, with no
 * model and no external resources, for every task type.
 *
 * - Classification: sequential covering (separate and conquer, as CN2 and RIPPER) over an inverted
 *   index of words, stems, n-grams, gapped pairs and first words: each rule is the best Wilson bound
 *   on what earlier rules left, grown with one more condition or an exception; the decision list is
 *   cut where dev F1 is best (k-fold cross-validation on train without dev), verified by the
 *   engine, and pruned of rules dev shows clearly hurt. With a dev split and little text, the
 *   candidate-selection learner below runs too and dev picks the better ruleset.
 * - Spans: token-window templates (words and shapes, with a word of context on either side) chosen
 *   by greedy forward selection over a window index, beside the candidate pipeline (gold surface
 *   forms, span shapes, context anchors run through the engine and kept by their gains on train and
 *   dev); dev picks one or their union.
 * - Fields: the span generators on the located field values.
 *
 * Every emitted rule passes the engine's safety checks. `induceRules` proposes a ruleset from
 * scratch; `inducePatch` proposes additions to a current ruleset for its failures on train, and
 * which current rules to disable. `correctionRules` (covering/correction-rules.ts) gives the
 * learning loop a rule for each classification correction that does not hold, whatever proposed
 * the rest.
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
