import type { Example } from '../../../core/schemas/example.js';
import type { Task } from '../../../core/schemas/task.js';
import type { ResolvedOptions } from '../options.js';
import { Pool } from '../pool.js';
import { toRule } from '../rule-factory.js';
import type { Candidate } from '../types.js';
import { contextCandidates } from './context.js';
import { fillerCandidates } from './filler.js';
import { formCandidates, formStats, type SpanDoc } from './forms.js';
import { refinedShapes } from './refine.js';
import { groupShapes, shapeCandidates } from './shape.js';
import { TUNING } from '../tuning.js';

export type { SpanDoc } from './forms.js';


/** Span documents of span-task examples: gold spans with their text, in each example's universe. */
export function spanDocs(train: readonly Example[]): SpanDoc[] {
  return train.map((e) => {
    const text = e.text ?? '';
    const universe = e.annotated ? new Set(e.annotated) : null;
    const spans = (e.spans ?? [])
      .filter((s) => !universe || universe.has(s.label))
      .map((s) => ({ start: s.start, end: s.end, label: s.label, text: text.slice(s.start, s.end) }));
    return { text, spans, universe };
  });
}

/**
 * Span candidates from documents with gold spans: lexicons of gold surface forms by precision band,
 * shapes of the spans generalised per skeleton, open-class fillers between learned contexts, and context-anchored variants of shapes and
 * ambiguous forms mined by running those bases with the engine on `probeExamples` under
 * `probeTask` (the task itself for span tasks; a text-mode extraction task for transformation fields).
 */
export function candidatesFromDocs(docs: readonly SpanDoc[], probeTask: Task, probeExamples: readonly Example[], opts: ResolvedOptions): Candidate[] {
  const { lexicons, ambiguous } = formCandidates(formStats(docs), opts.minSupport);
  const shapes = groupShapes(docs.flatMap((d) => d.spans)).flatMap((g) => shapeCandidates(g, Math.max(TUNING.spans.minSupport, opts.minSupport)));
  const bases = [...shapes, ...ambiguous].sort((a, b) => (b.support ?? 0) - (a.support ?? 0) || (a.name < b.name ? -1 : 1)).slice(0, TUNING.spans.maxContextBases);
  const probe = (cands: readonly Candidate[], prefix: string) =>
    Pool.run(
      probeTask,
      cands.map((c, i) => toRule(c, { id: `${prefix}${i}`, priority: 0, confidence: 0.5, status: 'active' })),
      probeExamples,
      null,
    );
  let refined: Candidate[] = [];
  let contexts: Candidate[] = [];
  if (bases.length) {
    const first = probe(bases, 'base-');
    refined = refinedShapes(first, bases, opts.minSupport, 'base-');
    contexts = contextCandidates(first, bases, opts.minSupport, 'base-');
    if (refined.length) contexts.push(...contextCandidates(probe(refined, 'refined-'), refined, opts.minSupport, 'refined-'));
  }
  return [...lexicons, ...shapes, ...refined, ...ambiguous, ...contexts, ...fillerCandidates(docs, opts.minSupport)];
}

/** Candidates for an extraction or NER task from its train examples. */
export function spanCandidates(task: Task, train: readonly Example[], opts: ResolvedOptions): Candidate[] {
  return candidatesFromDocs(spanDocs(train), task, train, opts);
}
