import { describe, expect, test } from 'vitest';
import { Example } from '../../src/core/schemas/example.js';
import { mulberry32, shuffle } from '../../src/core/random.js';
import { answerLabels, apportion, assignSplits, stratumOf, type SplitItem } from '../../src/core/split.js';

/** Random items with skewed strata (a few big classes, many tiny ones) and some locked corrections. */
function makeItems(seed: number, n: number, strata: number): SplitItem[] {
  const rand = mulberry32(seed);
  return Array.from({ length: n }, (_, i) => ({
    id: `ex-${i.toString(36)}-${Math.floor(rand() * 1e6)}`,
    stratum: `s${Math.floor(Math.pow(rand(), 2) * strata)}`,
    locked: rand() < 0.05,
  }));
}

const count = (m: Map<string, string>, split: string) => [...m.values()].filter((s) => s === split).length;

describe('assignSplits', () => {
  test.each([
    [1, 500, 5, 0.2, 0.1],
    [2, 1000, 77, 0.1, 0.1],
    [3, 37, 12, 0.3, 0.0],
    [4, 3, 3, 0.5, 0.2],
    [5, 250, 250, 0.15, 0.15],
  ])('is deterministic for a seed and independent of input order (case %i)', (seed, n, strata, dev, test_) => {
    const items = makeItems(seed, n, strata);
    const a = assignSplits(items, { dev, test: test_, seed: 7 });
    const b = assignSplits(shuffle([...items], mulberry32(99)), { dev, test: test_, seed: 7 });
    expect([...b].sort()).toEqual([...a].sort());
  });

  test('different seeds give different splits', () => {
    const items = makeItems(11, 400, 4);
    const a = assignSplits(items, { dev: 0.2, test: 0.1, seed: 1 });
    const b = assignSplits(items, { dev: 0.2, test: 0.1, seed: 2 });
    expect(items.some((i) => a.get(i.id) !== b.get(i.id))).toBe(true);
  });

  test('property: exact totals, every item assigned, corrections never held out', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const rand = mulberry32(seed * 7919);
      const n = 1 + Math.floor(rand() * 300);
      const dev = Math.floor(rand() * 50) / 100;
      const test_ = Math.floor(rand() * 40) / 100;
      const items = makeItems(seed, n, 1 + Math.floor(rand() * 30));
      const m = assignSplits(items, { dev, test: test_, seed });
      expect(m.size).toBe(items.length);
      for (const it of items) if (it.locked) expect(m.get(it.id)).toBe('train');
      const pool = items.filter((i) => !i.locked).length;
      const expTest = Math.round(pool * test_);
      expect(count(m, 'test')).toBe(expTest);
      expect(count(m, 'dev')).toBe(Math.min(pool - expTest, Math.round(pool * dev)));
    }
  });

  test('property: each stratum gets its share within one example', () => {
    for (let seed = 1; seed <= 100; seed++) {
      const items = makeItems(seed, 400, 6).map((i) => ({ ...i, locked: false }));
      const m = assignSplits(items, { dev: 0.2, test: 0.1, seed });
      const byStratum = new Map<string, SplitItem[]>();
      for (const it of items) byStratum.set(it.stratum, [...(byStratum.get(it.stratum) ?? []), it]);
      for (const group of byStratum.values()) {
        const dev = group.filter((i) => m.get(i.id) === 'dev').length;
        const test_ = group.filter((i) => m.get(i.id) === 'test').length;
        expect(Math.abs(dev - group.length * 0.2)).toBeLessThan(1);
        expect(Math.abs(test_ - group.length * 0.1)).toBeLessThan(1);
      }
    }
  });

  test('tiny strata still get held out when their remainders win', () => {
    // 40 singleton strata, 10% dev: four of them go to dev.
    const items = Array.from({ length: 40 }, (_, i) => ({ id: `x${i}`, stratum: `only-${i}` }));
    const m = assignSplits(items, { dev: 0.1, test: 0, seed: 3 });
    expect(count(m, 'dev')).toBe(4);
  });

  test('adding examples to one stratum leaves another stratum unchanged', () => {
    const base = Array.from({ length: 60 }, (_, i) => ({ id: `a${i}`, stratum: i % 2 ? 'A' : 'B' }));
    const more = [...base, ...Array.from({ length: 10 }, (_, i) => ({ id: `new${i}`, stratum: 'A' }))];
    const m1 = assignSplits(base, { dev: 0.2, test: 0, seed: 5 });
    const m2 = assignSplits(more, { dev: 0.2, test: 0, seed: 5 });
    for (const it of base.filter((i) => i.stratum === 'B')) expect(m2.get(it.id)).toBe(m1.get(it.id));
  });

  test.each([
    [{ dev: 1, test: 0, seed: 1 }, /--dev/],
    [{ dev: -0.1, test: 0, seed: 1 }, /--dev/],
    [{ dev: 0.6, test: 0.5, seed: 1 }, /below 1/],
    [{ dev: 0.1, test: 0, seed: 1.5 }, /--seed/],
  ])('rejects bad options %j', (opts, message) => {
    expect(() => assignSplits([{ id: 'a', stratum: 's' }], opts)).toThrow(message);
  });
});

