import { describe, expect, test } from 'vitest';
import { Example } from '../../src/core/schemas/example.js';
import { TUNING } from '../../src/learn/induce/tuning.js';
import { writeFileSync } from 'node:fs';
import { sharedMissing } from '../helpers/shared.js';
import { useTempDir } from '../helpers/temp.js';
import { heldOutRows, type HeldRow } from './learning-held-out.js';
import { loadCase } from './learning/cases.js';
import { heldOut, overrideTuning } from './learning/held-out.js';

const rows = (label: string, n: number, doc = (i: number) => `${label}${i}`): Example[] =>
  Array.from({ length: n }, (_, i) => Example.parse({ id: `${label}-${String(i).padStart(3, '0')}`, text: `${label} ${i}`, label, meta: { doc: doc(i) } }));
const pool = [...rows('a', 50), ...rows('b', 30), ...rows('c', 4)];
const ids = (es: readonly Example[]) => es.map((e) => e.id);

describe('held-out rows for learning changes', () => {
  test.each([3, 10])('a draw of %i per label learns from that many (all of a smaller label) and scores only the others', (n) => {
    const { train, dev, held } = heldOut(pool, { kind: 'draw', perLabel: n }, 7);
    for (const [label, size] of [['a', 50], ['b', 30], ['c', 4]] as const) expect(train.filter((e) => e.label === label)).toHaveLength(Math.min(n, size));
    expect(dev).toEqual([]);
    expect(ids(held).filter((id) => ids(train).includes(id))).toEqual([]);
    expect(train.length + held.length).toBe(pool.length);
    expect(train.every((e) => e.split === 'train')).toBe(true);
  });

  test('a draw scores at most maxHeld rows', () => {
    expect(heldOut(pool, { kind: 'draw', perLabel: 2, maxHeld: 5 }, 7).held).toHaveLength(5);
  });

  test('a split is 60/20/20, disjoint, and the same for the same seed whatever the row order', () => {
    const one = heldOut(pool, { kind: 'split' }, 8);
    const again = heldOut([...pool].reverse(), { kind: 'split' }, 8);
    const other = heldOut(pool, { kind: 'split' }, 9);
    expect([one.train.length, one.dev.length, one.held.length]).toEqual([50, 17, 17]);
    expect(new Set([...ids(one.train), ...ids(one.dev), ...ids(one.held)]).size).toBe(pool.length);
    expect(one.dev.every((e) => e.split === 'dev')).toBe(true);
    expect(ids(again.held)).toEqual(ids(one.held));
    expect(ids(other.held)).not.toEqual(ids(one.held));
  });

  test('a grouped split keeps the rows of one group in one part', () => {
    const grouped = rows('a', 60, (i) => `doc${i % 12}`);
    const parts = heldOut(grouped, { kind: 'split', group: (e) => String(e.meta!['doc']) }, 7);
    const docsOf = (es: readonly Example[]) => new Set(es.map((e) => e.meta!['doc']));
    const [t, d, h] = [docsOf(parts.train), docsOf(parts.dev), docsOf(parts.held)];
    for (const doc of t) expect(d.has(doc) || h.has(doc)).toBe(false);
    for (const doc of d) expect(h.has(doc)).toBe(false);
    expect([t.size, d.size, h.size]).toEqual([7, 2, 3]);
  });
});

describe('tuning overrides for one experiment', () => {
  test('sets numbers by path and puts them back', () => {
    const table = { covering: { maxLiterals: 3, z: 1.96 }, merge: { maxAlternatives: 12 } };
    const restore = overrideTuning(table, ['covering.maxLiterals=4', 'merge.maxAlternatives=20']);
    expect(table).toEqual({ covering: { maxLiterals: 4, z: 1.96 }, merge: { maxAlternatives: 20 } });
    restore();
    expect(table).toEqual({ covering: { maxLiterals: 3, z: 1.96 }, merge: { maxAlternatives: 12 } });
  });

  test('a bad pair after a good one leaves the good one undone too', () => {
    const table = { covering: { maxLiterals: 3, z: 1.96 } };
    expect(() => overrideTuning(table, ['covering.z=3.29', 'covering.zz=1'])).toThrow('has no covering.zz');
    expect(table.covering).toEqual({ maxLiterals: 3, z: 1.96 });
  });

  test.each([
    ['covering.maxLiteral=4', 'has no covering.maxLiteral'],
    ['coverin.maxLiterals=4', 'has no coverin.maxLiterals'],
    ['covering.maxLiterals', 'write path=number'],
    ['covering=4', 'TUNING.covering is not a number'],
  ])('refuses %s (%s), changing nothing', (pair, message) => {
    const table = { covering: { maxLiterals: 3 } };
    expect(() => overrideTuning(table, [pair])).toThrow(message);
    expect(table.covering.maxLiterals).toBe(3);
  });
});

