import { TUNING } from '../tuning.js';
import { laplace } from '../../../core/ratio.js';
import type { Pool } from '../pool.js';
import type { Candidate } from '../types.js';
import { observe } from './context.js';
import { numberSlots, partsSource, slotsOf } from './shape.js';

/**
 * Shapes with word inventories, pruned by what their matches on train say: a word that mostly
 * makes false matches in its slot (at least two wrong, smoothed precision under one half) leaves
 * the inventory. Generalising every span of a skeleton together mixes, say, `two years` with
 * `same day` and `1998 and 1999` with `1 November 1998`; pruning keeps the precise values.
 */
export function refinedShapes(pool: Pool, bases: readonly Candidate[], minSupport: number, idPrefix = 'base-'): Candidate[] {
  const out: Candidate[] = [];
  bases.forEach((base, i) => {
    const shape = base.shape;
    const p = pool.position.get(`${idPrefix}${i}`);
    if (!shape || p === undefined || !shape.parts.some((x) => 'values' in x)) return;
    const o = observe(pool, p);
    if (o.fp === 0) return;
    const tallies = shape.parts.map(() => new Map<string, { tp: number; fp: number }>());
    // A shape of whole numbers splits its matches into fewer slots than digit runs; when the counts agree, no number was joined.
    const split = (text: string) => {
      const raw = slotsOf(text);
      return (raw.length === shape.parts.length ? raw : numberSlots(text)).map((s) => s.text);
    };
    const rows = o.matches.map((m) => ({ ok: m.ok, slots: split(m.text) })).filter((r) => r.slots.length === shape.parts.length);
    for (const r of rows)
      shape.parts.forEach((part, k) => {
        if (!('values' in part)) return;
        const t = tallies[k]!.get(r.slots[k]!) ?? { tp: 0, fp: 0 };
        if (r.ok) t.tp++;
        else t.fp++;
        tallies[k]!.set(r.slots[k]!, t);
      });
    let dropped = 0;
    const parts = shape.parts.map((part, k) => {
      if (!('values' in part)) return part;
      const keep = part.values.filter((v) => {
        const t = tallies[k]!.get(v);
        const bad = !!t && t.fp >= TUNING.spans.exclusionFp && laplace(t.tp, t.tp + t.fp) < TUNING.spans.refineBadPrecision;
        if (bad) dropped++;
        return !bad;
      });
      return { values: keep };
    });
    if (!dropped || parts.some((x) => 'values' in x && !x.values.length)) return;
    const kept = rows.filter((r) => parts.every((part, k) => !('values' in part) || part.values.includes(r.slots[k]!)));
    const tp = kept.filter((r) => r.ok).length;
    const fp = kept.length - tp;
    if (tp < Math.max(TUNING.spans.minSupport, minSupport) || laplace(tp, tp + fp) <= laplace(o.tp, o.tp + o.fp)) return;
    const src = `${shape.left}${partsSource(parts)}${shape.right}`;
    out.push({
      ...base,
      kind: 'shape_refined',
      pattern: src,
      name: `${base.label} shape /${src.length > 60 ? `${src.slice(0, 57)}...` : src}/`,
      description: `${base.description}; ${dropped} slot words that mostly matched wrongly on train were left out (train: ${tp} right, ${fp} wrong, against ${o.tp} and ${o.fp})`,
      specificity: (base.specificity ?? 0) + 0.5,
      support: tp,
      precision: laplace(tp, tp + fp),
      shape: { ...shape, parts },
    });
  });
  return out;
}
