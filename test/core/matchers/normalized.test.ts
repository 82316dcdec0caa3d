import { describe, expect, test } from 'vitest';
import { createMatcherRegistry } from '../../../src/core/matchers/registry.js';

const reg = createMatcherRegistry();

describe('normalized matcher', () => {
  test.each([
    [{}, 'BOOK TA .K (TAMAN DAYA) SDN BHD', 'book ta .k (taman daya)  sdn bhd', true],
    [{}, 'ＡＢＣ Ltd', 'abc ltd', true], // full-width letters fold under NFKC
    [{}, 'ﬁne\u00A0print', 'fine print', true], // ligature and no-break space
    [{}, 'Sdn. Bhd.', 'Sdn Bhd', false],
    [{ punctuation: true }, 'Sdn. Bhd.', 'sdn bhd', true],
    [{ case: false }, 'Paris', 'paris', false],
    [{ whitespace: 'remove' }, 'NO.53 55,57', 'NO.5355,57', true],
    [{ whitespace: 'keep' }, 'a  b', 'a b', false],
    [{ unicode: 'none' }, 'ＡＢＣ', 'abc', false],
  ])('options %j: %j vs %j passes: %s', (options, gold, predicted, passed) => {
    const v = reg.resolve({ name: 'normalized', options }).match(gold, predicted, {});
    expect(v.passed).toBe(passed);
  });

  test('rejects unknown options with a message naming the matcher', () => {
    expect(() => reg.resolve({ name: 'normalized', options: { lower: true } }, 'task.matching.matchers.company')).toThrow(
      /task\.matching\.matchers\.company: options of matcher "normalized"/,
    );
  });
});
