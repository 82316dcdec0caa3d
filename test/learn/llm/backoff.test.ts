import { describe, expect, test } from 'vitest';
import { backoffMs, retryAfterMs, retryDelayMs } from '../../../src/learn/llm/backoff.js';

const policy = { baseMs: 100, maxMs: 1_000 };

describe('backoffMs', () => {
  test.each([
    [0, 1, 100],
    [0, 0, 50],
    [1, 1, 200],
    [3, 1, 800],
    [4, 1, 1_000],
    [10, 0, 500],
  ])('retry %i with jitter draw %d waits %i ms', (retry, draw, expected) => {
    expect(backoffMs(retry, policy, () => draw)).toBe(expected);
  });
});

describe('retryAfterMs', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  test.each([
    [{ 'retry-after': '3' }, 3_000],
    [{ 'retry-after': '0.5' }, 500],
    [{ 'retry-after-ms': '250', 'retry-after': '9' }, 250],
    [{ 'retry-after': 'Wed, 01 Jan 2025 00:00:07 GMT' }, 7_000],
    [{ 'retry-after': 'soon' }, undefined],
    [{}, undefined],
  ])('%j → %s', (headers, expected) => {
    expect(retryAfterMs(new Headers(headers), now)).toBe(expected);
  });
});

describe('retryDelayMs', () => {
  test('prefers the server-asked wait, capped', () => {
    expect(retryDelayMs(0, policy, 300)).toBe(300);
    expect(retryDelayMs(0, policy, 60_000)).toBe(1_000);
    expect(retryDelayMs(2, policy, undefined, () => 1)).toBe(400);
  });
});
