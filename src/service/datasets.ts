import { parseAt, parseChoice, RulewrightError } from '../core/errors.js';
import { MatchMode, Task, TaskType, type TaskInput } from '../core/schemas/task.js';
import { shellQuote } from '../formats/decode-text.js';
import type { DatasetRecord } from '../store/datasets.js';
import type { Store } from '../store/index.js';
import type { DatasetSummary } from './types.js';

/** What `init` asks for; everything but name and type has a default. */
export interface NewDataset {
  name: string;
  type: string;
  description?: string;
  labels?: string[];
  mode?: string;
  text_field?: string;
}

/** Validates a new dataset's task, naming the flag to fix. */
export function buildTask(d: NewDataset): Task {
  const type = parseChoice(TaskType, d.type, 'task type');
  if (d.mode !== undefined) parseChoice(MatchMode, d.mode, 'matching mode');
  const labels = d.labels?.map((l) => l.trim()).filter(Boolean);
  const input: TaskInput = {
    name: d.name,
    description: d.description ?? '',
    type,
    ...(labels?.length ? { labels: [...new Set(labels)] } : {}),
    ...(d.text_field ? { text_field: d.text_field } : {}),
    ...(d.mode ? { matching: { mode: d.mode as MatchMode } } : {}),
  };
  if (!d.name.trim()) throw new RulewrightError('BAD_INPUT', 'dataset name is empty: pass --name NAME');
  return parseAt(Task, input, 'task');
}

export function summarize(d: DatasetRecord, examples: number): DatasetSummary {
  return {
    name: d.name,
    type: d.task.type,
    description: d.task.description,
    labels: d.task.labels ?? [],
    examples,
    created_at: d.created_at,
  };
}

export function listDatasets(store: Store): DatasetSummary[] {
  return store.datasets.list().map((d) => summarize(d, d.examples));
}

/**
 * The dataset to work on: the one named, else the only one, else the workspace's current one
 * (`rulewright use`). NOT_FOUND names the datasets there are; with several and none current,
 * USAGE says how to pick one.
 */
export function resolveDataset(store: Store, name?: string): DatasetRecord {
  if (name !== undefined && name !== '') {
    const d = store.datasets.getByName(name);
    if (d) return d;
    const names = store.datasets.names();
    throw new RulewrightError(
      'NOT_FOUND',
      names.length
        ? `no dataset "${name}" in ${store.path}: the datasets are ${names.join(', ')}`
        : `no dataset "${name}" in ${store.path}: it has no datasets yet; create one with \`rulewright init --name ${name} --type TYPE\``,
    );
  }
  const names = store.datasets.names();
  if (names.length === 1) return store.datasets.getByName(names[0]!)!;
  if (names.length === 0) {
    throw new RulewrightError(
      'NOT_FOUND',
      `${store.path} has no datasets yet: create one with \`rulewright init --name NAME --type TYPE\` or \`rulewright import FILE --name NAME\``,
    );
  }
  const current = store.datasets.current();
  if (current) return current;
  throw new RulewrightError(
    'USAGE',
    `${store.path} has ${names.length} datasets (${names.join(', ')}): make one current with \`rulewright use ${shellQuote(names[0]!)}\`, or pass --dataset NAME`,
  );
}

/** Makes the named dataset the workspace's current one; NOT_FOUND names the datasets there are. */
export function useDataset(store: Store, name: string): DatasetRecord {
  const d = resolveDataset(store, name);
  store.transaction(() => store.datasets.setCurrent(d.id));
  return d;
}

/** The current dataset as commands resolve it without `--dataset` (null when that needs a choice), and every dataset. */
export function currentDataset(store: Store): { current: string | null; datasets: DatasetSummary[] } {
  const datasets = listDatasets(store);
  const current = datasets.length === 1 ? datasets[0]!.name : (store.datasets.current()?.name ?? null);
  return { current, datasets };
}
