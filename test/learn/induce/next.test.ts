import { describe, expect, test } from 'vitest';
import { Example } from '../../../src/core/schemas/example.js';
import { rankNext } from '../../../src/learn/induce/next.js';
import { buildTrainIndex } from '../../../src/learn/induce/train-index.js';

const row = (id: string, text: string, label: string) => Example.parse({ id, text, label, split: 'train' });

describe('which example to fix next', () => {
  test('a fix that turns wrong answers right leads one that answers more abstentions when it lifts micro F1 more', () => {
    const train = [
      ...['one', 'two', 'three', 'four'].map((w) => row(`a-${w}`, `alpha ${w}`, 'A')),
      ...['one', 'two', 'three'].map((w) => row(`b-${w}`, `beta ${w}`, 'B')),
      row('g', 'gamma', 'A'),
    ];
    const predicted = [null, null, null, null, 'A', 'A', 'A', 'A'];
    const now = { predicted, fired: predicted.map((p) => (p ? [p] : [])), winner: predicted.map((p) => (p ? { name: 'A <- x', bound: 0.9 } : null)) };
    const rows = rankNext(buildTrainIndex(train), now, 10);
    // Train F1 is 2/12; "beta" on top makes it 8/12 (3 mended), "alpha" 10/16 (4 mended).
    expect(rows.slice(0, 4).map((r) => [train[r.doc]!.id, r.reason, r.gain])).toEqual([
      ['b-one', 'wrong', 3],
      ['b-two', 'wrong', 3],
      ['b-three', 'wrong', 3],
      ['a-one', 'abstain', 4],
    ]);
    expect([rows[0]!.f1Gain, rows[3]!.f1Gain]).toEqual([expect.closeTo(8 / 12 - 2 / 12, 12), expect.closeTo(10 / 16 - 2 / 12, 12)]);
  });
});
