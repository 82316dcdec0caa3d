import { describe, expect, test } from 'vitest';
import { addFeedback, dismissFeedback, listFeedback, reopenFeedback } from '../../src/service/feedback.js';
import { codeAndMessage, thrown } from '../helpers/errors.js';
import { useTempDir } from '../helpers/temp.js';
import { rule } from '../helpers/rules.js';
import { intentStore } from '../helpers/fixtures.js';
import { datasetContext } from '../../src/service/dataset-context.js';

const codeOf = (fn: () => unknown): string => codeAndMessage(thrown(fn));

describe('feedback', () => {
  const tmp = useTempDir();

  test('adds task, rule and example feedback with sequential ids, lists it with counts, and dismisses it', () => {
    const { store, datasetId } = intentStore(tmp.path('w.db'));
    store.rules.insert(datasetId, rule('r1', 'refund', 'refund'));
    const a = addFeedback(datasetContext(store), { text: '  refunds are often phrased as money back  ' }).feedback;
    const b = addFeedback(datasetContext(store), { text: 'too broad', rule: 'r1' }).feedback;
    const c = addFeedback(datasetContext(store), { text: 'this is a greeting', example: 'g1' }).feedback;
    expect([a, b, c].map((f) => [f.id, f.level, f.target_id, f.status])).toEqual([
      ['fb-1', 'task', null, 'open'],
      ['fb-2', 'rule', 'r1', 'open'],
      ['fb-3', 'example', 'g1', 'open'],
    ]);
    expect(a.text).toBe('refunds are often phrased as money back');
    expect(dismissFeedback(datasetContext(store), 'fb-2').feedback.status).toBe('dismissed');
    const all = listFeedback(datasetContext(store));
    expect(all.counts).toEqual({ open: 2, applied: 0, dismissed: 1 });
    expect(all.feedback.map((f) => f.id)).toEqual(['fb-1', 'fb-2', 'fb-3']);
    expect(listFeedback(datasetContext(store), { status: 'open' }).feedback.map((f) => f.id)).toEqual(['fb-1', 'fb-3']);
    store.close();
  });

  test('reopens dismissed and applied feedback, forgetting the run that applied it', () => {
    const { store, datasetId } = intentStore(tmp.path('w.db'));
    addFeedback(datasetContext(store), { text: 'one' });
    addFeedback(datasetContext(store), { text: 'two' });
    dismissFeedback(datasetContext(store), 'fb-1');
    store.feedback.setStatus(datasetId, 'fb-2', 'applied', null);
    expect(reopenFeedback(datasetContext(store), 'fb-1').feedback).toMatchObject({ id: 'fb-1', status: 'open', applied_run_id: null });
    expect(reopenFeedback(datasetContext(store), 'fb-2').feedback).toMatchObject({ id: 'fb-2', status: 'open', applied_run_id: null });
    expect(listFeedback(datasetContext(store)).counts).toEqual({ open: 2, applied: 0, dismissed: 0 });
    expect(codeOf(() => reopenFeedback(datasetContext(store), 'fb-9'))).toMatch(/^NOT_FOUND: no feedback "fb-9"/);
    store.close();
  });

  test.each([
    [{ text: '   ' }, /^USAGE: feedback text is empty/],
    [{ text: 'x', rule: 'r1', example: 'g1' }, /^USAGE: feedback is about one thing/],
    [{ text: 'x', rule: 'nope' }, /^NOT_FOUND: no rule "nope"/],
    [{ text: 'x', example: 'nope' }, /^NOT_FOUND: no example "nope"/],
  ])('refuses %j', (req, message) => {
    const { store } = intentStore(tmp.path('w.db'));
    expect(codeOf(() => addFeedback(datasetContext(store), req))).toMatch(message);
    expect(listFeedback(datasetContext(store)).total).toBe(0);
    store.close();
  });

  test('refuses an unknown status and an unknown id', () => {
    const { store } = intentStore(tmp.path('w.db'));
    expect(codeOf(() => listFeedback(datasetContext(store), { status: 'done' }))).toMatch(/^USAGE: unknown feedback status "done": use one of open, applied, dismissed/);
    expect(codeOf(() => dismissFeedback(datasetContext(store), 'fb-9'))).toMatch(/^NOT_FOUND: no feedback "fb-9"/);
    store.close();
  });
});
