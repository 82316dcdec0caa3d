import { describe, expect, test } from 'vitest';
import { isDefaultRule } from '../../../src/core/engine/default-rule.js';
import { Example } from '../../../src/core/schemas/example.js';
import { Task } from '../../../src/core/schemas/task.js';
import { withDefault } from '../../../src/learn/induce/arbiter.js';
import { resolveOptions } from '../../../src/learn/induce/options.js';
import { newReport } from '../../../src/learn/induce/report.js';
import { induceRules } from '../../../src/learn/induce/index.js';
import { scoreRules } from '../../../src/learn/induce/pipeline.js';
import { rule } from '../../helpers/rules.js';
import { intents, skewedMessages } from './fixtures.js';

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

  test.each([
    { perLabel: 6, devSeed: 11, devPerLabel: 12 },
    { perLabel: 10, devSeed: 11, devPerLabel: 8 },
  ])(
    'the dev F1 set beside the estimate is the returned list\'s own, as the summary shows it, when the kept learner\'s list was learned again on train ($perLabel per label)',
    async ({ perLabel, devSeed, devPerLabel }) => {
      const dev = intents(devSeed, devPerLabel, 'dev');
      const res = await induceRules(task, intents(1, perLabel, 'train'), { dev, seed: 1 });
      const note = noteOf(res.report.notes);
      expect(note).toContain('kept sequential covering');
      expect(/beside dev F1 (\d\.\d{3})/.exec(note)?.[1]).toBe(scoreRules(task, res.rules, dev).f1!.toFixed(3));
      // The lists are listed with the rules they had when compared; the one kept, learned again, says its own.
      expect(note).toMatch(/ \(\d+ rules\), /);
      expect(note.endsWith(`cut on its own): ${res.rules.length} rules`)).toBe(true);
    },
    TIMEOUT,
  );

  test(
    'a dev split large enough judges on its own, and the note names every list it compared',
    async () => {
      // More texts than cross-validation judges anyway (TUNING.arbiter.crossValidateTexts).
      const dev = intents(2, 400, 'dev');
      const res = await induceRules(task, train, { dev, seed: 1 });
      const note = noteOf(res.report.notes);
      // Candidate selection keeps its rules by their gain on dev, so it builds on one half and every list is judged on the other.
      const m = /^the learners were compared on half of dev \((\d+) texts; candidate selection kept its rules on the other half\): sequential covering F1 \d\.\d{3} \(\d+ rules\), candidate selection F1/.exec(note);
      expect(m).not.toBeNull();
      expect(Math.abs(Number(m![1]) - dev.length / 2)).toBeLessThanOrEqual(dev.length * 0.05);
      expect(note).not.toContain('without function-word triggers');
      expect(res.report.cross_validation).toBeUndefined();
    },
    TIMEOUT,
  );

  test.each([
    ['a label with too few dev texts', () => intents(2, 40, 'dev').filter((e, i, all) => e.label !== 'cash_limit' || all.slice(0, i).filter((x) => x.label === 'cash_limit').length < 5), /^dev has 125 examples but 5 of "cash_limit", too few to judge that label on its own \(30 are needed\)/],
    ['few texts in all', () => intents(2, 40, 'dev'), /^train and dev have 184 texts \(at most 1500\), few enough to judge on every one of them held out once/],
  ])('cross-validation chooses though dev has 97 texts or more: %s', async (_, devOf, reason) => {
    const res = await induceRules(task, train, { dev: devOf(), seed: 1 });
    expect(noteOf(res.report.notes)).toMatch(reason);
    expect(res.report.cross_validation).toMatchObject({ folds: 5 });
  }, TIMEOUT);

  test(
    'with two labels there are no function words to leave out, so no learner runs twice without them',
    async () => {
      const sms = Task.parse({ name: 'sms', type: 'classification', labels: ['ham', 'spam'] });
      const res = await induceRules(sms, skewedMessages(3, 120, 0.3, 'train'), { dev: skewedMessages(4, 40, 0.3, 'dev'), seed: 1 });
      const note = noteOf(res.report.notes);
      expect(note).toMatch(/^dev has 40 examples, too few to judge on its own/);
      expect(note).toContain('candidate selection');
      expect(note).not.toContain('without function-word triggers');
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

describe('a list with the default after it', () => {
  const binary = Task.parse({ name: 'cards', type: 'classification', labels: ['card', 'other'] });
  const ex = (id: string, text: string, label: string) => Example.parse({ id, text, label, split: 'train' });
  const train = [
    ex('a', 'my card is lost', 'card'),
    ex('b', 'the card game night', 'other'),
    ex('c', 'what is the weather', 'other'),
    ex('d', 'nice weather today', 'other'),
    ex('e', 'hello there', 'other'),
  ];
  const ctx = { task: binary, opts: resolveOptions(binary, {}), report: newReport(binary, train.length, 0), started: performance.now() };

  test('keeps the default label\'s rules that stop a wrong answer and drops those the default makes redundant', () => {
    const list = [rule('game', '\\bcard game\\b', 'other', { priority: 3 }), rule('weather', '\\bweather\\b', 'other', { priority: 2 }), rule('card', '\\bcard\\b', 'card', { priority: 1 })];
    const out = withDefault(list, train, ctx)!;
    expect(out.map((r) => r.id)).toEqual(['game', 'card', expect.stringMatching(/^ind-/) as string]);
    expect(isDefaultRule(out.at(-1)!)).toBe(true);
    expect(out.at(-1)!.output.label).toBe('other');
  });

  test('a list that ends with a default already gets none', () => {
    const list = [rule('card', '\\bcard\\b', 'card', { priority: 2 }), rule('d', '^[\\s\\S]', 'other', { priority: 1 })];
    expect(withDefault(list, train, ctx)).toBeNull();
  });
});
