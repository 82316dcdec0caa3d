import { describe, expect, test } from 'vitest';
import { NONE } from '../../../src/core/none.js';
import { fmtCount, fmtDelta, fmtRatio } from '../../../tui/model/format.js';

describe('screen cell formats', () => {
  test.each([
    ['fmtRatio', fmtRatio(null), NONE],
    ['fmtDelta', fmtDelta(undefined), NONE],
    ['fmtCount', fmtCount(null), NONE],
    ['fmtRatio of a ratio', fmtRatio(0.9761), '.976'],
    ['fmtRatio of one', fmtRatio(1), '1.00'],
    ['fmtDelta of a gain', fmtDelta(0.012), '+.012'],
    ['fmtDelta of a loss', fmtDelta(-0.004), '-.004'],
    ['fmtDelta of nothing', fmtDelta(0.00001), '±0'],
  ])('%s shows %j', (_what, shown, expected) => {
    expect(shown).toBe(expected);
  });
});
