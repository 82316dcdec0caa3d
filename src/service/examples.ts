import { RulewrightError } from '../core/errors.js';
import type { Example } from '../core/schemas/example.js';
import type { ExampleFilter } from '../store/examples.js';
import type { DatasetContext } from './dataset-context.js';
import type { ExampleList } from './types.js';
import { resolveRef } from './resolve-id.js';

export type ListExamplesRequest = ExampleFilter;

/** Examples in import order, filtered by split, source and label, and paged. */
export function listExamples(ctx: DatasetContext, req: ListExamplesRequest = {}): ExampleList {
  const { limit, offset, ...filter } = req;
  for (const [k, v] of [
    ['limit', limit],
    ['offset', offset],
  ] as const) {
    if (v !== undefined && (!Number.isInteger(v) || v < 0)) {
      throw new RulewrightError('BAD_INPUT', `--${k} must be a whole number ≥ 0, got ${v}`);
    }
  }
  const { store, dataset: d } = ctx;
  return {
    dataset: d.name,
    total: store.examples.count(d.id, filter),
    offset: offset ?? 0,
    limit: limit ?? null,
    examples: store.examples.list(d.id, { ...filter, ...(limit !== undefined ? { limit } : {}), ...(offset !== undefined ? { offset } : {}) }),
  };
}

/** One example by id; NOT_FOUND says how to find ids. */
export function getExample(ctx: DatasetContext, ref: string): Example {
  const { store, dataset: d } = ctx;
  const id = resolveRef(ctx, 'examples', ref);
  const e = store.examples.get(d.id, id);
  if (!e) throw new RulewrightError('NOT_FOUND', `no example "${id}" in dataset "${d.name}": list ids with \`rulewright examples list\``);
  return e;
}
