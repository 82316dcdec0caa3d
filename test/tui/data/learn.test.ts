import { describe, expect, test } from 'vitest';
import { patchCounts } from '../../../tui/data/learn.js';

describe('patch counts of a learning run', () => {
  const note = { action: 'note' as const, accepted: true };
  test.each([
    ['targets notes are not patches', [note, note, note, { action: 'patch' as const, accepted: true }], { accepted: 1, rejected: 0 }],
    ['skips, screens and prunes are not either', [{ action: 'skip' as const, accepted: false }, { action: 'screen' as const, accepted: true }, { action: 'prune' as const, accepted: true }], { accepted: 0, rejected: 0 }],
    ['synthesis per label and patches count, kept or not', [{ action: 'synthesize' as const, accepted: true }, { action: 'synthesize' as const, accepted: false }, { action: 'patch' as const, accepted: false }], { accepted: 1, rejected: 2 }],
  ])('%s', (_what, decisions, counts) => {
    expect(patchCounts(decisions)).toEqual(counts);
  });
});