describe.skipIf(!!sharedMissing)('bench:held-out on a shared case', () => {
  test('learns and scores only train and dev rows, one row per seed, beside both baselines, and puts tuning back', async () => {
    const c = loadCase('b77-5x5');
    const rows = await heldOutRows(['--case', 'b77-5x5', '--seeds', '7,8', '--tune', 'covering.maxLiterals=2']);
    expect(rows.map((r) => r.seed)).toEqual([7, 8]);
    for (const r of rows) {
      expect(r.learned_from + r.dev + r.scored).toBe(c.train.length + c.dev.length);
      expect(r.scored).toBeGreaterThan(0);
      expect(r.stat.accuracy).not.toBeNull();
      expect(r.keyword.accuracy).not.toBeNull();
    }
    expect(TUNING.covering.maxLiterals).toBe(3);
  });

  test('a per-label draw of a span case is refused with the way out', async () => {
    await expect(heldOutRows(['--case', 'tab', '--per-label', '5'])).rejects.toThrow('leave it out for a 60/20/20 split');
  });
});

describe('bench:held-out on a file of one\u2019s own', () => {
  const tmp = useTempDir();
  const csv = (n: number) =>
    ['label,text', ...Array.from({ length: n }, (_, i) => (i % 5 === 0 ? `spam,WIN a prize now call 0800${i}` : `ham,see you at ${i % 12} tonight`))].join('\n');

  test('pools every labelled row of the file and scores a binary set per label beside both baselines', async () => {
    writeFileSync(tmp.path('texts.csv'), csv(60));
    const [row] = await heldOutRows(['--file', tmp.path('texts.csv'), '--seeds', '7']);
    expect(row!.case).toBe('texts');
    expect(row!.learned_from + row!.dev + row!.scored).toBe(60);
    expect(Object.keys(row!.per_label ?? {}).sort()).toEqual(['ham', 'spam']);
    expect(row!.keyword.per_label?.['spam']).not.toBeUndefined();
  });

  test.each([
    [[], (r: HeldRow) => r.learned_from + r.dev],
    [['--baselines-from', 'train'], (r: HeldRow) => r.learned_from],
  ])('the baselines learn from the inducer\u2019s rows and dev, or with --baselines-from train from its rows alone (%j)', async (extra, rows) => {
    writeFileSync(tmp.path('texts.csv'), csv(60));
    const [row] = await heldOutRows(['--file', tmp.path('texts.csv'), '--seeds', '7', ...extra]);
    expect(row!.dev).toBeGreaterThan(0);
    expect(row!.baselines_learned_from).toBe(rows(row!));
  });

  test('--baselines-from takes train or train+dev', async () => {
    await expect(heldOutRows(['--file', 'x.csv', '--baselines-from', 'test'])).rejects.toThrow('use train (the rows the inducer learns from) or train+dev');
  });

  test('keeps the span rows with no spans, texts with nothing to extract', async () => {
    const row = (i: number) => (i % 3 ? { id: `r${i}`, text: `call 0800${i} now`, spans: [{ start: 5, end: 9 + String(i).length, label: 'PHONE' }] } : { id: `r${i}`, text: `see you at ${i}`, spans: [] });
    writeFileSync(tmp.path('spans.jsonl'), Array.from({ length: 30 }, (_, i) => JSON.stringify(row(i))).join('\n'));
    const [r] = await heldOutRows(['--file', tmp.path('spans.jsonl'), '--seeds', '7']);
    expect(r!.learned_from + r!.dev + r!.scored).toBe(30);
  });

  test.each([[[]], [['--case', 'b77-5x5', '--file', 'x.csv']]])('names a case or a file, not both nor neither (%j)', async (args) => {
    await expect(heldOutRows(args)).rejects.toThrow('--case NAME | --file PATH');
  });
});

