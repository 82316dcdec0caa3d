import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { RulewrightError } from '../core/errors.js';
import { isSpanTask, type Task, type TaskType } from '../core/schemas/task.js';
import type { Example } from '../core/schemas/example.js';
import { csvRecordWhere } from '../formats/csv.js';
import { detectFormat } from '../formats/detect.js';
import { detectFromPrefix } from '../formats/large-file.js';
import { whereText, type Where } from '../formats/example-builder.js';
import { LINE_LOCATED, readDataset } from '../formats/index.js';
import { isStreamInput, peekStream, type PeekedStream } from '../formats/stream-input.js';
import type { FormatName, ImportedData, ImportOptions } from '../formats/types.js';
import { DuplicateIdError } from '../store/examples.js';
import type { DatasetRecord } from '../store/datasets.js';
import type { Store } from '../store/index.js';
import type { DatasetContext } from './dataset-context.js';
import { buildTask, type NewDataset, resolveDataset } from './datasets.js';
import { storeRulechefExtras, type RulechefStored } from './import-rulechef.js';
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
  /** Told once when the import has to wait for another import into the same dataset. */
  onWait?: (note: string) => void;
  /** The descriptor a path of `-` reads (default 0: the process's standard input). */
  stdinFd?: number;
}

const sameShape = (a: TaskType, b: TaskType) => a === b || (isSpanTask(a) && isSpanTask(b));

/** Rows per committed batch: small enough that other processes get the workspace between batches. */
const IMPORT_BATCH_ROWS = 5000;

/**
 * Imports a file, all or nothing. Rows are read one at a time (line formats are never held whole)
 * and committed in batches under an import that readers do not see until it completes, so other
 * processes keep reading and writing the workspace meanwhile; a failure, or a kill, leaves nothing
 * visible. Two imports into one dataset take turns. A duplicate id (in the file, or already in the
 * dataset) rejects the whole import with `FILE:LINE`.
 */
export function importFile(store: Store, path: string, opts: ImportFileOptions): ImportResult {
  const t0 = performance.now();
  if (opts.create && opts.dataset && opts.dataset !== opts.create.name) {
    throw new RulewrightError('USAGE', `--dataset ${opts.dataset} and --name ${opts.create.name} disagree: pass one of them`);
  }
  // Checked before anything is written or waited for.
  if (opts.create?.type) buildTask({ ...opts.create, type: opts.create.type });
  const targetName = opts.create?.name ?? opts.dataset ?? resolveForImport(store, undefined)!.name;
  // A stream is opened and its start checked before the lock is taken: a FIFO with no writer
  // yet, or input that is empty, UTF-16 or binary, then leaves no import behind.
  const stream = isStreamInput(path) ? peekStream(path, opts.format !== undefined, opts.stdinFd) : undefined;
  try {
    const importId = store.imports.begin(targetName, (holder) =>
      opts.onWait?.(`waiting for another import into "${targetName}" (process ${holder.pid}, since ${holder.started_at}) to finish`),
    );
    try {
      return importLocked(store, path, opts, importId, targetName, t0, stream);
    } catch (e) {
      store.imports.abort(importId);
      if (e instanceof DuplicateIdError) throw locateDuplicate(e, path, opts);
      throw e;
    }
  } finally {
    stream?.input.close();
  }
}

/**
 * Imports a file into the context's dataset (see importFile). By name, as every import is: the
 * import takes its turn on the name, and the record is read again under it.
 */
export function importIntoDataset(ctx: DatasetContext, path: string, opts: Omit<ImportFileOptions, 'dataset' | 'create'> = {}): ImportResult {
  return importFile(ctx.store, path, { ...opts, dataset: ctx.dataset.name });
}

