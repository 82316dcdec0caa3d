import { RulewrightError } from '../core/errors.js';
import type { Example, Split } from '../core/schemas/example.js';
import type { Rule } from '../core/schemas/rule.js';
import type { Task } from '../core/schemas/task.js';
import type { DatasetRecord } from '../store/datasets.js';
import { activeRulesHash, givenRulesHash } from '../store/fingerprint.js';
import type { Store } from '../store/index.js';
import type { DatasetContext } from './dataset-context.js';
import { useKeptTranslations } from './translations.js';
import { shellWord } from '../core/shell-word.js';

/** A split to evaluate on, or every example. */
export type SplitChoice = Split | 'all';

/**
 * Which default split applies when none is asked for: `eval` uses test, else dev, else all;
 * `measure` (metrics, rank, prune) uses dev, else all.
 */
/** `prune` is `measure` that changes the rules: with no dev split it judges on train, never on test. */
export type SplitPurpose = 'eval' | 'measure' | 'prune';

export interface SplitResolution {
  /** The split to filter on; null = every example. */
  split: Split | null;
  /** As reports name it: the split, or `all`. */
  label: SplitChoice;
  /** Set when a default fell back (e.g. "no test split: evaluated on dev"). */
  note: string | null;
}

/**
 * The split a command works on: the one asked for (an explicit split with no examples is a
 * BAD_INPUT error), else the default for its purpose, falling back as the team's decisions say.
 */
export function resolveSplit(store: Store, dataset: DatasetRecord, requested: SplitChoice | undefined, purpose: SplitPurpose = 'eval'): SplitResolution {
  if (requested === 'all') return { split: null, label: 'all', note: null };
  const count = (s: Split) => store.examples.count(dataset.id, { split: s });
  if (requested !== undefined) {
    if (count(requested) === 0)
      throw new RulewrightError(
        'BAD_INPUT',
        `dataset "${dataset.name}" has no ${requested} examples: choose --split all, or make one with \`rulewright split --dev F --test F\``,
      );
    return { split: requested, label: requested, note: null };
  }
  const order: Split[] = purpose === 'eval' ? ['test', 'dev'] : ['dev'];
  for (const s of order)
    if (count(s) > 0) return { split: s, label: s, note: s === order[0] ? null : `no ${order[0]} split: evaluated on ${s}` };
  // Pruning on all examples would let test choose which rules stay.
  if (purpose === 'prune' && count('test') > 0 && count('train') > 0)
    return { split: 'train', label: 'train', note: `no dev split: judged on train, never on test (make one with \`rulewright split --dev 0.2 --dataset ${shellWord(dataset.name)}\`)` };
  const verb = purpose === 'eval' ? 'evaluated' : 'measured';
  return { split: null, label: 'all', note: `no ${order.join(' or ')} split: ${verb} on all examples` };
}

/** What the pipeline is set up with: which examples, and which rules. */
export interface SetupRequest {
  /** Default: by `purpose` (see resolveSplit). */
  split?: SplitChoice;
  purpose?: SplitPurpose;
  /**
   * The rules to run, all of them whatever their status (a candidate set, a ruleset without one
   * rule, …). Default: the dataset's active rules.
   */
  rules?: readonly Rule[];
}

/** What the pipeline loads before running anything. */
export interface PipelineInputs {
  dataset: DatasetRecord;
  task: Task;
  split: SplitResolution;
  examples: Example[];
  /** The rules as given or loaded (in store order, not execution order). */
  rules: Rule[];
  /** Whether `rules` run whatever their status (true when the caller gave them). */
  allStatuses: boolean;
  dataset_hash: string;
  ruleset_hash: string;
}

/** What the pipeline loads before running anything, but the examples themselves. */
export type PipelineSetup = Omit<PipelineInputs, 'examples'>;

/** Loads the task, the split and the rules of the context's dataset, with their hashes; the examples are left to the caller. */
export function loadSetup(ctx: DatasetContext, req: SetupRequest = {}): PipelineSetup {
  const { store, dataset } = ctx;
  const split = resolveSplit(store, dataset, req.split, req.purpose);
  const rules = req.rules ? [...req.rules] : store.rules.list(dataset.id, { status: 'active' });
  // Only the stored rules: candidate sets (learning) would fill the workspace with one-offs.
  if (!req.rules) useKeptTranslations(store, rules);
  return {
    dataset,
    task: dataset.task,
    split,
    rules,
    allStatuses: !!req.rules,
    dataset_hash: store.examples.hash(dataset.id, split.split ?? undefined),
    ruleset_hash: req.rules ? givenRulesHash(rules) : activeRulesHash(rules),
  };
}

/** Loads the task, the split's examples and the rules, with their hashes. */
export function loadInputs(ctx: DatasetContext, req: SetupRequest = {}): PipelineInputs {
  const setup = loadSetup(ctx, req);
  const examples = ctx.store.examples.list(setup.dataset.id, setup.split.split ? { split: setup.split.split } : {});
  return { ...setup, examples };
}
