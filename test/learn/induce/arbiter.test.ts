import { describe, expect, test } from 'vitest';
import { Task } from '../../../src/core/schemas/task.js';
import { induceRules } from '../../../src/learn/induce/index.js';
import { intents } from './fixtures.js';

const TIMEOUT = 60_000;
const task = Task.parse({ name: 'intents', type: 'classification', labels: ['cash_limit', 'pending_cash', 'pending_transfer', 'refund_request'] });
const train = intents(1, 6, 'train');
const noteOf = (notes: readonly string[]) => notes.find((n) => /learners were compared/.test(n)) ?? '';

describe('the arbiter between classification learners', () => {
  test(
    'a dev split too small to judge: cross-validation over train and dev chooses, each learner also without function-word triggers, and its estimate is reported beside dev F1',
    async () => {
      const dev = intents(2, 12, 'dev');
      const res = await induceRules(task, train, { dev, seed: 1 });
      const note = noteOf(res.report.notes);
      expect(note).toMatch(/^dev has 48 examples, too few to judge on its own/);
      expect(note).toContain(`5-fold cross-validation over train and dev (${train.length + dev.length} texts)`);
      expect(note).toContain('candidate selection without function-word triggers F1');
      expect(note).toMatch(/Cross-validated estimate F1 \d\.\d{3} beside dev F1 \d\.\d{3}/);
      expect(res.report.cross_validation).toMatchObject({ folds: 5 });
      // The covering learner's own small-dev estimate is not repeated beside the arbiter's.
      expect(res.report.notes.filter((n) => n.startsWith('dev has '))).toHaveLength(1);
    },
    TIMEOUT,
  );

  test(
    'a dev split large enough judges on its own, and the note names every list it compared',
    async () => {
      const res = await induceRules(task, train, { dev: intents(2, 30, 'dev'), seed: 1 });
      const note = noteOf(res.report.notes);
      expect(note).toMatch(/^the learners were compared on dev: sequential covering F1 \d\.\d{3} \(\d+ rules\), candidate selection F1/);
      expect(note).not.toContain('without function-word triggers');
      expect(res.report.cross_validation).toBeUndefined();
    },
    TIMEOUT,
  );

  test(
    'a default the user names is built by covering alone, with nothing to compare',
    async () => {
      const res = await induceRules(task, train, { dev: intents(2, 12, 'dev'), seed: 1, defaultLabel: 'cash_limit' });
      expect(noteOf(res.report.notes)).toBe('');
      expect(res.rules.at(-1)!.output.label).toBe('cash_limit');
    },
    TIMEOUT,
  );
});
