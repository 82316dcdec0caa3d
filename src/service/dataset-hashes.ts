import type { Example } from '../core/schemas/example.js';
import { activeRulesHash } from '../store/fingerprint.js';
import type { DatasetContext } from './dataset-context.js';

// The two hashes every run is recorded with, so "the rules moved" can be told from "the data moved".

/** The gold hash of the dataset (or one split): stable and order-independent. */
export function datasetHash(ctx: DatasetContext, split?: Example['split']): string {
  return ctx.store.examples.hash(ctx.dataset.id, split);
}

/** The hash of the active rules (order-independent, volatile fields left out). */
export function storedActiveRulesHash(ctx: DatasetContext): string {
  return activeRulesHash(ctx.store.rules.list(ctx.dataset.id, { status: 'active' }));
}
