import { greedyPrune } from '../../../core/metrics/greedy-prune.js';
import { prf } from '../../../core/ratio.js';
import type { Example } from '../../../core/schemas/example.js';
import type { Rule } from '../../../core/schemas/rule.js';
import type { Task } from '../../../core/schemas/task.js';
import type { ResolvedOptions } from '../options.js';
import { Pool } from '../pool.js';
import { clearlyHarmful, clearlyHelpful } from '../dev-judges.js';
import { stage } from '../report.js';
import { candidateId, toRule } from '../rule-factory.js';
import { addPass } from '../select.js';
import type { SpanDoc } from '../spans/forms.js';
import type { InduceReport } from '../types.js';
import { renderWindow } from './render-windows.js';
import { generalCandidates, selectWindows } from './select-windows.js';
import { spanTokens } from './tokens.js';
import { metaFeatures } from './meta-features.js';
import { indexWindows } from './windows.js';
import { TUNING } from '../tuning.js';

const W = TUNING.windows;

export interface WindowInput {
  task: Task;
  train: readonly Example[];
  docs: readonly SpanDoc[];
  opts: ResolvedOptions;
  report: InduceReport;
  started: number;
}

/** Tokens in the longest gold span (at most the longest template). */
function longest(docs: readonly SpanDoc[]): number {
  let n = 1;
  for (const d of docs) for (const s of d.spans) n = Math.max(n, Math.min(W.maxTokens, spanTokens(s.text).length));
  return n;
}

/**
 * Span rules from token-window templates (shapes and words, with a word of context on either
 * side, as TALLOR's compound rules), chosen by greedy forward selection over a window index, then
 * run through the engine on train and dev: the prefix of the selection with the best dev F1 is
 * kept and rules dev shows clearly hurt are pruned.
 */
export function induceWindows(input: WindowInput): Rule[] {
  const { task, train, docs, opts, report, started } = input;
  const ix = indexWindows(docs, { maxTokens: longest(docs), minContextSupport: W.minContextSupport, optionalTokens: W.optionalTokens, continuationMinGain: W.continuationMinGain }, metaFeatures(train));
  const sel = selectWindows(ix, { z: W.z, minSupport: opts.minSupport, maxRules: opts.maxRules, maxRulesPerLabel: opts.maxRulesPerLabel, mostExceptions: W.mostExceptions, deadline: started + opts.learnBudgetMs });
  report.windows = { windows: ix.doc.length, candidates: ix.occurrences.size, selected: sel.rules.length, unreachable_gold: ix.unreachable, stop: sel.stop };
  if (sel.stop === 'budget') {
    report.budget_exhausted = true;
    report.notes.push(`the ${Math.round(opts.learnBudgetMs / 1000)} s budget ran out while choosing span templates: later templates were not tried (learn --budget SECONDS to give it more)`);
  }
  if (!sel.rules.length) return [];
  const general = opts.dev ? generalCandidates(ix, sel.rules, { limit: W.generalTried, z: W.z, mostExceptions: W.mostExceptions }) : [];
  const chosen = [...sel.rules, ...general];
  const cands = chosen.map(renderWindow);
  const rules = cands.map((c, i) => toRule(c, { id: candidateId(c, `${opts.idPrefix}w-`), priority: 0, confidence: chosen[i]!.score, status: 'active' }));
  const pool = Pool.run(task, rules, train, opts.dev);
  for (const m of pool.issues.slice(0, 5)) report.notes.push(`engine: ${m}`);
  const position = rules.map((r) => pool.position.get(r.id)!);
  const split = pool.dev ?? pool.train;
  let best = 0;
  let bestF1 = 0;
  const f1 = () => prf(split.totals.counts).f1 ?? 0;
  const selected = position.slice(0, sel.rules.length);
  selected.forEach((p, i) => {
    pool.commit(pool.trial(p));
    if (f1() > bestF1 + 1e-12) {
      bestF1 = f1();
      best = i + 1;
    }
  });
  for (let i = selected.length - 1; i >= best; i--) pool.commit(pool.trial(selected[i]!));
  stage(report, pool.dev ? 'window_dev_cut' : 'window_train_cut', pool, started);
  if (pool.dev) {
    greedyPrune(pool, { pick: 'first', accept: clearlyHarmful(), deadline: started + opts.learnBudgetMs });
    stage(report, 'window_dev_prune', pool, started);
    const added = addPass(pool, position.slice(sel.rules.length), clearlyHelpful(), { deadline: started + opts.learnBudgetMs, maxActive: Infinity }).accepted.length;
    // What dev admitted raises the bar: rules that broke even against the old F1 may now hurt.
    if (added) greedyPrune(pool, { pick: 'first', accept: clearlyHarmful(), deadline: started + opts.learnBudgetMs });
    if (general.length) report.notes.push(`span templates: ${added} of the ${general.length} broadest shape templates train left out raised dev F1 clearly and were kept`);
    stage(report, 'window_dev_general', pool, started);
  }
  const kept = new Set(pool.activePositions());
  return rules.filter((_, i) => kept.has(position[i]!)).map((r, i, all) => ({ ...r, priority: all.length - i, status: opts.status }));
}
