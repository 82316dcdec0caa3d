import { describe, expect, test } from 'vitest';
import type { Inducer } from '../../src/learn/proposer.js';
import { datasetContext } from '../../src/service/dataset-context.js';
import { learn } from '../../src/service/learn.js';
import { intentStore } from '../helpers/fixtures.js';
import { rule } from '../helpers/rules.js';
import { useTempDir } from '../helpers/temp.js';

const tmp = useTempDir();

/** Three right rules per intent, best first by priority: what a learner that lists too many returns. */
const WORDS: Record<string, string[]> = { refund: ['refund', 'money', 'order'], greet: ['hello', 'hi', 'there'], cancel: ['cancel', 'plan', 'subscription'] };
const verbose: Inducer = {
  induceRules: () => ({
    rules: Object.entries(WORDS).flatMap(([label, words]) => words.map((w, i) => rule(`${label}-${i}`, `\\b${w}\\b`, label, { priority: 10 - i }))),
    report: {},
  }),
  inducePatch: () => ({ rules: [], report: {} }),
};

describe('learn --max-rules-per-label', () => {
  test.each([
    [1, ['refund-0', 'greet-0', 'cancel-0']],
    [2, ['refund-0', 'refund-1', 'greet-0', 'greet-1', 'cancel-0', 'cancel-1']],
  ])('at most %i rule(s) per label reach the run, the first in execution order', async (max, allowed) => {
    const { store, datasetId } = intentStore(tmp.path('w.db'));
    try {
      const r = await learn(datasetContext(store, { env: {} }), { offline: true, rounds: 0, inducer: verbose, maxRulesPerLabel: max });
      const seen = store.rules.list(datasetId).map((x) => x.id);
      expect(seen.length).toBeGreaterThan(0);
      for (const id of seen) expect(allowed).toContain(id);
      expect(r.rules_per_label.max).toBeLessThanOrEqual(max);
      expect(r.notes).toContainEqual(expect.stringMatching(new RegExp(`--max-rules-per-label ${max}: ${9 - 3 * max} rules past the first ${max} of a label`)));
    } finally {
      store.close();
    }
  });

  test('a refinement round adds no rule past the cap to a label that already has it', async () => {
    const patching: Inducer = { ...verbose, inducePatch: () => ({ rules: ['refund', 'money back', 'repay'].map((w, i) => rule(`patch-${i}`, `\\b${w}\\b`, 'refund')), report: {} }) };
    const { store, datasetId } = intentStore(tmp.path('w.db'));
    try {
      const r = await learn(datasetContext(store, { env: {} }), { offline: true, rounds: 1, inducer: patching, maxRulesPerLabel: 2 });
      const refund = store.rules.list(datasetId, { status: 'active' }).filter((x) => x.output.label === 'refund');
      expect(refund.length).toBeLessThanOrEqual(2);
      expect(r.rules_per_label.max).toBeLessThanOrEqual(2);
    } finally {
      store.close();
    }
  });

  test('without the cap every rule is proposed and the summary counts rules per label', async () => {
    const { store } = intentStore(tmp.path('w.db'));
    try {
      const r = await learn(datasetContext(store, { env: {} }), { offline: true, rounds: 0, inducer: verbose });
      expect(r.notes.join('\n')).not.toMatch(/--max-rules-per-label/);
      expect(r.rules_per_label.labels).toBe(3);
      expect(r.rules_per_label.max).toBe(Math.max(...r.rules_per_label.most.map((m) => m.rules)));
    } finally {
      store.close();
    }
  });
});
