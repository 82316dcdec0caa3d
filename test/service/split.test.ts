import { describe, expect, test } from 'vitest';
import { mulberry32 } from '../../src/core/random.js';
import { datasetContext } from '../../src/service/dataset-context.js';
import { splitDataset } from '../../src/service/split.js';
import { intentStore } from '../helpers/fixtures.js';
import { useTempDir } from '../helpers/temp.js';

const WORDS = 'court appeal judge ruled claim held police officer minister council report hearing witness evidence counsel tribunal county district'.split(' ');

/** Overlapping windows (60 words every 15) of a seeded document of 180 words. */
function windows(doc: number): string[] {
  const r = mulberry32(doc);
  const words = Array.from({ length: 180 }, () => WORDS[Math.floor(r() * WORDS.length)]!);
  const out: string[] = [];
  for (let s = 0; s + 60 <= words.length; s += 15) out.push(words.slice(s, s + 60).join(' '));
  return out;
}

describe('split', () => {
  const tmp = useTempDir();

  test('windows of one document go to one split, short texts split alone, and the result says how many were kept together', () => {
    const docs = Array.from({ length: 10 }, (_, d) => windows(100 + d).map((text, i) => ({ id: `doc${d}-w${i}`, text, label: d % 2 ? 'refund' : 'greet' })));
    const short = Array.from({ length: 30 }, (_, i) => ({ id: `s${i}`, text: 'cancel it now', label: 'cancel' }));
    const { store, datasetId } = intentStore(tmp.path('w.db'), [...docs.flat(), ...short]);
    const r = splitDataset(datasetContext(store, { env: {} }), { dev: 0.2, test: 0.2, seed: 5 });
    expect(r.near_duplicates).toEqual({ groups: 10, examples: 90 });
    const splitOf = new Map(store.examples.list(datasetId).map((e) => [e.id, e.split]));
    for (const doc of docs) expect(new Set(doc.map((w) => splitOf.get(w.id))).size).toBe(1);
    // Thirty copies of a short text are thirty examples: 6 to dev, 6 to test.
    expect(short.filter((s) => splitOf.get(s.id) === 'dev')).toHaveLength(6);
    store.close();
  });
});
