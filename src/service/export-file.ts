import { extname } from 'node:path';
import { RulewrightError } from '../core/errors.js';
import type { Split } from '../core/schemas/example.js';
import { writeDataset } from '../formats/index.js';
import type { DatasetContext } from './dataset-context.js';
import type { ExportResult } from './types.js';
import { writeOutput } from './output-path.js';

export type ExportFormat = 'jsonl' | 'csv' | 'conll';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['jsonl', 'csv', 'conll'];

/** The export format a file name implies (`.csv`, `.conll`/`.iob`/`.bio`, else JSONL). */
export function formatFromPath(path: string): ExportFormat {
  const ext = extname(path).toLowerCase();
  if (ext === '.csv') return 'csv';
  if (ext === '.conll' || ext === '.iob' || ext === '.iob2' || ext === '.bio') return 'conll';
  return 'jsonl';
}

export interface ExportOptions {
  format?: ExportFormat;
  split?: Split;
}

/** A dataset (or one split of it) in an export format, as text. */
export function exportText(ctx: DatasetContext, opts: ExportOptions & { format: ExportFormat }): { text: string; result: Omit<ExportResult, 'file'> } {
  if (!EXPORT_FORMATS.includes(opts.format)) {
    throw new RulewrightError('BAD_INPUT', `cannot export to "${opts.format}": use one of ${EXPORT_FORMATS.join(', ')}`);
  }
  const { store, dataset: d } = ctx;
  const examples = store.examples.list(d.id, opts.split ? { split: opts.split } : {});
  const text = writeDataset(d.task, examples, opts.format);
  return {
    text,
    result: { dataset: d.name, format: opts.format, examples: examples.length, dataset_hash: store.examples.hash(d.id, opts.split) },
  };
}

/** Writes a dataset to a file (see writeOutput: never onto the workspace; special files in place). */
export function exportFile(ctx: DatasetContext, path: string, opts: ExportOptions = {}): ExportResult {
  const format = opts.format ?? formatFromPath(path);
  const { text, result } = exportText(ctx, { ...opts, format });
  writeOutput(ctx, path, text);
  return { ...result, file: path };
}
