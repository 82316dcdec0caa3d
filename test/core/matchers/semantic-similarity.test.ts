import { describe, expect, test } from 'vitest';
import { createMatcherRegistry } from '../../../src/core/matchers/registry.js';
import { charNgramCosine, cosine, tokenJaccard } from '../../../src/core/matchers/lexical.js';
import { VerdictCache, prefetchVerdicts } from '../../../src/core/matchers/verdict-cache.js';
import type { Embedder } from '../../../src/core/matchers/types.js';

const reg = createMatcherRegistry();

describe('lexical similarity', () => {
  test.each([
    ['the cat sat', 'the cat sat', 1],
    ['the cat sat', 'sat the cat', 1],
    ['the cat', 'the dog', 1 / 3],
    ['', '', 1],
    ['a', '', 0],
  ])('token Jaccard of %j and %j is %d', (a, b, v) => {
    expect(tokenJaccard(a, b)).toBeCloseTo(v, 12);
  });

  test.each([
    ['abc', 'abc', 1],
    ['ab', 'cd', 0],
    // " ab " has 3-grams " ab", "ab "; " ac " has " ac", "ac ": nothing shared
    ['ab', 'ac', 0],
    // " abc " → " ab","abc","bc "; " abd " → " ab","abd","bd ": one shared of three each
    ['abc', 'abd', 1 / 3],
  ])('character 3-gram cosine of %j and %j is %d', (a, b, v) => {
    expect(charNgramCosine(a, b, 3)).toBeCloseTo(v, 12);
  });

  test('vector cosine', () => {
    expect(cosine([1, 0], [0, 1])).toBe(0);
    expect(cosine([1, 2], [2, 4])).toBeCloseTo(1, 12);
    expect(cosine([0, 0], [1, 1])).toBe(0);
  });
});

describe('semantic_similarity matcher', () => {
  test('without an embedder it is lexical and says so', () => {
    const v = reg.resolve({ name: 'semantic_similarity', options: { threshold: 0.3 } }).match('abc', 'abd', {});
    expect(v.details).toMatchObject({ semantic: false, method: 'char_ngram' });
    expect(v.reason).toMatch(/lexical similarity 0\.333 .*not semantic/);
    expect(v.passed).toBe(true);
  });

  test('token Jaccard fallback', () => {
    const v = reg.resolve({ name: 'semantic_similarity', options: { fallback: 'token_jaccard', threshold: 0.5 } }).match('the cat', 'the dog', {});
    expect(v.score).toBeCloseTo(1 / 3, 12);
    expect(v.passed).toBe(false);
  });

  const table: Record<string, number[]> = { car: [1, 0], automobile: [0.96, 0.28], banana: [0, 1] };
  const syncEmbedder: Embedder = { embed: (t) => table[t] ?? [0, 0] };

  test.each([
    ['car', 'automobile', true, 0.96],
    ['car', 'banana', false, 0],
  ])('with a synchronous embedder %j vs %j passes %s', (a, b, passed, score) => {
    const v = reg.resolve('semantic_similarity').match(a, b, { embedder: syncEmbedder });
    expect(v.passed).toBe(passed);
    expect(v.score).toBeCloseTo(score, 12);
    expect(v.details?.semantic).toBe(true);
  });

  test('an asynchronous embedder is answered from the verdict cache after a pre-pass', async () => {
    let calls = 0;
    const embedder: Embedder = {
      embed: async (t) => {
        calls++;
        return table[t] ?? [0, 0];
      },
    };
    const m = reg.resolve('semantic_similarity');
    expect(() => m.match('car', 'automobile', { embedder })).toThrow(/not prepared/);
    const verdicts = new VerdictCache();
    const ctx = { embedder, verdicts };
    await prefetchVerdicts(verdicts, () => void m.match('car', 'automobile', ctx));
    const before = calls;
    const v = m.match('car', 'automobile', ctx);
    expect(v.passed).toBe(true);
    expect(calls).toBe(before); // served from the cache, no new embedding calls
  });
});
