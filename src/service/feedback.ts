import { parseChoice, RulewrightError } from '../core/errors.js';
import { Feedback, FeedbackStatus } from '../core/schemas/feedback.js';
import type { Store } from '../store/index.js';
import type { DatasetContext } from './dataset-context.js';
import { resolveRef } from './resolve-id.js';

export interface AddFeedbackRequest {
  text: string;
  /** Feedback about one rule. */
  rule?: string;
  /** Feedback about one example. */
  example?: string;
}

export interface FeedbackResult {
  dataset: string;
  feedback: Feedback;
}

export interface FeedbackList {
  dataset: string;
  status: FeedbackStatus | null;
  total: number;
  counts: Record<FeedbackStatus, number>;
  feedback: Feedback[];
}

/** The next free `fb-N` id of a dataset. */
function nextId(store: Store, datasetId: number): string {
  let n = 0;
  for (const f of store.feedback.list(datasetId)) {
    const m = /^fb-(\d+)$/.exec(f.id);
    if (m) n = Math.max(n, Number(m[1]));
  }
  return `fb-${n + 1}`;
}

/**
 * Records plain-English feedback about the task (no target), a rule, or an example. The target
 * must exist. Open feedback is read by the next `learn` run (rule and example feedback also pick
 * what `learn --incremental` patches); it is marked applied with that run's id only when a change
 * it prompted was accepted, and otherwise stays open with the run and the reason (`not_applied`).
 */
export function addFeedback(ctx: DatasetContext, asked: AddFeedbackRequest): FeedbackResult {
  const req = {
    ...asked,
    ...(asked.rule === undefined ? {} : { rule: resolveRef(ctx, 'rules', asked.rule) }),
    ...(asked.example === undefined ? {} : { example: resolveRef(ctx, 'examples', asked.example) }),
  };
  const text = req.text.trim();
  if (!text) throw new RulewrightError('USAGE', 'feedback text is empty: say what is wrong or what the rules should do, e.g. `rulewright feedback "dates like 3 May 2021 are missed"`');
  if (req.rule !== undefined && req.example !== undefined)
    throw new RulewrightError('USAGE', 'feedback is about one thing: pass --rule ID or --example ID, not both');
  const { store, dataset: d } = ctx;
  if (req.rule !== undefined && !store.rules.get(d.id, req.rule))
    throw new RulewrightError('NOT_FOUND', `no rule "${req.rule}" in dataset "${d.name}": see \`rulewright rules list\` for the ids`);
  if (req.example !== undefined && !store.examples.get(d.id, req.example))
    throw new RulewrightError('NOT_FOUND', `no example "${req.example}" in dataset "${d.name}": list ids with \`rulewright examples list\``);
  const level = req.rule !== undefined ? 'rule' : req.example !== undefined ? 'example' : 'task';
  const feedback = store.transaction(() =>
    store.feedback.insert(
      d.id,
      Feedback.parse({
        id: nextId(store, d.id),
        level,
        target_id: req.rule ?? req.example ?? null,
        text,
        status: 'open',
        created_at: new Date().toISOString(),
      }),
    ),
  );
  return { dataset: d.name, feedback };
}

/** Feedback of a dataset, oldest first, optionally of one status, with counts by status. */
export function listFeedback(ctx: DatasetContext, req: { status?: string } = {}): FeedbackList {
  const status = req.status !== undefined ? parseChoice(FeedbackStatus, req.status, 'feedback status', 'USAGE') : null;
  const { store, dataset: d } = ctx;
  const all = store.feedback.list(d.id);
  const counts: Record<FeedbackStatus, number> = { open: 0, applied: 0, dismissed: 0 };
  for (const f of all) counts[f.status]++;
  const feedback = status ? all.filter((f) => f.status === status) : all;
  return { dataset: d.name, status, total: feedback.length, counts, feedback };
}

function setFeedbackStatus(ctx: DatasetContext, id: string, status: 'dismissed' | 'open'): FeedbackResult {
  const { store, dataset: d } = ctx;
  const current = store.feedback.get(d.id, id);
  if (!current) throw new RulewrightError('NOT_FOUND', `no feedback "${id}" in dataset "${d.name}": see \`rulewright feedback list\``);
  const feedback = store.transaction(() => store.feedback.setStatus(d.id, id, status));
  return { dataset: d.name, feedback };
}

/** Dismisses feedback: learning no longer reads it (it is kept, visible as dismissed). */
export function dismissFeedback(ctx: DatasetContext, ref: string): FeedbackResult {
  return setFeedbackStatus(ctx, resolveRef(ctx, 'feedback', ref), 'dismissed');
}

/**
 * Opens feedback again, dismissed or applied: the next learning run reads it (and an
 * incremental one targets what it names) as if it were new.
 */
export function reopenFeedback(ctx: DatasetContext, ref: string): FeedbackResult {
  return setFeedbackStatus(ctx, resolveRef(ctx, 'feedback', ref), 'open');
}
