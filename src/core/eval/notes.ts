import type { EvalReport } from '../schemas/eval-report.js';
import type { Example } from '../schemas/example.js';
import { type MatcherRef, type Task, isSpanTask } from '../schemas/task.js';
import type { EvalTotals } from './totals.js';

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

const refName = (r: MatcherRef): string => (typeof r === 'string' ? r : r.name);

function modeNote(task: Task, mode: string): string | null {
  if (!isSpanTask(task.type)) return null;
  switch (mode) {
    case 'text':
      return 'text mode: a prediction matches a gold span with the same label and text wherever it occurs in the document (RuleChef\'s default), one-to-one';
    case 'exact':
      return 'exact mode: a prediction matches a gold span with the same label and the same offsets';
    case 'overlap':
      return `overlap mode: same label and IoU >= ${task.matching.iou_threshold}, one-to-one, best pairs first`;
    case 'semeval:partial':
      return 'semeval:partial gives 0.5 credit per PAR: tp = COR + 0.5·PAR, precision = tp/actual, recall = tp/possible; labels are ignored';
    case 'semeval:strict':
      return 'semeval:strict: COR needs exact offsets and label; any other overlap is INC (an FP and an FN); counts are pooled over all examples';
    case 'semeval:exact':
      return 'semeval:exact: COR needs exact offsets, the label is ignored; any other overlap is INC; counts are pooled over all examples';
    case 'semeval:type':
      return 'semeval:type: COR needs some overlap and the same label; an overlap with another label is INC; counts are pooled over all examples';
    default:
      return null;
  }
}

/** Sentences that say what the report's numbers cannot say on their own. */
export function buildNotes(task: Task, examples: readonly Example[], r: EvalReport, t: EvalTotals): string[] {
  const notes: string[] = [];
  if (r.n === 0) {
    notes.push(`no examples${r.split ? ` in split "${r.split}"` : ''}: every ratio is null`);
    return notes;
  }
  if (r.micro.precision === null) notes.push('precision is null: the rules produced nothing to score');
  if (r.micro.recall === null) notes.push('recall is null: there is no gold to find');
  const classes = t.classes();
  if (classes.length > 0) {
    const noGold = classes.filter((c) => {
      const k = t.per_class.get(c)!;
      return k.tp + k.fn === 0;
    });
    const noPred = classes.filter((c) => {
      const k = t.per_class.get(c)!;
      return k.tp + k.fp === 0;
    });
    let s = `macro F1 averages ${plural(classes.length, 'class', 'classes')} seen in gold or predictions`;
    if (noGold.length) s += `; ${plural(noGold.length, 'class', 'classes')} with no gold (${noGold.slice(0, 5).join(', ')}${noGold.length > 5 ? ', …' : ''}) score F1 0`;
    if (noPred.length) s += `; ${plural(noPred.length, 'class has', 'classes have')} no predictions (F1 0)`;
    notes.push(s);
  }
  const unseen = (task.labels ?? []).filter((l) => !t.per_class.has(l.trim()));
  if (unseen.length && task.type !== 'transformation')
    notes.push(`${plural(unseen.length, 'task label is', 'task labels are')} in neither gold nor predictions and not in macro F1`);
  const m = modeNote(task, r.mode);
  if (m) notes.push(m);
  if (isSpanTask(task.type) && r.mode.startsWith('semeval:'))
    notes.push('per class, INC and PAR count against the gold class (FN) and the predicted class (FP)');
  if (task.type === 'classification')
    notes.push('exact match equals accuracy (an abstention counts as wrong); labels compare trimmed and case-folded');
  if (task.type === 'transformation')
    notes.push('fields compare one by one (classes are field paths); lists are order-independent; a field empty on both sides is not counted');
  const custom = Object.entries(task.matching.matchers).filter(([, ref]) => refName(ref) !== 'exact');
  const usesMatchers = task.type === 'transformation' || (isSpanTask(task.type) && r.mode === 'text');
  if (usesMatchers && (custom.length || refName(task.matching.default_matcher) !== 'exact')) {
    const parts = custom.map(([k, ref]) => `${k}=${refName(ref)}`);
    if (refName(task.matching.default_matcher) !== 'exact') parts.push(`others=${refName(task.matching.default_matcher)}`);
    notes.push(`values compare with matchers: ${parts.join(', ')}`);
  }
  const allRefs = [task.matching.default_matcher, ...Object.values(task.matching.matchers)];
  if (usesMatchers && allRefs.some((ref) => refName(ref) === 'semantic_similarity'))
    notes.push('semantic_similarity is lexical (not semantic) when no embedder is configured; each verdict says which');
  const partial = examples.filter((e) => e.annotated !== undefined).length;
  if (partial)
    notes.push(`${plural(partial, 'example asserts', 'examples assert')} only some labels (annotated): other labels are outside their scoring universe`);
  if (r.observed)
    notes.push(
      `${plural(r.observed.n, 'example is an', 'examples are')} observed model ${r.observed.n === 1 ? 'output' : 'outputs'}, not human gold: see observed` +
        (r.observed.truth ? ` (${r.observed.truth.n} with truth)` : ''),
    );
  return notes;
}
