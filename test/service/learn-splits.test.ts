import { describe, expect, test } from 'vitest';
import { Example } from '../../src/core/schemas/example.js';
import { Task } from '../../src/core/schemas/task.js';
import { datasetContext } from '../../src/service/dataset-context.js';
import { learn } from '../../src/service/learn.js';
import { learnSplits } from '../../src/service/learn-splits.js';
import type { LearnRequest } from '../../src/service/learn-request.js';
import { Store } from '../../src/store/index.js';
import { intentStore } from '../helpers/fixtures.js';
import { useTempDir } from '../helpers/temp.js';

const offline = (store: Store, req: LearnRequest = {}) => learn(datasetContext(store, { env: {} }), { offline: true, ...req });

/** `n` rows of three intents in turn, or with `refundShare` of them refunds and the rest greetings. */
function rows(n: number, refundShare?: number) {
  const texts = { refund: 'please refund my order', greet: 'hello there friend', cancel: 'cancel it now' } as const;
  return Array.from({ length: n }, (_, i) => {
    const label = refundShare === undefined ? (['refund', 'greet', 'cancel'] as const)[i % 3]! : i < n * refundShare ? 'refund' : 'greet';
    return { id: `x${i}`, text: `${texts[label]} #${i}`, label };
  });
}

describe('the dev split learn makes', () => {
  const tmp = useTempDir();

  test.each([
    ['a fifth would be too few texts to judge', rows(300), /dev has 60 examples, too few to judge on its own/],
    ['a fifth would hold too few of a label', rows(600, 0.1), /dev has 120 examples but 12 of "refund", too few to judge that label on its own \(30 are needed\)/],
    ['it cross-validates on every example anyway', rows(1500), /1,500 examples are few enough \(at most 1,500\) to judge what is learned on each of them held out once/],
  ])('the offline inducer makes none where %s, learns from every train example and says how to make one', async (_why, data, reason) => {
    const { store, datasetId } = intentStore(tmp.path('w.db'), data);
    const r = await offline(store);
    expect(r.split).toMatchObject({ judged_on: 'train', train: data.length, dev: 0, created: null });
    const note = r.notes.find((n) => n.startsWith('no dev split was made'));
    expect(note).toMatch(reason);
    expect(note).toMatch(/`rulewright split --dev 0\.2 --dataset intents`\)$/);
    expect(store.examples.count(datasetId, { split: 'dev' })).toBe(0);
    store.close();
  });

  test('the offline inducer makes one where a fifth judges on its own and the examples are too many to cross-validate on', async () => {
    const { store, datasetId } = intentStore(tmp.path('w.db'), rows(1600));
    const r = await offline(store);
    expect(r.split).toMatchObject({ judged_on: 'dev', train: 1280, dev: 320 });
    expect(r.split.created).toMatchObject({ dev: 0.2 });
    expect(r.rounds).toBe(2);
    expect(store.examples.count(datasetId, { split: 'dev' })).toBe(320);
    store.close();
  });

  test.each([
    ['past 10,000 examples, where cross-validation would cost more than the budget', rows(10_050, 0.01), true],
    ['for an LLM, whose rules a small dev judges better than train does', rows(300), false],
  ])('a dev split too small to judge is still made %s', (_why, data, offlineRun) => {
    const { store } = intentStore(tmp.path('w.db'), data);
    const notes: string[] = [];
    const splits = learnSplits(datasetContext(store, { env: {} }), { seed: 42, offline: offlineRun }, notes);
    expect(splits.created).toMatchObject({ dev: 0.2 });
    expect(splits.inSplit('dev').length).toBe(Math.round(data.length * 0.2));
    expect(notes).toEqual([expect.stringMatching(/^the dataset had no dev split: made a seeded, stratified one first/)]);
    store.close();
  });

  test('span tasks count texts: 200 texts give a dev split of 40, too few, so none is made', async () => {
    const store = Store.open(tmp.path('w.db'), { create: true });
    const d = store.datasets.insert(Task.parse({ name: 'times', type: 'extraction', labels: ['TIME'] }));
    const examples = Array.from({ length: 200 }, (_, i) => {
      const text = `meet me at ${(i % 12) + 1} pm please`;
      const start = text.indexOf(String((i % 12) + 1));
      return Example.parse({ id: `t${i}`, text, spans: [{ start, end: text.indexOf(' please'), label: 'TIME' }] });
    });
    store.transaction(() => store.examples.insertMany(d.id, examples));
    const r = await offline(store);
    expect(r.split).toMatchObject({ judged_on: 'train', dev: 0, created: null });
    expect(r.notes.join('\n')).toMatch(/dev would have 40 examples, too few to judge on its own \(97 are needed\)/);
    // The summary says what cross-validation expects on new text, beside the flattering train F1.
    expect(r.notes.join('\n')).toMatch(/Cross-validated estimate F1 \d\.\d{3} beside train F1 \d\.\d{3}/);
    store.close();
  });
});