describe('assignSplits with groups', () => {
  const grouped = (docs: number, windows: number): SplitItem[] =>
    Array.from({ length: docs * windows }, (_, i) => ({ id: `w-${String(i).padStart(4, '0')}`, stratum: `s${Math.floor(i / windows) % 2}`, group: `doc-${Math.floor(i / windows)}` }));

  test('a group goes to one split whole, and the totals are counted in groups', () => {
    const items = grouped(20, 7);
    const a = assignSplits(items, { dev: 0.2, test: 0.2, seed: 3 });
    for (let d = 0; d < 20; d++) expect(new Set(items.filter((it) => it.group === `doc-${d}`).map((it) => a.get(it.id))).size).toBe(1);
    expect([count(a, 'train'), count(a, 'dev'), count(a, 'test')]).toEqual([12 * 7, 4 * 7, 4 * 7]);
  });

  test('items without a group split as before, and a locked item stays in train without its group', () => {
    const items = makeItems(5, 300, 6);
    expect(assignSplits(items.map((it) => ({ ...it, group: undefined })), { dev: 0.2, test: 0.1, seed: 7 })).toEqual(assignSplits(items, { dev: 0.2, test: 0.1, seed: 7 }));
    const g = grouped(10, 3).map((it, i) => (i === 0 ? { ...it, locked: true } : it));
    expect(assignSplits(g, { dev: 0.5, test: 0, seed: 1 }).get('w-0000')).toBe('train');
  });
});

describe('apportion', () => {
  test('gives leftovers to the largest remainders and respects caps', () => {
    expect(apportion([1.6, 1.3, 0.1], [5, 5, 5], 3, [0, 0, 0])).toEqual([2, 1, 0]);
    expect(apportion([2.9, 0.1], [2, 5], 3, [0, 0])).toEqual([2, 1]);
  });
});

describe('strata', () => {
  const ex = (v: unknown) => Example.parse(v);
  test.each([
    ['classification by label', ex({ id: 'a', text: 't', label: 'refund' }), ['refund']],
    ['span tasks by the sorted set of labels', ex({ id: 'a', text: 'ab cd', spans: [{ start: 3, end: 5, label: 'Y' }, { start: 0, end: 2, label: 'X' }, { start: 3, end: 4, label: 'Y' }] }), ['X', 'Y']],
    ['no spans', ex({ id: 'a', text: 'ab', spans: [] }), []],
    ['transformation by filled fields', ex({ id: 'a', input: { text: 'x' }, output: { date: '1/1', total: '', items: [], company: 'ACME' } }), ['company', 'date']],
    ['observed examples by their truth', ex({ id: 'a', text: 't', label: 'model', source: 'observed', truth: { label: 'gold' } }), ['gold']],
  ])('%s', (_name, e, labels) => {
    expect(answerLabels(e)).toEqual(labels);
    expect(stratumOf(e)).toBe(JSON.stringify(labels));
  });
});