function importLocked(store: Store, path: string, opts: ImportFileOptions, importId: number, targetName: string, t0: number, stream: PeekedStream | undefined): ImportResult {
  const name = stream?.input.name ?? path;
  let existing = opts.create ? store.datasets.getByName(opts.create.name) : resolveForImport(store, targetName);
  const declaredType = existing?.task.type ?? (opts.create?.type ? buildTask({ ...opts.create, type: opts.create.type }).type : undefined);
  let idPrefix = opts.idPrefix;
  // Generated ids (row-1, s1, …) of a second file would collide with the first's.
  if (idPrefix === undefined && existing && store.examples.count(existing.id) > 0) idPrefix = `${stem(name)}-`;

  // The rows need a dataset to belong to: a new one is created hidden, with a provisional task
  // that is replaced once the file has said what it holds.
  const d: DatasetRecord = store.transaction(() => {
    // `init` does not take the import lock: it may have created the dataset since we looked.
    const raced = existing ? undefined : store.datasets.getByName(targetName);
    if (raced && declaredType && !sameShape(raced.task.type, declaredType)) {
      throw new RulewrightError('CONFLICT', `dataset "${raced.name}" was just created as a ${raced.task.type} task by another process`);
    }
    existing ??= raced;
    const rec = existing ?? store.datasets.insert(buildTask({ ...opts.create!, type: opts.create!.type ?? 'ner' }), importId);
    store.imports.attach(importId, rec.id, !existing);
    return rec;
  });
  const created = !existing;
  const baseSeq = store.examples.maxSeq(d.id);

  const { onProgress, onWait: _w, create, dataset: _target, stdinFd: _fd, ...readOpts } = opts;
  const estimate = stream ? 0 : estimateRows(path);
  onProgress?.({ phase: 'parse', done: 0, total: 0 });
  const splits = { train: 0, dev: 0, test: 0 };
  let spans = 0;
  let prefixed = false;
  let done = 0;
  let batch: Example[] = [];
  // where each row of the batch came from: a stream cannot be read again to find a duplicate's line
  let wheres: Where[] = [];
  let insertMs = 0;
  const flush = () => {
    if (batch.length === 0) return;
    const rows = batch;
    const rowWheres = wheres;
    batch = [];
    wheres = [];
    const ti = performance.now();
    try {
      store.transaction(() => {
        store.examples.insertMany(d.id, rows, undefined, undefined, { importId, baseSeq, offset: done });
        store.imports.heartbeat(importId);
      });
    } catch (e) {
      const where = e instanceof DuplicateIdError && stream ? rowWheres[e.index - done] : undefined;
      if (where === undefined) throw e;
      const { firstIndex } = e as DuplicateIdError;
      throw duplicateAt(e as DuplicateIdError, whereText(where), firstIndex === null ? undefined : `${name}: row ${firstIndex + 1}`);
    }
    insertMs += performance.now() - ti;
    done += rows.length;
    onProgress?.({ phase: 'insert', done, total: Math.max(done, estimate) });
  };
  const sink = (e: Example, where?: Where) => {
    splits[e.split]++;
    spans += (e.source === 'observed' && e.truth ? e.truth.spans : e.spans)?.length ?? 0;
    if (idPrefix !== undefined && !prefixed && e.id.startsWith(idPrefix)) prefixed = true;
    batch.push(e);
    if (stream) wheres.push(where ?? `${name}: row ${done + batch.length}`);
    if (batch.length >= IMPORT_BATCH_ROWS) flush();
  };
  const data = readDataset(
    path,
    {
      ...readOpts,
      // the store's key finds a file's duplicates without a million ids held here; a stream's are
      // found as they come, at their line, since it cannot be read again to locate one
      ...(stream ? {} : { idsCheckedByCaller: true }),
      ...(declaredType ? { taskType: declaredType } : {}),
      ...(idPrefix !== undefined ? { idPrefix } : {}),
    },
    sink,
    stream,
  );
  flush();
  onProgress?.({ phase: 'insert', done, total: done });

  if (declaredType && !sameShape(declaredType, data.taskType)) {
    const dataset = existing?.name ?? create?.name;
    throw new RulewrightError(
      'BAD_INPUT',
      `${name}: the file holds ${data.taskType} examples but dataset "${dataset}" is a ${declaredType} task; import it into another dataset with --name NEW`,
    );
  }
  if (done === 0 && !(data.rulechef && (data.rulechef.rules.length || data.rulechef.feedback.length))) {
    const why = data.warnings.length ? ` (${data.warnings.join('; ')})` : '';
    throw new RulewrightError('BAD_INPUT', `${name}: no examples were read from it as ${data.format}${why}; nothing was imported: check that this is the input you meant`);
  }
  const warnings = [...data.warnings];
  if (idPrefix !== undefined && opts.idPrefix === undefined && prefixed) {
    warnings.push(`generated ids were prefixed with "${idPrefix}" so they do not collide with the dataset's existing examples (set --id-prefix to choose)`);
  }

  const task = existing ? existing.task : newTask(create!, data);
  const { labels, added } = mergeLabels(task.labels, data.labels);
  if (existing && task.labels?.length && added.length) {
    warnings.push(`labels not declared in the task were added: ${added.join(', ')}`);
  }
  const nextTask: Task = { ...task, labels };
  const tc = performance.now();
  let rulechef: RulechefStored | undefined;
  store.transaction(() => {
    if (created || added.length || !task.labels) store.datasets.updateTask(d.id, nextTask);
    if (data.rulechef) rulechef = storeRulechefExtras(store, d.id, data.rulechef, path);
    store.imports.finish(importId);
  });
  insertMs += performance.now() - tc;

  return {
    dataset: d.name,
    created,
    file: path,
    format: data.format,
    task_type: nextTask.type,
    imported: done,
    spans: isSpanTask(nextTask.type) ? spans : null,
    splits,
    labels: data.labels,
    new_labels: existing ? added : [],
    warnings,
    ...(rulechef ? { rulechef } : {}),
    examples_total: store.examples.count(d.id),
    dataset_hash: store.examples.hash(d.id),
    parse_ms: round(performance.now() - t0 - insertMs),
    insert_ms: round(insertMs),
    elapsed_ms: round(performance.now() - t0),
  };
}

