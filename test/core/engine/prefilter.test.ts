import { describe, expect, test } from 'vitest';
import { Prefilter } from '../../../src/core/engine/prefilter.js';

const runs = (p: Prefilter, text: string, n: number, ascii = true): boolean[] => Array.from({ length: n }, () => p.allows(text, false, ascii));

describe('the engine prefilter', () => {
  test('lets every text through until the matcher has run often enough to pay for reading its literals', () => {
    const p = new Prefilter({ faithful: { source: '\\bcard\\b', flags: 'gid' }, ascii: null });
    const seen = runs(p, 'nothing here', 300);
    expect(seen.slice(0, 256).every(Boolean)).toBe(true);
    expect(seen.slice(256).some(Boolean)).toBe(false);
    expect(p.allows('my CARD', false, true)).toBe(true);
  });

  test('uses the ASCII regex\'s literals when that regex runs, and under iu screens only ASCII text', () => {
    const p = new Prefilter({ faithful: null, ascii: { source: 'ask', flags: 'gdiu' } });
    runs(p, 'x', 256);
    expect(p.allows('nothing', true, true)).toBe(false);
    expect(p.allows('nothing \u017f', true, false)).toBe(true);
    // The faithful regex (Python's, read only on non-ASCII text) is not screened.
    expect(p.allows('nothing', false, true)).toBe(true);
  });
});
