import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { RulewrightError } from '../core/errors.js';
import { isSpanTask, type Task, type TaskType } from '../core/schemas/index.js';
import { readDataset, type ImportedData, type ImportOptions } from '../formats/index.js';
import { DuplicateIdError, type DatasetRecord, type Store } from '../store/index.js';
import { buildTask, type NewDataset } from './datasets.js';
import type { ImportResult, Progress } from './types.js';

export interface ImportFileOptions extends ImportOptions {
  /** The dataset to import into (optional when the workspace has exactly one and `create` is not given). */
  dataset?: string;
  /**
   * Create this dataset in the same transaction when it does not exist yet. `type` defaults to the
   * type the file implies.
   */
  create?: Omit<NewDataset, 'type'> & { type?: string };
  onProgress?: (p: Progress) => void;
}

const sameShape = (a: TaskType, b: TaskType) => a === b || (isSpanTask(a) && isSpanTask(b));

/**
 * Imports a file, all or nothing: the formats module reads and validates every row, then every
 * row goes in one transaction. A duplicate id (in the file, or already in the dataset) rejects
 * the whole import with `FILE:LINE`.
 */
export function importFile(store: Store, path: string, opts: ImportFileOptions): ImportResult {
  const t0 = performance.now();
  const targetName = opts.create?.name ?? opts.dataset;
  if (opts.create && opts.dataset && opts.dataset !== opts.create.name) {
    throw new RulewrightError('USAGE', `--dataset ${opts.dataset} and --name ${opts.create.name} disagree: pass one of them`);
  }
  let existing: DatasetRecord | undefined;
  if (opts.create) existing = store.datasets.getByName(opts.create.name);
  else existing = resolveForImport(store, targetName);

  const declaredType = existing?.task.type ?? (opts.create?.type ? buildTask({ ...opts.create, type: opts.create.type }).type : undefined);
  let idPrefix = opts.idPrefix;
  // Generated ids (row-1, s1, …) of a second file would collide with the first's.
  if (idPrefix === undefined && existing && store.examples.count(existing.id) > 0) idPrefix = `${stem(path)}-`;

  opts.onProgress?.({ phase: 'parse', done: 0, total: 0 });
  const { onProgress, create, dataset: _target, ...readOpts } = opts;
  const data = readDataset(path, { ...readOpts, ...(declaredType ? { taskType: declaredType } : {}), ...(idPrefix !== undefined ? { idPrefix } : {}) });
  const t1 = performance.now();

  if (declaredType && !sameShape(declaredType, data.taskType)) {
    const name = existing?.name ?? create?.name;
    throw new RulewrightError(
      'BAD_INPUT',
      `${path}: the file holds ${data.taskType} examples but dataset "${name}" is a ${declaredType} task; import it into another dataset with --name NEW`,
    );
  }
  const warnings = [...data.warnings];
  if (idPrefix !== undefined && opts.idPrefix === undefined && data.examples.some((e) => e.id.startsWith(idPrefix))) {
    warnings.push(`generated ids were prefixed with "${idPrefix}" so they do not collide with the dataset's existing examples (set --id-prefix to choose)`);
  }

  const task = existing ? existing.task : newTask(create!, data);
  const { labels, added } = mergeLabels(task.labels, data.labels);
  if (existing && task.labels?.length && added.length) {
    warnings.push(`labels not declared in the task were added: ${added.join(', ')}`);
  }
  const nextTask: Task = { ...task, labels };

  let created = false;
  const record = store.transaction(() => {
    let d = existing;
    if (!d) {
      // Another process may have created it since we looked: then import into it.
      const raced = store.datasets.getByName(nextTask.name);
      if (raced) {
        if (!sameShape(raced.task.type, nextTask.type)) throw new RulewrightError('CONFLICT', `dataset "${raced.name}" was just created as a ${raced.task.type} task by another process`);
        d = raced;
        store.datasets.updateTask(d.id, { ...d.task, labels: mergeLabels(d.task.labels, data.labels).labels });
      } else {
        d = store.datasets.insert(nextTask);
        created = true;
      }
    } else if (added.length || !task.labels) {
      store.datasets.updateTask(d.id, nextTask);
    }
    try {
      store.examples.insertMany(d.id, data.examples, (done, total) => onProgress?.({ phase: 'insert', done, total }));
    } catch (e) {
      if (e instanceof DuplicateIdError) throw locateDuplicate(e, path, data);
      throw e;
    }
    return d;
  });
  const t2 = performance.now();

  const splits = { train: 0, dev: 0, test: 0 };
  let spans = 0;
  for (const e of data.examples) {
    splits[e.split]++;
    spans += (e.source === 'observed' && e.truth ? e.truth.spans : e.spans)?.length ?? 0;
  }
  return {
    dataset: record.name,
    created,
    file: path,
    format: data.format,
    task_type: nextTask.type,
    imported: data.examples.length,
    spans: isSpanTask(nextTask.type) ? spans : null,
    splits,
    labels: data.labels,
    new_labels: existing ? added : [],
    warnings,
    examples_total: store.examples.count(record.id),
    dataset_hash: store.examples.hash(record.id),
    parse_ms: round(t1 - t0),
    insert_ms: round(t2 - t1),
    elapsed_ms: round(performance.now() - t0),
  };
}

