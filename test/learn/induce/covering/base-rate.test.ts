import { describe, expect, test } from 'vitest';
import { wilsonLower } from '../../../../src/core/ratio.js';
import { overBaseRate, ruleScore, scoreCeiling } from '../../../../src/learn/induce/covering/base-rate.js';
import { bestPerPass } from '../../../../src/learn/induce/covering/dev-cut.js';
import { pickTrack, type Judged } from '../../../../src/learn/induce/covering/search.js';

describe('scores judged against the base rate', () => {
  // [precision, support, class]: class 0 is the default, holding 0.87 of the texts.
  test.each([
    [1, 1, 1],
    [1, 1e6, 1],
    [0.93, 40, 0],
    [0.5, 3.5, 1],
    [0, 10, 0],
    [0.999, 0.5, 0],
  ])('no rule of precision %f and support %f (class %i) scores above its ceiling, which support approaches', (precision, support, cls) => {
    const base = { cls: 0, prior: 0.87 };
    for (const z of [1, 1.96, 3.29]) expect(ruleScore(precision, support, z, cls, base)).toBeLessThanOrEqual(scoreCeiling(precision, cls, base));
    expect(ruleScore(precision, 1e9, 1.96, cls, base)).toBeCloseTo(scoreCeiling(precision, cls, base), 3);
  });

  // [precision bound, class prior, score]: (bound - prior) / (1 - prior)
  test.each([
    [0.93, 0.87, 0.06 / 0.13],
    [0.99, 0.87, 0.12 / 0.13],
    [0.85, 0.13, 0.72 / 0.87],
    [0.5, 0.5, 0],
    [0.3, 0.5, -0.4],
    [1, 0.2, 1],
    [0.9, 1, 0],
  ])('a bound of %f on a class holding %f of the texts scores %f', (bound, prior, score) => {
    expect(overBaseRate(bound, prior)).toBeCloseTo(score, 12);
  });

  test('only the default class is discounted: 10 of 10 right is a Wilson bound of 10 / 13.84 for any class, and for the default half of it above its 50 % share', () => {
    const bound = 10 / (10 + 1.96 ** 2);
    expect(wilsonLower(1, 10, 1.96)).toBeCloseTo(bound, 12);
    expect(ruleScore(1, 10, 1.96, 1, { cls: 0, prior: 0.5 })).toBeCloseTo(bound, 12);
    expect(ruleScore(1, 10, 1.96, 1, undefined)).toBeCloseTo(bound, 12);
    expect(ruleScore(1, 10, 1.96, 0, { cls: 0, prior: 0.5 })).toBeCloseTo((bound - 0.5) / 0.5, 12);
  });

  test('on an 87 %-ham set a 93 %-precise ham rule ranks below an 85 %-precise spam rule', () => {
    const ham = { cls: 0, prior: 0.87 };
    expect(ruleScore(0.93, 1e9, 1.96, 0, ham)).toBeLessThan(ruleScore(0.85, 1e9, 1.96, 1, ham));
  });
});

describe('the dev cut with a default class', () => {
  // Rule 0 says x (pass 0); rule 1 is the default d (pass -1): it fires on every text and is never cut or kept here.
  const firings = { docEntries: [0, 2, 3, 5, 6], entryRule: [0, 1, 1, 0, 1, 1] };
  const base = { firings, label: ['x', 'd'], passOf: Int32Array.from([0, -1]) };

  test.each([
    // gold, fallback, kept, F1, right
    [['x', 'd', 'x', 'y'], 'd', [0], 3 / 4, [1, 1, 1, 0]],
    [['x', 'd', 'd', 'y'], 'd', [], 2 / 4, [0, 1, 1, 0]],
    [['x', 'd', 'd', 'y'], undefined, [0], 2 / 6, [1, 0, 0, 0]],
  ])('gold %j with fallback %s keeps %j at F1 %f', (gold, fallback, kept, f1, right) => {
    const cut = bestPerPass({ ...base, gold, ...(fallback ? { fallback } : {}) });
    expect(cut.kept).toEqual(kept);
    expect(cut.f1).toBeCloseTo(f1, 12);
    expect([...cut.right]).toEqual(right);
  });
});

describe('how the list ends', () => {
  const judged = (f1: number, right: number[]): Judged => ({ f1, right: Uint8Array.from(right) });
  const none = judged(0.6, [1, 1, 1, 1, 1, 1, 0, 0, 0, 0]);
  // [title, by, appended, own, track]
  test.each<[string, 'majority' | 'user', Judged | null, Judged | null, string]>([
    ['a default that gets 4 more texts right and none fewer is added', 'majority', judged(1, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]), null, 'appended'],
    ['a tie keeps the list without one', 'majority', judged(0.6, [1, 1, 1, 1, 1, 1, 0, 0, 0, 0]), null, 'none'],
    ['a gain of 1 text beside 1 lost is noise', 'majority', judged(0.6, [0, 1, 1, 1, 1, 1, 1, 0, 0, 0]), null, 'none'],
    ['of two equal ways to have one, the list learned for the default wins', 'majority', judged(0.8, [1, 1, 1, 1, 1, 1, 1, 1, 0, 0]), judged(0.8, [1, 1, 1, 1, 1, 1, 0, 0, 1, 1]), 'own'],
    ['the better of the two wins', 'majority', judged(0.9, [1, 1, 1, 1, 1, 1, 1, 1, 1, 0]), judged(0.8, [1, 1, 1, 1, 1, 1, 0, 0, 1, 1]), 'appended'],
    ['the user\'s default is added even when it lowers F1', 'user', judged(0.5, [1, 1, 1, 1, 1, 0, 0, 0, 0, 0]), null, 'appended'],
    ['with nothing to compare there is none', 'majority', null, null, 'none'],
  ])('%s', (_t, by, appended, own, track) => {
    expect(pickTrack(by, none, appended, own)).toBe(track);
  });
});