describe('refinement rounds with no dev split', () => {
  const tmp = useTempDir();

  test.each([
    ['by default none run, and the summary says why', {}, 0],
    ['--rounds runs them anyway, judged on train', { rounds: 1 }, 1],
    ['an incremental run keeps its rounds: they patch what was asked for', { incremental: true }, 2],
  ])('%s', async (_what, req: LearnRequest, rounds) => {
    const { store } = intentStore(tmp.path('w.db'), rows(300));
    const r = await offline(store, req);
    expect(r.split.judged_on).toBe('train');
    expect(r.rounds).toBe(rounds);
    expect(r.notes.some((n) => n.startsWith('no refinement rounds: with no dev split'))).toBe(rounds === 0);
    store.close();
  });
});

describe('pruning with no dev split', () => {
  const tmp = useTempDir();

  // The inducer's rules were fitted to train and cross-validation cut the list: pruning them on
  // train would judge them on what they were learned from. An incremental run's patches are pruned.
  test.each([
    ['a full offline run prunes nothing, and the summary says why', {}, false],
    ['--rounds does not bring pruning back', { rounds: 1 }, false],
    ['an incremental run keeps pruning for what it patches', { incremental: true }, true],
  ])('%s', async (_what, req: LearnRequest, prunes) => {
    const { store } = intentStore(tmp.path('w.db'), rows(300));
    const r = await offline(store, req);
    expect(r.split.judged_on).toBe('train');
    if (!prunes) expect(r.stages.map((s) => s.stage)).toEqual(expect.arrayContaining(['synthesis']));
    if (!prunes) expect(r.stages.some((s) => s.stage === 'pruning')).toBe(false);
    expect(r.notes.some((n) => n.startsWith('no pruning: with no dev split'))).toBe(!prunes);
    store.close();
  });

  test('with a dev split the run prunes on dev', async () => {
    const { store } = intentStore(tmp.path('w.db'), rows(1600));
    const r = await offline(store);
    expect(r.split.judged_on).toBe('dev');
    expect(r.stages.at(-1)?.stage).toBe('pruning');
    expect(r.notes.some((n) => n.startsWith('no pruning'))).toBe(false);
    store.close();
  });
});

describe('pruning and rounds with a dev split too small to judge', () => {
  const tmp = useTempDir();
  /** `n` rows with the first `dev` of them in the user's dev split. */
  const split = (n: number, dev: number) => rows(n).map((r, i) => ({ ...r, split: i < dev ? ('dev' as const) : ('train' as const) }));

  // Cross-validation chose where the list ends, as dev was too small to choose: pruning or a
  // round judged on those few texts would fit them instead.
  test.each([
    ['a full offline run neither prunes nor makes rounds, and says why', {}, 0, /^no pruning or refinement rounds: dev has 30 examples, too few to judge on its own .*\(give --rounds N to run rounds anyway\)$/],
    ['--rounds still runs rounds, but nothing is pruned', { rounds: 1 }, 1, /^no pruning: dev has 30 examples, too few to judge on its own .*; cross-validation chose where the list ends$/],
  ])('%s', async (_what, req: LearnRequest, rounds, note) => {
    const { store } = intentStore(tmp.path('w.db'), split(300, 30));
    const r = await offline(store, req);
    expect(r.split.judged_on).toBe('dev');
    expect(r.split.too_few).toMatch(/^dev has 30 examples, too few to judge on its own/);
    expect(r.stages.some((s) => s.stage === 'pruning')).toBe(false);
    expect(r.rounds).toBe(rounds);
    expect(r.notes.filter((n) => n.startsWith('no pruning'))).toEqual([expect.stringMatching(note)]);
    store.close();
  });

  test('a dev split large enough to judge still prunes', async () => {
    const { store } = intentStore(tmp.path('w.db'), split(600, 120));
    const r = await offline(store);
    expect(r.stages.at(-1)?.stage).toBe('pruning');
    expect(r.split.too_few).toBeUndefined();
    expect(r.notes.some((n) => n.startsWith('no pruning'))).toBe(false);
    store.close();
  });
});