/** Lines in the file (a cheap upper bound on rows, for the progress bar), read in chunks. */
function estimateRows(path: string): number {
  let fd: number | undefined;
  try {
    if (statSync(path).isDirectory()) return 0;
    fd = openSync(path, 'r');
    const buf = Buffer.allocUnsafe(1 << 20);
    let lines = 0;
    for (let n = readSync(fd, buf); n > 0; n = readSync(fd, buf)) {
      for (let i = buf.indexOf(10); i !== -1 && i < n; i = buf.indexOf(10, i + 1)) lines++;
    }
    return lines;
  } catch {
    return 0;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function resolveForImport(store: Store, name: string | undefined): DatasetRecord | undefined {
  if (name) {
    const d = store.datasets.getByName(name);
    if (!d) {
      throw new RulewrightError('NOT_FOUND', `no dataset "${name}": create it with \`rulewright init --name ${name} --type TYPE\`, or import with --name ${name}`);
    }
    return d;
  }
  if (store.datasets.names().length === 0) {
    throw new RulewrightError('USAGE', 'the workspace has no dataset yet: pass --name NAME (and --type TYPE) to create one, or run `rulewright init` first');
  }
  return resolveDataset(store);
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

/** Turns a store duplicate (an index in the import) into `FILE:LINE` where the format is one row per line, or CSV. */
function locateDuplicate(e: DuplicateIdError, path: string, opts: ImportOptions): RulewrightError {
  let fmt = opts.format;
  try {
    // a large JSONL or CSV file is told from its first bytes, without decoding it whole
    fmt ??= detectFromPrefix(readFileSync(path), path) ?? detectFormat(path);
  } catch {
    // the row number will do
  }
  const first = e.firstIndex === null ? undefined : rowLocation(path, fmt, e.firstIndex, opts);
  return duplicateAt(e, rowLocation(path, fmt, e.index, opts), first);
}

/** The message of a duplicate id at `where` (first used at `first`, or already in the dataset). */
function duplicateAt(e: DuplicateIdError, where: string, first: string | undefined): RulewrightError {
  const what = first === undefined
    ? `duplicate id "${e.exampleId}": the dataset already has an example with this id; give the row a new id, or import into another dataset with --name NEW`
    : `duplicate id "${e.exampleId}" (first used at ${first}); ids must be unique`;
  return new RulewrightError('BAD_INPUT', `${where}: ${what}`);
}

function rowLocation(path: string, format: FormatName | undefined, index: number, opts: ImportOptions): string {
  if (format === 'csv') {
    try {
      // a record may span lines, so its line comes from the parser
      return csvRecordWhere(readFileSync(path), path, index, opts);
    } catch {
      // fall through to the row number
    }
  }
  if (format !== undefined && LINE_LOCATED.has(format)) {
    try {
      // a line at a time: a million-row file is not split into a million strings to find one
      const buf = readFileSync(path);
      let n = -1;
      for (let from = 0, line = 1; from <= buf.length; line++) {
        let to = buf.indexOf(10, from);
        if (to === -1) to = buf.length;
        if (buf.toString('utf8', from, to).trim() !== '' && ++n === index) return `${path}:${line}`;
        from = to + 1;
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
