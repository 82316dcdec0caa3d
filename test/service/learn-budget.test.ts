import { describe, expect, test } from 'vitest';
import type { Inducer, InducerCallOptions } from '../../src/learn/proposer.js';
import { datasetContext } from '../../src/service/dataset-context.js';
import { learn } from '../../src/service/learn.js';
import { INTENT_ROWS, intentStore } from '../helpers/fixtures.js';
import { readable } from '../helpers/runs.js';
import { useTempDir } from '../helpers/temp.js';

const tmp = useTempDir();

describe('learn --budget', () => {
  test('reaches the inducer as its learning budget, and the run records it under its old key', async () => {
    const seen: InducerCallOptions[] = [];
    const inducer: Inducer = {
      induceRules: (_task, _train, opts) => {
        seen.push(opts);
        return { rules: [], report: {} };
      },
      inducePatch: () => ({ rules: [], report: {} }),
    };
    const { store } = intentStore(tmp.path('w.db'));
    try {
      const r = await learn(datasetContext(store, { env: {} }), { offline: true, rounds: 0, inducer, budget: 30, maxRules: 5 });
      expect(seen).toHaveLength(1);
      expect(seen[0]!.learnBudgetMs).toBeGreaterThan(29_000);
      expect(seen[0]!.learnBudgetMs).toBeLessThanOrEqual(30_000);
      expect(readable(store.runs.get(r.run_id)).config).toMatchObject({ llm: { budgetMs: 30_000, maxRules: 5 } });
    } finally {
      store.close();
    }
  });

  test.each([
    ['with no dev split', INTENT_ROWS.map((r) => ({ ...r, split: r.split === 'dev' ? 'train' : r.split })), true],
    ['with a dev split, where "no dev split" would mislead', INTENT_ROWS, false],
  ])("says what cross-validation expects and when it ran out of its share of the budget, %s", async (_when, rows, chosen) => {
    const short = 'cross-validation ran out of its share of the budget (50 % of --budget, counted in work so that every run judges the same settings) before it had judged every setting; the choice rests on those it judged (a larger --budget judges them all)';
    const chose = 'no dev split: 5-fold cross-validation on train chose 1 covering pass, Wilson z 1.96 and cut the list at rule score 0.500 (held-out F1 0.811)';
    const inner = "the list ordered by each rule's precision on all of train (Wilson z 1): held-out F1 0.811 against covering's 0.718, paired gain z 22.62; kept";
    const inducer: Inducer = { induceRules: () => ({ rules: [], report: { notes: [chose, inner, short] } }), inducePatch: () => ({ rules: [], report: {} }) };
    const { store } = intentStore(tmp.path('w.db'), rows);
    try {
      const r = await learn(datasetContext(store, { env: {} }), { offline: true, inducer });
      // The estimate on new text and the clock's cut reach the summary; how the grid got there does not.
      expect(r.notes).toContain(short);
      expect(r.notes.includes(chose)).toBe(chosen);
      expect(r.notes).not.toContain(inner);
    } finally {
      store.close();
    }
  });
});
