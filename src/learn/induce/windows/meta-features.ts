import type { Example } from '../../../core/schemas/example.js';
import type { WhenValue } from '../../../core/schemas/rule.js';
import { TUNING } from '../tuning.js';

/**
 * Metadata an importer keeps for its own bookkeeping (which correction a row came from, where a
 * RuleChef row came from, what an LLM answered): not part of the input, so never a rule condition.
 */
const BOOKKEEPING = new Set(['correction_id', 'rulechef_source', 'llm_response', 'input']);


/** One `field = value` fact about an example's metadata. */
export interface MetaFeature {
  key: string;
  value: WhenValue;
}

export interface MetaFeatures {
  features: MetaFeature[];
  /** Per example, the ids of the features it has. */
  docFeatures: number[][];
}

const scalar = (v: unknown): v is WhenValue => typeof v === 'string' ? v.length > 0 && v.length <= TUNING.windows.metaMaxValueLength : typeof v === 'number' || typeof v === 'boolean';

/** The values of one metadata field: a scalar, or the scalars of a list. */
function valuesOf(v: unknown): WhenValue[] | null {
  if (scalar(v)) return [v];
  if (Array.isArray(v) && v.every(scalar)) return [...new Set(v)];
  return null;
}

/**
 * Categorical metadata of train examples as features a span rule may be conditioned on (the slot a
 * dialogue system asked for makes a bare "7" a time and a bare "Smith" a surname). A field counts
 * when its values are short scalars (or lists of them) with few distinct values; each value must
 * occur in at least two examples.
 */
export function metaFeatures(train: readonly Example[]): MetaFeatures {
  const perDoc = train.map((e) => {
    const out: [string, WhenValue][] = [];
    for (const [k, v] of Object.entries(e.meta ?? {})) {
      if (BOOKKEEPING.has(k)) continue;
      for (const x of valuesOf(v) ?? []) out.push([k, x]);
    }
    return out;
  });
  const df = new Map<string, { key: string; value: WhenValue; n: number }>();
  const distinct = new Map<string, number>();
  for (const fs of perDoc)
    for (const [key, value] of fs) {
      const id = JSON.stringify([key, value]);
      const seen = df.get(id);
      if (seen) seen.n++;
      else {
        df.set(id, { key, value, n: 1 });
        distinct.set(key, (distinct.get(key) ?? 0) + 1);
      }
    }
  const ids = new Map<string, number>();
  const features: MetaFeature[] = [];
  for (const [id, f] of [...df].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    if (f.n >= 2 && (distinct.get(f.key) ?? 0) <= TUNING.windows.metaMaxValues) {
      ids.set(id, features.length);
      features.push({ key: f.key, value: f.value });
    }
  const docFeatures = perDoc.map((fs) => [...new Set(fs.map(([k, v]) => ids.get(JSON.stringify([k, v]))).filter((i): i is number => i !== undefined))]);
  return { features, docFeatures };
}
