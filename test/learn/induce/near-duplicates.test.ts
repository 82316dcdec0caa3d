import { describe, expect, test } from 'vitest';
import { foldsOf } from '../../../src/learn/induce/covering/cross-validate.js';
import { devTooSmall } from '../../../src/learn/induce/covering/small-dev.js';
import { Example } from '../../../src/core/schemas/example.js';
import { Task } from '../../../src/core/schemas/task.js';
import { induceRules } from '../../../src/learn/induce/index.js';
import { groupCount, nearDuplicateGroups } from '../../../src/learn/induce/near-duplicates.js';
import { mulberry32 } from '../../../src/core/random.js';

const WORDS = 'court appeal judge ruled claim held police officer minister council report hearing witness evidence counsel tribunal county district trial sentence prison order notice letter statement decision review act section article'.split(' ');

/** A document of `n` words drawn (seeded) from a small vocabulary, so documents share words but not runs of eight. */
function documentOf(seed: number, n: number): string {
  const r = mulberry32(seed);
  return Array.from({ length: n }, () => WORDS[Math.floor(r() * WORDS.length)]).join(' ');
}

/** Windows of `size` words every `stride` words, as long documents are cut for a classifier. */
function windowsOf(doc: string, size: number, stride: number): string[] {
  const w = doc.split(' ');
  const out: string[] = [];
  for (let s = 0; s + size <= w.length; s += stride) out.push(w.slice(s, s + size).join(' '));
  return out;
}

describe('near-duplicate groups', () => {
  test('overlapping windows of one document form one group, and other documents other groups', () => {
    const docs = [1, 2, 3].map((s) => windowsOf(documentOf(s, 600), 200, 20));
    const texts = docs.flat();
    const g = nearDuplicateGroups(texts);
    let at = 0;
    for (const windows of docs) {
      const own = new Set(windows.map((_, i) => g[at + i]));
      expect(own.size).toBe(1);
      at += windows.length;
    }
    expect(groupCount(texts)).toBe(3);
  });

  test.each([
    ['short texts, even word for word', ['cancel my order', 'cancel my order', 'Cancel my order!'], 3],
    ['a long text sent again, and again with one word changed', [documentOf(9, 40), documentOf(9, 40), documentOf(9, 40).replace(/\w+$/, 'zebra')], 1],
    ['long texts sharing only a stock phrase', [`the court held that ${documentOf(4, 60)}`, `the court held that ${documentOf(5, 60)}`], 2],
    ['no texts', [], 0],
  ])('%s', (_, texts, groups) => {
    expect(groupCount(texts)).toBe(groups);
  });

  test('folds keep a group whole, and texts in no group keep the folds they had without groups', () => {
    const labels = ['a', 'a', 'a', 'a', 'b', 'b', 'b', 'b', 'a', 'b'];
    const groups = Int32Array.from([0, 0, 2, 2, 4, 4, 4, 7, 8, 9]);
    const fold = foldsOf(labels, 3, 1, groups);
    const plain = foldsOf(labels, 3, 1);
    expect([fold[1], fold[3], fold[5], fold[6]]).toEqual([fold[0], fold[2], fold[4], fold[4]]);
    for (const i of [0, 2, 4, 7, 8, 9]) expect(fold[i]).toBe(plain[i]);
    expect(foldsOf(labels, 3, 1, Int32Array.from(labels, (_, i) => i))).toEqual(plain);
  });

  test('dev of many windows from few documents is too small to judge, counted in groups', () => {
    const docs = Array.from({ length: 12 }, (_, d) => windowsOf(documentOf(100 + d, 600), 200, 20));
    const dev = docs.flat();
    expect(dev.length).toBeGreaterThanOrEqual(97);
    const labels = docs.flatMap((w, d) => w.map(() => (d % 2 ? 'a' : 'b')));
    expect(devTooSmall(['a', 'b'], labels, dev)).toMatch(new RegExp(`^dev has ${dev.length} examples in 12 groups of near-duplicate texts \\(windows of one document, or texts repeated\\), too few to judge on its own \\(its F1 is known to ±0\\.28; 97 groups give ±0\\.10\\)$`));
    expect(devTooSmall(['a', 'b'], labels)).toBeNull();
  });
});

describe('learning with a dev split of few documents', () => {
  test('covering learning alone sets the dev split aside and lets cross-validation on train choose, saying why', async () => {
    const task = Task.parse({ name: 'docs', type: 'classification', labels: ['uk', 'other'] });
    const labelled = (seed: number, split: 'train' | 'dev', n: number) =>
      Array.from({ length: n }, (_, d) => windowsOf(`${d % 2 ? 'secretary of state' : 'district court'} ${documentOf(seed + d, 400)}`, 120, 30)).flatMap((w, d) =>
        w.map((text, i) => Example.parse({ id: `${split}-${d}-${i}`, text, label: d % 2 ? 'uk' : 'other', split })),
      );
    const train = labelled(200, 'train', 16);
    const dev = labelled(300, 'dev', 6);
    // A default label the user names leaves covering to learn alone.
    const res = await induceRules(task, train, { dev, seed: 1, defaultLabel: 'other' });
    const note = res.report.notes.find((n) => n.startsWith('dev has ')) ?? '';
    expect(note).toMatch(/^dev has \d+ examples in 6 groups of near-duplicate texts .*, so it chooses nothing: \d-fold cross-validation on train chose /);
    expect(res.report.notes.some((n) => n.startsWith('no dev split'))).toBe(false);
  }, 60_000);
});
