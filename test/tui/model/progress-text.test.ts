import { describe, expect, test } from 'vitest';
import { isProgress, progressText, runningProgress } from '../../../tui/model/progress-text.js';

describe('progress text', () => {
  test.each([
    [{ phase: 'execute', done: 45, total: 100 }, 'running rules 45%'],
    [{ phase: 'score', done: 1, total: 3 }, 'scoring rules 33%'],
    [{ phase: 'compare', done: 3, total: 3 }, 'comparing rules 100%'],
    [{ phase: 'prune', done: 2, total: 4, step: 3 }, 'pruning, step 3 50%'],
    [{ phase: 'insert', done: 0, total: 0 }, 'storing 0%'],
    [{ stage: 'round', message: 'learn events are not progress' }, ''],
    [{ phase: 'execute', done: '1', total: 2 }, ''],
    [null, ''],
    [undefined, ''],
  ])('%j reads %j', (p, text) => {
    expect(progressText(p)).toBe(text);
    expect(isProgress(p)).toBe(text !== '');
  });

  test.each([
    [{ status: 'running', progress: { phase: 'execute', done: 1, total: 4 } }, ' · running rules 25%'],
    [{ status: 'running', progress: undefined }, ''],
    [{ status: 'done', progress: { phase: 'execute', done: 1, total: 4 } }, ''],
    [{ status: 'idle' }, ''],
  ])('a job in state %j adds %j to its spinner', (state, text) => {
    expect(runningProgress(state)).toBe(text);
  });
});