function resolveForImport(store: Store, name: string | undefined): DatasetRecord | undefined {
  if (name) {
    const d = store.datasets.getByName(name);
    if (!d) {
      throw new RulewrightError('NOT_FOUND', `no dataset "${name}": create it with \`rulewright init --name ${name} --type TYPE\`, or import with --name ${name}`);
    }
    return d;
  }
  const names = store.datasets.names();
  if (names.length === 1) return store.datasets.getByName(names[0]!);
  if (names.length === 0) {
    throw new RulewrightError('USAGE', 'the workspace has no dataset yet: pass --name NAME (and --type TYPE) to create one, or run `rulewright init` first');
  }
  throw new RulewrightError('USAGE', `the workspace has ${names.length} datasets (${names.join(', ')}): choose one with --dataset NAME`);
}

function newTask(create: NonNullable<ImportFileOptions['create']>, data: ImportedData): Task {
  const task = buildTask({ ...create, type: create.type ?? data.taskType });
  if (!sameShape(task.type, data.taskType)) {
    throw new RulewrightError('BAD_INPUT', `the file holds ${data.taskType} examples, not ${task.type}: drop --type or pass --type ${data.taskType}`);
  }
  return data.textField && task.type === 'transformation' && !create.text_field ? { ...task, text_field: data.textField } : task;
}

function mergeLabels(declared: string[] | undefined, found: string[]): { labels: string[]; added: string[] } {
  const have = new Set(declared ?? []);
  const added = [...new Set(found)].filter((l) => !have.has(l)).sort();
  return { labels: [...(declared ?? []), ...added], added };
}

/** Turns a store duplicate (a batch index) into `FILE:LINE` where the format is one row per line. */
function locateDuplicate(e: DuplicateIdError, path: string, data: ImportedData): RulewrightError {
  const where = rowLocation(path, data, e.index);
  const what = e.firstIndex === null
    ? `duplicate id "${e.exampleId}": the dataset already has an example with this id; give the row a new id, set --id-prefix, or import into another dataset (--name NEW)`
    : `duplicate id "${e.exampleId}" (first used at ${rowLocation(path, data, e.firstIndex)}); ids must be unique`;
  return new RulewrightError('BAD_INPUT', `${where}: ${what}`);
}

const LINE_FORMATS = new Set(['jsonl', 'doccano', 'trec', 'traffic']);

function rowLocation(path: string, data: ImportedData, index: number): string {
  if (LINE_FORMATS.has(data.format)) {
    try {
      const lines = readFileSync(path, 'utf8').split('\n');
      let n = -1;
      for (let i = 0; i < lines.length; i++) {
        if (lines[i]!.trim() !== '' && ++n === index) return `${path}:${i + 1}`;
      }
    } catch {
      // fall through to the row number
    }
  }
  return `${path}: row ${index + 1}`;
}

function stem(path: string): string {
  const base = basename(path.replace(/[/\\]+$/, ''));
  return base.slice(0, base.length - extname(base).length) || base;
}

const round = (ms: number) => Math.round(ms * 10) / 10;
