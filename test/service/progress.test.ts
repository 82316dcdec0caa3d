import { describe, expect, test } from 'vitest';
import type { Progress } from '../../src/service/index.js';
import { useTempDir } from '../helpers/temp.js';
import { cardWorkspace } from '../helpers/fixtures.js';

describe('progress of the measuring commands', () => {
  const tmp = useTempDir();

  test.each([
    ['eval', ['execute']],
    ['rank', ['execute', 'score']],
    ['metrics', ['execute', 'score', 'compare']],
    ['prune', ['execute', 'score', 'prune']],
  ] as const)('%s reports the phases %j in order, each ending whole', async (command, phases) => {
    const ws = cardWorkspace(tmp.path('w.db'));
    const seen: Progress[] = [];
    const onProgress = (p: Progress) => seen.push(p);
    if (command === 'eval') await ws.dataset().evaluate({ onProgress });
    else if (command === 'rank') await ws.dataset().rank({ onProgress });
    else if (command === 'metrics') await ws.dataset().metrics({ onProgress });
    else await ws.dataset().prune({ onProgress });
    const order = seen.map((p) => p.phase).filter((ph, i, all) => ph !== all[i - 1]);
    // metrics may measure twice when stamping reorders the rules: the phases then repeat in order.
    expect([...new Set(order)]).toEqual(phases);
    for (const ph of phases.filter((x) => x !== 'prune')) {
      const last = seen.filter((p) => p.phase === ph).at(-1)!;
      expect(last.done).toBe(last.total);
    }
    if (command === 'prune') expect(seen.filter((p) => p.phase === 'prune').every((p) => (p.step ?? 0) >= 1)).toBe(true);
    ws.close();
  });
});
